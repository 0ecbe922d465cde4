import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createDistributedDatabase, dropDistributedDatabase } from '../../apps/server/src/platform/db/citus';
import { root } from './cluster';

/** The PostgreSQL of the cluster tests (CI sets DATABASE_URL; the machine runs one). */
export const serverUrl = process.env.DATABASE_URL;
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Set when DATABASE_URL names a database on a Citus coordinator (`TEST_CITUS=1`): a test file's
 * database is then made on every node of that cluster, and CITUS_DIR names the cluster's folder
 * for `cluster/citus.sh` (a worker restarted mid-load).
 */
export const onCitus = Boolean(serverUrl) && process.env.TEST_CITUS === '1';

/**
 * A database of its own for one test file, dropped afterwards: `url` and `query` on it. On Citus a
 * distributed one (the extension and the workers on every node); the API nodes migrate it at start.
 */
export async function freshDatabase(label: string) {
  if (!serverUrl) throw new Error('DATABASE_URL is not set');
  const coordinator = serverUrl;
  const name = `cluster_${label}_${process.pid}_${Date.now().toString(36)}`;
  let url: string;
  if (onCitus) {
    url = await createDistributedDatabase(coordinator, name);
  } else {
    await once(coordinator, `create database ${name}`);
    const own = new URL(coordinator);
    own.pathname = `/${name}`;
    url = own.toString();
  }
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  return {
    url,
    name,
    async query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]> {
      return (await pool.query<T>(text, values)).rows;
    },
    async drop() {
      await pool.end();
      if (onCitus) await dropDistributedDatabase(coordinator, name);
      else await once(coordinator, `drop database if exists ${name} with (force)`);
    },
  };
}

const coordinatorPort = () => Number(new URL(serverUrl ?? '').port || 5432);

/** Runs one query on `url` and answers its rows. */
async function once<T extends pg.QueryResultRow>(url: string, text: string, values?: unknown[]): Promise<T[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<T>(text, values)).rows;
  } finally {
    await c.end();
  }
}

/** The Citus worker (1 or 2, as `cluster/citus.sh` counts them) holding a tenant's shards in a database. */
export async function citusWorkerOf(databaseUrl: string, tenantId: number): Promise<number> {
  const [placement] = await once<{ nodeport: number }>(
    databaseUrl,
    `select n.nodeport from pg_dist_placement p join pg_dist_node n using (groupid)
     where p.shardid = get_shard_id_for_distribution_column('comments', $1::int)`,
    [tenantId],
  );
  if (!placement) throw new Error(`no shard placement for tenant ${tenantId}`);
  return placement.nodeport - coordinatorPort();
}

/**
 * Restarts Citus worker `n` of DATABASE_URL's cluster as a crash would (`cluster/citus.sh
 * restart-worker`: immediate stop, start), asynchronously so that the load goes on meanwhile;
 * answers once it accepts connections again. The cluster's folder is CITUS_DIR (citus.sh's
 * default otherwise); it must be the one serving that port, so that nobody else's worker on this
 * machine is stopped.
 */
export async function restartCitusWorker(n: number): Promise<void> {
  const port = coordinatorPort();
  if (process.env.CITUS_PORT && Number(process.env.CITUS_PORT) !== port)
    throw new Error(`CITUS_PORT ${process.env.CITUS_PORT} is not DATABASE_URL's port ${port}`);
  const dir = process.env.CITUS_DIR ?? join(root, '.cache', 'citus');
  // postmaster.pid's fourth line is the port the server listens on.
  const serving = Number(readFileSync(join(dir, `worker${n}`, 'postmaster.pid'), 'utf8').split('\n')[3]);
  if (serving !== port + n) throw new Error(`${dir}/worker${n} serves port ${serving}, not ${port + n}`);
  await promisify(execFile)(join(root, 'cluster', 'citus.sh'), ['restart-worker', String(n)], {
    env: { ...process.env, CITUS_PORT: String(port), CITUS_DIR: dir },
  });
}
