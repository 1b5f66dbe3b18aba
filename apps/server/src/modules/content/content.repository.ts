import type {
  AnnouncementImage,
  AnnouncementType,
  BannerGroup,
  DomainPurpose,
  LinkageType,
  PopupExecution,
  ResourceType,
} from '@sorte/shared';
import type { Connection } from '../../db/client';

/** Text per upper-case language code; EN is always present. */
export type Localised = Record<string, string>;

export type BannerRow = {
  id: bigint;
  group_name: BannerGroup;
  image_urls: Localised;
  linkage_type: LinkageType;
  link: string | null;
  sort: number;
  starts_at: Date | null;
  ends_at: Date | null;
};

export type AnnouncementRow = {
  id: bigint;
  type: AnnouncementType;
  title: Localised;
  content: Localised;
  execution: PopupExecution | null;
  images: AnnouncementImage[];
  sort: number;
  published_at: Date;
  starts_at: Date | null;
  ends_at: Date | null;
};

export type HelpArticleRow = {
  id: bigint;
  language: string;
  category: string;
  category_title: string;
  category_sort: number;
  title: string;
  content: string;
  sort: number;
};

export type DomainRouteRow = { domain: string; route: string; purpose: DomainPurpose };

/** The maintenance page's texts by language code. */
export type MaintenanceTexts = Record<string, { title: string; info: string }>;
export type MaintenanceTextRow = { language: string; title: string; info: string };

export type ResourceRow = { type: ResourceType; url: string; label: Localised };

export type NewBanner = {
  merchantCode: string;
  key: string;
  groupName: BannerGroup;
  imageUrls: Localised;
  linkageType: LinkageType;
  link: string | null;
  sort: number;
  startsAt: Date | null;
  endsAt: Date | null;
};

export type NewAnnouncement = {
  merchantCode: string;
  key: string;
  type: AnnouncementType;
  title: Localised;
  content: Localised;
  execution: PopupExecution | null;
  images: AnnouncementImage[];
  sort: number;
  publishedAt: Date;
  startsAt: Date | null;
  endsAt: Date | null;
};

export type NewHelpArticle = {
  merchantCode: string;
  key: string;
  language: string;
  category: string;
  categoryTitle: string;
  categorySort: number;
  title: string;
  content: string;
  sort: number;
};

export type NewDomainRoute = {
  merchantCode: string;
  domain: string;
  route: string;
  purpose: DomainPurpose;
  sort: number;
};

export type NewResource = {
  merchantCode: string;
  type: ResourceType;
  url: string;
  label: Localised;
  sort: number;
};

/**
 * SQL for lobby content. Reads return a merchant's rows whatever their active window: the service
 * caches them briefly and applies the window at the moment of each request. Writes are keyed, so
 * writing the same row again updates it instead of adding a copy.
 */
export class ContentRepository {
  constructor(private readonly db: Connection) {}

  listBanners(merchantCode: string): Promise<BannerRow[]> {
    return this.db.query<BannerRow>(
      `select id, group_name, image_urls, linkage_type, link, sort, starts_at, ends_at
         from banners where merchant_code = $1
         order by sort, id`,
      [merchantCode],
    );
  }

  listAnnouncements(merchantCode: string): Promise<AnnouncementRow[]> {
    return this.db.query<AnnouncementRow>(
      `select id, type, title, content, execution, images, sort, published_at, starts_at, ends_at
         from announcements where merchant_code = $1
         order by sort, published_at desc, id desc`,
      [merchantCode],
    );
  }

  listHelpArticles(merchantCode: string): Promise<HelpArticleRow[]> {
    return this.db.query<HelpArticleRow>(
      `select id, language, category, category_title, category_sort, title, content, sort
         from help_articles where merchant_code = $1
         order by category_sort, category, sort, id`,
      [merchantCode],
    );
  }

  listMaintenanceTexts(merchantCode: string): Promise<MaintenanceTextRow[]> {
    return this.db.query<MaintenanceTextRow>(
      'select language, title, info from maintenance_texts where merchant_code = $1',
      [merchantCode],
    );
  }

  listDomainRoutes(merchantCode: string): Promise<DomainRouteRow[]> {
    return this.db.query<DomainRouteRow>(
      'select domain, route, purpose from domain_routes where merchant_code = $1 order by sort, domain',
      [merchantCode],
    );
  }

  listResources(merchantCode: string): Promise<ResourceRow[]> {
    return this.db.query<ResourceRow>(
      'select type, url, label from site_resources where merchant_code = $1 order by sort, type',
      [merchantCode],
    );
  }

  /** Every banner, whatever its window, for the console (one merchant, or all when null). */
  listAllBanners(merchantCode: string | null, groupName: string | null) {
    return this.db.query<BannerRow & { merchant_code: string; key: string }>(
      `select id, merchant_code, key, group_name, image_urls, linkage_type, link, sort, starts_at, ends_at
         from banners
        where ($1::text is null or merchant_code = $1) and ($2::text is null or group_name = $2)
        order by merchant_code, group_name, sort, id`,
      [merchantCode, groupName],
    );
  }

  async deleteBanner(id: string, merchantCode: string | null): Promise<boolean> {
    const rows = await this.db.query(
      'delete from banners where id = $1 and ($2::text is null or merchant_code = $2) returning id',
      [id, merchantCode],
    );
    return rows.length === 1;
  }

  async upsertBanner(banner: NewBanner): Promise<bigint> {
    const [row] = await this.db.query<{ id: bigint }>(
      `insert into banners
         (merchant_code, key, group_name, image_urls, linkage_type, link, sort, starts_at, ends_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (merchant_code, key) do update set
         group_name = excluded.group_name, image_urls = excluded.image_urls,
         linkage_type = excluded.linkage_type, link = excluded.link, sort = excluded.sort,
         starts_at = excluded.starts_at, ends_at = excluded.ends_at
       returning id`,
      [
        banner.merchantCode,
        banner.key,
        banner.groupName,
        JSON.stringify(banner.imageUrls),
        banner.linkageType,
        banner.link,
        banner.sort,
        banner.startsAt,
        banner.endsAt,
      ],
    );
    return (row as { id: bigint }).id;
  }

  async upsertAnnouncement(announcement: NewAnnouncement): Promise<bigint> {
    const [row] = await this.db.query<{ id: bigint }>(
      `insert into announcements
         (merchant_code, key, type, title, content, execution, images, sort, published_at,
          starts_at, ends_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       on conflict (merchant_code, key) do update set
         type = excluded.type, title = excluded.title, content = excluded.content,
         execution = excluded.execution, images = excluded.images, sort = excluded.sort,
         published_at = excluded.published_at, starts_at = excluded.starts_at,
         ends_at = excluded.ends_at
       returning id`,
      [
        announcement.merchantCode,
        announcement.key,
        announcement.type,
        JSON.stringify(announcement.title),
        JSON.stringify(announcement.content),
        announcement.execution,
        JSON.stringify(announcement.images),
        announcement.sort,
        announcement.publishedAt,
        announcement.startsAt,
        announcement.endsAt,
      ],
    );
    return (row as { id: bigint }).id;
  }

  async upsertHelpArticle(article: NewHelpArticle): Promise<bigint> {
    const [row] = await this.db.query<{ id: bigint }>(
      `insert into help_articles
         (merchant_code, key, language, category, category_title, category_sort, title, content, sort)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       on conflict (merchant_code, key, language) do update set
         category = excluded.category, category_title = excluded.category_title,
         category_sort = excluded.category_sort, title = excluded.title,
         content = excluded.content, sort = excluded.sort
       returning id`,
      [
        article.merchantCode,
        article.key,
        article.language,
        article.category,
        article.categoryTitle,
        article.categorySort,
        article.title,
        article.content,
        article.sort,
      ],
    );
    return (row as { id: bigint }).id;
  }

  async upsertDomainRoute(route: NewDomainRoute): Promise<void> {
    await this.db.query(
      `insert into domain_routes (merchant_code, domain, route, purpose, sort)
       values ($1, $2, $3, $4, $5)
       on conflict (domain) do update set
         merchant_code = excluded.merchant_code, route = excluded.route,
         purpose = excluded.purpose, sort = excluded.sort`,
      [route.merchantCode, route.domain, route.route, route.purpose, route.sort],
    );
  }

  async upsertResource(resource: NewResource): Promise<void> {
    await this.db.query(
      `insert into site_resources (merchant_code, type, url, label, sort)
       values ($1, $2, $3, $4, $5)
       on conflict (merchant_code, type) do update set
         url = excluded.url, label = excluded.label, sort = excluded.sort`,
      [resource.merchantCode, resource.type, resource.url, JSON.stringify(resource.label), resource.sort],
    );
  }

  async deleteResource(merchantCode: string, type: ResourceType): Promise<void> {
    await this.db.query('delete from site_resources where merchant_code = $1 and type = $2', [
      merchantCode,
      type,
    ]);
  }
}
