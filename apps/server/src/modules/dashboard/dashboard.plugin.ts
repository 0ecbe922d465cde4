import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { acrossShards } from '../../platform/db/citus.js';
import { removeOrphanedMedia, STALE_AFTER_MS, sweepWhenReady } from '../../platform/storage/sweep.js';
import { referencedProfileImages } from './dashboard.repository.js';
import { createDashboardService, type DashboardService } from './dashboard.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    dashboard: DashboardService;
  }
}

/** The dashboard service: reads of the content, reviews and catalogue tables; profile writes through auth. */
export const dashboardPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'dashboard',
      createDashboardService({
        db: app.db,
        storage: app.storage,
        auth: app.auth,
        users: app.users,
        reviews: app.reviews,
        content: app.content,
        products: app.catalogue.products,
        log: app.log,
      }),
    );
    // Profile images a crash left stored but not named by their account.
    sweepWhenReady(app, 'profile images', () =>
      removeOrphanedMedia(app.storage, {
        prefix: 'tenants/',
        match: (key) => /^tenants\/\d+\/profiles\//.test(key),
        before: new Date(Date.now() - STALE_AFTER_MS),
        referenced: async (keys) => {
          const urls = new Map(keys.map((k) => [app.storage.url(k), k]));
          const held = await acrossShards(app.db, (tx) => referencedProfileImages(tx, [...urls.keys()]));
          return new Set([...held].flatMap((url) => urls.get(url) ?? []));
        },
      }),
    );
  },
  { name: 'dashboard', dependencies: ['database', 'storage', 'accounts', 'catalogue', 'content', 'reviews'] },
);
