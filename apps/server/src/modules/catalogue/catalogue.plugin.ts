import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AnswerCache, createAnswerCache } from '../../platform/answer-cache.js';
import { acrossShards } from '../../platform/db/citus.js';
import { removeOrphanedMedia, STALE_AFTER_MS, sweepWhenReady } from '../../platform/storage/sweep.js';
import { type BatchedCounts, createBatchedCounts } from './batched-counts.js';
import { createDirectoryService, type DirectoryService } from './directory.service.js';
import { referencedMediaKeys } from './products.repository.js';
import { createProductsService, type ProductsService } from './products.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: {
      products: ProductsService;
      directory: DirectoryService;
      counts: BatchedCounts;
      answers: AnswerCache;
    };
  }
}

/** The catalogue services (products, media, feeds, directory) and the batched counters. */
export const cataloguePlugin = fp(
  async (app: FastifyInstance, opts: { counterFlushMs: number; answerCacheMs: number }) => {
    const answers = createAnswerCache(opts.answerCacheMs, { bus: app.bus, name: 'catalogue' });
    const counts = createBatchedCounts(app.db, app.log, opts.counterFlushMs, (tenantIds) => {
      for (const id of tenantIds) answers.invalidate(id);
    });
    const products = createProductsService({ db: app.db, storage: app.storage, answers, bus: app.bus });
    const directory = createDirectoryService({ db: app.db, products, counts });
    app.decorate('catalogue', { products, directory, counts, answers });
    // Write the last counts while the database is still open (hooks run in reverse order).
    app.addHook('onClose', () => counts.close());
    // Product images a crash left without their row.
    sweepWhenReady(app, 'product images', () =>
      removeOrphanedMedia(app.storage, {
        prefix: 'tenants/',
        match: (key) => /^tenants\/\d+\/products\//.test(key),
        before: new Date(Date.now() - STALE_AFTER_MS),
        referenced: (keys) => acrossShards(app.db, (tx) => referencedMediaKeys(tx, keys)),
      }),
    );
  },
  { name: 'catalogue', dependencies: ['database', 'storage', 'counters'] },
);
