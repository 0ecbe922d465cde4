import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AnswerCache, createAnswerCache } from '../../platform/answer-cache.js';
import { acrossShards } from '../../platform/db/citus.js';
import { removeOrphanedMedia, STALE_AFTER_MS, sweepWhenReady } from '../../platform/storage/sweep.js';
import { referencedMediaKeys } from './reviews.repository.js';
import { createReviewsService, type ReviewsService } from './reviews.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    reviews: ReviewsService;
    /** Anonymous review answers (lists, statistics), per tenant, briefly. */
    reviewAnswers: AnswerCache;
  }
}

/** The reviews service: purchase-gated by the orders module, its figures kept by the catalogue. */
export const reviewsPlugin = fp(
  async (app: FastifyInstance, opts: { answerCacheMs: number }) => {
    const answers = createAnswerCache(opts.answerCacheMs, { bus: app.bus, name: 'reviews' });
    const service = createReviewsService({
      db: app.db,
      storage: app.storage,
      answers,
      hasPurchased: (tenantId, userId, productId, tx) => app.orders.hasPurchased(tenantId, userId, productId, tx),
      purchasedOption: (tenantId, userId, productId) => app.orders.purchasedOption(tenantId, userId, productId),
      ratingsChanged: (tenantId) => app.catalogue.answers.invalidate(tenantId),
      log: app.log,
    });
    app.decorate('reviews', service);
    app.decorate('reviewAnswers', answers);
    // Review images a crash left without their row.
    sweepWhenReady(app, 'review images', () =>
      removeOrphanedMedia(app.storage, {
        prefix: 'tenants/',
        match: (key) => /^tenants\/\d+\/reviews\//.test(key),
        before: new Date(Date.now() - STALE_AFTER_MS),
        referenced: (keys) => acrossShards(app.db, (tx) => referencedMediaKeys(tx, keys)),
      }),
    );
  },
  { name: 'reviews', dependencies: ['database', 'storage', 'catalogue', 'checkout'] },
);
