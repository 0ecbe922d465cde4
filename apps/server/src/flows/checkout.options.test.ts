import { type DeliveryTerms, type ProductDetail, paymentPrepareResultSchema } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { productOptions, products } from '../modules/catalogue/catalogue.schema.js';
import { catalogueTenant, deliveryProduct, shoppingProduct } from '../modules/catalogue/catalogue.test-helpers.js';
import { ledgerProblems } from '../modules/wallet/ledger.js';
import { SANDBOX_CARDS } from '../platform/payments/sandbox-gateway.js';
import { buildTestApp } from '../test/app.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;
const buyerFields = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };
const address = { buyer_addr: '서울시 마포구 월드컵북로 1', buyer_postcode: '03925' };

/** 사과 3kg / 5kg / 10kg: each its own price and stock (issue 39). */
const apples = (overrides: object = {}) =>
  shoppingProduct({
    title: '부사 사과',
    price: undefined,
    original_price: null,
    options: [
      { name: '3kg', price: 19_000, original_price: 25_000, stock: 5 },
      { name: '5kg', price: 29_000, stock: 2 },
      { name: '10kg 선물용', price: 52_000, stock: null },
    ],
    ...overrides,
  });

describe('product options, stock counts and delivery terms (issue 39)', () => {
  let app: FastifyInstance;
  let w: World;
  let farm: Person;

  beforeAll(async () => {
    app = await buildTestApp({
      rateLimits: false,
      payments: {
        gateway: 'sandbox',
        reconcileIntervalMs: 0,
        expireAfterMs: loadConfig({}).payments.expireAfterMs,
        sandboxPendingSettleMs: 0,
      },
      catalogue: { counterFlushMs: 60_000, seedProductsPerTenant: 0, answerCacheMs: 2_000 },
    });
    w = await catalogueTenant(app, {
      settings: { point_reward_rate: 0, legal_info: { shipping_fee: 3_000, free_shipping_threshold: 50_000 } },
    });
    farm = await w.signIn('merchant', '사과농원');
  });
  afterAll(() => app.close());

  const newBuyer = () => w.signIn('customer');
  async function create(owner: Person, body: object): Promise<ProductDetail> {
    const res = await w.call('POST', '/api/products', body, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const page = async (id: number): Promise<ProductDetail> => (await w.call('GET', `/api/products/${id}`)).json();
  const optionRemaining = async (id: number) =>
    (
      await app.db
        .select({ remaining: productOptions.remaining })
        .from(productOptions)
        .where(and(eq(productOptions.tenantId, w.tenant.id), eq(productOptions.id, id)))
    )[0]?.remaining;
  const productRemaining = async (id: number) =>
    (
      await app.db
        .select({ remaining: products.displayRemaining })
        .from(products)
        .where(and(eq(products.tenantId, w.tenant.id), eq(products.id, id)))
    )[0]?.remaining;
  const prepare = (token: string, body: object) =>
    w.call('POST', '/api/payment/prepare', { ...buyerFields, ...address, qty: 1, ...body }, token);
  /** prepare → the sandbox's card window → callback, as the browser does it. */
  async function buy(token: string, body: object, card: string = SANDBOX_CARDS.approve) {
    const res = await prepare(token, body);
    expect(res.statusCode, res.body).toBe(200);
    const prepared = paymentPrepareResultSchema.parse(res.json());
    if (prepared.checkout) {
      const paid = await app.inject({
        method: 'POST',
        url: (prepared.checkout as { url: string }).url,
        headers: { host: w.host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ card }).toString(),
      });
      expect(paid.statusCode).toBe(303);
    }
    const confirmed = await w.call(
      'POST',
      '/api/payment/callback',
      { merchant_uid: prepared.merchant_uid, status: 'paid' },
      token,
    );
    return { prepared, confirmed };
  }
  const setTerms = async (owner: Person, body: object) => {
    const res = await w.call('PUT', '/api/dashboard/delivery-terms', body, owner.token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as DeliveryTerms;
  };

  it('a product with options answers them; its price is the cheapest on sale, its stock their sum; a PUT edits the list', async () => {
    const made = await create(farm, apples());
    expect(made.options.map((o) => [o.name, o.price, o.original_price, o.stock, o.is_available])).toEqual([
      ['3kg', 19_000, 25_000, 5, true],
      ['5kg', 29_000, null, 2, true],
      ['10kg 선물용', 52_000, null, null, true],
    ]);
    // The spec's client reads the product-level fields: the cheapest option's price and discount;
    // the stock is unlimited as one option is.
    expect(made).toMatchObject({ price: 19_000, original_price: 25_000, discount_rate: 24, stock: null });
    expect(made.display_remaining).toBe(-1);

    const [small, medium] = made.options as [ProductDetail['options'][0], ProductDetail['options'][0]];
    // Listed ones with id are updated, without id added, the left out (10kg) removed; the order is the body's.
    const res = await w.call(
      'PUT',
      `/api/products/${made.id}`,
      apples({
        options: [
          { id: medium.id, name: '5kg', price: 27_000, stock: 4 },
          { id: small.id, name: '3kg', price: 19_000, original_price: 25_000, stock: 5, is_available: false },
          { name: '7kg', price: 39_000, stock: 1 },
        ],
      }),
      farm.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited: ProductDetail = res.json();
    expect(edited.options.map((o) => [o.id === medium.id, o.name, o.price, o.stock, o.is_available])).toEqual([
      [true, '5kg', 27_000, 4, true],
      [false, '3kg', 19_000, 5, false],
      [false, '7kg', 39_000, 1, true],
    ]);
    // 3kg is off sale: 5kg is now the cheapest; the stock is what can be bought (4 + 1).
    expect(edited).toMatchObject({
      price: 27_000,
      original_price: null,
      discount_rate: 0,
      stock: 5,
      display_remaining: 5,
    });
    // The public page says so at once (the cached answer was dropped).
    expect((await page(made.id)).options).toHaveLength(3);

    // A PUT without the options key leaves them; an id of another product is refused and changes nothing.
    const kept = await w.call(
      'PUT',
      `/api/products/${made.id}`,
      { ...apples(), options: undefined, price: 1_000 },
      farm.token,
    );
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ price: 27_000, stock: 5 });
    expect(kept.json().options).toHaveLength(3);
    const other = await create(farm, apples({ title: '배' }));
    const foreign = await w.call(
      'PUT',
      `/api/products/${made.id}`,
      apples({ options: [{ id: other.options[0]?.id, name: '남의 옵션', price: 1_000 }] }),
      farm.token,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().code).toBe('option_unknown');
    expect((await page(made.id)).options.map((o) => o.name)).toEqual(['5kg', '3kg', '7kg']);

    // Duplicate names and a missing price are refused in Korean.
    const dup = await w.call(
      'POST',
      '/api/products',
      apples({
        options: [
          { name: '3kg', price: 1_000 },
          { name: '3kg', price: 2_000 },
        ],
      }),
      farm.token,
    );
    expect(dup.statusCode).toBe(400);
    expect(dup.json().detail).toContain('같은 이름의 옵션');
    const noPrice = await w.call('POST', '/api/products', apples({ options: [] }), farm.token);
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json().detail).toContain('가격을 입력');

    // Options removed altogether: the product sells by its own price and stock again.
    const plain = await w.call(
      'PUT',
      `/api/products/${made.id}`,
      apples({ options: [], price: 20_000, stock: 8 }),
      farm.token,
    );
    expect(plain.json()).toMatchObject({ options: [], price: 20_000, stock: 8, display_remaining: 8 });
  });

  it('buying an option: it must be chosen, its price and stock count, its name follows the order everywhere', async () => {
    const made = await create(farm, apples());
    const [small, medium] = made.options as [ProductDetail['options'][0], ProductDetail['options'][0]];
    const sky = await newBuyer();
    const without = await prepare(sky.token, { product_id: made.id, amount: 19_000 + 3_000 });
    expect(without.statusCode).toBe(400);
    expect(without.json()).toMatchObject({ code: 'option_required', detail: '옵션을 선택해주세요.' });
    const other = await create(farm, apples({ title: '홍로 사과' }));
    const foreign = await prepare(sky.token, {
      product_id: made.id,
      option_id: other.options[0]?.id,
      amount: 22_000,
    });
    expect(foreign.json().code).toBe('option_unknown');
    // The 3kg price at the 3kg option's: the old product-level amount is a changed price.
    expect((await prepare(sky.token, { product_id: made.id, option_id: medium.id, amount: 22_000 })).statusCode).toBe(
      409,
    );

    const { prepared, confirmed } = await buy(sky.token, {
      product_id: made.id,
      option_id: medium.id,
      qty: 2,
      amount: 2 * 29_000,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(prepared).toMatchObject({ name: '부사 사과 (5kg) 2개', total_amount: 58_000 });
    // 5kg had 2: sold out now; 3kg untouched; the product's total is still unlimited (10kg).
    expect(await optionRemaining(medium.id)).toBe(0);
    expect(await optionRemaining(small.id)).toBe(5);
    const after = await page(made.id);
    expect(after.options.find((o) => o.id === medium.id)?.stock).toBe(0);
    const soldOut = await prepare((await newBuyer()).token, {
      product_id: made.id,
      option_id: medium.id,
      amount: 32_000,
    });
    expect(soldOut.json()).toMatchObject({
      code: 'sold_out',
      detail: '선택한 옵션이 품절되었습니다. 다른 옵션을 선택해주세요.',
    });

    const orderId = confirmed.json().order_id;
    const mine = (await w.call('GET', `/api/delivery/orders/${orderId}`, undefined, sky.token)).json();
    expect(mine.items).toEqual([
      expect.objectContaining({ option_id: medium.id, option_name: '5kg', unit_price: 29_000, quantity: 2 }),
    ]);
    const merchantList = (await w.call('GET', '/api/payment/list?role=merchant', undefined, farm.token)).json();
    expect(merchantList.payments[0]).toMatchObject({ option_name: '5kg', product_name: '부사 사과' });

    // A review of it names the option bought.
    await w.call('PUT', '/api/delivery/status', { order_id: orderId, status: 'DELIVERED' }, farm.token);
    const review = await w.call(
      'POST',
      `/api/products/${made.id}/reviews`,
      { rating: 5, content: '아삭하고 달아요. 선물용으로도 좋겠어요.' },
      sky.token,
    );
    expect(review.statusCode, review.body).toBe(201);
    expect(review.json().option_name).toBe('5kg');

    // Analytics: the option's line and the fee as its own figure (58,000 is over the 50,000 threshold: free).
    const a = (await w.call('GET', '/api/payment/analytics/summary', undefined, farm.token)).json();
    const row = a.product_stats.find((p: { product_id: number }) => p.product_id === made.id);
    expect(row.options).toEqual([
      { option_id: medium.id, option_name: '5kg', total_quantity: 2, total_revenue: 58_000 },
    ]);
    expect(a.summary.delivery_fee_total).toBe(0);
  });

  it('an option is refused in every state but on sale with stock: sold out, off sale, removed', async () => {
    const made = await create(
      farm,
      apples({
        options: [
          { name: '판매중', price: 10_000, stock: 3 },
          { name: '품절', price: 10_000, stock: 0 },
          { name: '중지', price: 10_000, stock: 3, is_available: false },
          { name: '삭제될', price: 10_000, stock: 3 },
        ],
      }),
    );
    const [onSale, soldOut, off, doomed] = made.options as ProductDetail['options'];
    // Removing the last one keeps its row (orders may name it) but it can no longer be bought.
    const kept = made.options.slice(0, 3).map((o) => ({ ...o, original_price: null }));
    expect((await w.call('PUT', `/api/products/${made.id}`, apples({ options: kept }), farm.token)).statusCode).toBe(
      200,
    );
    const sky = await newBuyer();
    const codeOf = async (optionId: number | undefined) =>
      (await prepare(sky.token, { product_id: made.id, option_id: optionId, amount: 13_000 })).json().code;
    expect(await codeOf(soldOut?.id)).toBe('sold_out');
    expect(await codeOf(off?.id)).toBe('option_unavailable');
    expect(await codeOf(doomed?.id)).toBe('option_unknown');
    expect(await codeOf(undefined)).toBe('option_required');
    // None of the refusals took anything.
    for (const o of [onSale, soldOut, off]) expect(await optionRemaining(o?.id ?? 0)).toBe(o?.stock);
    const ok = await prepare(sky.token, { product_id: made.id, option_id: onSale?.id, amount: 13_000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await optionRemaining(onSale?.id ?? 0)).toBe(2);
  });

  it('an option’s stock comes back when the payment fails and when the order is cancelled', async () => {
    const made = await create(farm, apples());
    const [small] = made.options as [ProductDetail['options'][0]];
    const sky = await newBuyer();
    const declined = await buy(
      sky.token,
      { product_id: made.id, option_id: small.id, qty: 3, amount: 57_000 },
      SANDBOX_CARDS.decline,
    );
    expect(declined.confirmed.statusCode).toBe(400);
    expect(await optionRemaining(small.id)).toBe(5);
    const { confirmed } = await buy(sky.token, { product_id: made.id, option_id: small.id, qty: 3, amount: 57_000 });
    expect(await optionRemaining(small.id)).toBe(2);
    const cancel = await w.call(
      'POST',
      `/api/delivery/orders/${confirmed.json().order_id}/cancel`,
      { reason: '단순 변심' },
      sky.token,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await optionRemaining(small.id)).toBe(5);
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('the last unit of an option bought by 8 buyers at once: exactly one gets it, the other options untouched', async () => {
    const made = await create(
      farm,
      apples({
        options: [
          { name: '한정 1상자', price: 30_000, stock: 1 },
          { name: '일반', price: 20_000, stock: 50 },
        ],
      }),
    );
    const [last, plenty] = made.options as [ProductDetail['options'][0], ProductDetail['options'][0]];
    const buyers = await Promise.all(Array.from({ length: 8 }, () => newBuyer()));
    const answers = await Promise.all(
      buyers.map((b) => prepare(b.token, { product_id: made.id, option_id: last.id, amount: 33_000 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(a.json().code).toBe('sold_out');
    }
    expect(await optionRemaining(last.id)).toBe(0);
    expect(await optionRemaining(plenty.id)).toBe(50);
    expect(await productRemaining(made.id)).toBe(50);
  });

  it('different options of one product bought at once: the product keeps their exact total', async () => {
    const made = await create(
      farm,
      apples({
        options: [
          { name: '가', price: 10_000, stock: 20 },
          { name: '나', price: 11_000, stock: 20 },
          { name: '다', price: 12_000, stock: 20 },
        ],
      }),
    );
    const ids = made.options.map((o) => o.id);
    for (let round = 0; round < 4; round++) {
      const buyers = await Promise.all(ids.map(() => newBuyer()));
      const answers = await Promise.all(
        buyers.map((b, i) =>
          prepare(b.token, {
            product_id: made.id,
            option_id: ids[i],
            qty: 2,
            amount: 2 * (10_000 + 1_000 * i) + 3_000,
          }),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const left = await Promise.all(ids.map((id) => optionRemaining(id)));
      expect(left).toEqual(ids.map(() => 20 - 2 * (round + 1)));
      // The product row's total is the options' sum, whichever checkout committed last.
      expect(await productRemaining(made.id)).toBe(3 * (20 - 2 * (round + 1)));
    }
  });

  it('the products tab changes counts in place: visible at once, the owner’s only', async () => {
    const meal = await create(farm, deliveryProduct({ display_remaining: 10 }));
    expect((await page(meal.id)).stock).toBe(10); // now cached
    const set = await w.call('PUT', `/api/products/${meal.id}/stock`, { stock: 3 }, farm.token);
    expect(set.statusCode, set.body).toBe(200);
    expect(await page(meal.id)).toMatchObject({ stock: 3, display_remaining: 3 });
    expect((await w.call('PUT', `/api/products/${meal.id}/stock`, { stock: null }, farm.token)).json()).toMatchObject({
      stock: null,
      display_remaining: -1,
    });
    const rival = await w.signIn('merchant', '옆집농원');
    expect((await w.call('PUT', `/api/products/${meal.id}/stock`, { stock: 0 }, rival.token)).statusCode).toBe(403);
    expect((await w.call('PUT', `/api/products/${meal.id}/stock`, { stock: -5 }, farm.token)).statusCode).toBe(400);

    const boxed = await create(farm, apples());
    const [small] = boxed.options as [ProductDetail['options'][0]];
    expect((await w.call('PUT', `/api/products/${boxed.id}/stock`, { stock: 3 }, farm.token)).json().code).toBe(
      'options_stock',
    );
    const byOption = await w.call(
      'PUT',
      `/api/products/${boxed.id}/stock`,
      { options: [{ id: small.id, stock: 0 }] },
      farm.token,
    );
    expect(byOption.json().options[0]).toMatchObject({ name: '3kg', stock: 0 });
  });

  it('delivery terms: the merchant sets them, every answer carries them, checkout charges exactly them', async () => {
    const bakery = await w.signIn('merchant', '동네빵집');
    expect((await w.call('GET', '/api/dashboard/delivery-terms', undefined, bakery.token)).json()).toMatchObject({
      delivery_fee: 0,
      offers_pickup: true,
      parcel_fee: null,
    });
    const terms = await setTerms(bakery, {
      delivery_fee: 2_500,
      min_order_amount: 15_000,
      free_delivery_over: 30_000,
      eta_text: '30~40분',
      offers_pickup: true,
      pickup_address: '서울 마포구 동교로 1',
      pickup_hours: '매일 10:00~20:00',
    });
    expect(terms).toMatchObject({ delivery_fee: 2_500, eta_text: '30~40분' });
    const bread = await create(
      bakery,
      deliveryProduct({
        title: '소금빵',
        price: 4_000,
        original_price: null,
        delivery_category: 'bakery',
        stock: null,
      }),
    );
    expect(bread.merchant.delivery_terms).toMatchObject({ delivery_fee: 2_500, min_order_amount: 15_000 });
    const listed = (await w.call('GET', `/api/products?merchant_id=${bakery.merchant?.id}`)).json();
    expect(listed.products[0].merchant.delivery_terms.eta_text).toBe('30~40분');

    const sky = await newBuyer();
    // 2 breads = 8,000: below the minimum for a delivery, fine for a pickup (no fee).
    const small = await prepare(sky.token, { product_id: bread.id, qty: 2, amount: 10_500, order_type: 'delivery' });
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({
      code: 'below_min_order',
      detail: '최소주문금액 15,000원 이상부터 배달 주문할 수 있습니다.',
    });
    const pickup = await buy(sky.token, { product_id: bread.id, qty: 2, amount: 8_000, order_type: 'pickup' });
    expect(pickup.confirmed.json()).toMatchObject({ amount: 8_000 });
    // 4 breads = 16,000 + 2,500; the old fixed 2,500-less amount is a changed price.
    expect((await prepare(sky.token, { product_id: bread.id, qty: 4, amount: 16_000 })).statusCode).toBe(409);
    const delivered = await buy(sky.token, { product_id: bread.id, qty: 4, amount: 18_500, order_type: 'delivery' });
    const order = (
      await w.call('GET', `/api/delivery/orders/${delivered.confirmed.json().order_id}`, undefined, sky.token)
    ).json();
    expect(order).toMatchObject({ items_total: 16_000, shipping_fee: 2_500, total_price: 18_500 });
    // At or above 30,000: free.
    const big = await buy(sky.token, { product_id: bread.id, qty: 8, amount: 32_000, order_type: 'delivery' });
    expect(big.confirmed.json()).toMatchObject({ amount: 32_000 });

    // Cancelled as a whole, the fee goes back with the goods.
    const cancel = await w.call(
      'POST',
      `/api/delivery/orders/${delivered.confirmed.json().order_id}/cancel`,
      { reason: '주문 실수' },
      sky.token,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    const payment = (
      await w.call('GET', `/api/payment/${delivered.prepared.merchant_uid}`, undefined, sky.token)
    ).json();
    expect(payment).toMatchObject({ status: 'cancelled', cancelled_amount: 18_500 });

    // No pickup: refused, with the reason.
    await setTerms(bakery, { offers_pickup: false });
    const noPickup = await prepare(sky.token, { product_id: bread.id, qty: 4, amount: 16_000, order_type: 'pickup' });
    expect(noPickup.json()).toMatchObject({ code: 'pickup_not_offered' });
    // Offering pickup needs an address; bad amounts are refused; nothing changed by either.
    const other = await w.signIn('merchant', '빈가게');
    const noAddress = await w.call('PUT', '/api/dashboard/delivery-terms', { offers_pickup: true }, other.token);
    expect(noAddress.json().code).toBe('pickup_address_required');
    for (const bad of [
      { delivery_fee: -1 },
      { delivery_fee: 1.5 },
      { min_order_amount: 1e12 },
      { eta_text: 'a\u0000' },
    ]) {
      expect((await w.call('PUT', '/api/dashboard/delivery-terms', bad, bakery.token)).statusCode).toBe(400);
    }
    expect((await w.call('GET', '/api/dashboard/delivery-terms', undefined, bakery.token)).json().delivery_fee).toBe(
      2_500,
    );
    // Customers have none to set.
    expect((await w.call('GET', '/api/dashboard/delivery-terms', undefined, sky.token)).statusCode).toBe(403);
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('parcel terms: the merchant’s own fee and free-over amount replace the tenant’s policy', async () => {
    const mall = await w.signIn('merchant', '잡화점');
    const cup = await create(mall, shoppingProduct({ title: '머그컵', price: 12_000, category: 'kitchenware' }));
    const sky = await newBuyer();
    // The tenant's policy: 3,000 below 50,000.
    expect((await prepare(sky.token, { product_id: cup.id, amount: 15_000 })).statusCode).toBe(200);
    await setTerms(mall, { parcel_fee: 2_500, parcel_free_over: 20_000 });
    const again = await newBuyer();
    expect((await prepare(again.token, { product_id: cup.id, amount: 15_000 })).statusCode).toBe(409);
    expect((await prepare(again.token, { product_id: cup.id, amount: 14_500 })).statusCode).toBe(200);
    const two = await newBuyer();
    expect((await prepare(two.token, { product_id: cup.id, qty: 2, amount: 24_000 })).statusCode).toBe(200);
  });

  it('a tenant without the delivery module refuses local terms, and one without shopping refuses parcel terms', async () => {
    const t = await catalogueTenant(app, { features: { ...w.tenant.features, delivery: false } });
    const seller = await t.signIn('merchant', '쇼핑몰');
    const refused = await t.call('PUT', '/api/dashboard/delivery-terms', { delivery_fee: 1_000 }, seller.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('feature_disabled');
    expect(
      (await t.call('PUT', '/api/dashboard/delivery-terms', { parcel_fee: 0 }, seller.token)).json(),
    ).toMatchObject({ parcel_fee: 0 });
    const u = await catalogueTenant(app, { features: { ...w.tenant.features, shopping: false } });
    const cafe = await u.signIn('merchant', '카페');
    expect((await u.call('PUT', '/api/dashboard/delivery-terms', { parcel_fee: 0 }, cafe.token)).json().code).toBe(
      'feature_disabled',
    );
  });

  it('the spec’s client, unchanged: a product without options is saved and bought as before', async () => {
    const lunch = await create(farm, deliveryProduct({ price: 9_000, original_price: 10_000, display_remaining: 5 }));
    expect(lunch).toMatchObject({ options: [], stock: 5, display_remaining: 5, price: 9_000, discount_rate: 10 });
    const sky = await newBuyer();
    const { confirmed } = await buy(sky.token, { product_id: lunch.id, qty: 2, amount: 18_000 });
    expect(confirmed.json()).toMatchObject({ status: 'paid', amount: 18_000 });
    expect(await productRemaining(lunch.id)).toBe(3);
    // display_remaining alone still sets the stock; `stock` wins when both are sent.
    const put = async (body: object) =>
      (await w.call('PUT', `/api/products/${lunch.id}`, deliveryProduct({ price: 9_000, ...body }), farm.token)).json();
    expect(await put({ display_remaining: 0 })).toMatchObject({ stock: 0, display_remaining: 0 });
    expect(await put({ display_remaining: 7, stock: 2 })).toMatchObject({ stock: 2, display_remaining: 2 });
    expect(await put({ display_remaining: 7, stock: null })).toMatchObject({ stock: null, display_remaining: -1 });
    // An option id for a product without options is refused.
    expect((await prepare(sky.token, { product_id: lunch.id, option_id: 1, amount: 9_000 })).json().code).toBe(
      'option_unknown',
    );
  });
});
