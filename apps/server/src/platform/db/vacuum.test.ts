import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { vacuumDueTables } from './vacuum.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({}, { wholePlatform: true });
});
afterAll(() => app.close());

/** Rows an index-only scan of the probe's index had to read from the table. */
async function heapFetches(): Promise<number> {
  const plan = await app.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const { rows } = await tx.execute<{ 'QUERY PLAN': [{ Plan: { 'Node Type': string; 'Heap Fetches': number } }] }>(
      sql`explain (analyze, format json) select v from vacuum_probe where v < 2000`,
    );
    return rows[0]?.['QUERY PLAN'][0].Plan;
  });
  expect(plan?.['Node Type']).toBe('Index Only Scan');
  return plan?.['Heap Fetches'] ?? -1;
}

async function statsOf(table: string) {
  const { rows } = await app.db.execute<{ inserted: number }>(
    sql`select n_ins_since_vacuum::int as inserted from pg_stat_user_tables where relname = ${table}`,
  );
  return rows[0];
}

describe('vacuumDueTables (the embedded database has no autovacuum)', () => {
  it('vacuums a table once enough rows were written, so that index-only scans stop reading its rows', async () => {
    // PostgreSQL's own autovacuum must not get there first.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`create table vacuum_probe (id int primary key, v int) with (autovacuum_enabled = false)`);
      await tx.execute(sql`create index vacuum_probe_v on vacuum_probe (v)`);
      await tx.execute(sql`insert into vacuum_probe select g, g from generate_series(1, 10000) g`);
      await tx.execute(sql`delete from vacuum_probe where id % 10 = 0`);
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
    // The written rows reach the statistics once the writer is idle.
    for (let i = 0; i < 50 && ((await statsOf('vacuum_probe'))?.inserted ?? 0) < 10_000; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await heapFetches()).toBeGreaterThan(0);

    const done = await vacuumDueTables(app.db);
    expect(done).toContainEqual({ table: 'vacuum_probe', work: 'vacuum' });
    // Tables nobody wrote to are left alone.
    expect(done.map((d) => d.table)).not.toContain('tenants');
    expect(await heapFetches()).toBe(0);

    // Nothing is due any more.
    const again = await vacuumDueTables(app.db);
    expect(again.map((d) => d.table)).not.toContain('vacuum_probe');
  });
});
