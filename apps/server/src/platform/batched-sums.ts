import type { FastifyBaseLogger } from 'fastify';

/**
 * Sums counted in memory and written in one call every `flushMs` (and when the app closes), so a
 * hot page never writes per request and readers never queue on a row; a crash loses at most one
 * interval. Used for product views, searched keywords and post views
 * (docs/decisions/010-batched-counters.md). Each tenant's sums are written by a call of their
 * own, so that on Citus every write stays on that tenant's shard.
 */
export function createBatchedSums<T extends { tenantId: number }>(options: {
  flushMs: number;
  log: FastifyBaseLogger;
  /** Writes one tenant's batch (entries with `n` added); a failure is logged and that batch dropped. */
  write: (tenantId: number, entries: (T & { n: number })[]) => Promise<void>;
  what: string;
}) {
  let pending = new Map<string, T & { n: number }>();
  let flushing: Promise<void> | undefined;

  async function flushNow() {
    const byTenant = Map.groupBy(pending.values(), (entry) => entry.tenantId);
    pending = new Map();
    for (const [tenantId, entries] of byTenant) {
      try {
        await options.write(tenantId, entries);
      } catch (err) {
        options.log.warn({ err, tenantId }, `writing batched ${options.what} failed; they are dropped`);
      }
    }
  }

  const flush = async () => {
    // One flush at a time; a caller during a flush waits for it, then flushes what came since.
    while (flushing) await flushing;
    flushing = flushNow().finally(() => {
      flushing = undefined;
    });
    await flushing;
  };

  const timer = setInterval(() => void flush(), options.flushMs);
  timer.unref();

  return {
    add(key: string, entry: T) {
      const found = pending.get(key);
      if (found) found.n += 1;
      else pending.set(key, { ...entry, n: 1 });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type BatchedSums<T extends { tenantId: number }> = ReturnType<typeof createBatchedSums<T>>;
