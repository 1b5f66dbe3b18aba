import type { MessageLanguage } from '@sorte/shared';
import { findMerchant, type Merchant, merchantForCountry, type SiteStatus } from '@sorte/shared';
import { TtlCache } from '../../lib/ttl-cache';
import type { GeoResolver } from './geo';
import type { Maintenance, SiteStatusRow, SystemRepository } from './system.repository';

export type Visitor = { ip: string; country: string | null; language: MessageLanguage };

/** The maintenance page's texts written in the console (content), by language code. */
export type MaintenanceTextsSource = (
  merchantCode: string,
) => Promise<Record<string, { title: string; info: string }>>;

/** Site status, region rules and the domain → merchant map (spec sections 1 and 2). */
export class SystemService {
  // Status is read on every page load: a few seconds of staleness spares the database.
  private readonly statusCache = new TtlCache<SiteStatusRow | undefined>(5_000);
  private readonly domainCache = new TtlCache<Map<string, string>>(30_000);
  /** None until the content module (registered after this one) hands its own over. */
  private maintenanceTexts: MaintenanceTextsSource = async () => ({});

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
      const texts = await this.maintenanceTexts(merchant.merchantCode);
      return {
        status: 1,
        maintenance: this.localiseMaintenance(row.maintenance, texts, visitor.language),
        region: null,
      };
    }
    const country = visitor.country ?? merchant.country;
    if (row?.allowed_countries && !row.allowed_countries.includes(country)) {
      return { status: 2, maintenance: null, region: { ip: visitor.ip, countryCode: visitor.country } };
    }
    return { status: 0, maintenance: null, region: null };
  }

  /**
   * Each text in the visitor's language when there is one: the page's own texts (content) before
   * those the switch was set with; then EN the same way.
   */
  private localiseMaintenance(
    m: Maintenance,
    texts: Awaited<ReturnType<MaintenanceTextsSource>>,
    language: string,
  ) {
    const pick = (field: 'title' | 'info') =>
      texts[language]?.[field] ?? m[field][language] ?? texts.EN?.[field] ?? m[field].EN ?? '';
    return { title: pick('title'), info: pick('info'), links: m.links ?? {} };
  }

  /** Where the maintenance page's own texts come from (the content module, cached there). */
  useMaintenanceTexts(source: MaintenanceTextsSource) {
    this.maintenanceTexts = source;
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

  /** The merchant a domain opens, straight from the table (for operator calls, not requests). */
  domainMerchant(domain: string): Promise<string | undefined> {
    return this.repository.findDomainMerchant(domain);
  }

  /** The domain opens no merchant's site any more (false when it did not). */
  async unmapDomain(domain: string): Promise<boolean> {
    const removed = await this.repository.deleteDomain(domain);
    this.domainCache.clear();
    return removed;
  }

  setMemberLanguage(memberId: bigint, language: string) {
    return this.repository.setMemberLanguage(memberId, language);
  }
}
