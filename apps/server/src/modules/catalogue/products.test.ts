import {
  computeDiscountRate,
  mainShoppingSchema,
  productDetailSchema,
  productListSchema,
  productMessages,
  productSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../seed/factories.js';
import { buildCatalogueTestApp, catalogueTenant, deliveryProduct, shoppingProduct } from './catalogue.test-helpers.js';
import { countOrder } from './sales.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildCatalogueTestApp();
});
afterAll(() => app.close());

async function merchantTenant() {
  const t = await catalogueTenant(app);
  const owner = await t.signIn('merchant', '햇살농원');
  return { ...t, owner };
}

describe('discount rate', () => {
  it('follows the spec formula: rounded, never below 0, 0 without an original price', () => {
    expect(computeDiscountRate(18_000, 24_000)).toBe(25);
    expect(computeDiscountRate(9_990, 10_000)).toBe(0);
    expect(computeDiscountRate(6_650, 10_000)).toBe(34); // 33.5 rounds up
    expect(computeDiscountRate(12_000, 10_000)).toBe(0);
    expect(computeDiscountRate(5_000, 0)).toBe(0);
    expect(computeDiscountRate(5_000, null)).toBe(0);
  });
});

describe('creating and editing products', () => {
  it('creates a shopping product with every field, the discount computed by the server', async () => {
    const { call, owner } = await merchantTenant();
    const res = await call('POST', '/api/products', { ...shoppingProduct(), discount_rate: 99 }, owner.token);
    expect(res.statusCode).toBe(201);
    const body = productDetailSchema.parse(res.json());
    expect(body).toMatchObject({
      title: '유기농 현미 4kg',
      name: '유기농 현미 4kg',
      price: 18_000,
      original_price: 24_000,
      discount_rate: 25,
      category_type: 'shopping',
      category: 'food',
      delivery_category: null,
      is_delivery: false,
      is_available: true,
      display_remaining: -1,
      image_url: null,
      thumbnail_url: null,
      merchant: { id: owner.merchant?.id, owner_id: owner.user.id, business_name: '햇살농원' },
      rating_average: 0,
      rating_count: 0,
      views_count: 0,
      orders_count: 0,
      deleted_at: null,
      media: [],
      reviews: [],
    });
  });

  it('creates a delivery (pickup kind) product with its delivery category', async () => {
    const { call, owner } = await merchantTenant();
    const res = await call('POST', '/api/products/', deliveryProduct(), owner.token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      category_type: 'pickup',
      delivery_category: 'korean',
      category: null,
      is_delivery: true,
      display_remaining: 10,
      discount_rate: 20,
    });
  });

  it.each([
    [{ title: '   ' }, productMessages.titleRequired],
    [{ title: undefined }, productMessages.titleRequired],
    [{ price: 0 }, productMessages.pricePositive],
    [{ price: -100 }, productMessages.pricePositive],
    [{ price: undefined }, productMessages.priceRequired],
    [{ price: 10.5 }, productMessages.priceInteger],
    [{ original_price: -1 }, productMessages.originalPriceMin],
    [{ category: undefined }, productMessages.categoryRequired],
    [{ category: 'weapons' }, productMessages.categoryInvalid],
    [{ display_remaining: -2 }, productMessages.remainingInvalid],
  ])('refuses %j with the Korean detail', async (change, detail) => {
    const { call, owner } = await merchantTenant();
    const res = await call('POST', '/api/products', { ...shoppingProduct(), ...change }, owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail, code: 'validation_error' });
    const list = await call('GET', `/api/products?merchant_id=${owner.merchant?.id}`, undefined, owner.token);
    expect(list.json().total).toBe(0);
  });

  it('requires the delivery category for the delivery kind', async () => {
    const { call, owner } = await merchantTenant();
    const res = await call('POST', '/api/products', deliveryProduct({ delivery_category: undefined }), owner.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(productMessages.deliveryCategoryRequired);
  });

  it('lets only merchants create: 401 signed out, 403 for a customer', async () => {
    const { call, signIn } = await merchantTenant();
    expect((await call('POST', '/api/products', shoppingProduct())).statusCode).toBe(401);
    const customer = await signIn('customer');
    const res = await call('POST', '/api/products', shoppingProduct(), customer.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('wrong_user_type');
  });

  it('edits a product (discount recomputed) but never changes its kind', async () => {
    const { call, owner } = await merchantTenant();
    const created = (await call('POST', '/api/products', shoppingProduct(), owner.token)).json();
    const res = await call(
      'PUT',
      `/api/products/${created.id}`,
      shoppingProduct({ title: '유기농 현미 10kg', price: 40_000, original_price: 50_000, is_available: false }),
      owner.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: '유기농 현미 10kg',
      price: 40_000,
      discount_rate: 20,
      is_available: false,
    });

    const locked = await call('PUT', `/api/products/${created.id}`, deliveryProduct(), owner.token);
    expect(locked.statusCode).toBe(400);
    expect(locked.json().detail).toBe(productMessages.kindLocked);
  });

  it('answers 403 to another merchant and 404 to another tenant, changing nothing', async () => {
    const { call, owner, signIn } = await merchantTenant();
    const created = (await call('POST', '/api/products', shoppingProduct(), owner.token)).json();
    const rival = await signIn('merchant', '경쟁농원');
    for (const [method, url, body] of [
      ['PUT', `/api/products/${created.id}`, shoppingProduct({ title: '탈취' })],
      ['DELETE', `/api/products/${created.id}`, undefined],
      ['POST', `/api/products/${created.id}/restore`, undefined],
      ['PUT', `/api/products/${created.id}/media/order`, []],
    ] as const) {
      const res = await call(method, url, body, rival.token);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('not_product_owner');
    }

    const other = await catalogueTenant(app);
    const stranger = await other.signIn('merchant');
    expect((await other.call('GET', `/api/products/${created.id}`)).statusCode).toBe(404);
    const put = await other.call('PUT', `/api/products/${created.id}`, shoppingProduct(), stranger.token);
    expect(put.statusCode).toBe(404);
    expect((await other.call('DELETE', `/api/products/${created.id}`, undefined, stranger.token)).statusCode).toBe(404);

    const still = (await call('GET', `/api/products/${created.id}`)).json();
    expect(still.title).toBe('유기농 현미 4kg');
    expect(still.deleted_at).toBeNull();
  });

  it('refuses a kind whose feature the tenant has switched off', async () => {
    const t = await catalogueTenant(app, { features: { ...allFeatures(), delivery: false } });
    const owner = await t.signIn('merchant');
    const res = await t.call('POST', '/api/products', deliveryProduct(), owner.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('feature_disabled');
    expect((await t.call('GET', '/api/main/delivery')).statusCode).toBe(404);
  });
});

describe('soft delete and restore', () => {
  it('hides a deleted product from every public list and page, lists it for its owner, and restores it', async () => {
    const { call, owner, signIn } = await merchantTenant();
    const kept = (await call('POST', '/api/products', shoppingProduct({ title: '남는 상품' }), owner.token)).json();
    const gone = (await call('POST', '/api/products', deliveryProduct({ title: '지울 도시락' }), owner.token)).json();

    const del = await call('DELETE', `/api/products/${gone.id}`, undefined, owner.token);
    expect(del.statusCode).toBe(200);
    expect(productSchema.parse(del.json()).deleted_at).not.toBeNull();
    expect((await call('DELETE', `/api/products/${gone.id}`, undefined, owner.token)).statusCode).toBe(404);

    expect((await call('GET', `/api/products/${gone.id}`)).statusCode).toBe(404);
    for (const url of ['/api/products', '/api/products/latest', '/api/products/popular', '/api/main/delivery']) {
      const ids = (await call('GET', url)).json().products.map((p: { id: number }) => p.id);
      expect(ids, url).not.toContain(gone.id);
    }
    expect((await call('GET', '/api/products')).json().products.map((p: { id: number }) => p.id)).toContain(kept.id);

    const deleted = await call('GET', '/api/products/deleted', undefined, owner.token);
    expect(deleted.statusCode).toBe(200);
    expect(productListSchema.parse(deleted.json()).products.map((p) => p.id)).toEqual([gone.id]);
    const rival = await signIn('merchant');
    expect((await call('GET', '/api/products/deleted', undefined, rival.token)).json().products).toEqual([]);
    expect((await call('GET', '/api/products/deleted')).statusCode).toBe(401);

    const restored = await call('POST', `/api/products/${gone.id}/restore`, undefined, owner.token);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().deleted_at).toBeNull();
    expect((await call('GET', '/api/products/deleted', undefined, owner.token)).json().products).toEqual([]);
    expect((await call('GET', `/api/products/${gone.id}`)).statusCode).toBe(200);
    const again = await call('POST', `/api/products/${gone.id}/restore`, undefined, owner.token);
    expect(again.statusCode).toBe(409);
  });
});

describe('lists, filters and search', () => {
  async function stocked() {
    const t = await merchantTenant();
    const other = await t.signIn('merchant', '바다수산');
    const make = async (token: string, body: object) => (await t.call('POST', '/api/products', body, token)).json();
    const rice = await make(t.owner.token, shoppingProduct({ title: '유기농 현미 4kg', price: 18_000 }));
    const apples = await make(
      t.owner.token,
      shoppingProduct({
        title: '청송 꿀사과 3kg',
        description: '아삭한 가을 사과',
        price: 25_000,
        original_price: 25_000,
      }),
    );
    const towel = await make(
      t.owner.token,
      shoppingProduct({ title: '호텔 수건 5장', description: '면 100%', price: 15_000, category: 'household' }),
    );
    const hidden = await make(t.owner.token, shoppingProduct({ title: '판매중지 사과', is_available: false }));
    const fish = await make(other.token, deliveryProduct({ title: '손질 고등어', delivery_category: 'seafood' }));
    return { ...t, other, rice, apples, towel, hidden, fish };
  }

  it('pages with a bounded size, stable order, and totals', async () => {
    const t = await stocked();
    const page1 = productListSchema.parse((await t.call('GET', '/api/products?size=2&page=1')).json());
    const page2 = productListSchema.parse((await t.call('GET', '/api/products?size=2&page=2')).json());
    expect(page1).toMatchObject({ total: 4, page: 1, size: 2, pages: 2 });
    expect(page1.products.map((p) => p.id)).toEqual([t.fish.id, t.towel.id]);
    expect(page2.products.map((p) => p.id)).toEqual([t.apples.id, t.rice.id]);
    expect((await t.call('GET', '/api/products?size=101')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/products?page=0')).statusCode).toBe(400);
  });

  it('filters by merchant, category and price; the owner also sees its unavailable products', async () => {
    const t = await stocked();
    const ids = async (url: string, token?: string) =>
      (await t.call('GET', url, undefined, token)).json().products.map((p: { id: number }) => p.id);
    expect(await ids(`/api/products?merchant_id=${t.other.merchant?.id}`)).toEqual([t.fish.id]);
    expect(await ids('/api/products?category=household')).toEqual([t.towel.id]);
    expect(await ids('/api/products?category=seafood')).toEqual([t.fish.id]);
    expect(await ids('/api/products/category/food')).toEqual(expect.arrayContaining([t.rice.id, t.apples.id]));
    expect(await ids('/api/products?min_price=16000&max_price=20000')).toEqual([t.rice.id]);
    expect(await ids(`/api/products?merchant_id=${t.owner.merchant?.id}`)).not.toContain(t.hidden.id);
    expect(await ids(`/api/products?merchant_id=${t.owner.merchant?.id}`, t.owner.token)).toContain(t.hidden.id);
    expect(await ids('/api/products/discount')).toEqual([t.towel.id, t.rice.id, t.fish.id]); // 38, 25, 20 %
  });

  it("counts a merchant's products on sale in the directory, and follows an edit or a deletion at once", async () => {
    const t = await stocked();
    const count = async () =>
      (await t.call('GET', '/api/merchants'))
        .json()
        .merchants.find((m: { id: number }) => m.id === t.owner.merchant?.id)?.product_count;
    expect(await count()).toBe(3); // rice, apples and the towel; not the product off sale
    const edit = shoppingProduct({ title: '유기농 현미 4kg', price: 18_000, is_available: false });
    expect((await t.call('PUT', `/api/products/${t.rice.id}`, edit, t.owner.token)).statusCode).toBe(200);
    expect(await count()).toBe(2);
    expect((await t.call('DELETE', `/api/products/${t.towel.id}`, undefined, t.owner.token)).statusCode).toBe(200);
    expect(await count()).toBe(1);
  });

  it('finds Hangul substrings of titles and descriptions', async () => {
    const t = await stocked();
    const search = async (q: string) =>
      (await t.call('GET', `/api/products/search?q=${encodeURIComponent(q)}`))
        .json()
        .products.map((p: { id: number }) => p.id);
    expect(await search('사과')).toEqual([t.apples.id]); // title; the unavailable one is not listed
    expect(await search('가을')).toEqual([t.apples.id]); // description
    expect(await search('꿀사')).toEqual([t.apples.id]); // part of a word
    expect(await search('현미 4')).toEqual([t.rice.id]);
    expect(await search('100%')).toEqual([t.towel.id]); // pattern characters are literal
    expect(await search('없는상품')).toEqual([]);
    const main = await t.call('GET', `/api/main/delivery?q=${encodeURIComponent('고등어')}`);
    expect(main.json().products.map((p: { id: number }) => p.id)).toEqual([t.fish.id]);
  });

  it('serves the delivery tab by ranking and the shopping tab by category', async () => {
    const t = await stocked();
    const delivery = productListSchema.parse((await t.call('GET', '/api/main/delivery?category=seafood')).json());
    expect(delivery.products.map((p) => p.id)).toEqual([t.fish.id]);
    expect((await t.call('GET', '/api/main/delivery?category=korean')).json().products).toEqual([]);

    // One list per answer: BEST, or the asked category's ranking (a page each, not every category at once).
    const shopping = mainShoppingSchema.parse((await t.call('GET', '/api/main/shopping')).json());
    expect(Object.keys(shopping.categories)).toEqual(['all']);
    expect(shopping.categories.all?.map((p) => p.id)).toEqual([t.towel.id, t.apples.id, t.rice.id]);
    expect(shopping.search_results).toBeUndefined();
    const household = mainShoppingSchema.parse((await t.call('GET', '/api/main/shopping?category=household')).json());
    expect(household.categories).toEqual({ household: [expect.objectContaining({ id: t.towel.id })] });
    const unknown = mainShoppingSchema.parse((await t.call('GET', '/api/main/shopping?category=nothing')).json());
    expect(Object.keys(unknown.categories)).toEqual(['all']);

    const found = mainShoppingSchema.parse(
      (await t.call('GET', `/api/main/shopping?q=${encodeURIComponent('수건')}&category=household`)).json(),
    );
    expect(found.search_results?.map((p) => p.id)).toEqual([t.towel.id]);
    expect(Object.keys(found.categories)).toEqual(['household']);
  });

  it('ranks a sold-out product after every available one, however often it was ordered', async () => {
    const t = await merchantTenant();
    const make = async (body: object) => (await t.call('POST', '/api/products', body, t.owner.token)).json();
    // Six delivery meals; the most reordered one then sells out (stock 0), as the last unit sold does.
    const meals = [];
    for (const [i, title] of ['비빔밥', '김밥', '떡볶이', '순대', '라면', '불고기'].entries()) {
      const meal = await make(deliveryProduct({ title, display_remaining: 10 }));
      for (let n = 0; n < 6 - i; n++) {
        await countOrder(app.db, t.tenant.id, { productId: meal.id, optionId: null, stockReserved: 0 }, 1);
      }
      meals.push(meal);
    }
    const [star, ...rest] = meals;
    const soldOut = await t.call(
      'PUT',
      `/api/products/${star.id}`,
      deliveryProduct({ title: '비빔밥', display_remaining: 0 }),
      t.owner.token,
    );
    expect(soldOut.json()).toMatchObject({ display_remaining: 0, orders_count: 6 });
    const ids = async (url: string) => (await t.call('GET', url)).json().products.map((p: { id: number }) => p.id);
    const ranked = [...rest.map((m) => m.id), star.id];
    const delivery = await ids('/api/main/delivery');
    expect(delivery).toEqual(ranked);
    // The screen's "재주문 많은 TOP 3" is items 3 to 5 of this ranking.
    expect(delivery.slice(2, 5)).not.toContain(star.id);
    expect(await ids('/api/main/delivery?category=korean')).toEqual(ranked);
    expect(await ids('/api/products/popular')).toEqual(ranked);

    // The shopping tab's BEST and its per-category tops rank the same way.
    const rice = await make(shoppingProduct({ title: '햅쌀 10kg', display_remaining: 5 }));
    const beans = await make(shoppingProduct({ title: '서리태 1kg', display_remaining: 5 }));
    for (let n = 0; n < 3; n++) {
      await countOrder(app.db, t.tenant.id, { productId: rice.id, optionId: null, stockReserved: 0 }, 1);
    }
    await t.call(
      'PUT',
      `/api/products/${rice.id}`,
      shoppingProduct({ title: '햅쌀 10kg', display_remaining: 0 }),
      t.owner.token,
    );
    const shopping = mainShoppingSchema.parse((await t.call('GET', '/api/main/shopping')).json());
    expect(shopping.categories.all?.map((p) => p.id)).toEqual([beans.id, rice.id]);
    const food = mainShoppingSchema.parse((await t.call('GET', '/api/main/shopping?category=food')).json());
    expect(food.categories.food?.map((p) => p.id)).toEqual([beans.id, rice.id]);
  });

  it('counts views in batches, without a write per request', async () => {
    const t = await stocked();
    for (let i = 0; i < 3; i++) expect((await t.call('GET', `/api/products/${t.rice.id}`)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/products/${t.rice.id}`)).json().views_count).toBe(0);
    await app.catalogue.counts.flush();
    expect((await t.call('GET', `/api/products/${t.rice.id}`)).json().views_count).toBe(4);
    const popular = (await t.call('GET', '/api/products/popular')).json().products;
    expect(popular[0].id).toBe(t.rice.id);
  });

  it('answers the category lists', async () => {
    const t = await stocked();
    const shopping = (await t.call('GET', '/api/main/categories/shopping')).json();
    expect(shopping.categories[0]).toEqual({ value: 'all', label: '전체' });
    expect(shopping.categories.map((c: { label: string }) => c.label)).toEqual([
      '전체',
      '의류',
      '식품',
      '뷰티',
      '생활용품',
      '주방용품',
      '가전',
      '인테리어',
      '도서',
    ]);
    const delivery = (await t.call('GET', '/api/main/categories/delivery')).json();
    expect(delivery.categories.every((c: { emoji?: string }) => typeof c.emoji === 'string')).toBe(true);
  });
});
