import type { Connection } from '../../db/client';

export type LocalisedText = Record<string, string>;
export type Maintenance = {
  title: LocalisedText;
  info: LocalisedText;
  links?: { telegram?: string; instagram?: string; facebook?: string; customerService?: string };
};

export type SiteStatusRow = {
  maintenance: Maintenance | null;
  allowed_countries: string[] | null;
};

/** SQL for the site's status per merchant, the domains that pick a merchant, and member language. */
export class SystemRepository {
  constructor(private readonly db: Connection) {}

  async findSiteStatus(merchantCode: string): Promise<SiteStatusRow | undefined> {
    return (
      await this.db.query<SiteStatusRow>(
        'select maintenance, allowed_countries from merchant_settings where merchant_code = $1',
        [merchantCode],
      )
    )[0];
  }

  async setMaintenance(merchantCode: string, maintenance: Maintenance | null): Promise<void> {
    await this.db.query('update merchant_settings set maintenance = $2 where merchant_code = $1', [
      merchantCode,
      maintenance === null ? null : JSON.stringify(maintenance),
    ]);
  }

  async setAllowedCountries(merchantCode: string, countries: string[] | null): Promise<void> {
    await this.db.query('update merchant_settings set allowed_countries = $2 where merchant_code = $1', [
      merchantCode,
      countries,
    ]);
  }

  async listDomains(): Promise<Array<{ domain: string; merchant_code: string }>> {
    return this.db.query('select domain, merchant_code from merchant_domains');
  }

  async findDomainMerchant(domain: string): Promise<string | undefined> {
    const [row] = await this.db.query<{ merchant_code: string }>(
      'select merchant_code from merchant_domains where domain = $1',
      [domain],
    );
    return row?.merchant_code;
  }

  async deleteDomain(domain: string): Promise<boolean> {
    return (
      (await this.db.query('delete from merchant_domains where domain = $1 returning 1', [domain])).length > 0
    );
  }

  async upsertDomain(domain: string, merchantCode: string): Promise<void> {
    await this.db.query(
      `insert into merchant_domains (domain, merchant_code) values ($1, $2)
       on conflict (domain) do update set merchant_code = excluded.merchant_code`,
      [domain, merchantCode],
    );
  }

  async setMemberLanguage(memberId: bigint, language: string): Promise<void> {
    await this.db.query('update members set language = $2 where id = $1', [memberId, language]);
  }
}
