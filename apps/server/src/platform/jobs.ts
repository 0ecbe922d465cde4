import { inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';

/**
 * Repeats `job` every `intervalMs` (0: never) without overlapping itself; stopped when the app
 * closes. Several API nodes run the same timers: each round first claims the job's turn in the
 * shared counter store (Redis with REDIS_URL), so that one node runs it per interval. The jobs
 * stay safe to run twice (each row is settled under its own lock); the turn saves the work.
 */
export function everyInterval(app: FastifyInstance, name: string, intervalMs: number, job: () => Promise<unknown>) {
  if (intervalMs <= 0) return;
  let running: Promise<unknown> | null = null;
  // A little under the interval, so that the node whose timer fires first next round wins it.
  const turnMs = Math.max(1, intervalMs - Math.min(1_000, intervalMs / 10));
  const timer = setInterval(() => {
    if (running) return;
    running = app.counters
      .claim(`job:${name}`, turnMs)
      .then((mine) => (mine ? job() : undefined))
      .catch((err) => app.log.error({ err }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * The tenants a job that works across tenants looks at: all of them (its scheduled runs), or only
 * those named (a run for one tenant; tests that share one database with other test files, as the
 * Citus pass does). Finding the due work of all tenants is a deliberate multi-shard read on Citus;
 * the work itself then runs per tenant, on that tenant's shard.
 */
export interface JobScope {
  tenantIds?: readonly number[];
}

/** The `where` condition of a job's scope on a table's `tenant_id` column (none for all tenants). */
export function inJobScope(tenantColumn: PgColumn, scope: JobScope): SQL | undefined {
  return scope.tenantIds ? inArray(tenantColumn, [...scope.tenantIds]) : undefined;
}
