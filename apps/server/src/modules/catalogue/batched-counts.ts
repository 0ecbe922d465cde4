import type { FastifyBaseLogger } from 'fastify';
import { createBatchedSums } from '../../platform/batched-sums.js';
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
  const views = createBatchedSums<{ tenantId: number; id: number }>({
    flushMs,
    log,
    what: 'product views',
    write: async (tenantId, v) => {
      await addProductViews(db, tenantId, v);
      onViewsWritten([tenantId]);
    },
  });
  const searches = createBatchedSums<{ tenantId: number; keyword: string }>({
    flushMs,
    log,
    what: 'search counts',
    write: (tenantId, s) => addSearchCounts(db, tenantId, s),
  });

  return {
    addView(tenantId: number, id: number) {
      views.add(`${tenantId}:${id}`, { tenantId, id });
    },
    addSearch(tenantId: number, keyword: string) {
      const normalized = keyword.trim().toLowerCase().replace(/\s+/g, ' ').slice(0, 50);
      if (normalized.length < 1) return;
      searches.add(`${tenantId}:${normalized}`, { tenantId, keyword: normalized });
    },
    async flush() {
      await Promise.all([views.flush(), searches.flush()]);
    },
    async close() {
      await Promise.all([views.close(), searches.close()]);
    },
  };
}

export type BatchedCounts = ReturnType<typeof createBatchedCounts>;
