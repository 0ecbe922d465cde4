import type { PGlite } from '@electric-sql/pglite';
import { z } from 'zod';
import { defaultWebDist } from './paths.js';

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
}

/** Reads and validates the environment, failing at boot with every bad variable listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
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
  };
}
