import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOUSE_VENDOR } from '@sorte/shared';
import { z } from 'zod';

/**
 * The studio's configuration, read once from the environment (embedded in the platform's process or
 * standalone). Everything a test or the embedding platform needs to override is a plain field of
 * `StudioConfig`; `loadStudioConfig(env, overrides)` merges the two.
 */

export const studioGameCodes = [
  'crash',
  'fortune-reels',
  'lucky-sevens',
  'dice',
  'limbo',
  'mines',
  'plinko',
] as const;
export type StudioGameCode = (typeof studioGameCodes)[number];

export type BetLimits = { min: number; max: number };

export type CrashSettings = {
  /** Games in a freshly generated hash chain. */
  chainLength: number;
  /** Published salt of the next chain; unset: 32 random bytes (hex) chosen when the chain is made. */
  salt: string | undefined;
  /** Secret seed of the next chain (the last game's hash); unset: random. Tests only. */
  chainSeed: string | undefined;
  bettingMs: number;
  /** Pause between a crash and the next betting phase (the result stays on screen). */
  cooldownMs: number;
  tickMs: number;
  /** How long the start of a game waits for bets whose wallet answer is still on its way. */
  betGraceMs: number;
  /**
   * Backstop for a bet's answer (see CrashEngineOptions); unset: the shorter of twice the wallet
   * timeout and betting plus its grace, then 5 s more.
   */
  betAnswerMs?: number;
  /** Game milliseconds per real millisecond (1 in production; tests speed the curve up). */
  timeScale: number;
  /** Monotonic clock in real milliseconds (tests freeze and step it). */
  clock: () => number;
  /**
   * Ticks also carry `sentAt` (the server's Date.now() when sent), so a load test on the same machine
   * can time their delivery. Off in production: ticks stay as small as they can be.
   */
  tickSentAt: boolean;
};

export type StudioConfig = {
  env: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Standalone only: where `main.ts` listens. */
  host: string;
  port: number;
  /** The platform's base URL for the wallet API; unset: http://127.0.0.1:{the port we listen on}. */
  platformUrl: string | undefined;
  vendorCode: string;
  /** HMAC-SHA256 key of the wallet calls; unset: read from `${dataDir}/keys/house-vendor-secret`. */
  vendorSecret: string | undefined;
  dataDir: string;
  /** PGlite data directory (unset with a database URL). `memory://` keeps it in memory (tests). */
  studioDataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** main.ts compiles PGlite's WebAssembly with the optimising compiler at start (the platform's setting). */
  pgliteEagerTierUp: boolean;
  /** Built game frames (index.html + assets). */
  webDistDir: string;
  walletTimeoutMs: number;
  /** First retry delay of a win or rollback; doubles per attempt up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  sessionIdleHours: number;
  /** An open mines round nobody touched for this long is cashed out (or refunded without picks). */
  minesIdleHours: number;
  betLimits: Record<StudioGameCode, BetLimits>;
  /** Largest payout of one round, in minor units. */
  maxWinMinor: number;
  crash: CrashSettings;
  /** Start the crash engine and the recovery/outbox worker (tests of single parts turn them off). */
  startEngines: boolean;
};

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const hex64 = z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex characters');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  STUDIO_HOST: z.string().min(1).optional(),
  HOST: z.string().min(1).default('0.0.0.0'),
  STUDIO_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  PLATFORM_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  HOUSE_VENDOR_CODE: z
    .string()
    .regex(/^[A-Z0-9_]{2,32}$/)
    .default(HOUSE_VENDOR),
  HOUSE_VENDOR_SECRET: z.string().min(32, 'must be at least 32 characters').max(256).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  STUDIO_DATA_DIR: z.string().min(1).optional(),
  STUDIO_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  STUDIO_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_EAGER_TIER_UP: booleanFlag.default(true),
  STUDIO_WEB_DIST_DIR: z.string().min(1).optional(),
  STUDIO_WALLET_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  STUDIO_RETRY_BASE_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  STUDIO_RETRY_MAX_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  STUDIO_SESSION_IDLE_HOURS: z.coerce.number().min(0.01).max(720).default(12),
  STUDIO_MINES_IDLE_HOURS: z.coerce.number().min(0.01).max(720).default(24),
  STUDIO_MIN_BET: z.coerce.number().int().min(1).default(100),
  STUDIO_MAX_BET: z.coerce.number().int().min(1).default(100_000),
  /** JSON: per-game limits, e.g. {"crash":{"min":100,"max":500000}}. */
  STUDIO_BET_LIMITS: z.string().optional(),
  STUDIO_MAX_WIN: z.coerce.number().int().min(1).default(100_000_000),
  CRASH_CHAIN_LENGTH: z.coerce.number().int().min(10).max(10_000_000).default(100_000),
  CRASH_SALT: z.string().min(1).max(256).optional(),
  CRASH_CHAIN_SEED: hex64.optional(),
  CRASH_BETTING_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  CRASH_COOLDOWN_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  CRASH_TICK_MS: z.coerce.number().int().min(20).max(150).default(100),
  CRASH_BET_GRACE_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
  CRASH_TICK_SENT_AT: booleanFlag.default(false),
  STUDIO_ENGINES: booleanFlag.default(true),
});

export class StudioConfigError extends Error {}

/** What a test or the embedding platform may set over the environment. */
export type StudioOverrides = Partial<Omit<StudioConfig, 'crash'>> & { crash?: Partial<CrashSettings> };

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const betLimitsSchema = z.record(
  z.enum(studioGameCodes),
  z.object({ min: z.number().int().min(1), max: z.number().int().min(1) }),
);

export function loadStudioConfig(
  env: NodeJS.ProcessEnv = process.env,
  overrides: StudioOverrides = {},
): StudioConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new StudioConfigError(`Invalid studio configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  let perGame: Partial<Record<StudioGameCode, BetLimits>> = {};
  if (e.STUDIO_BET_LIMITS) {
    try {
      perGame = betLimitsSchema.parse(JSON.parse(e.STUDIO_BET_LIMITS));
    } catch (error) {
      throw new StudioConfigError(
        `Invalid studio configuration:\n  STUDIO_BET_LIMITS: ${(error as Error).message}`,
      );
    }
  }
  const betLimits = Object.fromEntries(
    studioGameCodes.map((code) => [code, perGame[code] ?? { min: e.STUDIO_MIN_BET, max: e.STUDIO_MAX_BET }]),
  ) as Record<StudioGameCode, BetLimits>;
  for (const [code, limits] of Object.entries(betLimits)) {
    if (limits.min > limits.max) throw new StudioConfigError(`bet limits of ${code}: min is above max`);
  }
  // Relative to where the user ran npm (npm runs workspace scripts inside apps/studio).
  const dataDir = overrides.dataDir ?? resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  const config: StudioConfig = {
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    host: e.STUDIO_HOST ?? e.HOST,
    port: e.STUDIO_PORT,
    platformUrl: e.PLATFORM_URL,
    vendorCode: e.HOUSE_VENDOR_CODE,
    vendorSecret: e.HOUSE_VENDOR_SECRET,
    dataDir,
    studioDataDir:
      e.STUDIO_DATA_DIR === undefined
        ? join(dataDir, 'studio')
        : e.STUDIO_DATA_DIR.startsWith('memory://')
          ? e.STUDIO_DATA_DIR
          : resolve(env.INIT_CWD ?? process.cwd(), e.STUDIO_DATA_DIR),
    databaseUrl: e.STUDIO_DATABASE_URL,
    databasePoolSize: e.STUDIO_DATABASE_POOL_SIZE,
    pgliteEagerTierUp: e.PGLITE_EAGER_TIER_UP,
    webDistDir: e.STUDIO_WEB_DIST_DIR ?? join(packageDir, 'dist', 'web'),
    walletTimeoutMs: e.STUDIO_WALLET_TIMEOUT_MS,
    retryBaseMs: e.STUDIO_RETRY_BASE_MS,
    retryMaxMs: e.STUDIO_RETRY_MAX_MS,
    sessionIdleHours: e.STUDIO_SESSION_IDLE_HOURS,
    minesIdleHours: e.STUDIO_MINES_IDLE_HOURS,
    betLimits,
    maxWinMinor: e.STUDIO_MAX_WIN,
    crash: {
      chainLength: e.CRASH_CHAIN_LENGTH,
      salt: e.CRASH_SALT,
      chainSeed: e.CRASH_CHAIN_SEED,
      bettingMs: e.CRASH_BETTING_MS,
      cooldownMs: e.CRASH_COOLDOWN_MS,
      tickMs: e.CRASH_TICK_MS,
      betGraceMs: e.CRASH_BET_GRACE_MS,
      timeScale: 1,
      clock: () => performance.now(),
      tickSentAt: e.CRASH_TICK_SENT_AT,
    },
    startEngines: e.STUDIO_ENGINES,
  };
  return {
    ...config,
    ...overrides,
    crash: { ...config.crash, ...overrides.crash },
    // A data directory given as an override moves the default studio directory with it.
    studioDataDir:
      overrides.studioDataDir ??
      (overrides.dataDir && !e.STUDIO_DATA_DIR ? join(dataDir, 'studio') : config.studioDataDir),
  };
}

/** `${dataDir}/keys/house-vendor-secret`, the file the platform writes on its first start. */
export const houseVendorSecretPath = (dataDir: string) => join(dataDir, 'keys', 'house-vendor-secret');

/** The wallet signing secret: configured, or the platform's key file (it must exist by now). */
export function resolveVendorSecret(config: StudioConfig): string {
  if (config.vendorSecret) return config.vendorSecret;
  const path = houseVendorSecretPath(config.dataDir);
  let secret: string;
  try {
    secret = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new StudioConfigError(
        `no wallet secret: set HOUSE_VENDOR_SECRET, or start the platform once so that it writes ${path}`,
      );
    }
    throw error;
  }
  if (secret.length < 32) throw new StudioConfigError(`${path}: the secret must be at least 32 characters`);
  return secret;
}
