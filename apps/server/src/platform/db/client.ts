import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../../paths.js';
import { hasCitus, migrateDistributed } from './citus.js';
import * as schema from './schema.js';

/**
 * The query builder every repository uses. Both drivers share the PostgreSQL dialect and the
 * same query-builder API; the PGlite database is typed as the node-postgres one so that
 * repositories have one type to write against.
 */
export type Db = NodePgDatabase<typeof schema>;
/** A database handle or an open transaction: repositories accept either. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runs independent look-ups: side by side on the pool, one after another inside a transaction,
 * whose single connection takes one query at a time (node-postgres refuses overlapping queries on
 * a client from its next major on).
 */
export async function lookUp<T extends readonly (() => Promise<unknown>)[]>(
  handle: DbOrTx,
  jobs: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(handle instanceof PgTransaction)) return (await Promise.all(jobs.map((job) => job()))) as Results;
  const results: unknown[] = [];
  for (const job of jobs) results.push(await job());
  return results as Results;
}

/** The advisory lock key of start-up work (any constant; this one spells "mkt-init"). */
const START_UP_LOCK = 0x6d6b7400;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs pending migrations (idempotent). */
  migrate(): Promise<void>;
  /** Answers when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Runs `work` while no other API node runs its own (migrations, the demo seed at start-up): a
   * session advisory lock on PostgreSQL, held on a connection of its own; PGlite has one process.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  poolMax?: number;
  /** PGlite data folder; in memory when undefined. */
  dataDir?: string;
  onIdleError?: (err: Error) => void;
  /** An already open PGlite to use instead (tests hand in a clone of a migrated template). */
  pglite?: PGlite;
}

export function createDatabase(options: DatabaseOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle client losing its connection (a server restart) must not crash the process; the
    // pool replaces it and /readyz reports the outage.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      migrate: async () =>
        (await hasCitus(db))
          ? migrateDistributed(db, migrationsDir)
          : migratePg(db, { migrationsFolder: migrationsDir }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      exclusive: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
          return await work();
        } finally {
          // Closing the connection would free the lock too; unlock so the client can be reused.
          await client.query('select pg_advisory_unlock($1)', [START_UP_LOCK]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  // pg_trgm gives search the same trigram index as on PostgreSQL (docs/decisions/009-catalogue-search.md).
  const client = options.pglite ?? new PGlite(pgliteDataDir(options.dataDir), { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    exclusive: (work) => work(),
    close: () => client.close(),
  };
}

function pgliteDataDir(dataDir: string | undefined): string | undefined {
  if (!dataDir) return undefined;
  const dir = join(dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  return dir;
}
