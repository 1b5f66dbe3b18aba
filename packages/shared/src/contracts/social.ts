import { z } from 'zod';
import { envelopeOf } from '../envelope';

/** Social sign-in channels (spec sections 1 and 7). */
export const socialChannels = ['google', 'facebook', 'telegram'] as const;
export type SocialChannel = (typeof socialChannels)[number];

/** The channels signed in through OpenID Connect (DECISIONS.md): a redirect to the provider and back. */
export const oidcChannels = ['google', 'facebook'] as const;
export type OidcChannel = (typeof oidcChannels)[number];

/**
 * POST /wps/session/social/telegram: the Telegram login widget's payload, exactly as the widget gives
 * it. Nothing is trimmed or converted, because the hash covers the values as received; any further
 * field the widget adds is accepted and covered by the hash too.
 */
export const telegramLoginBodySchema = z
  .object({
    id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    first_name: z.string().max(256),
    last_name: z.string().max(256).optional(),
    username: z.string().max(64).optional(),
    photo_url: z.string().max(2048).optional(),
    auth_date: z.number().int().positive(),
    hash: z.string().regex(/^[0-9a-fA-F]{64}$/, 'hex SHA-256'),
  })
  .catchall(z.union([z.string().max(2048), z.number(), z.boolean()]));
export type TelegramLoginBody = z.infer<typeof telegramLoginBodySchema>;

/** GET /wps/session/social/:channel/start: where the browser lands after signing in. */
export const socialStartQuerySchema = z.object({
  /** A path of this site starting with a single '/'; anything else becomes '/'. */
  returnTo: z.string().optional().catch(undefined),
  merchantCode: z.string().max(8).optional(),
});

/** GET /wps/session/social/providers: the enabled channels, in the order the login popup shows them. */
export const socialProviderSchema = z.object({
  channel: z.enum(socialChannels),
  /** OpenID Connect channels: the path the browser navigates to (add ?returnTo=/path). */
  startUrl: z.string().optional(),
  /** Telegram: the bot the login widget is drawn for. */
  botName: z.string().optional(),
});
export type SocialProvider = z.infer<typeof socialProviderSchema>;
export const socialProvidersEnvelope = envelopeOf(z.array(socialProviderSchema));
