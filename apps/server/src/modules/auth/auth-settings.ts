import type { FieldRule } from '@sorte/shared';
import { patterns } from '@sorte/shared';

/** Whitelabel flags (spec section 3). Each merchant may override any of them. */
export const defaultWhitelabel = {
  USERNAMEREG3: true,
  MOBILENUMREG3: true,
  MOBILENUMPASSREG3: true,
  REGMOBVERF3: true,
  AGENTPOLICY3: true,
  FREEPLAY: true,
  PASSWORD_EXPIRY: false,
  SMS_LOGIN: true,
  MOBILE_PASSWORD_RECOVERY: true,
  /** Calls the spec marks encrypted also accept a plain JSON body (DECISIONS.md "encrypted" payloads). */
  PLAINTEXT_PAYLOADS: true,
  /** A password login from an address the member has not used needs a second proof (spec section 4). */
  SECOND_VERIFICATION: true,
  /**
   * After a failed login the next attempt solves a proof of work; with this on it must also answer
   * the image captcha (an optional extra: programs read svg-captcha images, so it is never enough alone).
   */
  LOGIN_IMAGE_CAPTCHA: false,
};
export type Whitelabel = typeof defaultWhitelabel;

const rule = (
  patternId: FieldRule['patternId'],
  minLength: number,
  maxLength: number,
  options: Partial<FieldRule> = {},
): FieldRule => ({
  enabled: true,
  required: false,
  minLength,
  maxLength,
  patternId,
  acceptedPattern: patterns[patternId].source,
  ...options,
});

/**
 * Register field rules (spec section 3) with DECISIONS.md defaults: username 4–16 letters and
 * digits starting with a letter; passwords 8–64; phone numbers 10–11 digits.
 */
export const defaultRegisterRules: Record<string, FieldRule> = {
  username: rule('LETTER_DIGIT_LEADING_LETTER', 4, 16, { required: true }),
  password: rule('ANY', 8, 64, { required: true }),
  mobileNum: rule('DIGITS', 10, 11, { enabled: false }),
  payeeName: rule('FULL_NAME', 2, 64, { enabled: false }),
  email: rule('EMAIL', 6, 128, { enabled: false }),
  qqNum: rule('DIGITS', 5, 12, { enabled: false }),
  line: rule('NO_SPACES', 2, 32, { enabled: false }),
  whatsapp: rule('DIGITS', 8, 15, { enabled: false }),
  facebook: rule('NO_SPACES', 2, 64, { enabled: false }),
  wechat: rule('NO_SPACES', 2, 32, { enabled: false }),
  idNumber: rule('ALPHANUMERIC', 5, 20, { enabled: false }),
  birthday: rule('DATE_YMD', 10, 10, { enabled: true }),
  affiliateCode: rule('ALPHANUMERIC', 4, 16, { enabled: true }),
  paymentPassword: rule('DIGITS', 6, 6, { enabled: false }),
};

export type MerchantAuthSettings = {
  whitelabel: Whitelabel;
  registerRules: Record<string, FieldRule>;
  minimumAge: number;
  passwordExpiryDays: number | null;
};
