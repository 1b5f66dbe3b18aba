import { z } from 'zod';
import { envelopeOf } from '../envelope';
import { operatorMerchantCodes } from './console';
import { gameTypes } from './games';

/**
 * The operator console's games and vendors (issue 15), permission 'vendors.manage'.
 *
 * Games belong to a shared catalogue; each merchant turns games off, marks them hot and orders them
 * for itself (a null override keeps the catalogue's value). Vendors are switched on and off and put
 * in maintenance for every merchant at once, so only an operator not limited to one merchant may do
 * that; each merchant has its own vendor sorting list (the menu). The site's lobby answers follow a
 * change at once on the instance that made it, and within the lobby cache's 30 seconds elsewhere.
 */

const vendorCode = z.string().regex(/^[A-Z0-9_]{2,32}$/, { error: 'a vendor code (A-Z, 0-9, _)' });
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

/** Why a game is not in a merchant's lobby, or 'shown'. */
export const lobbyStates = ['shown', 'off', 'withdrawn', 'vendorOff', 'notListed'] as const;
export type LobbyState = (typeof lobbyStates)[number];

/** GET /ops/console/games: one merchant's view of the catalogue, in its lobby order. */
export const consoleGameListQuerySchema = z.strictObject({
  merchantCode: z.enum(operatorMerchantCodes),
  vassalage: vendorCode.optional(),
  gameType: z.enum(gameTypes).optional(),
  enabled: flag.optional(),
  hot: flag.optional(),
  /** Part of a name (any language) or of the game code. */
  q: z.string().trim().min(1).max(64).optional(),
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConsoleGameListQuery = z.input<typeof consoleGameListQuerySchema>;

export const GAME_SORT_MAX = 1_000_000;

export const consoleGameSchema = z.object({
  nodeId: z.number().int(),
  merchantCode: z.enum(operatorMerchantCodes),
  vassalage: z.string(),
  vendorName: z.string(),
  gameType: z.enum(gameTypes),
  gameCode: z.string(),
  /** The EN name. */
  name: z.string(),
  iconUrl: z.string(),
  /** On for this merchant (and not withdrawn from the catalogue). */
  enabled: z.boolean(),
  hot: z.boolean(),
  /** Its place among its vendor's games of its type, for this merchant (smaller first). */
  sort: z.number().int(),
  lobby: z.enum(lobbyStates),
  /** In maintenance: listed, but launches answer "game maintenance". */
  maintenance: z.boolean(),
});
export type ConsoleGame = z.infer<typeof consoleGameSchema>;
export const consoleGamePageEnvelope = envelopeOf(
  z.object({
    content: z.array(consoleGameSchema),
    pageNum: z.number().int(),
    totalPages: z.number().int(),
    total: z.number().int(),
  }),
);
export const consoleGameEnvelope = envelopeOf(consoleGameSchema);

export const consoleGameParamsSchema = z.strictObject({
  nodeId: z.coerce.number().int().min(1).max(2_147_483_647),
});

/** PATCH /ops/console/games/:nodeId: the merchant's switches and place for the game. */
export const updateConsoleGameBodySchema = z
  .strictObject({
    merchantCode: z.enum(operatorMerchantCodes),
    enabled: z.boolean().optional(),
    hot: z.boolean().optional(),
    sort: z.number().int().min(0).max(GAME_SORT_MAX).optional(),
  })
  .refine((b) => b.enabled !== undefined || b.hot !== undefined || b.sort !== undefined, {
    error: 'nothing to change',
  });

/** POST /ops/console/games/:nodeId/move: one place up or down among its vendor's games of its type. */
export const moveConsoleGameBodySchema = z.strictObject({
  merchantCode: z.enum(operatorMerchantCodes),
  direction: z.enum(['up', 'down']),
});

// --- vendors ------------------------------------------------------------------------------------

export const consoleVendorSchema = z.object({
  vassalage: z.string(),
  name: z.string(),
  gameTypes: z.array(z.enum(gameTypes)),
  logoUrl: z.string().nullable(),
  enabled: z.boolean(),
  maintenance: z.boolean(),
  games: z.number().int(),
});
export type ConsoleVendor = z.infer<typeof consoleVendorSchema>;
/** GET /ops/console/vendors */
export const consoleVendorListEnvelope = envelopeOf(z.array(consoleVendorSchema));
export const consoleVendorEnvelope = envelopeOf(consoleVendorSchema);
export const consoleVendorParamsSchema = z.strictObject({ vassalage: vendorCode });
/** PATCH /ops/console/vendors/:vassalage (every merchant: operators not limited to one). */
export const updateConsoleVendorBodySchema = z
  .strictObject({ enabled: z.boolean().optional(), maintenance: z.boolean().optional() })
  .refine((b) => b.enabled !== undefined || b.maintenance !== undefined, { error: 'nothing to change' });

// --- the vendor sorting list (the site's menu) --------------------------------------------------

export const menuEntrySchema = z.strictObject({
  gameType: z.enum(gameTypes),
  vassalage: vendorCode,
});
export type ConsoleVendorSortingEntry = z.infer<typeof menuEntrySchema>;

export const consoleVendorSortingSchema = z.object({
  merchantCode: z.enum(operatorMerchantCodes),
  /** In menu order: a category's place is its first entry's. */
  entries: z.array(
    menuEntrySchema.extend({
      name: z.string(),
      enabled: z.boolean(),
      maintenance: z.boolean(),
      /** Has a game this merchant offers in that category: without one the menu leaves it out. */
      hasGames: z.boolean(),
    }),
  ),
  /** Vendor and category pairs the vendor declares but this merchant does not list. */
  available: z.array(menuEntrySchema.extend({ name: z.string() })),
});
export type ConsoleVendorSorting = z.infer<typeof consoleVendorSortingSchema>;
/** GET and PUT /ops/console/vendor-sorting/:merchantCode */
export const consoleVendorSortingEnvelope = envelopeOf(consoleVendorSortingSchema);
export const vendorSortingParamsSchema = z.strictObject({ merchantCode: z.enum(operatorMerchantCodes) });
/** PUT: the whole list in its new order (what is left out is no longer in the menu). */
export const saveVendorSortingBodySchema = z.strictObject({
  entries: z.array(menuEntrySchema).min(1).max(500),
});

// --- wallet vendors: secrets --------------------------------------------------------------------

/** Hours the previous secret stays accepted after a rotation. */
export const SECRET_OVERLAP_HOURS = { min: 1, max: 168, default: 24 } as const;

export const consoleWalletVendorSchema = z.object({
  code: z.string(),
  name: z.string(),
  catalogueVendors: z.array(z.string()),
  enabled: z.boolean(),
  /** 'configuration': the server's configuration holds the secret (the house studio): rotated there. */
  secretSource: z.enum(['stored', 'configuration']),
  secretRotatedAt: z.string().nullable(),
  /** The previous secret is accepted until then; null when there is none (or its window is over). */
  previousSecretUntil: z.string().nullable(),
});
export type ConsoleWalletVendor = z.infer<typeof consoleWalletVendorSchema>;
/** GET /ops/console/wallet-vendors */
export const consoleWalletVendorListEnvelope = envelopeOf(z.array(consoleWalletVendorSchema));
export const walletVendorParamsSchema = z.strictObject({ code: vendorCode });
/** POST /ops/console/wallet-vendors/:code/secret: a new secret, made by the server. */
export const rotateWalletSecretBodySchema = z.strictObject({
  overlapHours: z
    .number()
    .int()
    .min(SECRET_OVERLAP_HOURS.min)
    .max(SECRET_OVERLAP_HOURS.max)
    .default(SECRET_OVERLAP_HOURS.default),
});
/** The new secret is in this answer only: give it to the vendor; it is never shown again. */
export const rotatedWalletSecretEnvelope = envelopeOf(
  z.object({ vendor: consoleWalletVendorSchema, secret: z.string() }),
);

/** POST /ops/vendors/transactions/purge: how many vendor transaction records went, and the cutoff. */
export const vendorPurgeEnvelope = envelopeOf(z.object({ deleted: z.number().int(), cutoff: z.string() }));
