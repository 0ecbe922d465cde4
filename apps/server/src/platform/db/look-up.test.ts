import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { type DbOrTx, lookUp } from './client.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

/** Two look-ups that note when each starts and ends, each holding its query for a moment. */
function tracedJobs(handle: DbOrTx) {
  const events: string[] = [];
  const job = (name: string) => async () => {
    events.push(`${name} start`);
    const [row] = (await handle.execute(sql`select pg_sleep(0.05), ${name}::text as name`)).rows as { name: string }[];
    events.push(`${name} end`);
    return row?.name;
  };
  return { events, jobs: [job('a'), job('b')] as const };
}

describe('lookUp', () => {
  it('runs the look-ups side by side on the pool and answers them in order', async () => {
    const { events, jobs } = tracedJobs(app.db);
    expect(await lookUp(app.db, jobs)).toEqual(['a', 'b']);
    expect(events.slice(0, 2)).toEqual(['a start', 'b start']);
  });

  it('runs them one after another inside a transaction (one connection, one query at a time)', async () => {
    const answer = await app.db.transaction(async (tx) => {
      const { events, jobs } = tracedJobs(tx);
      return { results: await lookUp(tx, jobs), events };
    });
    expect(answer.results).toEqual(['a', 'b']);
    expect(answer.events).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
