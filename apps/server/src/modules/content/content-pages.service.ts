import { randomUUID } from 'node:crypto';
import {
  type AnnouncementType,
  type ConsoleAnnouncement,
  type ConsoleHelpArticle,
  type ConsoleMaintenancePage,
  type ConsoleMaintenanceText,
  contentLanguages,
  findMerchant,
  type MessageLanguage,
  type SaveAnnouncementBody,
} from '@sorte/shared';
import { AppError } from '../../lib/app-error';
import type { ContentService } from './content.service';
import { cleanAnnouncementInput } from './content.service';
import type {
  ConsoleAnnouncementRow,
  ConsoleHelpArticleRow,
  ContentPagesRepository,
  HelpArticleFields,
} from './content-pages.repository';
import { plainText, sanitizeFormatted } from './sanitize';

const notFound = () => new AppError(404, 'NOT_FOUND');
const iso = (at: Date | string) => new Date(at).toISOString();
const languageOrder = (language: string) => {
  const at = (contentLanguages as readonly string[]).indexOf(language);
  return at < 0 ? contentLanguages.length : at;
};

export type AnnouncementListQuery = {
  merchantCode: string | null;
  types: AnnouncementType[] | null;
  language: string | null;
  active: boolean | null;
  pageNo: number;
  pageSize: number;
};

/** The announcement fields of a console body, as they are stored (content.service's rules). */
type AnnouncementBody = Omit<Required<SaveAnnouncementBody>, 'merchantCode'>;

/**
 * The console's content pages (issue 15): announcements of every type (notices, popups,
 * promotions), the help centre and the maintenance page's texts. The caller has already limited
 * `merchantCode` to the operator's merchant (routes); another merchant's row is 404 here, as if it
 * did not exist. Every write clears the site's cache of what it changed, so the next read of the
 * site shows it.
 */
export class ContentPagesService {
  constructor(
    private readonly repository: ContentPagesRepository,
    private readonly content: ContentService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // ----- announcements --------------------------------------------------------------------------

  async listAnnouncements(query: AnnouncementListQuery) {
    const now = this.now();
    const { rows, total } = await this.repository.listAnnouncements({
      merchantCode: query.merchantCode,
      types: query.types,
      language: query.language,
      active: query.active,
      now,
      limit: query.pageSize,
      offset: (query.pageNo - 1) * query.pageSize,
    });
    return {
      content: rows.map((row) => toAnnouncement(row, now)),
      pageNum: query.pageNo,
      totalPages: Math.ceil(total / query.pageSize),
      total,
    };
  }

  async announcement(id: string, merchantCode: string | null): Promise<ConsoleAnnouncement | null> {
    const row = await this.repository.findAnnouncement(id, merchantCode);
    return row ? toAnnouncement(row, this.now()) : null;
  }

  async createAnnouncement(merchantCode: string, body: AnnouncementBody) {
    const fields = this.announcementFields(body, null);
    // The key is how the seeder finds its own rows again; a console row only needs one of its own.
    const id = await this.repository.insertAnnouncement(merchantCode, `console:${randomUUID()}`, fields);
    this.content.forgetAnnouncements();
    return this.announcementOrThrow(id, merchantCode);
  }

  async updateAnnouncement(id: string, merchantCode: string, body: AnnouncementBody) {
    const current = await this.repository.findAnnouncement(id, merchantCode);
    if (!current) throw notFound();
    if (!(await this.repository.updateAnnouncement(id, merchantCode, this.announcementFields(body, current))))
      throw notFound();
    this.content.forgetAnnouncements();
    return this.announcementOrThrow(id, merchantCode);
  }

  async removeAnnouncement(id: string, merchantCode: string | null) {
    if (!(await this.repository.deleteAnnouncement(id, merchantCode))) throw notFound();
    this.content.forgetAnnouncements();
  }

  /**
   * The date the site shows beside it: its start when scheduled, else when first published (an
   * edit does not make an old notice look new).
   */
  private announcementFields(body: AnnouncementBody, current: ConsoleAnnouncementRow | null) {
    const startsAt = body.startsAt ? new Date(body.startsAt) : null;
    const cleaned = cleanAnnouncementInput({
      type: body.type,
      title: body.title as Record<string, string>,
      content: body.content as Record<string, string>,
      execution: body.execution,
      images: body.images,
      startsAt,
      endsAt: body.endsAt ? new Date(body.endsAt) : null,
    });
    return {
      ...cleaned,
      type: body.type,
      sort: body.sort,
      publishedAt: startsAt ?? current?.published_at ?? this.now(),
    };
  }

  private async announcementOrThrow(id: string, merchantCode: string) {
    const saved = await this.announcement(id, merchantCode);
    if (!saved) throw notFound();
    return saved;
  }

  /** What the site would show for these texts in the merchant's site and this language. */
  preview(
    merchantCode: string,
    language: MessageLanguage,
    format: 'formatted' | 'plain',
    text: { title: string; content: string },
  ) {
    const merchant = findMerchant(merchantCode);
    if (!merchant) throw AppError.field('merchantCode', 'validation:invalid');
    return this.content.previewText(merchant, language, format, text);
  }

  // ----- help centre ----------------------------------------------------------------------------

  async helpCentre(merchantCode: string, language: string): Promise<ConsoleHelpArticle[]> {
    return (await this.repository.listHelpArticles(merchantCode, language)).map(toHelpArticle);
  }

  async helpArticle(id: string, merchantCode: string | null): Promise<ConsoleHelpArticle | null> {
    const row = await this.repository.findHelpArticle(id, merchantCode);
    return row ? toHelpArticle(row) : null;
  }

  async createHelpArticle(merchantCode: string, language: string, body: HelpArticleFields) {
    const id = await this.repository.insertHelpArticle(
      merchantCode,
      language,
      `console:${randomUUID()}`,
      cleanHelpArticle(body),
    );
    this.content.forgetHelpCentre();
    return this.helpArticleOrThrow(id, merchantCode);
  }

  async updateHelpArticle(id: string, merchantCode: string, body: HelpArticleFields) {
    if (!(await this.repository.updateHelpArticle(id, merchantCode, cleanHelpArticle(body))))
      throw notFound();
    this.content.forgetHelpCentre();
    return this.helpArticleOrThrow(id, merchantCode);
  }

  async removeHelpArticle(id: string, merchantCode: string | null) {
    if (!(await this.repository.deleteHelpArticle(id, merchantCode))) throw notFound();
    this.content.forgetHelpCentre();
  }

  /** The help centre in the order given: categories first to last, articles first to last in each. */
  async reorderHelpCentre(
    merchantCode: string,
    language: string,
    categories: Array<{ category: string; articleIds: string[] }>,
  ) {
    if (new Set(categories.map((c) => c.category)).size !== categories.length)
      throw AppError.field('categories', 'validation:invalid');
    const places = categories.flatMap((entry, categorySort) =>
      entry.articleIds.map((id, sort) => ({ id, category: entry.category, categorySort, sort })),
    );
    // Made from an older read (an article added, removed or moved since): nothing is changed.
    if (!(await this.repository.reorderHelpArticles(merchantCode, language, places)))
      throw new AppError(409, 'CONFLICT');
    this.content.forgetHelpCentre();
    return this.helpCentre(merchantCode, language);
  }

  private async helpArticleOrThrow(id: string, merchantCode: string) {
    const saved = await this.helpArticle(id, merchantCode);
    if (!saved) throw notFound();
    return saved;
  }

  // ----- maintenance page texts -----------------------------------------------------------------

  async maintenancePages(merchantCode: string | null): Promise<ConsoleMaintenancePage[]> {
    return (await this.repository.listMaintenancePages(merchantCode)).map((row) => ({
      merchantCode: row.merchant_code,
      isOn: row.is_on,
      texts: row.texts
        .map(toMaintenanceText)
        .sort((a, b) => languageOrder(a.language) - languageOrder(b.language)),
    }));
  }

  async maintenanceText(merchantCode: string, language: string): Promise<ConsoleMaintenanceText | null> {
    const row = await this.repository.findMaintenanceText(merchantCode, language);
    return row ? toMaintenanceText(row) : null;
  }

  async saveMaintenanceText(
    merchantCode: string,
    language: string,
    text: { title: string; info: string },
  ): Promise<ConsoleMaintenanceText> {
    const title = requiredPlain('title', text.title);
    const info = requiredPlain('info', text.info);
    const row = await this.repository.upsertMaintenanceText(merchantCode, language, title, info);
    this.content.forgetMaintenanceTexts();
    return toMaintenanceText(row);
  }

  async removeMaintenanceText(merchantCode: string, language: string) {
    if (!(await this.repository.deleteMaintenanceText(merchantCode, language))) throw notFound();
    this.content.forgetMaintenanceTexts();
  }
}

function toAnnouncement(row: ConsoleAnnouncementRow, now: Date): ConsoleAnnouncement {
  const startsAt = row.starts_at ? new Date(row.starts_at) : null;
  const endsAt = row.ends_at ? new Date(row.ends_at) : null;
  return {
    id: String(row.id),
    merchantCode: row.merchant_code,
    type: row.type,
    title: row.title,
    content: row.content,
    execution: row.execution,
    images: row.images,
    sort: row.sort,
    publishedAt: iso(row.published_at),
    startsAt: startsAt?.toISOString() ?? null,
    endsAt: endsAt?.toISOString() ?? null,
    live: (!startsAt || startsAt <= now) && (!endsAt || endsAt > now),
  };
}

function toHelpArticle(row: ConsoleHelpArticleRow): ConsoleHelpArticle {
  return {
    id: String(row.id),
    merchantCode: row.merchant_code,
    language: row.language,
    category: row.category,
    categoryTitle: row.category_title,
    categorySort: row.category_sort,
    title: row.title,
    content: row.content,
    sort: row.sort,
  };
}

function toMaintenanceText(row: {
  language: string;
  title: string;
  info: string;
  updated_at: Date | string;
}): ConsoleMaintenanceText {
  return { language: row.language, title: row.title, info: row.info, updatedAt: iso(row.updated_at) };
}

/** Text that is left empty once its markup is taken out was not text: 400 naming the field. */
function requiredPlain(field: string, text: string) {
  const clean = plainText(text);
  if (!clean) throw AppError.field(field, 'validation:required');
  return clean;
}

function cleanHelpArticle(body: HelpArticleFields): HelpArticleFields {
  const content = sanitizeFormatted(body.content);
  if (!content) throw AppError.field('content', 'validation:required');
  return {
    category: body.category,
    categoryTitle: requiredPlain('categoryTitle', body.categoryTitle),
    title: requiredPlain('title', body.title),
    content,
  };
}
