/**
 * Amounts typed by a person, to minor units without floats: "50", "50.5", "50,50" → 5000, 5050,
 * 5050. Spaces are ignored; thousands separators are not accepted (one separator only, then at most
 * two decimals), so "1.000" is ten reais and never a thousand by surprise — it is refused instead.
 */
export function parseAmountInput(text: string): number | null {
  const value = text.replace(/\s/g, '');
  const match = /^(\d{1,13})(?:[.,](\d{0,2}))?$/.exec(value);
  if (!match) return null;
  const whole = match[1] as string;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return Number(whole) * 100 + Number(fraction);
}

/** Minor units back to what goes in the field: 5000 → "50.00". */
export function amountToInput(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export type AmountProblem = 'required' | 'invalid' | 'belowMin' | 'aboveMax' | 'insufficient';

/**
 * What is wrong with an amount, or null: the channel's bounds are inclusive (min ≤ amount ≤ max),
 * and money leaving the wallet cannot exceed what is available.
 */
export function checkAmount(
  text: string,
  limits: { min?: number | undefined; max?: number | undefined; available?: number | undefined },
): AmountProblem | null {
  if (text.trim() === '') return 'required';
  const minor = parseAmountInput(text);
  if (minor === null || minor <= 0) return 'invalid';
  if (limits.min !== undefined && minor < limits.min) return 'belowMin';
  if (limits.max !== undefined && minor > limits.max) return 'aboveMax';
  if (limits.available !== undefined && minor > limits.available) return 'insufficient';
  return null;
}

/**
 * Quick-pick amounts within the bounds: round figures people choose (10, 20, 50, 100 …) scaled to
 * the minimum, at most `count` of them, always inside [min, max].
 */
export function quickAmounts(min: number, max: number, count = 6): number[] {
  const steps = [1, 2, 5];
  const picks: number[] = [];
  // Start at the first "nice" figure at or above the minimum (in whole units).
  let magnitude = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(min, 100) / 100)));
  let i = 0;
  let guard = 0;
  while (picks.length < count && guard++ < 60) {
    const value = (steps[i] as number) * magnitude * 100;
    if (value >= min && value <= max) picks.push(value);
    if (value > max) break;
    i += 1;
    if (i === steps.length) {
      i = 0;
      magnitude *= 10;
    }
  }
  return picks;
}
