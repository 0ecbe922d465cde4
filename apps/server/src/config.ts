import { isIP } from 'node:net';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { defaultWebDist } from './paths.js';
import type { PublicAddress } from './platform/public-address.js';
import type { RequestLogOptions } from './platform/request-log.js';
import type { StorageConfig } from './platform/storage/storage.js';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** A proxy address or range of TRUST_PROXY: an IP, a CIDR, or a name proxy-addr knows. */
const proxyAddress = z.string().refine(
  (v) =>
    ['loopback', 'linklocal', 'uniquelocal'].includes(v) ||
    (() => {
      const [ip = '', bits, ...rest] = v.split('/');
      const family = isIP(ip);
      if (!family || rest.length) return false;
      if (bits === undefined) return true;
      return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
    })(),
  'must be an IP address, a CIDR range, loopback, linklocal or uniquelocal',
);

/**
 * TRUST_PROXY, handed to Fastify's trustProxy: `false` (the socket's peer is the client), the
 * comma-separated addresses or CIDR ranges of the proxies in front of the server (their
 * X-Forwarded-For entries are believed, nobody else's), or `true` (believe every hop: only when
 * the server cannot be reached but through a proxy that replaces the header). Fastify 5 refuses
 * bare hop counts: they cannot tell a proxy from a client that forged the header.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((v, ctx): boolean | string[] => {
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    const list = v.split(',').map((part) => part.trim());
    const bad = list.filter((part) => !proxyAddress.safeParse(part).success);
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `true, false or the proxies' addresses/CIDR ranges, comma-separated (not ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return list;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_SCHEME: z.enum(['http', 'https']).default('http'),
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_VACUUM_INTERVAL_MS: z.coerce.number().int().min(0).default(300_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Which finished requests are logged at `info` (see RequestLogLevel); `writes` in production, `debug` otherwise. */
  REQUEST_LOG_LEVEL: z.enum(['debug', 'writes', 'info']).optional(),
  /** Requests slower than this are logged at `warn`. */
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1_000),
  WEB_DIST_DIR: z.string().min(1).default(defaultWebDist),
  SEED_DEMO: booleanFlag.default(true),
  TRUST_PROXY: trustProxySetting.default(false),
  /** `false` lifts every per-route rate limit (benchmarks on one address); refused in production. */
  RATE_LIMITS: booleanFlag.default(true),
  TENANT_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.email().default('no-reply@marketplace.localhost'),
  DEV_OUTBOX: booleanFlag.optional(),
  REDIS_URL: z.url().optional(),
  REDIS_KEY_PREFIX: z.string().default('market:'),
  KAKAO_REST_API_KEY: z.string().min(1).optional(),
  KAKAO_CLIENT_SECRET: z.string().min(1).optional(),
  /** The numeric app id of the Kakao app (not the REST key): tokens of other apps are refused. */
  KAKAO_APP_ID: z.string().regex(/^\d+$/, 'must be the numeric Kakao app id').optional(),
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
  /** `sandbox` when unset, except in production, where the operator must name the gateway. */
  PAYMENT_GATEWAY: z.enum(['sandbox', 'portone']).optional(),
  PORTONE_API_SECRET: z.string().min(1).optional(),
  PORTONE_STORE_ID: z.string().min(1).optional(),
  PORTONE_CHANNEL_KEY: z.string().min(1).optional(),
  PORTONE_WEBHOOK_SECRET: z.string().min(1).optional(),
  PORTONE_API_BASE_URL: z.url().default('https://api.portone.io'),
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).default(15_000),
  PAYMENT_EXPIRE_MINUTES: z.coerce.number().int().min(1).default(10),
  SANDBOX_PENDING_SETTLE_MS: z.coerce.number().int().min(0).default(20_000),
  WITHDRAW_SETTLE_MS: z.coerce.number().int().min(0).default(5_000),
  /**
   * Parcel tracking (docs/decisions/040): `sandbox` when unset outside production; `none` in
   * production unless named (the sandbox would report deliveries no carrier made).
   */
  TRACKING_SERVICE: z.enum(['sandbox', 'tracker-delivery', 'none']).optional(),
  TRACKER_DELIVERY_CLIENT_ID: z.string().min(1).optional(),
  TRACKER_DELIVERY_CLIENT_SECRET: z.string().min(1).optional(),
  /** Signs the tenants' webhook addresses (any long random text). */
  TRACKER_DELIVERY_WEBHOOK_SECRET: z.string().min(16).optional(),
  TRACKER_DELIVERY_API_URL: z.url().default('https://apis.tracker.delivery/graphql'),
  /** The sandbox moves a parcel one stage (접수 → 집화 → 간선 → 배송출발 → 배달완료) this often. */
  TRACKING_SANDBOX_STAGE_MINUTES: z.coerce.number().min(0.01).default(720),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /**
   * Scheme and port of the addresses people open (mail links, OAuth redirect URIs): a tenant's
   * absolute URL is `{scheme}://{tenant domain}[:{port}]`, never built from request headers.
   */
  publicAddress: PublicAddress;
  dataDir: string;
  /** PostgreSQL through node-postgres when set; embedded PGlite otherwise. */
  databaseUrl?: string;
  databasePoolMax: number;
  /** Keep PGlite in memory instead of under dataDir (tests). */
  inMemoryDatabase: boolean;
  /** An open PGlite to use as the database (tests hand in a clone of a migrated template). */
  pglite?: PGlite;
  /**
   * How often the embedded PGlite's tables are checked for a due vacuum or analyze, as
   * PostgreSQL's autovacuum does on its own; 0 turns the job off (tests).
   */
  pgliteVacuumIntervalMs: number;
  logLevel: Env['LOG_LEVEL'];
  /** One log line per finished request at this level; server errors and slow requests at `warn`. */
  requestLog: RequestLogOptions;
  /** Built web app to serve with an SPA fallback; skipped when the folder has no index.html. */
  webDistDir: string;
  seedDemo: boolean;
  /** Fastify's trustProxy: who may set X-Forwarded-For (decides `request.ip`, so every lockout and rate limit). */
  trustProxy: boolean | string[];
  tenantCacheTtlMs: number;
  mail: {
    /**
     * SMTP through nodemailer when set; otherwise mails are logged (and kept in memory for the
     * outbox page when it is on).
     */
    smtpUrl?: string;
    from: string;
    /**
     * Serve the outbox at GET /api/dev/outbox: only outside production, without SMTP_URL, and
     * unless DEV_OUTBOX=false (docs/decisions/007-dev-outbox.md).
     */
    outboxPage: boolean;
  };
  /** Counters and rate limits in Redis when set; in process memory otherwise. */
  redisUrl?: string;
  redisKeyPrefix: string;
  kakao: {
    restApiKey?: string;
    /** Numeric app id the REST key belongs to (required with restApiKey): access tokens must be of it. */
    appId?: string;
    clientSecret?: string;
    redirectUri?: string;
    authBaseUrl: string;
    apiBaseUrl: string;
  };
  session: { idleTimeoutMs: number; maxAgeMs: number };
  /** Brute-force rules of login (see docs/decisions/004-sessions.md). */
  loginLimits: LoginLimits;
  /**
   * Per-route rate limits (429); always on in production. The bad-input harness and the benchmarks
   * (RATE_LIMITS=false) lift them.
   */
  rateLimits: boolean;
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
  /** Card payments (docs/decisions/015-payments.md). */
  payments: {
    gateway: 'sandbox' | 'portone';
    /** Required when gateway is portone. */
    portone?: {
      apiSecret: string;
      storeId: string;
      channelKey: string;
      webhookSecret: string;
      apiBaseUrl: string;
      /** How long one call may take (10 s by default; the money simulation waits as long as it takes). */
      timeoutMs?: number;
    };
    /** How often payments left pending are re-checked at the gateway; 0 turns the job off (tests call it). */
    reconcileIntervalMs: number;
    /**
     * The payment window: a payment still unpaid this long after it was prepared expires, and the
     * stock and points its order holds go back (docs/decisions/029).
     */
    expireAfterMs: number;
    /** The sandbox's pending test card becomes paid this long after it was used. */
    sandboxPendingSettleMs: number;
  };
  /** Parcel tracking (docs/decisions/040-parcel-tracking.md). */
  tracking: {
    service: 'sandbox' | 'tracker-delivery' | 'none';
    /** Required when service is tracker-delivery. */
    trackerDelivery?: { clientId: string; clientSecret: string; webhookSecret: string; apiUrl: string };
    /** The sandbox's time per stage of a parcel's life. */
    sandboxStageMs: number;
    /** A parcel on its way is read again once its last reading is this old (the webhook's fallback). */
    pollMs: number;
    /** How often the tracking job looks for due parcels and webhooks to renew; 0 turns it off (tests call it). */
    jobIntervalMs: number;
  };
  wallet: {
    /** The sandbox bridge settles a withdrawal this long after it was requested. */
    withdrawSettleMs: number;
    /** How often due withdrawals are settled; 0 turns the job off (tests call it). */
    withdrawJobIntervalMs: number;
  };
}

/** Failed-password limits; each answers 429 `login_locked` until its window ends (decision 004). */
export interface LoginLimits {
  /** Failures of one account from one client address (the lock a stranger cannot put on the owner). */
  perAccountAddress: number;
  /** Failures from one client address within one tenant, over every account. */
  perAddress: number;
  /** Window of both limits above. */
  windowMs: number;
  /** Failures of one account from every address together (the cap on distributed guessing). */
  perAccount: number;
  accountWindowMs: number;
}

export const defaultLoginLimits: LoginLimits = {
  perAccountAddress: 5,
  perAddress: 50,
  windowMs: 15 * 60_000,
  perAccount: 100,
  accountWindowMs: 60 * 60_000,
};

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
  // Without the app id an access token issued to any other Kakao app would be trusted.
  if (e.KAKAO_REST_API_KEY && !e.KAKAO_APP_ID) {
    throw new Error('Invalid environment:\n  KAKAO_APP_ID: KAKAO_REST_API_KEY needs the app id of the same Kakao app');
  }
  // Said loudly rather than ignored, so that nobody believes the outbox page is on in production.
  if (e.NODE_ENV === 'production' && e.DEV_OUTBOX === true) {
    throw new Error('Invalid environment:\n  DEV_OUTBOX: DEV_OUTBOX=true is not allowed in production');
  }
  // Without its rate limits a public server is open to guessing and flooding: never in production.
  if (e.NODE_ENV === 'production' && !e.RATE_LIMITS) {
    throw new Error('Invalid environment:\n  RATE_LIMITS: RATE_LIMITS=false is not allowed in production');
  }
  // The sandbox's test cards credit points without charging anybody: a production server takes it
  // only when the operator names it (the demo, the browser journeys, the cluster script do).
  if (e.NODE_ENV === 'production' && !e.PAYMENT_GATEWAY) {
    throw new Error(
      'Invalid environment:\n  PAYMENT_GATEWAY: production needs PAYMENT_GATEWAY=portone (with the PORTONE_* variables), or PAYMENT_GATEWAY=sandbox for a demo whose test cards charge nobody',
    );
  }
  const gateway = e.PAYMENT_GATEWAY ?? 'sandbox';
  const portoneMissing = (
    ['PORTONE_API_SECRET', 'PORTONE_STORE_ID', 'PORTONE_CHANNEL_KEY', 'PORTONE_WEBHOOK_SECRET'] as const
  ).filter((k) => !e[k]);
  if (e.PAYMENT_GATEWAY === 'portone' && portoneMissing.length) {
    throw new Error(`Invalid environment:\n  ${portoneMissing.join(', ')}: PAYMENT_GATEWAY=portone needs them`);
  }
  const tracking = e.TRACKING_SERVICE ?? (e.NODE_ENV === 'production' ? 'none' : 'sandbox');
  const trackerMissing = (
    ['TRACKER_DELIVERY_CLIENT_ID', 'TRACKER_DELIVERY_CLIENT_SECRET', 'TRACKER_DELIVERY_WEBHOOK_SECRET'] as const
  ).filter((k) => !e[k]);
  if (tracking === 'tracker-delivery' && trackerMissing.length) {
    throw new Error(
      `Invalid environment:\n  ${trackerMissing.join(', ')}: TRACKING_SERVICE=tracker-delivery needs them`,
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicAddress: { scheme: e.PUBLIC_SCHEME, port: e.PUBLIC_PORT ?? e.PORT },
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    inMemoryDatabase: false,
    pgliteVacuumIntervalMs: e.PGLITE_VACUUM_INTERVAL_MS,
    logLevel: e.LOG_LEVEL,
    requestLog: {
      level: e.REQUEST_LOG_LEVEL ?? (e.NODE_ENV === 'production' ? 'writes' : 'debug'),
      slowMs: e.SLOW_REQUEST_MS,
    },
    webDistDir: e.WEB_DIST_DIR,
    seedDemo: e.SEED_DEMO,
    trustProxy: e.TRUST_PROXY,
    tenantCacheTtlMs: e.TENANT_CACHE_TTL_MS,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      // The outbox page lets a developer read codes and links without a mail server. It hands out
      // reset links to anybody who asks, so production never has it (mails are logged there), nor
      // does a deployment that sends real mail (SMTP_URL); DEV_OUTBOX=false turns it off otherwise.
      outboxPage: e.NODE_ENV !== 'production' && !e.SMTP_URL && (e.DEV_OUTBOX ?? true),
    },
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    kakao: {
      restApiKey: e.KAKAO_REST_API_KEY,
      appId: e.KAKAO_APP_ID,
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
    rateLimits: e.RATE_LIMITS,
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
    payments: {
      gateway,
      portone:
        gateway === 'portone'
          ? {
              apiSecret: e.PORTONE_API_SECRET as string,
              storeId: e.PORTONE_STORE_ID as string,
              channelKey: e.PORTONE_CHANNEL_KEY as string,
              webhookSecret: e.PORTONE_WEBHOOK_SECRET as string,
              apiBaseUrl: e.PORTONE_API_BASE_URL,
            }
          : undefined,
      reconcileIntervalMs: e.PAYMENT_RECONCILE_INTERVAL_MS,
      expireAfterMs: e.PAYMENT_EXPIRE_MINUTES * 60_000,
      sandboxPendingSettleMs: e.SANDBOX_PENDING_SETTLE_MS,
    },
    tracking: {
      service: tracking,
      trackerDelivery:
        tracking === 'tracker-delivery'
          ? {
              clientId: e.TRACKER_DELIVERY_CLIENT_ID as string,
              clientSecret: e.TRACKER_DELIVERY_CLIENT_SECRET as string,
              webhookSecret: e.TRACKER_DELIVERY_WEBHOOK_SECRET as string,
              apiUrl: e.TRACKER_DELIVERY_API_URL,
            }
          : undefined,
      sandboxStageMs: Math.round(e.TRACKING_SANDBOX_STAGE_MINUTES * 60_000),
      // With webhooks the job is a slow fallback; the sandbox sends none and is read every minute.
      pollMs: tracking === 'tracker-delivery' ? 6 * 3_600_000 : 60_000,
      jobIntervalMs: 60_000,
    },
    wallet: {
      withdrawSettleMs: e.WITHDRAW_SETTLE_MS,
      withdrawJobIntervalMs: 1_000,
    },
  };
}
