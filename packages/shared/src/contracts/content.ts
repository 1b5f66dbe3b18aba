import { z } from 'zod';
import { envelopeOf } from '../envelope';

/**
 * Lobby content (spec sections 2, 3, 7 and 9): banners, announcements, the help centre, domain routes
 * and resources. Every read is a guest read in the caller's language (`lang` header or query, then
 * Accept-Language), each text falling back to EN when the language has none. Titles and labels are
 * plain text; `content` is formatted content, a safe subset of HTML already sanitised by the server,
 * which the web sanitises again (DOMPurify) before rendering.
 */

export const bannerGroups = ['w_home', 'w_leftmenu', 'w_login', 'w_forget'] as const;
export type BannerGroup = (typeof bannerGroups)[number];

/** What a click on a banner opens: nothing, an address, a site path, a game code or a promotion id. */
export const linkageTypes = ['NONE', 'URL', 'ROUTE', 'GAME', 'PROMOTION'] as const;
export type LinkageType = (typeof linkageTypes)[number];

/** B marquee notices, PL player notices, PU popups, PR promotions, H help notices. */
export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

/** Popup audience (DECISIONS.md): A members, B guests, F members at their first login. */
export const popupExecutions = ['A', 'B', 'F'] as const;
export type PopupExecution = (typeof popupExecutions)[number];

export const resourceTypes = [
  'CUSTOMER_SERVICE',
  'FEEDBACK',
  'AFFILIATE',
  'FACEBOOK',
  'INSTAGRAM',
  'WHATSAPP',
  'TELEGRAM',
  'APP_IOS',
  'APP_ANDROID',
  'LICENCE',
] as const;
export type ResourceType = (typeof resourceTypes)[number];
/** The footer's contact column, its social icons and the side menu's app downloads (spec section 2). */
export const contactResourceTypes = ['CUSTOMER_SERVICE', 'FEEDBACK', 'AFFILIATE'] as const;
export const socialResourceTypes = ['FACEBOOK', 'INSTAGRAM', 'WHATSAPP', 'TELEGRAM'] as const;
export const appResourceTypes = ['APP_IOS', 'APP_ANDROID'] as const;

export const domainPurposes = ['MAIN', 'MIRROR', 'AGENT', 'APP'] as const;
export type DomainPurpose = (typeof domainPurposes)[number];

export { ANNOUNCEMENT_PAGE_SIZE, ANNOUNCEMENT_PAGINATION } from './announcement-paging';

// ----- queries -----------------------------------------------------------------------------------

/** The query keys every lobby read accepts besides its own: the language and the merchant. */
const lobbyQuery = {
  lang: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/)
    .optional(),
  merchantCode: z.string().trim().max(8).optional(),
};

/** A comma-separated list of codes ("B,PL,PU"), upper-cased, without repeats. */
function codeList<const T extends readonly [string, ...string[]]>(codes: T) {
  return z
    .string()
    .max(64)
    .describe(`comma-separated, any of ${codes.join(', ')}`)
    .transform((raw, ctx) => {
      const items = raw
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean);
      if (items.length === 0 || items.some((item) => !codes.includes(item))) {
        ctx.addIssue({ code: 'invalid_value', values: [...codes], input: raw });
        return z.NEVER;
      }
      return [...new Set(items)] as T[number][];
    });
}

/** GET /wps/relay/announcements?types=B,PL,PU,PR,H&platform=W&execution=B */
export const announcementsQuerySchema = z.strictObject({
  types: codeList(announcementTypes).default([...announcementTypes]),
  platform: z.enum(['W', 'H5']).default('W'),
  /** Which popups to answer; several audiences may be asked for at once ("A,F"). */
  execution: codeList(popupExecutions).default(['B']),
  ...lobbyQuery,
});
export type AnnouncementsQuery = z.infer<typeof announcementsQuerySchema>;

/** GET /wps/relay/banners?groupName=w_home */
export const bannersQuerySchema = z.strictObject({
  groupName: z.enum(bannerGroups),
  ...lobbyQuery,
});
export type BannersQuery = z.infer<typeof bannersQuerySchema>;

/** GET /wps/system/helpCenter?lang=PT&device=WEB */
export const helpCenterQuerySchema = z.strictObject({
  device: z.enum(['WEB', 'H5', 'APP']).default('WEB'),
  ...lobbyQuery,
});
export type HelpCenterQuery = z.infer<typeof helpCenterQuerySchema>;

/** GET /wps/system/domainRoute and GET /wps/system/resources take only the lobby keys. */
export const lobbyQuerySchema = z.strictObject(lobbyQuery);

// ----- answers -----------------------------------------------------------------------------------

export const bannerSchema = z.object({
  id: z.number().int(),
  groupName: z.enum(bannerGroups),
  /** The picture for the caller's language (EN's when it has none of its own). */
  url: z.string(),
  linkageType: z.enum(linkageTypes),
  /** NONE: null. URL: an http(s) address. ROUTE: a path of this site. GAME: a game code. PROMOTION: an id. */
  link: z.string().nullable(),
});
export type Banner = z.infer<typeof bannerSchema>;
export const bannersEnvelope = envelopeOf(z.array(bannerSchema));

/** A marquee notice, player notice or help notice. `time` is the publication time, ISO 8601. */
export const noticeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().describe('formatted content: a sanitised HTML subset'),
  time: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const announcementImageSchema = z.object({ url: z.string(), sequence: z.number().int() });
export type AnnouncementImage = z.infer<typeof announcementImageSchema>;

/** A promotion; the carousel links to /promotions#{id}. Images are in `sequence` order. */
export const promotionSchema = noticeSchema.extend({
  announcementImages: z.array(announcementImageSchema),
});
export type Promotion = z.infer<typeof promotionSchema>;

export const popupSchema = noticeSchema.extend({ execution: z.enum(popupExecutions) });
export type Popup = z.infer<typeof popupSchema>;

/**
 * The announcement response (spec section 3). `banners` are the marquee notices (type B), not image
 * banners. A type left out of `types` answers an empty list.
 */
export const announcementsValueSchema = z.object({
  banners: z.array(noticeSchema),
  player: z.array(noticeSchema),
  popup: z.array(popupSchema),
  promotion: z.array(promotionSchema),
  help: z.array(noticeSchema),
});
export type AnnouncementsValue = z.infer<typeof announcementsValueSchema>;
export const announcementsEnvelope = envelopeOf(announcementsValueSchema);

export const helpArticleSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().describe('formatted content: a sanitised HTML subset'),
});
export type HelpArticle = z.infer<typeof helpArticleSchema>;

export const helpCategorySchema = z.object({
  key: z.string(),
  title: z.string(),
  articles: z.array(helpArticleSchema),
});
export type HelpCategory = z.infer<typeof helpCategorySchema>;

/** `language` is the language the articles are written in: the caller's, or EN when it has none. */
export const helpCenterValueSchema = z.object({
  language: z.string(),
  categories: z.array(helpCategorySchema),
});
export type HelpCenterValue = z.infer<typeof helpCenterValueSchema>;
export const helpCenterEnvelope = envelopeOf(helpCenterValueSchema);

export const domainRouteSchema = z.object({
  domain: z.string(),
  route: z.string(),
  purpose: z.enum(domainPurposes),
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;
export const domainRoutesEnvelope = envelopeOf(z.array(domainRouteSchema));

/** A configured link; types without a link are absent. */
export const resourceSchema = z.object({
  type: z.enum(resourceTypes),
  url: z.string(),
  label: z.string(),
});
export type SiteResource = z.infer<typeof resourceSchema>;
export const resourcesEnvelope = envelopeOf(z.array(resourceSchema));
