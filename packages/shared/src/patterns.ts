/**
 * The field patterns of spec section 5, shared by the server and the forms. A value is valid only
 * when it matches the rule's accepted pattern ('*' matches anything) and its length lies within
 * both bounds. Each pattern has a message (catalog key `auth:patterns.<id>`) filled with the length
 * range: "(min)-(max)", or one number when the bounds are equal.
 */
export const patterns = {
  LETTER_DIGIT_LEADING_LETTER: /^[A-Za-z][A-Za-z0-9]*$/,
  ALPHANUMERIC: /^[A-Za-z0-9]+$/,
  DIGITS: /^[0-9]+$/,
  EMAIL: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/,
  UPPERCASE_REQUIRED: /[A-Z]/,
  NO_SPACES: /^\S+$/,
  DATE_YMD: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  DATE_MDY: /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{4}$/,
  UPPER_LOWER_DIGIT_SYMBOL: /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).+$/,
  FULL_NAME: /^[\p{L}][\p{L}\p{M}' .-]*[\p{L}\p{M}.]$/u,
  DIGITS_STARTING_WITH_9: /^9[0-9]*$/,
  ENGLISH_LETTERS_SPACES: /^[A-Za-z ]+$/,
  THAI: /^[\u0E00-\u0E7F ]+$/,
  JAPANESE: /^[\u3040-\u30FF\u4E00-\u9FFF\u3000-\u303F ]+$/,
  CHINESE: /^[\u4E00-\u9FFF ]+$/,
  KANJI: /^[\u4E00-\u9FFF\u3400-\u4DBF]+$/,
  ANY: /^[\s\S]*$/,
} as const;

export type PatternId = keyof typeof patterns;
export const patternIds = Object.keys(patterns) as PatternId[];

export type FieldRule = {
  enabled: boolean;
  required: boolean;
  minLength: number;
  maxLength: number;
  patternId: PatternId;
  /** A regular expression source, or '*' for anything. Defaults to the pattern's own. */
  acceptedPattern: string;
};

export type FieldCheck =
  | { ok: true }
  | { ok: false; reason: 'required' }
  | { ok: false; reason: 'pattern'; patternId: PatternId; range: string };

/** "4-16", or "6" when both bounds are equal. */
export function lengthRange(min: number, max: number): string {
  return min === max ? String(min) : `${min}-${max}`;
}

function matchesAccepted(value: string, rule: FieldRule): boolean {
  if (rule.acceptedPattern === '*') return true;
  if (!rule.acceptedPattern) return patterns[rule.patternId].test(value);
  try {
    return new RegExp(rule.acceptedPattern, 'u').test(value);
  } catch {
    // A broken configured pattern must not let everything through.
    return false;
  }
}

/** Checks one (already trimmed) value against its rule. Disabled fields are always valid. */
export function checkField(value: string | undefined | null, rule: FieldRule): FieldCheck {
  if (!rule.enabled) return { ok: true };
  const text = value ?? '';
  if (text.length === 0) return rule.required ? { ok: false, reason: 'required' } : { ok: true };
  const length = [...text].length;
  if (length < rule.minLength || length > rule.maxLength || !matchesAccepted(text, rule)) {
    return {
      ok: false,
      reason: 'pattern',
      patternId: rule.patternId,
      range: lengthRange(rule.minLength, rule.maxLength),
    };
  }
  return { ok: true };
}
