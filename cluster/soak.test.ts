import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../apps/server/src/platform/db/client';
import { tenantApi } from './support/client';
import { type ApiNode, apiNode, buildServer, type Cluster, freePort, startCluster } from './support/cluster';
import { citusWorkerOf, freshDatabase, onCitus, redisUrl, restartCitusWorker, serverUrl } from './support/database';
import { createSoakUsers, runSoak, SOAK_HOST, soakProblems } from './support/soak';

/*
 * Crash safety: a mixed load while an API node is killed with SIGKILL and started again, several
 * times; afterwards every acknowledged write is there and the books balance. On PostgreSQL behind
 * the balancer (three nodes), and on the embedded PGlite (one node, its own data folder). Then a
 * SIGTERM under load: the node drains and exits cleanly within the grace period. On Citus
 * (TEST_CITUS=1), the same soak while the worker holding the tenant's shards restarts as after a crash.
 */

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Kills `node` with SIGKILL `times` times during the load, starting it again after each. */
function killer(node: ApiNode, times: number, everyMs: number) {
  return async () => {
    for (let i = 0; i < times; i++) {
      await pause(everyMs);
      expect(await node.kill('SIGKILL')).toBe('SIGKILL');
      await pause(500);
      await node.start();
    }
  };
}

buildServer();

describe.runIf(serverUrl)('soak on PostgreSQL, three nodes behind HAProxy', () => {
  let cluster: Cluster | undefined;
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  });

  it('keeps every acknowledged write and balanced books while a node is killed three times', async () => {
    database = await freshDatabase('soak');
    cluster = await startCluster({
      databaseUrl: database.url,
      redisUrl,
      redisKeyPrefix: `soak${process.pid}:`,
    });
    const db = createDatabase({ databaseUrl: database.url, poolMax: 2 });
    try {
      const setUp = await createSoakUsers(db.db, 12);
      const victim = cluster.nodes[1] as ApiNode;
      const record = await runSoak(tenantApi(cluster.url, SOAK_HOST), setUp, 30_000, killer(victim, 3, 7_000));
      const { problems, summary } = await soakProblems(db.db, setUp, record);
      console.log(`${onCitus ? 'Citus' : 'PostgreSQL'} soak: ${summary}`);
      expect(problems).toEqual([]);
      expect(record.orders.length).toBeGreaterThan(10);
      expect(record.transfers.length).toBeGreaterThan(10);
      expect(record.topups.length).toBeGreaterThan(5);
    } finally {
      await db.close();
    }
  }, 180_000);
});

describe.runIf(onCitus)('soak on Citus, a worker restarted mid-load', () => {
  let cluster: Cluster | undefined;
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  });

  it('keeps every acknowledged write and balanced books; the outage answers 5xx JSON and passes within seconds', async () => {
    database = await freshDatabase('citus');
    cluster = await startCluster({
      databaseUrl: database.url,
      redisUrl,
      redisKeyPrefix: `citus${process.pid}:`,
    });
    const db = createDatabase({ databaseUrl: database.url, poolMax: 2 });
    try {
      const setUp = await createSoakUsers(db.db, 12);
      // Every row of the soak's tenant is on one worker: restarting the other would test nothing.
      const worker = await citusWorkerOf(database.url, setUp.tenantId);
      let downAt = 0;
      let backAt = 0;
      const record = await runSoak(tenantApi(cluster.url, SOAK_HOST), setUp, 25_000, async () => {
        await pause(7_000);
        downAt = Date.now();
        await restartCitusWorker(worker);
        backAt = Date.now();
      });
      const { problems, summary } = await soakProblems(db.db, setUp, record);
      // The load asks for more top-ups than a client may (20 a minute): those 429s are the rate
      // limit's, whatever the database does.
      const limited = record.log.filter((c) => c.code === 'rate_limited').length;
      const failures = record.log.filter((c) => !c.ok && c.code !== 'rate_limited');
      const lastFailure = failures.reduce((last, c) => Math.max(last, c.at), backAt);
      const recoveryMs = lastFailure - backAt;
      const acknowledged = record.log.filter((c) => c.ok && c.what !== 'read').length;
      const slowest = record.log.reduce((most, c) => Math.max(most, c.ms), 0);
      const answers = [...new Set(failures.map((c) => `${c.status} ${c.code ?? ''}`))].join(', ');
      const span = failures.length ? ` from +${(failures[0]?.at ?? 0) - downAt} to +${lastFailure - downAt} ms` : '';
      console.log(
        `Citus worker ${worker} down and back in ${backAt - downAt} ms: ${acknowledged} write calls acknowledged, ` +
          `${failures.length} calls failed${span} (${answers || 'none'}), recovered ${recoveryMs} ms after the worker was back, ` +
          `slowest call ${slowest} ms, ${limited} rate-limited; ${summary}`,
      );
      expect(problems).toEqual([]);
      // What failed, failed after the worker went down, answered by the API in its JSON ({ detail,
      // code }) with a 5xx: no refusal of the client's doing, no dropped connection, no hang.
      expect(failures.filter((c) => c.at < downAt)).toEqual([]);
      expect(failures.filter((c) => typeof c.status !== 'number' || c.status < 500 || !c.code)).toEqual([]);
      expect(slowest).toBeLessThan(10_000);
      expect(recoveryMs).toBeLessThan(10_000);
      // And the service went on: writes acknowledged after the last failure.
      expect(record.log.filter((c) => c.ok && c.what !== 'read' && c.at > lastFailure).length).toBeGreaterThan(50);
      expect(record.transfers.length).toBeGreaterThan(10);
      expect(record.topups.length).toBeGreaterThan(5);
    } finally {
      await db.close();
    }
  }, 180_000);
});

// Not again on the Citus pass: it has no DATABASE_URL of its own.
describe.skipIf(onCitus)('soak on PGlite, one node', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'soak-pglite-'));
  let node: ApiNode | undefined;
  afterAll(async () => {
    if (node?.process && node.process.exitCode === null) await node.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs `work` on the node's database while the node is stopped (PGlite is one process's). */
  async function offline<T>(work: (db: ReturnType<typeof createDatabase>['db']) => Promise<T>): Promise<T> {
    const database = createDatabase({ dataDir });
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  }

  it('keeps every acknowledged write through SIGKILL restarts, and a SIGTERM drains and exits cleanly', async () => {
    const port = await freePort();
    node = apiNode(
      'pglite',
      port,
      {
        NODE_ENV: 'production',
        // Named on purpose, as the cluster's nodes do: production refuses an unnamed sandbox.
        PAYMENT_GATEWAY: 'sandbox',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_PORT: String(port),
        TRUST_PROXY: '127.0.0.1',
        REDIS_URL: '',
        DATABASE_URL: '',
      },
      join(dataDir, 'server.log'),
    );
    await node.start();
    expect(await node.kill('SIGTERM')).toBe(0);
    const setUp = await offline((db) => createSoakUsers(db, 6));
    await node.start();
    const api = tenantApi(`http://127.0.0.1:${port}`, SOAK_HOST);
    const first = await runSoak(api, setUp, 20_000, killer(node, 2, 7_000));

    // SIGTERM in the middle of a second load: the node answers what it holds, then exits 0.
    let stoppedIn = 0;
    const calls = first.calls;
    const record = await runSoak(
      api,
      setUp,
      5_000,
      async () => {
        await pause(2_000);
        const started = Date.now();
        const current = node as ApiNode;
        expect(await current.kill('SIGTERM')).toBe(0);
        stoppedIn = Date.now() - started;
      },
      first,
    );
    expect(stoppedIn).toBeLessThan(10_000);
    expect(node.log()).not.toMatch(/"level":50/);

    expect(record.calls).toBeGreaterThan(calls);
    const { problems, summary } = await offline((db) => soakProblems(db, setUp, record));
    console.log(`PGlite soak: ${summary}; SIGTERM to exit ${stoppedIn} ms`);
    expect(problems).toEqual([]);
    expect(record.orders.length).toBeGreaterThan(5);
  }, 240_000);
});
