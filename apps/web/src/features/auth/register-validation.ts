import type { FieldRule } from '@sorte/shared/patterns';
import type { TFunction } from 'i18next';
import type { RegisterSettings, Whitelabel } from './api/settings';
import { birthdayError, mobileError, mobileRuleOf, ruleError, smsCodeError } from './validation';

export type RegisterMethod = 'username' | 'mobile';

/** Optional register fields (spec section 3), in the order the form shows them when enabled. */
export const optionalRegisterFields = [
  'mobileNum',
  'email',
  'payeeName',
  'birthday',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'paymentPassword',
  'affiliateCode',
  'captcha',
] as const;
export type OptionalRegisterField = (typeof optionalRegisterFields)[number];

/** Ways to register the merchant turns on (whitelabel USERNAMEREG3, MOBILENUMREG3). */
export function registerMethodsOf(whitelabel: Whitelabel | undefined): RegisterMethod[] {
  if (!whitelabel) return [];
  return [
    ...(whitelabel.USERNAMEREG3 ? (['username'] as const) : []),
    ...(whitelabel.MOBILENUMREG3 ? (['mobile'] as const) : []),
  ];
}

/**
 * The optional fields shown for a method, with the rule each is checked by. In mobile mode the
 * number is the username, so it is asked for first and not again. A payment password is required
 * whenever it is shown (spec section 5).
 */
export function shownOptionalFields(
  settings: RegisterSettings | undefined,
  method: RegisterMethod,
): { name: OptionalRegisterField; rule: FieldRule }[] {
  const fields = settings?.fields ?? {};
  return optionalRegisterFields.flatMap((name) => {
    const rule = fields[name];
    if (!rule?.enabled) return [];
    if (name === 'mobileNum' && method === 'mobile') return [];
    return [{ name, rule: name === 'paymentPassword' ? { ...rule, required: true } : rule }];
  });
}

export type RegisterInput = {
  method: RegisterMethod;
  username: string;
  mobileNum: string;
  verificationCode: string;
  password: string;
  confirmPassword: string;
  optional: Partial<Record<OptionalRegisterField, string>>;
  terms: boolean;
};

export type RegisterErrors = Record<string, string | null>;

/** Every problem of the form at once, keyed by field, each with the server's wording. */
export function validateRegister(
  input: RegisterInput,
  settings: RegisterSettings | undefined,
  whitelabel: Whitelabel | undefined,
  t: TFunction,
): RegisterErrors {
  const fields = settings?.fields ?? {};
  const errors: RegisterErrors = {};
  if (input.method === 'username') {
    errors.username = ruleError(input.username, fields.username ?? requiredAny, t);
  } else {
    errors.mobileNum = mobileError(input.mobileNum, mobileRuleOf(fields), t);
    if (whitelabel?.REGMOBVERF3) errors.verificationCode = smsCodeError(input.verificationCode, t);
  }
  // Passwords are not trimmed: spaces a person typed are part of the password.
  errors.password = ruleError(input.password, fields.password ?? requiredAny, t, { trim: false });
  if (!errors.password && input.confirmPassword !== input.password) {
    errors.confirmPassword = t('auth:confirmMismatch');
  } else if (!input.confirmPassword) {
    errors.confirmPassword = t('auth:required');
  }
  for (const { name, rule } of shownOptionalFields(settings, input.method)) {
    const value = input.optional[name] ?? '';
    errors[name] =
      name === 'mobileNum'
        ? mobileError(value, rule, t)
        : ruleError(value, rule, t, { trim: name !== 'paymentPassword' });
    if (name === 'birthday' && !errors[name])
      errors[name] = birthdayError(value, settings?.minimumAge ?? 18, t);
  }
  if (!input.terms) errors.terms = t('auth.register.termsRequired');
  for (const key of Object.keys(errors)) if (!errors[key]) delete errors[key];
  return errors;
}

const requiredAny: FieldRule = {
  enabled: true,
  required: true,
  minLength: 1,
  maxLength: 128,
  patternId: 'ANY',
  acceptedPattern: '*',
};
