/**
 * One digit system on every screen: Latin digits (0–9) in every language, Bengali included.
 * Amounts (formatMinor), amount and phone inputs, payment passwords, OTP and captcha codes, crash
 * multipliers and game results are all Latin, and the keyboards players type them on are too; a
 * Bengali page that wrote its dates and counts in Bengali digits (১৮+, ২৭/১১/২০২৬) mixed two systems
 * on one screen. So Bengali keeps its words and gets Latin digits (the `-u-nu-latn` extension).
 * No zod: the web and the studio import it.
 */
const numberLocaleOf: Record<string, string> = {
  en: 'en',
  pt: 'pt-BR',
  es: 'es-MX',
  bn: 'bn-BD-u-nu-latn',
};

/** The locale numbers of a language are written in (Latin digits, the language's grouping). */
export const numberLocaleFor = (language: string): string =>
  numberLocaleOf[language.toLowerCase().slice(0, 2)] ?? 'en';

/** A count ("1,234") in the reader's language, with Latin digits. */
export const formatCount = (value: number, language: string): string =>
  new Intl.NumberFormat(numberLocaleFor(language)).format(value);

/** Bengali digits (০–৯): none may reach a screen (see above). */
export const bengaliDigits = /[\u09E6-\u09EF]/;
