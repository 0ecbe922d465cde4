import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  mainShoppingSchema,
  productListSchema,
  reviewEligibilitySchema,
  reviewListSchema,
  reviewStatsSchema,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acrossShards } from '../../platform/db/citus.js';
import { DEMO_PASSWORD, demoTenants, seedDemoIfEmpty } from '../../seed/demo.js';
import { accountsClient } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(
    { storage: { driver: 'local', localDir: mkdtempSync(join(tmpdir(), 'demo-reviews-')) } },
    { wholePlatform: true },
  );
  await seedDemoIfEmpty(app.db, app.log, { storage: app.storage });
}, 180_000);
afterAll(() => app.close());

const [farm, mall] = demoTenants;
const get = async (host: string, url: string, token?: string) => {
  const res = await accountsClient(app, host).call('GET', url, undefined, token);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
/** The test's own look-ups, across tenants (on Citus, deliberately over every shard). */
const rows = async <T>(query: ReturnType<typeof sql>) =>
  (await acrossShards(app.db, (tx) => tx.execute(query))).rows as T[];

describe('demo reviews', () => {
  it.each([farm.domain, mall.domain])(
    '%s: buyers reviewed many products, every rating occurs, some with photos and helpful votes',
    async (host) => {
      const [tenant] = await rows<{ id: number }>(sql`select id from tenants where domain = ${host}`);
      const tenantId = tenant?.id as number;
      const reviewed = await rows<{ id: number; user_id: number; product_id: number; rating: number; helpful: number }>(
        sql`select r.id, r.user_id, r.product_id, r.rating, r.helpful_count as helpful from reviews r where r.tenant_id = ${tenantId}`,
      );
      const productIds = new Set(reviewed.map((r) => r.product_id));
      expect(productIds.size).toBeGreaterThanOrEqual(host === farm.domain ? 15 : 12);
      expect(new Set(reviewed.map((r) => r.rating))).toEqual(new Set([1, 2, 3, 4, 5]));

      // Every review stands on a paid purchase of its author that was neither cancelled nor refunded.
      const unbought = await rows(sql`select r.id from reviews r where r.tenant_id = ${tenantId} and not exists (
          select 1 from orders o join order_items i on i.tenant_id = o.tenant_id and i.order_id = o.id
          where o.tenant_id = r.tenant_id and o.buyer_id = r.user_id and i.product_id = r.product_id
            and o.paid_at is not null and o.status not in ('CANCELLED', 'REFUNDED'))`);
      expect(unbought).toEqual([]);

      // Helpful counts equal the votes, and nobody voted for their own review.
      const drift = await rows(sql`select r.id from reviews r where r.tenant_id = ${tenantId} and r.helpful_count <> (
          select count(*) from review_helpful_votes v where v.tenant_id = r.tenant_id and v.review_id = r.id)`);
      expect(drift).toEqual([]);
      expect(reviewed.some((r) => r.helpful > 0)).toBe(true);
      const ownVotes = await rows(sql`select 1 from review_helpful_votes v join reviews r
          on r.tenant_id = v.tenant_id and r.id = v.review_id where v.tenant_id = ${tenantId} and v.user_id = r.user_id`);
      expect(ownVotes).toEqual([]);

      // The product figures match the reviews, and the list answers show the photos.
      let photos = 0;
      for (const productId of productIds) {
        const mine = reviewed.filter((r) => r.product_id === productId);
        const stats = reviewStatsSchema.parse(await get(host, `/api/reviews/product/${productId}/stats`));
        expect(stats.total_count).toBe(mine.length);
        for (const star of [1, 2, 3, 4, 5] as const) {
          expect(stats.rating_distribution[star]).toBe(mine.filter((r) => r.rating === star).length);
        }
        const list = reviewListSchema.parse(await get(host, `/api/reviews/product/${productId}?limit=50`));
        expect(list.reviews.every((r) => r.content.length >= 10 && r.user.username !== '')).toBe(true);
        for (const m of list.reviews.flatMap((r) => r.media)) {
          photos += 1;
          const served = await accountsClient(app, host).call('GET', m.thumbnail_url);
          expect(served.statusCode).toBe(200);
        }
      }
      expect(photos).toBeGreaterThanOrEqual(5);
    },
  );

  it('shows real ratings on the cards of the delivery and shopping screens', async () => {
    const delivery = productListSchema.parse(await get(farm.domain, '/api/main/delivery?size=30'));
    expect(delivery.products.filter((p) => p.rating_count > 0).length).toBeGreaterThanOrEqual(5);
    const shopping = mainShoppingSchema.parse(await get(mall.domain, '/api/main/shopping'));
    const rated = (shopping.categories.all ?? []).filter((p) => p.rating_count > 0);
    expect(rated.length).toBeGreaterThanOrEqual(5);
    expect(rated.every((p) => p.rating_average >= 1 && p.rating_average <= 5)).toBe(true);
  });

  it('leaves the demo customer a delivered purchase to review, and shows their own reviews', async () => {
    for (const host of [farm.domain, mall.domain]) {
      const token = await accountsClient(app, host).token('customer@example.com', DEMO_PASSWORD);
      const mine = reviewListSchema.parse(await get(host, '/api/reviews/my-reviews', token));
      expect(mine.total).toBeGreaterThanOrEqual(1);
      const [user] = await rows<{ id: number }>(
        sql`select u.id from users u join tenants t on t.id = u.tenant_id where t.domain = ${host} and u.email = 'customer@example.com'`,
      );
      const bought = await rows<{ product_id: number }>(sql`select distinct i.product_id from orders o
          join order_items i on i.tenant_id = o.tenant_id and i.order_id = o.id
          where o.buyer_id = ${user?.id} and o.status = 'DELIVERED'`);
      const gates = await Promise.all(
        bought.map(async (b) =>
          reviewEligibilitySchema.parse(await get(host, `/api/reviews/product/${b.product_id}/eligibility`, token)),
        ),
      );
      expect(gates.some((g) => g.can_write)).toBe(true);
    }
  });
});
