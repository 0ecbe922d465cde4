import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { defaultWebDist } from './paths.js';
import type { StorageConfig } from './platform/storage/storage.js';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDist),
  SEED_DEMO: booleanFlag.default(true),
  TRUST_PROXY: booleanFlag.default(false),
  TENANT_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.email().default('no-reply@marketplace.localhost'),
  DEV_OUTBOX: booleanFlag.optional(),
  REDIS_URL: z.url().optional(),
  REDIS_KEY_PREFIX: z.string().default('market:'),
  KAKAO_REST_API_KEY: z.string().min(1).optional(),
  KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
  KAKAO_REDIRECT_URI: z.url().optional(),
  KAKAO_AUTH_BASE_URL: z.url().default('https://kauth.kakao.com'),
  KAKAO_API_BASE_URL: z.url().default('https://kapi.kakao.com'),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(24 * 60),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .default(14 * 24),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  MEDIA_PUBLIC_BASE_URL: z.string().min(1).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  COUNTER_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  CATALOGUE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  SEED_PRODUCTS_PER_TENANT: z.coerce.number().int().min(0).max(100_000).default(0),
  SEED_POSTS_PER_TENANT: z.coerce.number().int().min(0).max(100_000).default(0),
  POST_FILE_BYTES_MAX: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(50 * 1024 * 1024),
  POST_VIEW_PERIOD_MINUTES: z.coerce.number().int().min(1).default(60),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL through node-postgres when set; embedded PGlite otherwise. */
  databaseUrl?: string;
  databasePoolMax: number;
  /** Keep PGlite in memory instead of under dataDir (tests). */
  inMemoryDatabase: boolean;
  /** An open PGlite to use as the database (tests hand in a clone of a migrated template). */
  pglite?: PGlite;
  logLevel: Env['LOG_LEVEL'];
  /** Built web app to serve with an SPA fallback; skipped when the folder has no index.html. */
  webDistDir: string;
  seedDemo: boolean;
  trustProxy: boolean;
  tenantCacheTtlMs: number;
  mail: {
    /** SMTP through nodemailer when set; otherwise mails go to the in-memory outbox. */
    smtpUrl?: string;
    from: string;
    /** Serve the outbox at GET /api/dev/outbox (only ever with the outbox mailer). */
    outboxPage: boolean;
  };
  /** Counters and rate limits in Redis when set; in process memory otherwise. */
  redisUrl?: string;
  redisKeyPrefix: string;
  kakao: {
    restApiKey?: string;
    clientSecret?: string;
    redirectUri?: string;
    authBaseUrl: string;
    apiBaseUrl: string;
  };
  session: { idleTimeoutMs: number; maxAgeMs: number };
  /** Brute-force rules of login (see docs/decisions/004-sessions.md). */
  loginLimits: { perAccount: number; perAddress: number; windowMs: number };
  /** Media files: local disk under DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: StorageConfig;
  catalogue: {
    /** How often batched counters (product views, searched keywords) are written. */
    counterFlushMs: number;
    /** Extra generated products per demo tenant (the benchmark's large catalogue). */
    seedProductsPerTenant: number;
    /** How long public catalogue answers (feeds, lists, product pages) are reused; 0 turns it off. */
    answerCacheMs: number;
  };
  content: {
    /** Largest upload of a post form (the spec's 50 MB; tests set a small one). */
    fileBytesMax: number;
    /** Extra plain posts per demo tenant at seeding (the content benchmark's 10,000); optional. */
    seedPostsPerTenant?: number;
    /** One viewer's opens of a post within this period count as one view. */
    viewPeriodMs: number;
  };
}

export const defaultLoginLimits: AppConfig['loginLimits'] = { perAccount: 5, perAddress: 50, windowMs: 15 * 60_000 };

/** Reads and validates the environment, failing at boot with every bad variable listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET) {
    throw new Error('Invalid environment:\n  S3_BUCKET: STORAGE_DRIVER=s3 needs a bucket');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    inMemoryDatabase: false,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    tenantCacheTtlMs: e.TENANT_CACHE_TTL_MS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      // The outbox page lets a person trying the product read codes and links; a deployment that
      // sends real mail (SMTP_URL) never has it, and DEV_OUTBOX=false turns it off otherwise.
      outboxPage: !e.SMTP_URL && (e.DEV_OUTBOX ?? true),
    },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    kakao: {
      restApiKey: e.KAKAO_REST_API_KEY,
      clientSecret: e.KAKAO_CLIENT_SECRET,
      redirectUri: e.KAKAO_REDIRECT_URI,
      authBaseUrl: e.KAKAO_AUTH_BASE_URL,
      apiBaseUrl: e.KAKAO_API_BASE_URL,
    },
    session: {
      idleTimeoutMs: e.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
      maxAgeMs: e.SESSION_MAX_AGE_HOURS * 3_600_000,
    },
    loginLimits: defaultLoginLimits,
    storage: {
      driver: e.STORAGE_DRIVER,
      localDir: join(e.DATA_DIR, 'uploads'),
      publicBaseUrl: e.MEDIA_PUBLIC_BASE_URL,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
    catalogue: {
      counterFlushMs: e.COUNTER_FLUSH_MS,
      seedProductsPerTenant: e.SEED_PRODUCTS_PER_TENANT,
      answerCacheMs: e.CATALOGUE_CACHE_MS,
    },
    content: {
      fileBytesMax: e.POST_FILE_BYTES_MAX,
      viewPeriodMs: e.POST_VIEW_PERIOD_MINUTES * 60_000,
      seedPostsPerTenant: e.SEED_POSTS_PER_TENANT,
    },
  };
}
