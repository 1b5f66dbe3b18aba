import type { MessageLanguage } from '@sorte/shared';
import { findMerchant, type Merchant, merchantForCountry, type SiteStatus } from '@sorte/shared';
import { TtlCache } from '../../lib/ttl-cache';
import type { GeoResolver } from './geo';
import type { LocalisedText, Maintenance, SiteStatusRow, SystemRepository } from './system.repository';

export type Visitor = { ip: string; country: string | null; language: MessageLanguage };

const textIn = (text: LocalisedText, language: string) => text[language] ?? text.EN ?? '';

/** Site status, region rules and the domain → merchant map (spec sections 1 and 2). */
export class SystemService {
  // Status is read on every page load: a few seconds of staleness spares the database.
  private readonly statusCache = new TtlCache<SiteStatusRow | undefined>(5_000);
  private readonly domainCache = new TtlCache<Map<string, string>>(30_000);

  constructor(
    private readonly repository: SystemRepository,
    readonly geo: GeoResolver,
  ) {}

  /**
   * 0 normal; 1 maintenance, shown whatever the visitor's country; 2 when the merchant does not
   * serve the visitor's country. An unknown country counts as the merchant's own (spec section 1).
   */
  async statusFor(merchant: Merchant, visitor: Visitor): Promise<SiteStatus> {
    const row = await this.statusCache.get(merchant.merchantCode, () =>
      this.repository.findSiteStatus(merchant.merchantCode),
    );
    if (row?.maintenance) {
      return {
        status: 1,
        maintenance: this.localiseMaintenance(row.maintenance, visitor.language),
        region: null,
      };
    }
    const country = visitor.country ?? merchant.country;
    if (row?.allowed_countries && !row.allowed_countries.includes(country)) {
      return { status: 2, maintenance: null, region: { ip: visitor.ip, countryCode: visitor.country } };
    }
    return { status: 0, maintenance: null, region: null };
  }

  private localiseMaintenance(m: Maintenance, language: string) {
    return { title: textIn(m.title, language), info: textIn(m.info, language), links: m.links ?? {} };
  }

  /** The merchant a domain is configured for, if any (spec: "merchant code taken from the domain"). */
  async merchantOfDomain(host: string): Promise<Merchant | null> {
    const domains = await this.domainCache.get('all', async () => {
      const rows = await this.repository.listDomains();
      return new Map(rows.map((r) => [r.domain, r.merchant_code]));
    });
    const code = domains.get(host.toLowerCase());
    return findMerchant(code) ?? null;
  }

  suggestedMerchant(country: string | null): Merchant | null {
    return country ? merchantForCountry(country) : null;
  }

  async setMaintenance(merchantCode: string, maintenance: Maintenance | null) {
    await this.repository.setMaintenance(merchantCode, maintenance);
    this.statusCache.clear();
  }

  async setAllowedCountries(merchantCode: string, countries: string[] | null) {
    await this.repository.setAllowedCountries(merchantCode, countries);
    this.statusCache.clear();
  }

  async mapDomain(domain: string, merchantCode: string) {
    await this.repository.upsertDomain(domain, merchantCode);
    this.domainCache.clear();
  }

  setMemberLanguage(memberId: bigint, language: string) {
    return this.repository.setMemberLanguage(memberId, language);
  }
}
