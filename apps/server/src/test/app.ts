import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import { createDistributedDatabase, dropDistributedDatabase } from '../platform/db/citus.js';
import { createDatabase } from '../platform/db/client.js';
import type { Seams } from '../platform/seams.js';

const baseConfig = loadConfig(process.env);

/** Set when the suite runs against a real PostgreSQL server (plain or Citus). */
export const onPostgres = Boolean(baseConfig.databaseUrl);

/**
 * Set when DATABASE_URL names a Citus coordinator's database (`TEST_CITUS=1`, as `.ci/run` sets for
 * its third pass). A database there needs the extension and its shards on every node, so the
 * suite shares that one database, migrated once, and test files keep apart by tenant: every
 * tenant a test makes has a name and domain of its own, and jobs are run for the test's tenants.
 */
export const onCitus = onPostgres && process.env.TEST_CITUS === '1';

/**
 * The app's connections on Citus refuse any query that would run on more than one shard, unless it
 * runs in `acrossShards` (the deliberate reads across tenants): every request of the suite proves
 * that it stays on its tenant's shard.
 */
function routedOnly(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', '-c citus.multi_task_query_log_level=error');
  return url.toString();
}

let citusMigrated: Promise<void> | undefined;
function migratedCitus(): Promise<void> {
  citusMigrated ??= (async () => {
    // Test files run in several processes at once: the advisory lock of start-up work lets one
    // of them migrate while the others wait and then find nothing to do.
    const database = createDatabase({ databaseUrl: baseConfig.databaseUrl, poolMax: 2 });
    try {
      await database.exclusive(() => database.migrate());
    } finally {
      await database.close();
    }
  })();
  return citusMigrated;
}

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

export interface TestDatabaseOptions {
  /**
   * The test needs the platform to itself: the demo tenants at their fixed domains, the platform
   * settings, lists of every tenant. On Citus it then gets a distributed database of its own (made
   * on every node, a few seconds) instead of sharing the suite's; elsewhere every app has one.
   */
  wholePlatform?: boolean;
  /** The clock, randomness and failpoints (platform/seams.ts); the production ones by default. */
  seams?: Seams;
}

export type DatabaseKind = 'pglite' | 'postgres' | 'citus';
type OwnDatabase = Pick<AppConfig, 'databaseUrl' | 'pglite'> & { drop: () => Promise<void> };

/**
 * A migrated database of its own: an in-memory PGlite (a clone of one migrated once), or a database
 * made on the server `serverUrl` names (on a Citus coordinator, distributed on every node), which
 * `drop` removes. The tests' and the money simulation's (src/sim) databases.
 */
export async function ownDatabase(kind: DatabaseKind, serverUrl = '', prefix = 'test'): Promise<OwnDatabase> {
  if (kind === 'pglite') return { pglite: (await (await migratedTemplate()).clone()) as PGlite, drop: async () => {} };
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (kind === 'citus') {
    return {
      databaseUrl: await createDistributedDatabase(serverUrl, name),
      drop: () => dropDistributedDatabase(serverUrl, name),
    };
  }
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

/**
 * With DATABASE_URL set, a database of its own on that server (dropped when the app closes), so
 * test files never see each other's rows; without it, a fresh in-memory PGlite. On Citus, the
 * suite's shared database (see `onCitus`) unless the test needs the whole platform.
 */
async function freshDatabase({
  wholePlatform = false,
}: TestDatabaseOptions): Promise<Pick<AppConfig, 'databaseUrl' | 'pglite'> & { drop?: () => Promise<void> }> {
  if (!baseConfig.databaseUrl) return ownDatabase('pglite');
  if (onCitus && !wholePlatform) {
    await migratedCitus();
    return { databaseUrl: routedOnly(baseConfig.databaseUrl) };
  }
  const own = await ownDatabase(onCitus ? 'citus' : 'postgres', baseConfig.databaseUrl);
  return onCitus ? { ...own, databaseUrl: routedOnly(own.databaseUrl as string) } : own;
}

/** Builds the app on an empty, migrated database (no demo seed unless asked), for `app.inject`. */
export async function buildTestApp(
  overrides: Partial<AppConfig> = {},
  options: TestDatabaseOptions = {},
): Promise<FastifyInstance> {
  const { drop, ...database } = await freshDatabase(options);
  const app = await buildApp(
    {
      ...baseConfig,
      env: 'test',
      logLevel: (process.env.TEST_LOG_LEVEL as AppConfig['logLevel'] | undefined) ?? 'silent',
      inMemoryDatabase: true,
      seedDemo: false,
      webDistDir: '/nonexistent',
      // Injected requests name a tenant's domain without a port: its links read http://{domain}/….
      publicAddress: { scheme: 'http', port: 80 },
      // Background jobs stay off: tests run them by hand (payments.reconcile, wallet.settleDueWithdrawals,
      // shipments.sync).
      payments: { ...baseConfig.payments, reconcileIntervalMs: 0 },
      wallet: { ...baseConfig.wallet, withdrawJobIntervalMs: 0 },
      tracking: { ...baseConfig.tracking, jobIntervalMs: 0 },
      pgliteVacuumIntervalMs: 0,
      ...database,
      ...overrides,
    },
    options.seams,
  );
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
