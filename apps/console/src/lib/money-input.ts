/**
 * An amount typed in major units ("150", "1234.56", "0,1") as whole minor units (15000, 123456, 10),
 * read from the text's digits, never through a float: "0.1" is 10, not 10.000000000000002 rounded.
 * A dot or a comma separates the at most two decimals; no thousands separators (is "1.234" one
 * thousand or one?). Null when the text is not such an amount, is zero, or is above `maxMinor`.
 */
export function parseMajorAmount(text: string, maxMinor: number): number | null {
  const match = /^(\d{1,15})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '', decimals = ''] = match;
  const digits = `${whole}${decimals.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  // Compared as text before it becomes a number, so no value beyond the safe integers is ever made.
  const max = String(maxMinor);
  if (digits.length > max.length || (digits.length === max.length && digits > max)) return null;
  const minor = Number(digits);
  return minor > 0 ? minor : null;
}
