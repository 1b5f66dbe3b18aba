import {
  type ConsoleChannel,
  type FieldRule,
  type MerchantSettings,
  merchantByCode,
  type RegisterFieldSetting,
  type UpdateMerchantSettingsBody,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { toSafeNumber } from '../../lib/bigint';
import type { AuthService } from '../auth/auth.service';
import { defaultWhitelabel } from '../auth/auth-settings';
import type { MerchantSettingsRepository } from './merchant-settings.repository';

type MerchantCode = MerchantSettings['merchantCode'];
type Bounds = { min: number; max: number };

/**
 * What each register field's lengths may be set to: within what the sign-up call accepts at all,
 * and for passwords the bounds of new passwords (DECISIONS.md: 8–64). Equal bounds: a fixed length
 * (a date, the 6-digit payment password).
 */
export const registerFieldLengthBounds: Record<string, Bounds> = {
  username: { min: 3, max: 32 },
  password: { min: 8, max: 64 },
  mobileNum: { min: 6, max: 15 },
  payeeName: { min: 1, max: 128 },
  email: { min: 3, max: 128 },
  qqNum: { min: 3, max: 32 },
  line: { min: 1, max: 64 },
  whatsapp: { min: 6, max: 32 },
  facebook: { min: 1, max: 128 },
  wechat: { min: 1, max: 64 },
  idNumber: { min: 2, max: 32 },
  birthday: { min: 10, max: 10 },
  affiliateCode: { min: 1, max: 32 },
  paymentPassword: { min: 6, max: 6 },
};
const anyLength: Bounds = { min: 1, max: 128 };
/** Sign-up by username cannot work without them: always shown and required. */
const lockedFields = new Set(['username', 'password']);

type FieldChange = NonNullable<UpdateMerchantSettingsBody['registerFields']>[string];

const fieldSetting = (name: string, rule: FieldRule): RegisterFieldSetting => ({
  enabled: rule.enabled,
  required: rule.required,
  minLength: rule.minLength,
  maxLength: rule.maxLength,
  lengthBounds: registerFieldLengthBounds[name] ?? anyLength,
  locked: lockedFields.has(name),
});

/** A field's rule after the change, or a 400 naming the part that cannot be. */
function nextFieldRule(name: string, current: FieldRule, change: FieldChange): FieldRule {
  const next = { ...current, ...change };
  const at = (part: string) => `registerFields.${name}.${part}`;
  if (lockedFields.has(name) && (!next.enabled || !next.required))
    throw AppError.field(at(next.enabled ? 'required' : 'enabled'), 'console-settings:fieldLocked');
  if (next.required && !next.enabled)
    throw AppError.field(at('required'), 'console-settings:requiredNeedsEnabled');
  const bounds = registerFieldLengthBounds[name] ?? anyLength;
  for (const part of ['minLength', 'maxLength'] as const) {
    if (next[part] < bounds.min || next[part] > bounds.max)
      throw AppError.field(at(part), 'console-settings:lengthOutOfBounds', bounds);
  }
  if (next.maxLength < next.minLength)
    throw AppError.field(at('maxLength'), 'console-settings:maxBelowMin', { min: next.minLength });
  return next;
}

/**
 * A merchant's settings as the console edits them. Every value lives where the code that enforces
 * it reads it on each call: sign-up (whitelabel flags, field rules, minimum age: AuthService), the
 * register centre (default weak password), payouts (auto-receipt minutes); so a change applies from
 * the next call, with nothing to refresh.
 */
export class MerchantSettingsService {
  constructor(
    private readonly repository: MerchantSettingsRepository,
    private readonly auth: Pick<AuthService, 'getSettings'>,
  ) {}

  async read(merchantCode: MerchantCode): Promise<MerchantSettings> {
    const merchant = merchantByCode(merchantCode);
    const [effective, row, domains] = await Promise.all([
      this.auth.getSettings(merchant),
      this.repository.find(merchantCode),
      this.repository.listDomains(merchantCode),
    ]);
    if (!row) throw new AppError(404, 'NOT_FOUND');
    return {
      merchantCode,
      currency: merchant.currency,
      country: merchant.country,
      whitelabel: { ...effective.whitelabel },
      registerFields: Object.fromEntries(
        Object.entries(effective.registerRules).map(([name, rule]) => [name, fieldSetting(name, rule)]),
      ),
      minimumAge: effective.minimumAge,
      defaultMemberPassword: row.default_member_password,
      withdrawalAutoReceiptMinutes: row.withdrawal_auto_receipt_minutes ?? 30,
      allowedCountries: row.allowed_countries,
      domains,
      maintenance: row.is_maintenance,
    };
  }

  /**
   * Checks the whole change against the merchant's settings as they would be after it (e.g. the
   * default password against a password rule changed in the same call), then writes it all at once.
   * Anything refused is a 400 naming the field, and nothing is written.
   */
  async update(merchantCode: MerchantCode, body: UpdateMerchantSettingsBody): Promise<MerchantSettings> {
    const effective = await this.auth.getSettings(merchantByCode(merchantCode));
    const row = await this.repository.find(merchantCode);
    if (!row) throw new AppError(404, 'NOT_FOUND');

    for (const name of Object.keys(body.whitelabel ?? {})) {
      if (!(name in defaultWhitelabel))
        throw AppError.field(`whitelabel.${name}`, 'console-settings:unknownFlag', { name });
    }

    const rules = { ...effective.registerRules };
    const overrides: Record<string, Record<string, unknown>> = {};
    for (const [name, change] of Object.entries(body.registerFields ?? {})) {
      const current = rules[name];
      if (!current) throw AppError.field(`registerFields.${name}`, 'console-settings:unknownField', { name });
      const next = nextFieldRule(name, current, change);
      rules[name] = next;
      overrides[name] = {
        ...(row.register_rules[name] ?? {}),
        enabled: next.enabled,
        required: next.required,
        minLength: next.minLength,
        maxLength: next.maxLength,
      };
    }

    // The default password is a password: the merchant's password rule (as changed here) applies.
    const password = body.defaultMemberPassword ?? row.default_member_password;
    if (body.defaultMemberPassword !== undefined && password.trim() !== password)
      throw AppError.field('defaultMemberPassword', 'console-settings:edgeSpaces');
    const rule = rules.password as FieldRule;
    const length = [...password].length;
    const touchesPassword = body.defaultMemberPassword !== undefined || body.registerFields?.password;
    if (touchesPassword && (length < rule.minLength || length > rule.maxLength))
      throw AppError.field('defaultMemberPassword', 'console-settings:passwordRule', {
        min: rule.minLength,
        max: rule.maxLength,
      });

    await this.repository.update(merchantCode, {
      whitelabel: body.whitelabel ?? {},
      registerRules: overrides,
      minimumAge: body.minimumAge ?? null,
      defaultMemberPassword: body.defaultMemberPassword ?? null,
      withdrawalAutoReceiptMinutes: body.withdrawalAutoReceiptMinutes ?? null,
    });
    return this.read(merchantCode);
  }

  async channels(merchantCode: MerchantCode): Promise<ConsoleChannel[]> {
    const { currency } = merchantByCode(merchantCode);
    return (await this.repository.listChannels(merchantCode)).map((row) => ({
      code: row.code,
      currency,
      depositEnabled: row.deposit_enabled,
      depositMin: toSafeNumber(row.deposit_min),
      depositMax: toSafeNumber(row.deposit_max),
      withdrawEnabled: row.withdraw_enabled,
      withdrawMin: toSafeNumber(row.withdraw_min),
      withdrawMax: toSafeNumber(row.withdraw_max),
    }));
  }
}
