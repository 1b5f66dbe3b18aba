import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../lib/i18n';
import { registerSettings, whitelabel } from '../../test/mock-api';
import type { RegisterSettings } from './api/settings';
import { type RegisterInput, registerMethodsOf, validateRegister } from './register-validation';
import {
  birthdayError,
  fallbackMobileRule,
  maxBirthday,
  mobileError,
  mobileRuleOf,
  ruleError,
  smsCountdownSeconds,
} from './validation';

let t: TFunction;
beforeAll(async () => {
  t = (await initI18n()).t;
});

const settings = registerSettings as unknown as RegisterSettings;
const valid: RegisterInput = {
  method: 'username',
  username: 'maria2026',
  mobileNum: '',
  verificationCode: '',
  password: 'long-enough',
  confirmPassword: 'long-enough',
  optional: {},
  terms: true,
};

describe('field checks with the shared patterns and the server’s words', () => {
  it('says what a username must look like, with the configured range', () => {
    const rule = settings.fields.username;
    expect(ruleError('1abc', rule, t)).toBe('4-16 letters or digits, starting with a letter');
    expect(ruleError('abc', rule, t)).toBe('4-16 letters or digits, starting with a letter');
    expect(ruleError('  ', rule, t)).toBe('Input cannot be empty');
    expect(ruleError('maria', rule, t)).toBeNull();
  });

  it('shows one number when both bounds are equal', () => {
    const sixDigits = { ...fallbackMobileRule, minLength: 6, maxLength: 6 };
    expect(ruleError('12', sixDigits, t)).toBe('6 digits');
  });

  it('asks for a valid mobile number of the merchant’s length', () => {
    const rule = mobileRuleOf(settings.fields);
    expect(mobileError('12345', rule, t)).toBe('Please enter a valid mobile number');
    expect(mobileError('', rule, t)).toBe('Input cannot be empty');
    expect(mobileError('11987654321', rule, t)).toBeNull();
  });

  it('offers birthdays up to 31 December of the year the person turns 18, and refuses younger', () => {
    const now = new Date('2026-06-15T12:00:00');
    expect(maxBirthday(18, now)).toBe('2008-12-31');
    expect(birthdayError('2008-12-31', 18, t, now)).toBeNull();
    expect(birthdayError('2009-01-01', 18, t, now)).toBe('Please confirm you are 18 years old');
  });

  it('counts down expiredMinutes × 60 s less the time the request took, one minute by default', () => {
    expect(smsCountdownSeconds(5, 0)).toBe(300);
    expect(smsCountdownSeconds(1, 2_000)).toBe(58);
    expect(smsCountdownSeconds(undefined, 0)).toBe(60);
  });
});

describe('register form', () => {
  it('accepts a valid username registration', () => {
    expect(validateRegister(valid, settings, whitelabel, t)).toEqual({});
  });

  it('reports a confirmation that differs as "Incorrect confirmation input"', () => {
    expect(validateRegister({ ...valid, confirmPassword: 'other' }, settings, whitelabel, t)).toEqual({
      confirmPassword: 'Incorrect confirmation input',
    });
  });

  it('blocks an unchecked terms box', () => {
    expect(validateRegister({ ...valid, terms: false }, settings, whitelabel, t).terms).toBe(
      'Please accept the terms and conditions to continue',
    );
  });

  it('in mobile mode asks for the number and the SMS code, not a username', () => {
    const errors = validateRegister({ ...valid, method: 'mobile', username: '' }, settings, whitelabel, t);
    expect(errors).toEqual({ mobileNum: 'Input cannot be empty', verificationCode: 'Input cannot be empty' });
  });

  it('offers only the methods the merchant enables', () => {
    expect(registerMethodsOf(whitelabel)).toEqual(['username', 'mobile']);
    expect(registerMethodsOf({ ...whitelabel, MOBILENUMREG3: false })).toEqual(['username']);
  });
});
