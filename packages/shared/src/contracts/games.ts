import { z } from 'zod';
import { envelopeOf } from '../envelope';

/** The game categories of spec section 1, in the spec's order. */
export const gameTypes = [
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
  'CRASH',
  'BONUS',
] as const;
export type GameType = (typeof gameTypes)[number];

/** `isGame` of a card: 'VASSALAGE' is a vendor card that opens a popup list of the vendor's games. */
export const gameCardKinds = ['GAME', 'VASSALAGE'] as const;

/** Most page sizes stop here; the favourites list allows the spec's 999 (section 9, home). */
export const maxPageSize = 100;
export const maxFavoritesPageSize = 999;
/** Spec section 9: recent games page size 20, winner board limit 20. */
export const defaultRecentPageSize = 20;
export const defaultWinnerLimit = 20;
export const maxWinnerLimit = 50;

// --- query-string building blocks -------------------------------------------------------------
// Query values arrive as text; an empty value (`gameType=`) means "not given", as the spec's client
// sends optional parameters empty.

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalParam = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const intParam = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const pageNoParam = z.preprocess(blankToUndefined, intParam(1, 100_000).default(1));
const pageSizeParam = (max: number, fallback: number) =>
  z.preprocess(blankToUndefined, intParam(1, max).default(fallback));

/** A game type, case-insensitive ('rng' from a lowercase route works). */
const gameTypeParam = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.enum(gameTypes),
);
const vassalageParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,32}$/)
  .transform((value) => value.toUpperCase());
/** A spec language code ("PT") or a tag ("pt-BR"); names fall back to EN for any other. */
const languageParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?$/);
const merchantCodeParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,8}$/);
/** Spec section 7: platforms flash, html5-desktop (hot games send a comma list). */
const platformParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.,-]{1,100}$/);
const nodeIdParam = z.coerce.number().int().min(1).max(2_147_483_647);

/** Parameters every lobby read accepts and may ignore: they describe the caller, not the answer. */
const callerParams = {
  clientType: optionalParam(intParam(0, 99)),
  platform: optionalParam(platformParam),
  language: optionalParam(languageParam),
  /** Merchant override (spec: merchant code taken from the domain); the header wins if present. */
  merchantCode: optionalParam(merchantCodeParam),
  /** The `lang` parameter the message language is read from (i18n plugin). */
  lang: optionalParam(languageParam),
};

// --- cards and pages --------------------------------------------------------------------------

/** A game item/card (spec section 3). Names are in the requested language, EN when missing. */
export const gameCardSchema = z.object({
  nodeId: z.number().int(),
  vassalage: z.string(),
  gameType: z.enum(gameTypes),
  gameName: z.string(),
  /** The tile label: the same localised name as gameName. */
  displayName: z.string(),
  iconUrl: z.string(),
  /** The icon to show on a tile (the spec's showIcon): iconUrl. */
  showIcon: z.string(),
  /** The large icon (spec spelling); iconUrl when the game has none of its own. */
  lagerIcon: z.string(),
  /** Stable card id across catalogue reloads: `${vassalage}_${gameCode}`. */
  cardId: z.string(),
  gameCode: z.string(),
  gameClassify: z.string().nullable(),
  isHot: z.union([z.literal(0), z.literal(1)]),
  isGame: z.enum(gameCardKinds),
  vendorName: z.string(),
  vendorLogoUrl: z.string().nullable(),
  /** The vendor is in maintenance: launching answers 503 GAME_MAINTENANCE. */
  maintenance: z.boolean(),
});
export type GameCard = z.infer<typeof gameCardSchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    /** The page answered, from 1. */
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  });
}
export const gamePageSchema = pageOf(gameCardSchema);
export type GamePage = z.infer<typeof gamePageSchema>;

// --- GET /wps/relay/vendorSorting -------------------------------------------------------------

export const vendorSortingQuerySchema = z.object({ ...callerParams });
export const menuVendorSchema = z.object({
  vassalage: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  maintenance: z.boolean(),
});
/** One menu category with its vendors, in the merchant's order; empty categories are left out. */
export const vendorSortingEntrySchema = z.object({
  gameType: z.enum(gameTypes),
  vendors: z.array(menuVendorSchema),
});
export type VendorSortingEntry = z.infer<typeof vendorSortingEntrySchema>;
export const vendorSortingEnvelope = envelopeOf(z.array(vendorSortingEntrySchema));

// --- GET /wps/relay/gameList ------------------------------------------------------------------

export const gameListQuerySchema = z.object({
  ...callerParams,
  /** The spec's name for the merchant code on this call. */
  merchant: optionalParam(merchantCodeParam),
  pageNo: pageNoParam,
  pageSize: pageSizeParam(maxPageSize, 20),
  gameType: optionalParam(gameTypeParam),
  gameClassify: optionalParam(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,32}$/),
  ),
  vassalage: optionalParam(vassalageParam),
  /** Search by name in any language, or by game code. */
  keyword: optionalParam(z.string().trim().max(50)),
});
export type GameListQuery = z.infer<typeof gameListQuerySchema>;
export const gamePageEnvelope = envelopeOf(gamePageSchema);

// --- GET /wps/relay/hotGames ------------------------------------------------------------------

export const hotGamesQuerySchema = z.object({
  ...callerParams,
  /** Spec: isPlatform 2. Accepted and ignored. */
  isPlatform: optionalParam(intParam(0, 9)),
});
export const gameListEnvelope = envelopeOf(z.array(gameCardSchema));

// --- GET /wps/relay/gameVendor ----------------------------------------------------------------

export const gameVendorQuerySchema = z.object({ ...callerParams });
/** One lobby lane per menu category: the cards of each vendor, and which vendors have each sub-category. */
export const gameVendorLaneSchema = z.object({
  title: z.enum(gameTypes),
  cards: z.record(z.string(), z.array(gameCardSchema)),
  gameClassify: z.array(z.object({ key: z.string(), vendors: z.array(z.string()) })),
});
export type GameVendorLane = z.infer<typeof gameVendorLaneSchema>;
export const gameVendorEnvelope = envelopeOf(z.array(gameVendorLaneSchema));

// --- GET /wps/relay/vendorGameTypes -----------------------------------------------------------

export const vendorGameTypesQuerySchema = z.object({ ...callerParams, vassalage: vassalageParam });
/** The game types the vendor offers on this merchant, in the spec's order (empty for an unknown vendor). */
export const vendorGameTypesEnvelope = envelopeOf(z.array(z.enum(gameTypes)));

// --- favourites (token) -----------------------------------------------------------------------

/** GET /wps/relay/favorites */
export const favoritesQuerySchema = z.object({
  ...callerParams,
  pageNo: pageNoParam,
  pageSize: pageSizeParam(maxFavoritesPageSize, 20),
  gameType: optionalParam(gameTypeParam),
});
export type FavoritesQuery = z.infer<typeof favoritesQuerySchema>;
export const favoritePageSchema = gamePageSchema.extend({
  /** Every favourite nodeId of the member (all types), newest first: for the heart on each tile. */
  ids: z.array(z.number().int()),
});
export const favoritePageEnvelope = envelopeOf(favoritePageSchema);

/** POST /wps/relay/favorites: adding a favourite twice keeps one. */
export const addFavoriteBodySchema = z.strictObject({
  nodeId: nodeIdParam,
  /** Carried by the spec's client; the game's own vendor and type are what is stored. */
  vendor: z.string().trim().max(32).optional(),
  gameType: gameTypeParam.optional(),
});
/** DELETE /wps/relay/favorites?nodeId= */
export const removeFavoriteQuerySchema = z.object({
  nodeId: nodeIdParam,
  lang: optionalParam(languageParam),
});
export const favoriteIdsEnvelope = envelopeOf(z.object({ ids: z.array(z.number().int()) }));

// --- GET /wps/relay/recentGames (token) -------------------------------------------------------

export const recentGamesQuerySchema = z.object({
  ...callerParams,
  /** The spec names it `page`; `pageNo` is accepted too (page wins). */
  page: optionalParam(intParam(1, 100_000)),
  pageNo: optionalParam(intParam(1, 100_000)),
  pageSize: pageSizeParam(maxPageSize, defaultRecentPageSize),
  gameType: optionalParam(gameTypeParam),
});
export type RecentGamesQuery = z.infer<typeof recentGamesQuerySchema>;

// --- GET /wps/relay/winnerBoard ---------------------------------------------------------------

export const winnerBoardQuerySchema = z.object({
  ...callerParams,
  gameCategory: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value),
    z.enum(['ALL', ...gameTypes]).default('ALL'),
  ),
  limitNum: pageSizeParam(maxWinnerLimit, defaultWinnerLimit),
});
export type WinnerBoardQuery = z.infer<typeof winnerBoardQuerySchema>;
export const winnerSchema = z.object({
  /** Masked, e.g. "ma***24". */
  customerName: z.string(),
  /** Minor units of `currency` (display with 2 decimals). */
  winAmount: z.number().int(),
  currency: z.string(),
  nodeId: z.number().int(),
  gameName: z.string(),
  iconUrl: z.string(),
  wonAt: z.string(),
});
export type Winner = z.infer<typeof winnerSchema>;
export const winnerBoardEnvelope = envelopeOf(z.array(winnerSchema));

// --- GET /wps/game/launchGame (token) ---------------------------------------------------------

export const launchGameQuerySchema = z.object({
  ...callerParams,
  /** The nodeId of the game. */
  game: nodeIdParam,
  /** Where the game's back button leads: a path on this site. */
  returnUrl: optionalParam(
    z
      .string()
      .trim()
      .max(512)
      .regex(/^\/(?![/\\])[^\s]*$/),
  ),
});
export const launchGameValueSchema = z.object({
  url: z.string(),
  vassalage: z.string(),
  gameCode: z.string(),
});
export type LaunchGameValue = z.infer<typeof launchGameValueSchema>;
export const launchGameEnvelope = envelopeOf(launchGameValueSchema);
