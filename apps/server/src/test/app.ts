import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import { createDatabase } from '../platform/db/client.js';

const baseConfig = loadConfig(process.env);

/** Set when the suite runs against a real PostgreSQL server. */
export const onPostgres = Boolean(baseConfig.databaseUrl);

// Starting PGlite and migrating it takes seconds; cloning a migrated one takes well under one.
let template: Promise<PGlite> | undefined;
function migratedTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    await createDatabase({ pglite: client }).migrate();
    return client;
  })();
  return template;
}

/**
 * With DATABASE_URL set, a database of its own on that server (dropped when the app closes), so
 * test files never see each other's rows; without it, a fresh in-memory PGlite.
 */
async function freshDatabase(): Promise<Pick<AppConfig, 'databaseUrl' | 'pglite'> & { drop?: () => Promise<void> }> {
  if (!baseConfig.databaseUrl) return { pglite: (await (await migratedTemplate()).clone()) as PGlite };
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseConfig.databaseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(baseConfig.databaseUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/** Builds the app on an empty, migrated database (no demo seed unless asked), for `app.inject`. */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<FastifyInstance> {
  const { drop, ...database } = await freshDatabase();
  const app = await buildApp({
    ...baseConfig,
    env: 'test',
    logLevel: 'silent',
    inMemoryDatabase: true,
    seedDemo: false,
    webDistDir: '/nonexistent',
    // Injected requests name a tenant's domain without a port: its links read http://{domain}/….
    publicAddress: { scheme: 'http', port: 80 },
    // Background jobs stay off: tests run them by hand (payments.reconcile, wallet.settleDueWithdrawals).
    payments: { ...baseConfig.payments, reconcileIntervalMs: 0 },
    wallet: { ...baseConfig.wallet, withdrawJobIntervalMs: 0 },
    pgliteVacuumIntervalMs: 0,
    ...database,
    ...overrides,
  });
  if (drop) {
    // Drop the database only once the app's pool has ended.
    const close = app.close.bind(app);
    app.close = (async () => {
      await close();
      await drop();
    }) as typeof app.close;
  }
  return app;
}
