import {
  bannerListSchema,
  catalogueCategoryListSchema,
  eventListSchema,
  mainShoppingSchema,
  merchantListSchema,
  merchantSummarySchema,
  merchantsOnlySchema,
  noticeListSchema,
  productDetailSchema,
  productListSchema,
  regionListSchema,
  searchResultSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../seed/demo.js';
import { buildCatalogueTestApp } from './catalogue.test-helpers.js';

let app: FastifyInstance;
let seedMs = 0;
beforeAll(async () => {
  app = await buildCatalogueTestApp({}, { wholePlatform: true });
  const started = Date.now();
  await seedDemoIfEmpty(app.db, app.log, { storage: app.storage });
  seedMs = Date.now() - started;
});
afterAll(() => app.close());

const get = (url: string, host = 'farm.localhost', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host, ...headers } });

describe('the demo catalogue', () => {
  it('seeds producers, at least 40 products per tenant with images, stock states and deleted ones, quickly', async () => {
    console.log(`demo seed with images: ${seedMs} ms`);
    for (const host of ['farm.localhost', 'mall.localhost']) {
      const list = productListSchema.parse((await get('/api/products?size=100', host)).json());
      expect(list.total, host).toBeGreaterThanOrEqual(38);
      expect(
        list.products.every((p) => p.image_url?.startsWith('/api/media/')),
        host,
      ).toBe(true);
      // Unlimited, sold out and counted stock (the demo orders hold some of it: modules/orders/demo-orders.ts).
      const stock = new Set(list.products.map((p) => p.display_remaining));
      expect(stock.has(-1) && stock.has(0) && [...stock].some((n) => n > 0), host).toBe(true);
      expect(list.products.some((p) => p.discount_rate > 0)).toBe(true);
      const merchants = new Set(list.products.map((p) => p.merchant.business_name));
      expect(merchants.size, host).toBeGreaterThanOrEqual(5);
      const image = await get(list.products[0]?.image_url ?? '', host);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
    }
    // The demo merchant has deleted products to restore.
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'farm.localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=merchant%40example.com&password=demo1234',
    });
    const token = login.json().access_token;
    const deleted = await get('/api/products/deleted', 'farm.localhost', { authorization: `Bearer ${token}` });
    expect(deleted.json().total).toBeGreaterThanOrEqual(2);
    expect(seedMs).toBeLessThan(30_000);
  });

  it('has a delivery tab on the farm and none on the mall', async () => {
    const farm = productListSchema.parse((await get('/api/main/delivery?size=10')).json());
    expect(farm.products).toHaveLength(10);
    expect(farm.products.every((p) => p.category_type === 'pickup')).toBe(true);
    // The whole ranking: sold-out products after every available one, each part by orders.
    const all = productListSchema.parse((await get('/api/main/delivery?size=100')).json()).products;
    const ranks = all.map((p) => (p.display_remaining === 0 ? -1_000_000 : 0) + p.orders_count);
    expect([...ranks].sort((a, b) => b - a)).toEqual(ranks);
    expect((await get('/api/main/delivery', 'mall.localhost')).statusCode).toBe(404);
    const mall = mainShoppingSchema.parse((await get('/api/main/shopping?size=4', 'mall.localhost')).json());
    expect(mall.categories.all).toHaveLength(4);
    const clothing = mainShoppingSchema.parse(
      (await get('/api/main/shopping?size=4&category=clothing', 'mall.localhost')).json(),
    );
    expect(clothing.categories.clothing?.length).toBeGreaterThan(0);
  });

  it('shows a product with its carousel images', async () => {
    const list = (await get('/api/products/latest?size=100')).json().products as { id: number }[];
    const details = await Promise.all(
      list.map(async (p) => productDetailSchema.parse((await get(`/api/products/${p.id}`)).json())),
    );
    expect(details.some((d) => d.media.length === 3)).toBe(true);
  });
});

describe('merchants', () => {
  it('lists, searches and filters merchants by category and region', async () => {
    const all = merchantListSchema.parse((await get('/api/merchants?size=50')).json());
    expect(all.total).toBe(6);
    expect(all.merchants.map((m) => m.business_name)).toContain('동해바다 수산');
    const fish = merchantListSchema.parse((await get(`/api/merchants/search?q=${encodeURIComponent('수산')}`)).json());
    expect(fish.merchants.map((m) => m.business_name)).toEqual(['동해바다 수산']);
    const bakers = merchantListSchema.parse((await get('/api/merchants?category=bakery')).json());
    expect(bakers.merchants.map((m) => m.business_name)).toContain('밀과보리 베이커리');
    expect((await get('/api/merchants?location=seoul')).json().total).toBe(0);
    expect((await get('/api/merchants?location=gyeonggi')).json().total).toBe(6);
    const one = merchantSummarySchema.parse((await get(`/api/merchants/${fish.merchants[0]?.id}`)).json());
    expect(one.product_count).toBeGreaterThan(0);
    expect((await get(`/api/merchants/${fish.merchants[0]?.id}`, 'mall.localhost')).statusCode).toBe(404);
    expect(merchantsOnlySchema.parse((await get('/api/merchants/featured')).json()).merchants.length).toBeGreaterThan(
      0,
    );
  });

  it('finds merchants nearby, nearest first, within the radius (default 5 km)', async () => {
    const near = merchantsOnlySchema.parse((await get('/api/merchants/nearby?lat=37.4917&lng=127.4875')).json());
    expect(near.merchants.length).toBe(5); // the fishmonger in Yangsu-ri is about 16 km away
    const distances = near.merchants.map((m) => m.distance_km ?? -1);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(distances.every((d) => d >= 0 && d <= 5)).toBe(true);
    const wide = (await get('/api/merchants/nearby?lat=37.4917&lng=127.4875&radius=30')).json();
    expect(wide.merchants).toHaveLength(6);
    expect((await get('/api/merchants/nearby?lat=91&lng=0')).statusCode).toBe(400);
    // A subnormal coordinate is outside PostgreSQL's float8 range: it must not reach the query as is.
    const tiny = await get('/api/merchants/nearby?lat=4.4e-323&lng=-4&radius=1e-320');
    expect(tiny.statusCode).toBe(400);
    expect((await get('/api/merchants/nearby?lat=4.4e-323&lng=-4')).json()).toEqual({ merchants: [] });
    expect((await get('/api/merchants/nearby?lng=127')).statusCode).toBe(400);
  });
});

describe('categories, site lists and search', () => {
  it('answers categories with counts, one category, regions, banners, events and notices', async () => {
    const cats = catalogueCategoryListSchema.parse((await get('/api/categories')).json()).categories;
    expect(cats.filter((c) => c.type === 'shopping')).toHaveLength(9);
    expect(cats.filter((c) => c.type === 'delivery')).toHaveLength(13);
    const all = cats.find((c) => c.type === 'shopping' && c.value === 'all');
    const food = cats.find((c) => c.value === 'food');
    expect(all?.product_count).toBeGreaterThanOrEqual(food?.product_count ?? 0);
    expect((await get('/api/categories/seafood')).json()).toMatchObject({
      value: 'seafood',
      label: '수산',
      type: 'delivery',
    });
    expect((await get('/api/categories/weapons')).statusCode).toBe(404);
    const mallCats = (await get('/api/categories', 'mall.localhost')).json().categories;
    expect(mallCats.every((c: { type: string }) => c.type === 'shopping')).toBe(true);

    const regions = regionListSchema.parse((await get('/api/regions')).json()).regions;
    expect(regions).toHaveLength(17);
    expect(regions.find((r) => r.code === 'gyeonggi')?.merchant_count).toBe(6);
    expect(bannerListSchema.parse((await get('/api/banners')).json()).banners).toHaveLength(2);
    expect(eventListSchema.parse((await get('/api/events')).json()).events).toHaveLength(2);
    const notices = noticeListSchema.parse((await get('/api/notices?size=2')).json());
    expect(notices).toMatchObject({ total: 3, page: 1, size: 2, pages: 2 });
    expect(notices.notices[0]?.is_pinned).toBe(true);
  });

  it('searches products and merchants in Hangul, and learns popular keywords', async () => {
    const res = searchResultSchema.parse((await get(`/api/search?q=${encodeURIComponent('한우')}`)).json());
    expect(res.products.length).toBeGreaterThanOrEqual(3);
    expect(res.products.every((p) => `${p.title} ${p.description}`.includes('한우'))).toBe(true);
    expect(res.merchants.map((m) => m.business_name)).toContain('한우명가 정육점');
    expect(res.total_products).toBeGreaterThanOrEqual(res.products.length);
    expect(res.total).toBe(res.total_products + res.total_merchants);
    const only = searchResultSchema.parse(
      (await get(`/api/search?q=${encodeURIComponent('한우')}&type=merchants`)).json(),
    );
    expect(only.products).toEqual([]);
    expect(only.total).toBe(only.total_merchants);
    expect(only.total).toBe(res.total_merchants);
    await get(`/api/products/search?q=${encodeURIComponent('사과')}`);
    await get(`/api/products/search?q=${encodeURIComponent('사과')}`);
    await app.catalogue.counts.flush();
    const popular = (await get('/api/search/keywords/popular')).json().keywords;
    expect(popular[0]).toEqual({ keyword: '사과', count: 2 });
    const suggest = (await get(`/api/search/keywords/suggest?q=${encodeURIComponent('사')}`)).json().suggestions;
    expect(suggest[0]).toBe('사과');
    expect(suggest).toContain('청송 꿀사과');
    expect((await get('/api/search/keywords/popular', 'mall.localhost')).json().keywords).toEqual([]);
  });

  it('answers the total of matches, not of the page', async () => {
    const res = searchResultSchema.parse((await get(`/api/search?q=${encodeURIComponent('한우')}`)).json());
    // The totals count every match, not the page: one result per page still reports them all.
    const paged = searchResultSchema.parse((await get(`/api/search?q=${encodeURIComponent('한우')}&size=1`)).json());
    expect(paged.products.length + paged.merchants.length).toBeLessThanOrEqual(2);
    expect(paged.total).toBe(res.total);
    expect(paged.total).toBeGreaterThan(2);
    const none = searchResultSchema.parse((await get(`/api/search?q=${encodeURIComponent('없는검색어zz')}`)).json());
    expect(none).toMatchObject({ total: 0, total_products: 0, total_merchants: 0 });
  });
});
