import type { Connection } from '../../db/client';

export type MerchantSettingsRow = {
  whitelabel: Record<string, boolean>;
  register_rules: Record<string, Record<string, unknown>>;
  default_member_password: string;
  allowed_countries: string[] | null;
  is_maintenance: boolean;
  withdrawal_auto_receipt_minutes: number | null;
};

export type ChannelLimitsRow = {
  code: string;
  deposit_enabled: boolean;
  deposit_min: bigint;
  deposit_max: bigint;
  withdraw_enabled: boolean;
  withdraw_min: bigint;
  withdraw_max: bigint;
};

export type MerchantSettingsChange = {
  /** Merged into the stored overrides by top-level key (a flag, a field). */
  whitelabel: Record<string, boolean>;
  registerRules: Record<string, Record<string, unknown>>;
  minimumAge: number | null;
  defaultMemberPassword: string | null;
  withdrawalAutoReceiptMinutes: number | null;
};

/**
 * SQL of the console's merchant settings: the rows the enforcing code reads (merchant_settings for
 * sign-up and the site, payment_merchant_settings for payouts, merchant_domains), nothing of its own.
 */
export class MerchantSettingsRepository {
  constructor(private readonly db: Connection) {}

  async find(merchantCode: string): Promise<MerchantSettingsRow | undefined> {
    return (
      await this.db.query<MerchantSettingsRow>(
        `select m.whitelabel, m.register_rules, m.default_member_password, m.allowed_countries,
           m.maintenance is not null as is_maintenance, p.withdrawal_auto_receipt_minutes
         from merchant_settings m
         left join payment_merchant_settings p on p.merchant_code = m.merchant_code
         where m.merchant_code = $1`,
        [merchantCode],
      )
    )[0];
  }

  async listDomains(merchantCode: string): Promise<string[]> {
    const rows = await this.db.query<{ domain: string }>(
      'select domain from merchant_domains where merchant_code = $1 order by domain',
      [merchantCode],
    );
    return rows.map((r) => r.domain);
  }

  /** Every change in one statement: all of it is written, or none. */
  async update(merchantCode: string, change: MerchantSettingsChange): Promise<void> {
    await this.db.query(
      `with payouts as (
         update payment_merchant_settings
            set withdrawal_auto_receipt_minutes = $6::integer
          where merchant_code = $1 and $6::integer is not null
          returning 1)
       update merchant_settings
          set whitelabel = whitelabel || $2::jsonb,
              register_rules = register_rules || $3::jsonb,
              minimum_age = coalesce($4::integer, minimum_age),
              default_member_password = coalesce($5::text, default_member_password)
        where merchant_code = $1`,
      [
        merchantCode,
        JSON.stringify(change.whitelabel),
        JSON.stringify(change.registerRules),
        change.minimumAge,
        change.defaultMemberPassword,
        change.withdrawalAutoReceiptMinutes,
      ],
    );
  }

  listChannels(merchantCode: string): Promise<ChannelLimitsRow[]> {
    return this.db.query<ChannelLimitsRow>(
      `select code, deposit_enabled, deposit_min, deposit_max, withdraw_enabled, withdraw_min, withdraw_max
       from payment_channels where merchant_code = $1 order by sort, code`,
      [merchantCode],
    );
  }
}
