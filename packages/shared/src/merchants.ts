import type { Currency } from './currency';
import type { MessageLanguage } from './languages';

export type Merchant = {
  merchantCode: string;
  country: string;
  currency: Currency;
  countryName: string;
  langList: MessageLanguage[];
  countryDialingCode: string;
  timeZone: string;
};

/** The three merchants of spec section 1. Brazil is the default and the fallback. */
export const merchants: readonly Merchant[] = [
  {
    merchantCode: 'BR',
    country: 'BR',
    currency: 'BRL',
    countryName: 'Brazil',
    langList: ['EN', 'PT'],
    countryDialingCode: '55',
    timeZone: 'America/Sao_Paulo',
  },
  {
    merchantCode: 'MX',
    country: 'MX',
    currency: 'MXN',
    countryName: 'Mexico',
    langList: ['EN', 'ES'],
    countryDialingCode: '52',
    timeZone: 'America/Mexico_City',
  },
  {
    merchantCode: 'BD',
    country: 'BD',
    currency: 'BDT',
    countryName: 'Bangladesh',
    langList: ['EN', 'BN'],
    countryDialingCode: '880',
    timeZone: 'Asia/Dhaka',
  },
];

export const defaultMerchant = merchants[0] as Merchant;

/** The merchant with this code (exact, as stored), or undefined. */
export const findMerchant = (code: string | null | undefined): Merchant | undefined =>
  merchants.find((m) => m.merchantCode === code);

/** The merchant with this code (exact, as stored); an unknown or missing code is the default merchant. */
export const merchantByCode = (code: string | null | undefined): Merchant =>
  findMerchant(code) ?? defaultMerchant;

/** An unknown country falls back to the default merchant (spec section 1). */
export function merchantForCountry(country: string | null | undefined): Merchant {
  const upper = country?.toUpperCase();
  return merchants.find((m) => m.country === upper) ?? defaultMerchant;
}
