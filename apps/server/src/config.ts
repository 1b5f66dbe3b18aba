import { z } from 'zod';
import type { S3Settings } from './lib/s3-client';

/**
 * The server's whole configuration, read once from the environment. Every variable is documented
 * in `.env.example`. A malformed value stops the server at start with a message naming it.
 */
const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  ACCEPT_HANDLES: z.coerce.number().int().min(1).max(64).default(16),
  PGLITE_EAGER_TIER_UP: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1–64 letters, digits, ":", ".", "_" or "-"')
    .default('sorte:'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(262_144),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(72_000),
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
  SEED_DEMO: booleanFlag.default(true),
  SEED_DEMO_HISTORY: booleanFlag.default(true),
  SERVE_WEB: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().min(1).default('apps/web/dist'),
  CONSOLE_DIST_DIR: z.string().min(1).default('apps/console/dist'),
  TRUST_PROXY: booleanFlag.default(false),
  OPERATOR_API_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  HOUSE_SHARDS: z.coerce.number().int().min(1).max(256).default(32),
  GEO_COUNTRY_HEADER: z
    .string()
    .regex(/^[a-zA-Z0-9-]{1,64}$/, 'must be a header name, e.g. cf-ipcountry')
    .optional(),
  GEOIP_DB_FILE: z.string().min(1).optional(),
  IMAGE_CDNS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be comma-separated http(s) URLs' })))
    .default([]),
  LAUNCH_GAME_CDNS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((u) => u.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be comma-separated http(s) URLs' })))
    .default([]),
  ANALYTICS_ID: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .optional(),
  PAYLOAD_KEY_FILE: z.string().min(1).optional(),
  PUBLIC_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]{20,}$/, 'must be a bot token as BotFather gives it (digits:secret)')
    .optional(),
  TELEGRAM_BOT_NAME: z
    .string()
    .regex(/^\w{5,32}$/, 'must be the bot username without @')
    .optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  FACEBOOK_ISSUER: z.url().default('https://www.facebook.com'),
  FACEBOOK_CLIENT_ID: z.string().min(1).optional(),
  FACEBOOK_CLIENT_SECRET: z.string().min(1).optional(),
  HOUSE_VENDOR_SECRET: z.string().min(32, 'must be at least 32 characters').max(256).optional(),
  /** 32 bytes, base64url: seals operators' TOTP secrets; shared by every instance when scaled out. */
  CONSOLE_SECRET_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be 32 bytes in base64url (43 characters)' })
    .optional(),
  STUDIO_URL: z
    .string()
    .refine((v) => /^\/(?![/\\])/.test(v) || /^https?:\/\/[^\s]+$/.test(v), {
      error: 'must be a path on this site (/studio) or an http:// or https:// URL',
    })
    .transform((v) => v.replace(/\/+$/, ''))
    .default('/studio'),
  HOUSE_STUDIO: booleanFlag.optional(),
  SANDBOX_PAYMENTS_SECRET: z.string().min(32, 'must be at least 32 characters').max(256).optional(),
  PAYMENTS_WEBHOOK_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  LOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  LOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0.9),
  LOAD_MAX_HEAP_USED_MB: z.coerce.number().int().min(0).default(0),
  LOAD_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
  LOAD_SAMPLE_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  LOAD_STALL_MS: z.coerce.number().int().min(0).max(60_000).default(40),
  LOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  LOAD_LOG_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  ARGON2_CONCURRENCY: z.coerce.number().int().min(0).max(256).default(0),
  ARGON2_QUEUE_MAX: z.coerce.number().int().min(0).max(100_000).default(64),
  ARGON2_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(300),
  ARGON2_NICE: z.coerce.number().int().min(0).max(19).default(10),
  CONTENT_STORE: z.enum(['data-dir', 's3']).default('data-dir'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .refine((v) => /^https?:\/\/[^/]+\/?$/.test(v), {
      error: "must be the store's origin without a path, e.g. https://s3.eu-west-1.amazonaws.com",
    })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as us-east-1 (auto for Cloudflare R2)')
    .default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PUBLIC_BASE_URL: z
    .url({
      protocol: /^https$/,
      error: 'must be an https:// URL (banners and promotions show only https:// pictures)',
    })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
});

/** CONTENT_STORE=s3 needs a bucket and its keys: each one missing is named, not found at the first upload. */
const withContentStoreRules = envSchema.superRefine((e, context) => {
  if (e.CONTENT_STORE !== 's3') return;
  for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (e[name] === undefined)
      context.addIssue({ code: 'custom', path: [name], message: 'required when CONTENT_STORE=s3' });
  }
});

/** Where content pictures (banners, promotions) are kept. */
export type ContentStoreConfig =
  | { kind: 'data-dir' }
  | {
      kind: 's3';
      s3: S3Settings;
      /** The bucket's public address (served publicly or by a CDN); unset: the server streams the pictures. */
      publicBaseUrl: string | undefined;
    };

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Handles on the listening socket: new connections accepted per event-loop turn (lib/accept-handles.ts). */
  acceptHandles: number;
  /**
   * The server (main.ts) compiles PGlite's WebAssembly with the optimising compiler at start, not
   * function by function once each is hot (V8's dynamic tiering).
   */
  pgliteEagerTierUp: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  /** Put before every Redis key, so several sites (or test runs) can share one Redis. */
  redisKeyPrefix: string;
  bodyLimitBytes: number;
  /**
   * Time limits of a connection. request: the whole request, body included (a client that dribbles
   * its body is cut with a 408); headers: until the headers are in; keepAlive: an idle kept-alive
   * connection; connection: a socket with no traffic at all (0: none). WebSockets are exempt.
   */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number; connectionMs: number };
  seedDemo: boolean;
  /** With seedDemo: also 90 days of play at every merchant (the console's figures), 10–20 s at first start. */
  seedDemoHistory: boolean;
  serveWeb: boolean;
  webDistDir: string;
  consoleDistDir: string;
  trustProxy: boolean;
  operatorApiKey: string | undefined;
  houseShards: number;
  /** A header set by a trusted CDN with the visitor's country (e.g. cf-ipcountry); unset: not trusted. */
  geoCountryHeader: string | undefined;
  /** A MaxMind-format (.mmdb) country database; unset: country from the header only. */
  geoipDatabaseFile: string | undefined;
  /** CDN origins for images and game launches; one is picked at random per visitor (spec section 3). */
  imageCdns: string[];
  launchGameCdns: string[];
  analyticsId: string | undefined;
  /** PEM private key for encrypted payloads; unset: generated once under DATA_DIR/keys. */
  payloadKeyFile: string | undefined;
  /** Public origin of the site, for the OpenID Connect redirect URIs; unset: http://localhost:PORT. */
  publicBaseUrl: string | undefined;
  /** Telegram login widget; no token: the channel is off. */
  telegramBotToken: string | undefined;
  telegramBotName: string | undefined;
  /** OpenID Connect channels; no client id: the channel is off. */
  googleIssuer: string;
  googleClientId: string | undefined;
  googleClientSecret: string | undefined;
  facebookIssuer: string;
  facebookClientId: string | undefined;
  facebookClientSecret: string | undefined;
  /** HMAC key the in-house studio signs wallet calls with; unset: generated once under DATA_DIR/keys. */
  houseVendorSecret: string | undefined;
  consoleSecretKey: string | undefined;
  /** Where the studio's game pages live: a path on this site or an absolute URL, no trailing slash ('': the root). */
  studioUrl: string;
  /** Open the house games (SORTE, BGS) through the studio; off in tests unless a test turns it on. */
  houseStudio: boolean;
  /** HMAC key of the sandbox payment provider's webhooks; unset: generated once under DATA_DIR/keys. */
  sandboxPaymentsSecret: string | undefined;
  /** Where the sandbox provider sends its webhooks; unset: PUBLIC_BASE_URL, else http://127.0.0.1:PORT. */
  paymentsWebhookBaseUrl: string | undefined;
  /** Load shedding (503 SERVER_BUSY + Retry-After, /healthz exempt) and the argon2id queue. */
  load: LoadLimits;
  /** Content pictures under DATA_DIR/uploads/content, or in an S3-compatible bucket (CONTENT_STORE=s3). */
  contentStore: ContentStoreConfig;
};

export type LoadLimits = {
  /** Longest event-loop stall in one sample period above which fewer requests are let in; 0: off. */
  maxEventLoopDelayMs: number;
  /** Event-loop utilisation (0–1) over one sample period above which fewer requests are let in; 0: off. */
  maxEventLoopUtilization: number;
  /** Heap in use above which requests are shed; 0: 90% of V8's heap limit. */
  maxHeapUsedBytes: number;
  /** Resident memory above which requests are shed; 0: off. */
  maxRssBytes: number;
  sampleIntervalMs: number;
  /**
   * A single event-loop stall longer than this steps the share let in down at once, as it ends (not
   * at its period's end); 0: off. Only while maxEventLoopDelayMs is on.
   */
  stallMs: number;
  retryAfterSeconds: number;
  /** How often the event-loop delay and the argon2 queue are logged; 0: never. */
  logIntervalMs: number;
  /** argon2id hashes at once; 0: one per core but one (at least one), so the event loop keeps a core. */
  argon2Concurrency: number;
  argon2QueueMax: number;
  argon2QueueWaitMs: number;
  /** How much lower than the process the argon2id threads run (Linux nice, 0–19); 0: the same. */
  argon2Nice: number;
};

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as they do in most .env tooling.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = withContentStoreRules.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    acceptHandles: e.ACCEPT_HANDLES,
    pgliteEagerTierUp: e.PGLITE_EAGER_TIER_UP,
    logLevel: e.LOG_LEVEL,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    timeouts: {
      requestMs: e.REQUEST_TIMEOUT_MS,
      // Node refuses a headers limit above the request's.
      headersMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
      connectionMs: e.CONNECTION_TIMEOUT_MS,
    },
    seedDemo: e.SEED_DEMO,
    seedDemoHistory: e.SEED_DEMO_HISTORY,
    serveWeb: e.SERVE_WEB,
    webDistDir: e.WEB_DIST_DIR,
    consoleDistDir: e.CONSOLE_DIST_DIR,
    trustProxy: e.TRUST_PROXY,
    operatorApiKey: e.OPERATOR_API_KEY,
    houseShards: e.HOUSE_SHARDS,
    geoCountryHeader: e.GEO_COUNTRY_HEADER,
    geoipDatabaseFile: e.GEOIP_DB_FILE,
    imageCdns: e.IMAGE_CDNS,
    launchGameCdns: e.LAUNCH_GAME_CDNS,
    analyticsId: e.ANALYTICS_ID,
    payloadKeyFile: e.PAYLOAD_KEY_FILE,
    publicBaseUrl: e.PUBLIC_BASE_URL,
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    telegramBotName: e.TELEGRAM_BOT_NAME,
    googleIssuer: e.GOOGLE_ISSUER,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    facebookIssuer: e.FACEBOOK_ISSUER,
    facebookClientId: e.FACEBOOK_CLIENT_ID,
    facebookClientSecret: e.FACEBOOK_CLIENT_SECRET,
    houseVendorSecret: e.HOUSE_VENDOR_SECRET,
    consoleSecretKey: e.CONSOLE_SECRET_KEY,
    studioUrl: e.STUDIO_URL,
    houseStudio: e.HOUSE_STUDIO ?? e.NODE_ENV !== 'test',
    sandboxPaymentsSecret: e.SANDBOX_PAYMENTS_SECRET,
    paymentsWebhookBaseUrl: e.PAYMENTS_WEBHOOK_BASE_URL,
    load: {
      maxEventLoopDelayMs: e.LOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.LOAD_MAX_EVENT_LOOP_UTILIZATION,
      maxHeapUsedBytes: e.LOAD_MAX_HEAP_USED_MB * 1_048_576,
      maxRssBytes: e.LOAD_MAX_RSS_MB * 1_048_576,
      sampleIntervalMs: e.LOAD_SAMPLE_INTERVAL_MS,
      stallMs: e.LOAD_STALL_MS,
      retryAfterSeconds: e.LOAD_RETRY_AFTER_SECONDS,
      logIntervalMs: e.LOAD_LOG_INTERVAL_MS,
      argon2Concurrency: e.ARGON2_CONCURRENCY,
      argon2QueueMax: e.ARGON2_QUEUE_MAX,
      argon2QueueWaitMs: e.ARGON2_QUEUE_WAIT_MS,
      argon2Nice: e.ARGON2_NICE,
    },
    contentStore:
      e.CONTENT_STORE === 's3'
        ? {
            kind: 's3',
            s3: {
              endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET as string,
              accessKeyId: e.S3_ACCESS_KEY_ID as string,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
              timeoutMs: e.S3_TIMEOUT_MS,
            },
            publicBaseUrl: e.S3_PUBLIC_BASE_URL,
          }
        : { kind: 'data-dir' },
  };
}

/** A configuration for tests: in-memory database, no web, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SERVE_WEB: 'false',
  });
  return {
    ...config,
    // A test's own event loop stalls (loading a database, many apps in one process) and its bursts of
    // sign-ups on a busy machine are no load to shed; tests of shedding set the limits they need.
    load: {
      ...config.load,
      maxEventLoopDelayMs: 0,
      maxEventLoopUtilization: 0,
      logIntervalMs: 0,
      argon2QueueMax: 100_000,
      argon2QueueWaitMs: 60_000,
      // Test files run side by side on every core: hashes at the tests' own priority keep them quick.
      argon2Nice: 0,
    },
    ...overrides,
  };
}
