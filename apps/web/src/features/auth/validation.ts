import { checkField, type FieldRule } from '@sorte/shared/patterns';
import type { TFunction } from 'i18next';

/**
 * Client-side checks with the same rules (packages/shared/patterns) and the same words
 * (auth:* catalog) as the server, so a person sees the server's message before sending anything.
 */
export function ruleError(
  value: string,
  rule: FieldRule | undefined,
  t: TFunction,
  { trim = true }: { trim?: boolean } = {},
): string | null {
  if (!rule) return null;
  // Passwords are checked as typed (the server does not trim them); other text is trimmed.
  const check = checkField(trim ? value.trim() : value, rule);
  if (check.ok) return null;
  if (check.reason === 'required') return t('auth:required');
  return t(`auth:patterns.${check.patternId}`, { range: check.range });
}

export function requiredError(value: string, t: TFunction): string | null {
  return value.trim() ? null : t('auth:required');
}

/**
 * A new password and its confirmation (change, reset): the merchant's password rule (or just
 * required), then the confirmation equal to it. Answers only the fields that have an error.
 */
export function newPasswordErrors(
  newPassword: string,
  confirmNewPassword: string,
  rule: FieldRule | undefined,
  t: TFunction,
): { newPassword?: string; confirmNewPassword?: string } {
  const newError = rule ? ruleError(newPassword, rule, t, { trim: false }) : requiredError(newPassword, t);
  if (newError) return { newPassword: newError };
  return confirmNewPassword === newPassword ? {} : { confirmNewPassword: t('auth:confirmPasswordWrong') };
}

/** Rule used when the merchant's config has no mobile rule: 10–11 digits (DECISIONS.md). */
export const fallbackMobileRule: FieldRule = {
  enabled: true,
  required: true,
  minLength: 10,
  maxLength: 11,
  patternId: 'DIGITS',
  acceptedPattern: '^[0-9]+$',
};

/** The mobile rule of the merchant, always on and required where a mobile number is asked for. */
export function mobileRuleOf(fields: Record<string, FieldRule> | undefined): FieldRule {
  return { ...(fields?.mobileNum ?? fallbackMobileRule), enabled: true, required: true };
}

/** "Please enter a valid mobile number" (spec section 5), or "Input cannot be empty". */
export function mobileError(value: string, rule: FieldRule, t: TFunction): string | null {
  const check = checkField(value.trim(), rule);
  if (check.ok) return null;
  return check.reason === 'required' ? t('auth:required') : t('auth:invalidMobile');
}

/** SMS codes are digits (the server sends 6). */
export function smsCodeError(value: string, t: TFunction): string | null {
  const code = value.trim();
  if (!code) return t('auth:required');
  return /^\d{4,8}$/.test(code) ? null : t('auth:invalidCode');
}

/** Latest birthday the picker offers: 31 December of (this year − minimum age) (spec section 5). */
export function maxBirthday(minimumAge: number, now = new Date()): string {
  return `${now.getFullYear() - minimumAge}-12-31`;
}

/** Age by year difference (spec section 5), at least the merchant's minimum (18 by default). */
export function birthdayError(value: string, minimumAge: number, t: TFunction, now = new Date()) {
  if (!value) return null;
  const year = Number(value.slice(0, 4));
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !Number.isFinite(year)) return t('auth:invalidDate');
  return now.getFullYear() - year >= minimumAge ? null : t('auth:minimumAge', { age: minimumAge });
}

/**
 * Seconds the "send code" button waits: expiredMinutes × 60 (1 minute when the server says
 * nothing), less the time the request took, since the server's clock started when it sent the SMS.
 */
export function smsCountdownSeconds(expiredMinutes: number | undefined, elapsedMs: number): number {
  const minutes = expiredMinutes && expiredMinutes > 0 ? expiredMinutes : 1;
  return Math.max(0, Math.round(minutes * 60 - elapsedMs / 1000));
}
