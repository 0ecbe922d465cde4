import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AnswerCache, createAnswerCache } from '../../platform/answer-cache.js';
import { acrossShards } from '../../platform/db/citus.js';
import { removeOrphanedMedia, STALE_AFTER_MS, sweepWhenReady } from '../../platform/storage/sweep.js';
import { referencedMediaKeys } from './content.repository.js';
import { type ContentService, createContentService } from './content.service.js';
import { removeStaleUploadFolders } from './post-upload.js';

declare module 'fastify' {
  interface FastifyInstance {
    content: ContentService;
    /** Anonymous content answers (lists, posts, creators, stats), per tenant, briefly. */
    contentAnswers: AnswerCache;
  }
}

/** The content services (posts, media, comments, likes) and the batched post views. */
export const contentPlugin = fp(
  async (app: FastifyInstance, opts: { counterFlushMs: number; answerCacheMs: number; viewPeriodMs: number }) => {
    const answers = createAnswerCache(opts.answerCacheMs, { bus: app.bus, name: 'content' });
    const service = createContentService({
      db: app.db,
      storage: app.storage,
      answers,
      log: app.log,
      bus: app.bus,
      counters: app.counters,
      counterFlushMs: opts.counterFlushMs,
      viewPeriodMs: opts.viewPeriodMs,
    });
    app.decorate('content', service);
    app.decorate('contentAnswers', answers);
    // Write the last views while the database is still open (hooks run in reverse order).
    app.addHook('onClose', () => service.close());
    // What a crash left: temporary upload folders, and post media no row names.
    sweepWhenReady(app, 'post uploads', async () => {
      const before = new Date(Date.now() - STALE_AFTER_MS);
      const folders = await removeStaleUploadFolders(before);
      const files = await removeOrphanedMedia(app.storage, {
        prefix: 'tenants/',
        match: (key) => /^tenants\/\d+\/posts\//.test(key),
        before,
        referenced: (keys) => acrossShards(app.db, (tx) => referencedMediaKeys(tx, keys)),
      });
      return folders + files;
    });
  },
  { name: 'content', dependencies: ['database', 'storage', 'counters'] },
);
