import { type Currency, currencies, formatMinor } from '@sorte/shared/currency';
import { useTranslation } from 'react-i18next';

const localeOf: Record<string, string> = { pt: 'pt-BR', es: 'es-MX', bn: 'bn-BD', en: 'en' };

/**
 * An amount in minor units with 2 decimals and the merchant's currency symbol ("R$ 1,050.00"),
 * grouped the way the reader's language writes numbers. Never goes through a float.
 */
export function formatMoney(
  amountMinor: number,
  currency: string,
  language: string,
  symbol?: string,
): string {
  const locale = localeOf[language.toLowerCase()] ?? 'en';
  if ((currencies as readonly string[]).includes(currency)) {
    return formatMinor(amountMinor, currency as Currency, locale);
  }
  const negative = amountMinor < 0;
  const abs = Math.abs(Math.trunc(amountMinor));
  return `${negative ? '-' : ''}${symbol ?? currency} ${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "+R$ 50.00" for money in, "-R$ 20.00" for money out. */
export function formatSignedMoney(amountMinor: number, currency: string, language: string): string {
  const text = formatMoney(Math.abs(amountMinor), currency, language);
  return amountMinor > 0 ? `+${text}` : amountMinor < 0 ? `-${text}` : text;
}

type Props = {
  value: number;
  currency: string;
  /** Shows + for money in and - for money out, coloured. */
  signed?: boolean;
  /** Asterisks instead of the figure (spec section 1: balances can be hidden). */
  hidden?: boolean;
  className?: string;
};

/** An amount as text, in a span that keeps it on one line. */
export function Money({ value, currency, signed = false, hidden = false, className }: Props) {
  const { i18n } = useTranslation();
  const text = hidden
    ? `${formatMoney(0, currency, i18n.language).split(' ')[0]} ******`
    : signed
      ? formatSignedMoney(value, currency, i18n.language)
      : formatMoney(value, currency, i18n.language);
  const tone =
    signed && !hidden
      ? value > 0
        ? 'var(--color-success)'
        : value < 0
          ? 'var(--color-danger)'
          : undefined
      : undefined;
  return (
    <span
      className={className}
      style={{ whiteSpace: 'nowrap', color: tone, fontVariantNumeric: 'tabular-nums' }}
    >
      {text}
    </span>
  );
}
