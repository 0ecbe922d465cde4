import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/client.js';
import { addSearchCounts } from './directory.repository.js';
import { addProductViews } from './products.repository.js';

/**
 * Product views and searched keywords, counted in memory and written in one statement per kind
 * every `flushMs` (and when the app closes). A hot product page therefore never writes per
 * request and readers never queue on the product row; a crash loses at most one interval of
 * counts. See docs/decisions/010-batched-counters.md.
 */
export function createBatchedCounts(
  db: Db,
  log: FastifyBaseLogger,
  flushMs: number,
  onViewsWritten: (tenantIds: number[]) => void = () => {},
) {
  let views = new Map<string, { tenantId: number; id: number; n: number }>();
  let searches = new Map<string, { tenantId: number; keyword: string; n: number }>();
  let flushing: Promise<void> | undefined;

  async function flushNow() {
    const v = [...views.values()];
    const s = [...searches.values()];
    views = new Map();
    searches = new Map();
    try {
      if (v.length) {
        await addProductViews(db, v);
        onViewsWritten([...new Set(v.map((c) => c.tenantId))]);
      }
      if (s.length) await addSearchCounts(db, s);
    } catch (err) {
      log.warn({ err }, 'writing batched counts failed; they are dropped');
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

  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();

  return {
    addView(tenantId: number, id: number) {
      const key = `${tenantId}:${id}`;
      const entry = views.get(key);
      if (entry) entry.n += 1;
      else views.set(key, { tenantId, id, n: 1 });
    },
    addSearch(tenantId: number, keyword: string) {
      const normalized = keyword.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 50);
      if (normalized.length < 1) return;
      const key = `${tenantId}:${normalized}`;
      const entry = searches.get(key);
      if (entry) entry.n += 1;
      else searches.set(key, { tenantId, keyword: normalized, n: 1 });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type BatchedCounts = ReturnType<typeof createBatchedCounts>;
