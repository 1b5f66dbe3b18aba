import {
  type AnnouncementImage,
  type AnnouncementsQuery,
  type AnnouncementsValue,
  type Banner,
  type BannerGroup,
  type ConsoleBanner,
  type DomainRoute,
  defaultLanguage,
  type HelpCategory,
  type HelpCenterValue,
  type LinkageType,
  type Merchant,
  type MessageLanguage,
  type Notice,
  type SiteResource,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import { TtlCache } from '../../lib/ttl-cache';
import type {
  AnnouncementRow,
  BannerRow,
  ContentRepository,
  DomainRouteRow,
  HelpArticleRow,
  Localised,
  MaintenanceTexts,
  NewAnnouncement,
  NewBanner,
  NewDomainRoute,
  NewHelpArticle,
  NewResource,
  ResourceRow,
} from './content.repository';
import { plainText, safeRoute, safeUrl, sanitizeFormatted } from './sanitize';
import { fillSettingQuotes, quotesKey, type SettingQuotes, type SettingQuotesSource } from './setting-quotes';

/** Lobby content may be this stale on one instance; writes through this service clear it at once. */
export const CONTENT_CACHE_TTL_MS = 60_000;

const LANGUAGE_CODE = /^[A-Z]{2}$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/;

type Window = { starts_at: Date | null; ends_at: Date | null };
const isActive = (row: Window, now: Date) =>
  (row.starts_at === null || row.starts_at <= now) && (row.ends_at === null || row.ends_at > now);

/**
 * The answers built from each cached rows array, so a lobby read hands out the very same object until
 * the rows are reloaded (a new array) or an item's window opens or closes. lib/http-cache keys its
 * serialised answer and compressions on that object, so they are made once, not per request.
 */
const built = new WeakMap<object, Map<string, { from: number; until: number; value: unknown }>>();

function derived<T>(
  rows: readonly object[],
  key: string,
  now: Date,
  windows: readonly Window[],
  build: () => T,
): T {
  const t = now.getTime();
  let answers = built.get(rows);
  const hit = answers?.get(key);
  if (hit && hit.from <= t && t < hit.until) return hit.value as T;
  // The answer stays right from the last window edge at or before now until the next one after it.
  let from = Number.NEGATIVE_INFINITY;
  let until = Number.POSITIVE_INFINITY;
  for (const row of windows) {
    for (const edge of [row.starts_at, row.ends_at]) {
      if (edge === null) continue;
      const at = edge.getTime();
      if (at <= t) from = Math.max(from, at);
      else until = Math.min(until, at);
    }
  }
  const value = build();
  if (!answers) {
    answers = new Map();
    built.set(rows, answers);
  }
  answers.set(key, { from, until, value });
  return value;
}

/** Applies `clean` to every language's text, keeping only languages whose text survives. */
export function mapLocalised(texts: Localised, clean: (text: string) => string | null): Localised {
  const out: Localised = {};
  for (const [language, text] of Object.entries(texts ?? {})) {
    if (typeof text !== 'string') continue;
    const cleaned = clean(text);
    if (cleaned) out[language] = cleaned;
  }
  return out;
}

/** The language an item is shown in: the caller's when the item has its title, else EN. */
const languageFor = (texts: Localised, language: MessageLanguage) =>
  texts[language] ? language : defaultLanguage;

const pick = (texts: Localised, language: string) =>
  texts[language] ?? texts[defaultLanguage] ?? Object.values(texts)[0] ?? '';

/** A banner link as the linkage type wants it, or null when it is unusable. */
function cleanLink(linkageType: LinkageType, link: string | null): string | null {
  if (linkageType === 'NONE' || link === null) return null;
  if (linkageType === 'URL') return safeUrl(link);
  if (linkageType === 'ROUTE') return safeRoute(link);
  const value = link.trim();
  return /^[A-Za-z0-9_.:-]{1,128}$/.test(value) ? value : null;
}

export function cleanImages(images: AnnouncementImage[]): AnnouncementImage[] {
  return (Array.isArray(images) ? images : [])
    .map((image) => ({ url: safeUrl(String(image?.url ?? '')), sequence: Number(image?.sequence) }))
    .filter((image): image is AnnouncementImage => image.url !== null && Number.isInteger(image.sequence))
    .sort((a, b) => a.sequence - b.sequence);
}

/** Rows as they are served: markup sanitised, unsafe addresses dropped (whoever wrote the row). */
function cleanBanner(row: BannerRow): BannerRow | null {
  const imageUrls = mapLocalised(row.image_urls, (url) => safeUrl(url));
  if (!imageUrls[defaultLanguage]) return null;
  const link = cleanLink(row.linkage_type, row.link);
  return { ...row, image_urls: imageUrls, link, linkage_type: link === null ? 'NONE' : row.linkage_type };
}

function cleanAnnouncement(row: AnnouncementRow): AnnouncementRow {
  return {
    ...row,
    title: mapLocalised(row.title, plainText),
    content: mapLocalised(row.content, sanitizeFormatted),
    images: cleanImages(row.images),
  };
}

export function requireLocalised(field: string, texts: Localised) {
  const languages = Object.keys(texts);
  if (!texts[defaultLanguage]?.trim())
    throw AppError.field(`${field}.${defaultLanguage}`, 'validation:required');
  const bad = languages.find((language) => !LANGUAGE_CODE.test(language));
  if (bad !== undefined) throw AppError.field(`${field}.${bad}`, 'validation:invalid');
}

/**
 * Banners, announcements, the help centre, domain routes and resources of a merchant, in the
 * caller's language with EN as the fallback. Each merchant's rows are cached for a minute, already
 * sanitised; the active window is applied at each request, so an expired item goes at its time.
 */
export class ContentService {
  private readonly banners = new TtlCache<BannerRow[]>(CONTENT_CACHE_TTL_MS);
  private readonly announcements = new TtlCache<AnnouncementRow[]>(CONTENT_CACHE_TTL_MS);
  private readonly help = new TtlCache<HelpArticleRow[]>(CONTENT_CACHE_TTL_MS);
  private readonly domains = new TtlCache<DomainRouteRow[]>(CONTENT_CACHE_TTL_MS);
  private readonly resources = new TtlCache<ResourceRow[]>(CONTENT_CACHE_TTL_MS);
  private readonly maintenance = new TtlCache<MaintenanceTexts>(CONTENT_CACHE_TTL_MS);

  private readonly quotes = new TtlCache<SettingQuotes>(CONTENT_CACHE_TTL_MS);

  constructor(
    private readonly repository: ContentRepository,
    private readonly now: () => Date = () => new Date(),
    /** The settings texts may quote ({{minDeposit}}…); none without payments (quoted as "—"). */
    private readonly settings: SettingQuotesSource = async () => ({
      minDeposit: null,
      minWithdrawal: null,
      gameCategories: [],
    }),
  ) {}

  /** The merchant's quotable settings, as fresh as its content (a minute). */
  private settingQuotes(merchant: Merchant): Promise<SettingQuotes> {
    return this.quotes.get(merchant.merchantCode, () => this.settings(merchant));
  }

  async getAnnouncements(
    merchant: Merchant,
    language: MessageLanguage,
    query: Pick<AnnouncementsQuery, 'types' | 'execution'>,
  ): Promise<AnnouncementsValue> {
    const rows = await this.announcements.get(merchant.merchantCode, async () =>
      (await this.repository.listAnnouncements(merchant.merchantCode)).map(cleanAnnouncement),
    );
    const quotes = await this.settingQuotes(merchant);
    const now = this.now();
    const types = new Set<string>(query.types);
    const audiences = new Set<string>(query.execution);
    const key = `${language}|${[...types].sort().join()}|${[...audiences].sort().join()}|${quotesKey(quotes)}`;
    return derived(rows, key, now, rows, () =>
      this.buildAnnouncements(rows, now, language, types, audiences, (text) =>
        fillSettingQuotes(text, quotes, merchant, language),
      ),
    );
  }

  private buildAnnouncements(
    rows: AnnouncementRow[],
    now: Date,
    language: MessageLanguage,
    types: Set<string>,
    audiences: Set<string>,
    fill: (text: string) => string,
  ): AnnouncementsValue {
    const value: AnnouncementsValue = { banners: [], player: [], popup: [], promotion: [], help: [] };
    for (const row of rows) {
      if (!types.has(row.type) || !isActive(row, now)) continue;
      const shownIn = languageFor(row.title, language);
      const notice: Notice = {
        id: Number(row.id),
        title: fill(pick(row.title, shownIn)),
        content: fill(pick(row.content, shownIn)),
        time: row.published_at.toISOString(),
      };
      switch (row.type) {
        case 'B':
          value.banners.push(notice);
          break;
        case 'PL':
          value.player.push(notice);
          break;
        case 'H':
          value.help.push(notice);
          break;
        case 'PR':
          value.promotion.push({ ...notice, announcementImages: row.images });
          break;
        case 'PU':
          if (row.execution && audiences.has(row.execution))
            value.popup.push({ ...notice, execution: row.execution });
          break;
      }
    }
    return value;
  }

  async getBanners(merchant: Merchant, language: MessageLanguage, groupName: BannerGroup): Promise<Banner[]> {
    const rows = await this.banners.get(merchant.merchantCode, async () =>
      (await this.repository.listBanners(merchant.merchantCode))
        .map(cleanBanner)
        .filter((row): row is BannerRow => row !== null),
    );
    const now = this.now();
    return derived(rows, `${language}|${groupName}`, now, rows, () =>
      rows
        .filter((row) => row.group_name === groupName && isActive(row, now))
        .map((row) => ({
          id: Number(row.id),
          groupName: row.group_name,
          url: pick(row.image_urls, language),
          linkageType: row.linkage_type,
          link: row.link,
        })),
    );
  }

  async getHelpCenter(merchant: Merchant, language: MessageLanguage): Promise<HelpCenterValue> {
    const rows = await this.help.get(merchant.merchantCode, async () =>
      (await this.repository.listHelpArticles(merchant.merchantCode)).map((row) => ({
        ...row,
        category_title: plainText(row.category_title),
        title: plainText(row.title),
        content: sanitizeFormatted(row.content),
      })),
    );
    const quotes = await this.settingQuotes(merchant);
    // Articles are written per language, so the whole centre switches: the caller's language when
    // it has articles, else EN. No article has a window, so the answer lasts as long as the rows.
    return derived(rows, `${language}|${quotesKey(quotes)}`, this.now(), [], () => {
      const shownIn = rows.some((row) => row.language === language) ? language : defaultLanguage;
      const fill = (text: string) => fillSettingQuotes(text, quotes, merchant, shownIn);
      const categories: HelpCategory[] = [];
      for (const row of rows) {
        if (row.language !== shownIn) continue;
        let category = categories.find((c) => c.key === row.category);
        if (!category) {
          category = { key: row.category, title: row.category_title, articles: [] };
          categories.push(category);
        }
        category.articles.push({ id: Number(row.id), title: fill(row.title), content: fill(row.content) });
      }
      return { language: shownIn, categories };
    });
  }

  async getDomainRoutes(merchant: Merchant): Promise<DomainRoute[]> {
    return this.domains.get(merchant.merchantCode, () =>
      this.repository.listDomainRoutes(merchant.merchantCode),
    );
  }

  async getResources(merchant: Merchant, language: MessageLanguage): Promise<SiteResource[]> {
    const rows = await this.resources.get(merchant.merchantCode, async () =>
      (await this.repository.listResources(merchant.merchantCode)).flatMap((row) => {
        const url = safeUrl(row.url, { allowContact: true });
        return url ? [{ ...row, url, label: mapLocalised(row.label, plainText) }] : [];
      }),
    );
    return derived(rows, language, this.now(), [], () =>
      rows.map((row) => ({ type: row.type, url: row.url, label: pick(row.label, language) })),
    );
  }

  // ----- the operator console ------------------------------------------------------------------

  /** Every banner with its window, and whether it is shown now, for the console. */
  async consoleBanners(merchantCode: string | null, groupName: string | null): Promise<ConsoleBanner[]> {
    const now = this.now().getTime();
    return (await this.repository.listAllBanners(merchantCode, groupName)).map((row) => {
      const startsAt = row.starts_at ? new Date(row.starts_at) : null;
      const endsAt = row.ends_at ? new Date(row.ends_at) : null;
      return {
        id: row.id.toString(),
        merchantCode: row.merchant_code,
        key: row.key,
        groupName: row.group_name,
        imageUrls: row.image_urls,
        linkageType: row.linkage_type,
        link: row.link,
        sort: row.sort,
        startsAt: startsAt?.toISOString() ?? null,
        endsAt: endsAt?.toISOString() ?? null,
        live: (!startsAt || startsAt.getTime() <= now) && (!endsAt || endsAt.getTime() > now),
      };
    });
  }

  /** Takes a banner off the site; another merchant's banner does not exist for a limited operator. */
  async removeBanner(id: string, merchantCode: string | null): Promise<void> {
    if (!(await this.repository.deleteBanner(id, merchantCode))) throw new AppError(404, 'NOT_FOUND');
    this.banners.clear();
  }

  // ----- writes (the seeder and the operator console) ------------------------------------------

  async saveBanner(input: Omit<NewBanner, 'sort' | 'startsAt' | 'endsAt'> & Partial<NewBanner>) {
    requireLocalised('imageUrls', input.imageUrls);
    const imageUrls = mapLocalised(input.imageUrls, (url) => safeUrl(url));
    if (Object.keys(imageUrls).length !== Object.keys(input.imageUrls).length)
      throw AppError.field('imageUrls', 'validation:invalid_format');
    const link = cleanLink(input.linkageType, input.link);
    if ((input.linkageType === 'NONE') !== (link === null))
      throw AppError.field('link', 'validation:invalid_format');
    checkWindow(input.startsAt ?? null, input.endsAt ?? null);
    const id = await this.repository.upsertBanner({
      ...input,
      imageUrls,
      link,
      sort: input.sort ?? 0,
      startsAt: input.startsAt ?? null,
      endsAt: input.endsAt ?? null,
    });
    this.banners.clear();
    return id;
  }

  async saveAnnouncement(
    input: Omit<
      NewAnnouncement,
      'content' | 'execution' | 'images' | 'sort' | 'publishedAt' | 'startsAt' | 'endsAt'
    > &
      Partial<NewAnnouncement>,
  ) {
    const id = await this.repository.upsertAnnouncement({
      ...input,
      ...cleanAnnouncementInput(input),
      sort: input.sort ?? 0,
      publishedAt: input.publishedAt ?? this.now(),
    });
    this.announcements.clear();
    return id;
  }

  /**
   * Texts as the site would serve them in this merchant and language, stored nowhere (the console's
   * preview): formatted content sanitised with its setting quotes filled, or plain text.
   */
  async previewText(
    merchant: Merchant,
    language: MessageLanguage,
    format: 'formatted' | 'plain',
    text: { title: string; content: string },
  ): Promise<{ title: string; content: string }> {
    if (format === 'plain') return { title: plainText(text.title), content: plainText(text.content) };
    const quotes = await this.settingQuotes(merchant);
    const fill = (value: string) => fillSettingQuotes(value, quotes, merchant, language);
    return { title: fill(plainText(text.title)), content: fill(sanitizeFormatted(text.content)) };
  }

  /** A merchant's maintenance page texts per language, for the site's status answer. */
  getMaintenanceTexts(merchantCode: string): Promise<MaintenanceTexts> {
    return this.maintenance.get(merchantCode, async () => {
      const texts: MaintenanceTexts = {};
      for (const row of await this.repository.listMaintenanceTexts(merchantCode))
        texts[row.language] = { title: plainText(row.title), info: plainText(row.info) };
      return texts;
    });
  }

  /** Forgets the cached announcements (notices, popups, promotions) after a console write. */
  forgetAnnouncements() {
    this.announcements.clear();
  }

  /** Forgets the cached help centres after a console write. */
  forgetHelpCentre() {
    this.help.clear();
  }

  /** Forgets the cached maintenance texts after a console write. */
  forgetMaintenanceTexts() {
    this.maintenance.clear();
  }

  async saveHelpArticle(input: NewHelpArticle) {
    if (!LANGUAGE_CODE.test(input.language)) throw AppError.field('language', 'validation:invalid');
    if (!/^[a-z0-9-]{1,40}$/.test(input.category)) throw AppError.field('category', 'validation:invalid');
    const id = await this.repository.upsertHelpArticle({
      ...input,
      categoryTitle: plainText(input.categoryTitle),
      title: plainText(input.title),
      content: sanitizeFormatted(input.content),
    });
    this.help.clear();
    return id;
  }

  async saveDomainRoute(input: NewDomainRoute) {
    const domain = input.domain.trim().toLowerCase();
    if (!DOMAIN.test(domain)) throw AppError.field('domain', 'validation:invalid_format');
    const route = safeRoute(input.route);
    if (!route) throw AppError.field('route', 'validation:invalid_format');
    await this.repository.upsertDomainRoute({ ...input, domain, route });
    this.domains.clear();
  }

  async saveResource(input: NewResource) {
    const label = mapLocalised(input.label, plainText);
    requireLocalised('label', label);
    const url = safeUrl(input.url, { allowContact: true });
    if (!url) throw AppError.field('url', 'validation:invalid_format');
    await this.repository.upsertResource({ ...input, url, label });
    this.resources.clear();
  }

  async removeResource(merchantCode: string, type: NewResource['type']) {
    await this.repository.deleteResource(merchantCode, type);
    this.resources.clear();
  }

  /** Forgets every cached read, e.g. after rows were changed by SQL. */
  clearCaches() {
    for (const cache of [
      this.banners,
      this.announcements,
      this.help,
      this.domains,
      this.resources,
      this.maintenance,
    ])
      cache.clear();
  }
}

export function checkWindow(startsAt: Date | null, endsAt: Date | null) {
  if (startsAt && endsAt && endsAt <= startsAt) throw AppError.field('endsAt', 'validation:invalid');
}

/**
 * An announcement's fields as they are stored, whoever writes it (the seeder, the console): titles
 * plain, content sanitised, an EN title, an audience on popups only, pictures on promotions only,
 * content only in a language that has its title, a window that ends after it starts. 400 naming
 * the field otherwise.
 */
export function cleanAnnouncementInput(
  input: Pick<NewAnnouncement, 'type' | 'title'> &
    Partial<Pick<NewAnnouncement, 'content' | 'execution' | 'images' | 'startsAt' | 'endsAt'>>,
) {
  const title = mapLocalised(input.title, plainText);
  requireLocalised('title', title);
  if ((input.type === 'PU') !== Boolean(input.execution))
    throw AppError.field('execution', input.type === 'PU' ? 'validation:required' : 'validation:invalid');
  const images = cleanImages(input.images ?? []);
  if (images.length !== (input.images ?? []).length)
    throw AppError.field('announcementImages', 'validation:invalid_format');
  if (images.length > 0 && input.type !== 'PR') throw AppError.field('images', 'validation:invalid');
  const content = mapLocalised(input.content ?? {}, sanitizeFormatted);
  const untitled = Object.keys(content).find((language) => !title[language]);
  if (untitled !== undefined) throw AppError.field(`title.${untitled}`, 'validation:required');
  checkWindow(input.startsAt ?? null, input.endsAt ?? null);
  return {
    title,
    content,
    execution: input.execution ?? null,
    images,
    startsAt: input.startsAt ?? null,
    endsAt: input.endsAt ?? null,
  };
}
