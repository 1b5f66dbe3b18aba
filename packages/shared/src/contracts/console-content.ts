import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { messageLanguages } from '../languages';
import { contentImageUrlSchema, operatorMerchantCodes } from './console';
import { announcementImageSchema, announcementTypes, popupExecutions } from './content';

/**
 * The console's content pages (issue 15), permission 'content.write': announcements (the spec's
 * types B marquee notices, PL player notices, PU popups with audience A/B/F, PR promotions, H help
 * notices), the help centre per merchant and language, and the maintenance page's texts. Every
 * write is on the site at once. Formatted content is sanitised by the server before it is stored;
 * `POST /ops/console/content/preview` answers what the site would show, without storing anything.
 */

/** The languages content is written in: the site's message languages; EN is every text's fallback. */
export const contentLanguages = messageLanguages;
export type ContentLanguage = (typeof contentLanguages)[number];

const merchantCode = z.enum(operatorMerchantCodes);
const language = z.enum(contentLanguages);
const rowId = (what: string) => z.string().regex(/^[1-9][0-9]{0,17}$/, { error: what });
const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
};
const instant = z.iso.datetime({ offset: true }).nullable().default(null);

/** Longest formatted content, in characters (a help article with a table fits many times over). */
export const CONTENT_BODY_MAX = 20_000;
export const CONTENT_TITLE_MAX = 200;

// --- announcements (notices, popups, promotions) ------------------------------------------------

/** The types the Notices screen edits; PR (promotions) has a screen of its own. */
export const noticeTypes = ['B', 'PL', 'PU', 'H'] as const;

/** GET /ops/console/announcements: newest first; `types` comma-separated ("B,PL"). */
export const consoleAnnouncementListQuerySchema = z.strictObject({
  ...pageQuery,
  merchantCode: merchantCode.optional(),
  types: z
    .string()
    .max(32)
    .transform((raw, ctx) => {
      const items = [...new Set(raw.split(',').map((item) => item.trim().toUpperCase()))];
      if (items.some((item) => !(announcementTypes as readonly string[]).includes(item))) {
        ctx.addIssue({ code: 'invalid_value', values: [...announcementTypes], input: raw });
        return z.NEVER;
      }
      return items as (typeof announcementTypes)[number][];
    })
    .optional(),
  /** Those with a title in this language. */
  language: language.optional(),
  /** true: shown on the site now; false: scheduled or ended. */
  active: z.enum(['true', 'false']).optional(),
});

export const consoleAnnouncementSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  type: z.enum(announcementTypes),
  /** Plain text per language (EN always). */
  title: z.record(z.string(), z.string()),
  /** Formatted content per language, as sanitised when stored. */
  content: z.record(z.string(), z.string()),
  /** Popups only: A members, B guests, F members at their first login. */
  execution: z.enum(popupExecutions).nullable(),
  /** Promotions only: the pictures in `sequence` order, the same for every language. */
  images: z.array(announcementImageSchema),
  sort: z.number().int(),
  /** The date the site shows with it. */
  publishedAt: z.string(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Shown on the site now (within its window). */
  live: z.boolean(),
});
export type ConsoleAnnouncement = z.infer<typeof consoleAnnouncementSchema>;
export const consoleAnnouncementEnvelope = envelopeOf(consoleAnnouncementSchema);
export const consoleAnnouncementPageEnvelope = envelopeOf(
  z.object({
    content: z.array(consoleAnnouncementSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);

/**
 * POST /ops/console/announcements (a new one) and PUT /ops/console/announcements/:announcementId (a
 * change; merchant as the announcement's). Shown from `startsAt` (now when null) until `endsAt`.
 * The server also refuses (400 naming the field): no EN title, content in a language without its
 * title, an audience on anything but a popup (or a popup without one), pictures on anything but a
 * promotion, an end not after the start.
 */
export const saveAnnouncementBodySchema = z.strictObject({
  merchantCode,
  type: z.enum(announcementTypes),
  title: z.partialRecord(language, z.string().trim().min(1).max(CONTENT_TITLE_MAX)),
  content: z.partialRecord(language, z.string().trim().max(CONTENT_BODY_MAX)).default({}),
  execution: z.enum(popupExecutions).nullable().default(null),
  images: z
    .array(z.strictObject({ url: contentImageUrlSchema, sequence: z.number().int().min(0).max(99) }))
    .max(10)
    .default([]),
  sort: z.number().int().min(0).max(10_000).default(0),
  startsAt: instant,
  endsAt: instant,
});
export type SaveAnnouncementBody = z.input<typeof saveAnnouncementBodySchema>;
export const consoleAnnouncementParamsSchema = z.strictObject({
  announcementId: rowId('an announcement id'),
});

// --- preview ------------------------------------------------------------------------------------

/**
 * POST /ops/console/content/preview: the title and content as the site would show them in this
 * merchant and language: formatted content sanitised and its setting quotes ({{minDeposit}}…)
 * filled; plain text (maintenance) with any markup taken out. Stores nothing.
 */
export const contentPreviewBodySchema = z.strictObject({
  merchantCode,
  language,
  format: z.enum(['formatted', 'plain']),
  title: z.string().max(CONTENT_TITLE_MAX).default(''),
  content: z.string().max(CONTENT_BODY_MAX).default(''),
});
export const contentPreviewEnvelope = envelopeOf(z.object({ title: z.string(), content: z.string() }));

// --- help centre --------------------------------------------------------------------------------

export const helpCategoryKeySchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, { error: 'lower-case letters, digits and hyphens (up to 40)' });

/** GET /ops/console/help-articles: one merchant's help centre in one language, in the site's order. */
export const consoleHelpListQuerySchema = z.strictObject({
  /** Required unless the operator is limited to a merchant. */
  merchantCode: merchantCode.optional(),
  language: language.default('EN'),
});
export const consoleHelpArticleSchema = z.object({
  id: z.string(),
  merchantCode: z.string(),
  language: z.string(),
  category: z.string(),
  categoryTitle: z.string(),
  categorySort: z.number().int(),
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
});
export type ConsoleHelpArticle = z.infer<typeof consoleHelpArticleSchema>;
export const consoleHelpArticleEnvelope = envelopeOf(consoleHelpArticleSchema);
export const consoleHelpArticleListEnvelope = envelopeOf(z.array(consoleHelpArticleSchema));

const helpArticleFields = {
  merchantCode,
  category: helpCategoryKeySchema,
  /** The category's title in this language: every article of the category takes it. */
  categoryTitle: z.string().trim().min(1).max(80),
  title: z.string().trim().min(1).max(CONTENT_TITLE_MAX),
  content: z.string().trim().min(1).max(CONTENT_BODY_MAX),
};
/** POST /ops/console/help-articles: a new article, last of its category (a new category goes last). */
export const createHelpArticleBodySchema = z.strictObject({ ...helpArticleFields, language });
/** PUT /ops/console/help-articles/:articleId: its language stays; a new category puts it last there. */
export const updateHelpArticleBodySchema = z.strictObject(helpArticleFields);
export const helpArticleParamsSchema = z.strictObject({ articleId: rowId('an article id') });

/**
 * PUT /ops/console/help-articles/order: the whole help centre of a merchant and language in its new
 * order, categories first to last, each with its articles first to last. Every article must be
 * there once, in its own category (a list made from an older read is refused with 409).
 */
export const helpOrderBodySchema = z.strictObject({
  merchantCode,
  language,
  categories: z
    .array(
      z.strictObject({
        category: helpCategoryKeySchema,
        articleIds: z.array(rowId('an article id')).min(1).max(500),
      }),
    )
    .min(1)
    .max(100),
});

// --- maintenance page texts ---------------------------------------------------------------------

/** GET /ops/console/maintenance-texts: each merchant's texts, and whether its site is closed now. */
export const consoleMaintenanceQuerySchema = z.strictObject({ merchantCode: merchantCode.optional() });
export const consoleMaintenanceTextSchema = z.object({
  language: z.string(),
  title: z.string(),
  info: z.string(),
  updatedAt: z.string(),
});
export type ConsoleMaintenanceText = z.infer<typeof consoleMaintenanceTextSchema>;
export const consoleMaintenancePageSchema = z.object({
  merchantCode: z.string(),
  /** The site shows the maintenance page now (the switch is a setting, not content). */
  isOn: z.boolean(),
  texts: z.array(consoleMaintenanceTextSchema),
});
export type ConsoleMaintenancePage = z.infer<typeof consoleMaintenancePageSchema>;
export const consoleMaintenancePagesEnvelope = envelopeOf(z.array(consoleMaintenancePageSchema));

/** PUT /ops/console/maintenance-texts: a language's texts of a merchant's maintenance page. */
export const saveMaintenanceTextBodySchema = z.strictObject({
  merchantCode,
  language,
  title: z.string().trim().min(1).max(CONTENT_TITLE_MAX),
  info: z.string().trim().min(1).max(2000),
});
export const consoleMaintenanceTextEnvelope = envelopeOf(consoleMaintenanceTextSchema);
/** DELETE /ops/console/maintenance-texts/:merchantCode/:language */
export const maintenanceTextParamsSchema = z.strictObject({ merchantCode, language });
