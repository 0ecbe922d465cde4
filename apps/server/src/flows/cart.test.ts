import {
  type Cart,
  type CartCheckedOut,
  cartCheckoutResultSchema,
  cartSchema,
  type Order,
  orderSchema,
  type PaymentItem,
  type ProductDetail,
} from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { productOptions } from '../modules/catalogue/catalogue.schema.js';
import { catalogueTenant, deliveryProduct, shoppingProduct } from '../modules/catalogue/catalogue.test-helpers.js';
import { ledgerProblems } from '../modules/wallet/ledger.js';
import { creditTopup } from '../modules/wallet/points.js';
import { sandboxPayments } from '../platform/payments/sandbox.schema.js';
import { SANDBOX_CARDS } from '../platform/payments/sandbox-gateway.js';
import { buildTestApp } from '../test/app.js';
import { spreadByLargestRemainder } from './checkout.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;
const buyer = {
  buyer_name: '김하늘',
  buyer_email: 'sky@example.com',
  buyer_tel: '010-1234-5678',
  buyer_addr: '서울시 마포구 월드컵북로 1',
  buyer_postcode: '03925',
};

describe('spreading points over the orders of a payment (largest remainder)', () => {
  it('adds up exactly, gives the won left to the largest remainders, ties to the lower order', () => {
    expect(spreadByLargestRemainder(7_751, [26_500, 51_000])).toEqual([2_650, 5_101]);
    expect(spreadByLargestRemainder(1, [5_000, 5_000])).toEqual([1, 0]);
    expect(spreadByLargestRemainder(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(spreadByLargestRemainder(0, [3, 4])).toEqual([0, 0]);
    expect(spreadByLargestRemainder(9_999, [10_000])).toEqual([9_999]);
    // Near the largest amounts, no floating point error.
    const big = spreadByLargestRemainder(2_147_483_000, [2_147_483_647, 1_000_000_007, 3]);
    expect(big.reduce((a, b) => a + b, 0)).toBe(2_147_483_000);
  });
});

describe('the cart: goods of several merchants, one payment, one order per merchant (issue 40)', () => {
  let app: FastifyInstance;
  let w: World;
  let farm: Person;
  let shop: Person;
  let topups = 0;

  beforeAll(async () => {
    app = await buildTestApp({
      rateLimits: false,
      payments: {
        gateway: 'sandbox',
        reconcileIntervalMs: 0,
        expireAfterMs: loadConfig({}).payments.expireAfterMs,
        sandboxPendingSettleMs: 0,
      },
      catalogue: { counterFlushMs: 60_000, seedProductsPerTenant: 0, answerCacheMs: 0 },
    });
    w = await catalogueTenant(app, {
      settings: { point_reward_rate: 2, legal_info: { shipping_fee: 3_000, free_shipping_threshold: 50_000 } },
    });
    farm = await w.signIn('merchant', '햇살농원');
    shop = await w.signIn('merchant', '바다상회');
    const terms = await w.call(
      'PUT',
      '/api/dashboard/delivery-terms',
      { delivery_fee: 2_500, min_order_amount: 10_000, free_delivery_over: 30_000 },
      farm.token,
    );
    expect(terms.statusCode, terms.body).toBe(200);
  });
  afterAll(() => app.close());

  const givePoints = (userId: number, amount: number) =>
    app.db.transaction((tx) => creditTopup(tx, w.tenant.id, { userId, amount, paymentId: `seed-${++topups}` }));
  const balance = async (token: string) => (await w.call('GET', '/api/wallet/balance', undefined, token)).json();
  async function create(owner: Person, body: object): Promise<ProductDetail> {
    const res = await w.call('POST', '/api/products', body, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }
  const apples = () =>
    shoppingProduct({
      title: '부사 사과',
      price: undefined,
      original_price: null,
      options: [
        { name: '3kg', price: 19_000, stock: 5 },
        { name: '5kg', price: 29_000, stock: 2 },
      ],
    });
  async function cartOf(token: string, query = ''): Promise<Cart> {
    const res = await w.call('GET', `/api/cart${query}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return cartSchema.parse(res.json());
  }
  async function add(token: string, body: object): Promise<Cart> {
    const res = await w.call('POST', '/api/cart/items', body, token);
    expect(res.statusCode, res.body).toBe(200);
    return cartSchema.parse(res.json());
  }
  const checkout = (token: string, body: object, key?: string) =>
    w.call('POST', '/api/cart/checkout', { ...buyer, ...body }, token, {
      headers: key ? { 'idempotency-key': key } : {},
    });
  async function payAtSandbox(checkedOut: CartCheckedOut) {
    if (!checkedOut.checkout) return;
    const res = await app.inject({
      method: 'POST',
      url: (checkedOut.checkout as { url: string }).url,
      headers: { host: w.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card: SANDBOX_CARDS.approve }).toString(),
    });
    expect(res.statusCode).toBe(303);
  }
  const callback = (token: string, merchantUid: string) =>
    w.call('POST', '/api/payment/callback', { merchant_uid: merchantUid, status: 'paid' }, token);
  async function order(token: string, id: number): Promise<Order> {
    const res = await w.call('GET', `/api/delivery/orders/${id}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return orderSchema.parse(res.json());
  }
  const gatewayCancelled = async (paymentId: string) =>
    (
      await app.db
        .select({ cancelled: sandboxPayments.cancelledAmount, amount: sandboxPayments.totalAmount })
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.tenantId, w.tenant.id), eq(sandboxPayments.paymentId, paymentId)))
    )[0];
  const optionStock = async (id: number) =>
    (
      await app.db
        .select({ remaining: productOptions.remaining })
        .from(productOptions)
        .where(and(eq(productOptions.tenantId, w.tenant.id), eq(productOptions.id, id)))
    )[0]?.remaining;
  const payments = async (token: string, role: 'buyer' | 'merchant'): Promise<PaymentItem[]> =>
    (await w.call('GET', `/api/payment/list?role=${role}`, undefined, token)).json().payments;

  it('two merchants and two options of one product: grouped and priced, paid once by card and points, one order each; each merchant sees only its share; cancelling one refunds exactly its share', async () => {
    const lunch = await create(
      farm,
      deliveryProduct({ title: '한우 불고기 도시락', price: 12_000, display_remaining: 10 }),
    );
    const apple = await create(shop, apples());
    const [small, medium] = apple.options as [ProductDetail['options'][0], ProductDetail['options'][0]];
    const sky = await w.signIn('customer');
    await givePoints(sky.user.id, 10_000);

    expect(await cartOf(sky.token)).toEqual({
      groups: [],
      count: 0,
      items_total: 0,
      delivery_total: 0,
      total_amount: 0,
    });
    await add(sky.token, { product_id: lunch.id, qty: 2 });
    await add(sky.token, { product_id: apple.id, option_id: small.id, qty: 1 });
    // The same product and option again adds to its line.
    const twice = await add(sky.token, { product_id: apple.id, option_id: small.id, qty: 1 });
    const smallLine = twice.groups.flatMap((g) => g.items).find((i) => i.option_id === small.id);
    expect(smallLine?.qty).toBe(2);
    const patched = await w.call('PATCH', `/api/cart/items/${smallLine?.id}`, { qty: 1 }, sky.token);
    expect(patched.statusCode, patched.body).toBe(200);
    // An option is required where the product has options.
    const noOption = await w.call('POST', '/api/cart/items', { product_id: apple.id, qty: 1 }, sky.token);
    expect(noOption.json()).toMatchObject({ code: 'option_required' });
    const cart = await add(sky.token, { product_id: apple.id, option_id: medium.id, qty: 1 });

    expect(cart.count).toBe(3);
    const farmGroup = cart.groups.find((g) => g.merchant.id === lunch.merchant.id);
    const shopGroup = cart.groups.find((g) => g.merchant.id === apple.merchant.id);
    expect(farmGroup).toMatchObject({
      merchant: { business_name: '햇살농원' },
      category_type: 'pickup',
      order_type: 'delivery',
      items_total: 24_000,
      delivery_fee: 2_500,
      free_delivery_gap: 6_000,
      min_order_gap: null,
      group_total: 26_500,
    });
    expect(shopGroup).toMatchObject({
      merchant: { business_name: '바다상회' },
      category_type: 'shopping',
      items_total: 48_000,
      delivery_fee: 3_000,
      // "2,000원 더 담으면 무료배송"
      free_delivery_gap: 2_000,
      group_total: 51_000,
    });
    expect(shopGroup?.items.map((i) => [i.title, i.option_name, i.price, i.qty, i.line_total, i.stock_state])).toEqual([
      ['부사 사과', '3kg', 19_000, 1, 19_000, 'low'],
      ['부사 사과', '5kg', 29_000, 1, 29_000, 'low'],
    ]);
    expect(cart).toMatchObject({ items_total: 72_000, delivery_total: 5_500, total_amount: 77_500 });
    // Only some lines selected: the totals are those of the selection, fee by its own amount.
    const onlyLunch = await cartOf(sky.token, `?selected=${farmGroup?.items[0]?.id}`);
    expect(onlyLunch.total_amount).toBe(26_500);

    const ids = cart.groups.flatMap((g) => g.items.map((i) => i.id));
    // The total the buyer saw is not the server's: 409 with the cart as it is now, nothing held.
    const stale = await checkout(sky.token, { item_ids: ids, amount: 77_000, points_used: 7_751 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'price_changed', cart: { total_amount: 77_500 } });
    expect(await optionStock(small.id)).toBe(5);
    expect((await balance(sky.token)).available).toBe(10_000);

    const res = await checkout(sky.token, { item_ids: ids, amount: 77_500, points_used: 7_751 }, 'cart-1');
    expect(res.statusCode, res.body).toBe(200);
    const checkedOut = cartCheckoutResultSchema.parse(res.json());
    expect(checkedOut).toMatchObject({
      actual_payment_amount: 69_749,
      points_used: 7_751,
      total_amount: 77_500,
      name: '한우 불고기 도시락 2개 외 2건',
    });
    expect(checkedOut.order_ids).toHaveLength(2);
    // A retry with the same key answers the same payment and orders.
    const retried = await checkout(sky.token, { item_ids: ids, amount: 77_500, points_used: 7_751 }, 'cart-1');
    expect(retried.json()).toEqual(checkedOut);
    expect(await optionStock(small.id)).toBe(4);
    expect((await balance(sky.token)).locked).toBe(7_751);

    await payAtSandbox(checkedOut);
    const confirmed = await callback(sky.token, checkedOut.merchant_uid);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      order_id: checkedOut.order_ids[0],
      order_ids: checkedOut.order_ids,
      payment_type: 'mixed_payment',
      amount: 77_500,
      points_used: 7_751,
      earned_points: 477 + 917,
    });
    // Paid lines leave the cart.
    expect((await cartOf(sky.token)).count).toBe(0);

    const [farmOrderId, shopOrderId] = checkedOut.order_ids as [number, number];
    const farmOrder = await order(farm.token, farmOrderId);
    const shopOrder = await order(shop.token, shopOrderId);
    // Points by the largest remainder: 2,650.3 and 5,100.7 → 2,650 and 5,101.
    expect(farmOrder).toMatchObject({
      status: 'PENDING',
      merchant: { id: lunch.merchant.id },
      total_price: 26_500,
      points_used: 2_650,
      card_amount: 23_850,
      earned_points: 477,
      shipping_fee: 2_500,
    });
    expect(shopOrder).toMatchObject({
      total_price: 51_000,
      points_used: 5_101,
      card_amount: 45_899,
      earned_points: 917,
    });
    expect(shopOrder.items.map((i) => i.option_name)).toEqual(['3kg', '5kg']);
    expect(farmOrder.payment_id).toBe(shopOrder.payment_id);
    // Neither merchant reads the other's order.
    expect((await w.call('GET', `/api/delivery/orders/${shopOrderId}`, undefined, farm.token)).statusCode).toBe(404);

    // Payments: the buyer sees the whole, each merchant its own share, never the other's goods.
    const [whole] = await payments(sky.token, 'buyer');
    expect(whole).toMatchObject({ amount: 77_500, card_amount: 69_749, points_used: 7_751, status: 'paid' });
    const [farmShare] = await payments(farm.token, 'merchant');
    expect(farmShare).toMatchObject({
      payment_id: checkedOut.merchant_uid,
      order_id: farmOrderId,
      name: '한우 불고기 도시락 2개',
      amount: 26_500,
      card_amount: 23_850,
      points_used: 2_650,
    });
    expect(JSON.stringify(await payments(farm.token, 'merchant'))).not.toContain('사과');
    const detail = await w.call('GET', `/api/payment/${checkedOut.merchant_uid}`, undefined, shop.token);
    expect(detail.json()).toMatchObject({ name: '부사 사과 (3kg) 외 1건', amount: 51_000, card_amount: 45_899 });
    const stranger = await w.signIn('merchant', '다른상회');
    expect((await w.call('GET', `/api/payment/${checkedOut.merchant_uid}`, undefined, stranger.token)).statusCode).toBe(
      404,
    );

    // The farm cancels its order: exactly its card share is cancelled at the gateway, its points
    // come back, its reward is taken back; the shop's order stands.
    const cancelled = await w.call(
      'PUT',
      '/api/delivery/status',
      { order_id: farmOrderId, status: 'CANCELLED', memo: '재료 소진' },
      farm.token,
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await gatewayCancelled(checkedOut.merchant_uid)).toEqual({ cancelled: 23_850, amount: 69_749 });
    expect((await balance(sky.token)).available).toBe(10_000 - 7_751 + 2_650 + 917);
    expect((await payments(sky.token, 'buyer'))[0]).toMatchObject({
      status: 'partial_cancelled',
      cancelled_amount: 23_850,
    });
    expect((await payments(farm.token, 'merchant'))[0]).toMatchObject({
      status: 'cancelled',
      cancelled_amount: 23_850,
    });
    expect((await payments(shop.token, 'merchant'))[0]).toMatchObject({ status: 'paid', cancelled_amount: 0 });
    expect((await order(sky.token, shopOrderId)).status).toBe('PENDING');

    // The buyer cancels the other: the rest of the card amount, never more.
    const second = await w.call('POST', `/api/delivery/orders/${shopOrderId}/cancel`, { reason: null }, sky.token);
    expect(second.statusCode, second.body).toBe(200);
    expect(await gatewayCancelled(checkedOut.merchant_uid)).toEqual({ cancelled: 69_749, amount: 69_749 });
    expect((await payments(sky.token, 'buyer'))[0]).toMatchObject({ status: 'cancelled', cancelled_amount: 69_749 });
    expect(await balance(sky.token)).toMatchObject({ available: 10_000, locked: 0 });
    expect(await optionStock(small.id)).toBe(5);
    expect(await optionStock(medium.id)).toBe(2);
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('a line that can no longer be bought stays marked and out of the totals; a changed price waits for the buyer', async () => {
    const rice = await create(shop, shoppingProduct({ title: '현미 4kg', price: 18_000 }));
    const jam = await create(shop, shoppingProduct({ title: '딸기잼', price: 9_000 }));
    const sky = await w.signIn('customer');
    await add(sky.token, { product_id: rice.id, qty: 1 });
    await add(sky.token, { product_id: jam.id, qty: 2 });

    const off = await w.call(
      'PUT',
      `/api/products/${jam.id}`,
      { ...shoppingProduct({ title: '딸기잼', price: 9_000 }), is_available: false },
      shop.token,
    );
    expect(off.statusCode, off.body).toBe(200);
    const repriced = await w.call(
      'PUT',
      `/api/products/${rice.id}`,
      shoppingProduct({ title: '현미 4kg', price: 17_000 }),
      shop.token,
    );
    expect(repriced.statusCode, repriced.body).toBe(200);

    const cart = await cartOf(sky.token);
    const lines = cart.groups.flatMap((g) => g.items);
    expect(lines.map((l) => [l.title, l.available, l.unavailable_reason, l.price, l.previous_price])).toEqual([
      ['현미 4kg', false, 'price_changed', 17_000, 18_000],
      ['딸기잼', false, 'unavailable', 9_000, null],
    ]);
    expect(cart.total_amount).toBe(0);
    // Checking out a line that cannot be bought: 409 with the cart, nothing placed.
    const refused = await checkout(sky.token, { item_ids: lines.map((l) => l.id), amount: 0 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().cart.count).toBe(2);

    // The buyer accepts the new price by touching the line.
    const accepted = await w.call('PATCH', `/api/cart/items/${lines[0]?.id}`, { qty: 1 }, sky.token);
    const riceLine = cartSchema.parse(accepted.json()).groups[0]?.items[0];
    expect(riceLine).toMatchObject({ available: true, price: 17_000, previous_price: null });

    // Another buyer's line, or one that is not there: 404; nobody else's cart changes.
    const river = await w.signIn('customer');
    for (const [method, body] of [
      ['PATCH', { qty: 3 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await w.call(method, `/api/cart/items/${riceLine?.id}`, body, river.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('cart_item_not_found');
    }
    expect((await cartOf(sky.token)).groups[0]?.items[0]?.qty).toBe(1);
    // A merchant cannot put its own goods in its cart; a guest has no server cart.
    const own = await w.call('POST', '/api/cart/items', { product_id: rice.id, qty: 1 }, shop.token);
    expect(own.json().code).toBe('own_product');
    expect((await w.call('GET', '/api/cart')).statusCode).toBe(401);
    // Broken input changes nothing.
    for (const body of [
      { product_id: rice.id, qty: 0 },
      { product_id: rice.id, qty: 100 },
      { product_id: 'x', qty: 1 },
    ]) {
      expect((await w.call('POST', '/api/cart/items', body, sky.token)).statusCode).toBe(400);
    }
    const removed = await w.call('DELETE', `/api/cart/items/${riceLine?.id}`, undefined, sky.token);
    expect(cartSchema.parse(removed.json()).count).toBe(1);
  });

  it('a guest cart merges into the account: lines still on sale join it, the rest skipped; sent again, it changes nothing', async () => {
    const rice = await create(shop, shoppingProduct({ title: '찹쌀 2kg', price: 11_000 }));
    const beans = await create(shop, shoppingProduct({ title: '서리태 1kg', price: 9_000 }));
    const gone = await create(shop, shoppingProduct({ title: '품절 떡', price: 5_000, display_remaining: 0 }));
    const sky = await w.signIn('customer');
    await add(sky.token, { product_id: rice.id, qty: 1 });
    const merge = () =>
      w.call(
        'POST',
        '/api/cart/merge',
        {
          items: [
            { product_id: rice.id, qty: 2 },
            { product_id: beans.id, qty: 1 },
            { product_id: gone.id, qty: 1 },
            { product_id: 999_999, qty: 1 },
          ],
        },
        sky.token,
      );
    const lines = (res: Awaited<ReturnType<typeof merge>>) =>
      cartSchema.parse(res.json()).groups.flatMap((g) => g.items.map((i) => [i.title, i.qty]));
    const res = await merge();
    expect(res.statusCode, res.body).toBe(200);
    // A line both carts have keeps the larger quantity: the guest chose 2 of what the account had 1 of.
    expect(lines(res)).toEqual([
      ['찹쌀 2kg', 2],
      ['서리태 1kg', 1],
    ]);
    // Its answer lost, the browser sends the merge again: the cart stays as it is.
    const again = await merge();
    expect(again.statusCode, again.body).toBe(200);
    expect(lines(again)).toEqual(lines(res));
  });

  it('a merge racing an add of the same product: one line, the quantity of one order or the other', async () => {
    const rice = await create(shop, shoppingProduct({ title: '현미 4kg', price: 18_000 }));
    for (let round = 0; round < 5; round++) {
      const sky = await w.signIn('customer');
      await add(sky.token, { product_id: rice.id, qty: 1 });
      const [added, merged] = await Promise.all([
        w.call('POST', '/api/cart/items', { product_id: rice.id, qty: 1 }, sky.token),
        w.call('POST', '/api/cart/merge', { items: [{ product_id: rice.id, qty: 2 }] }, sky.token),
      ]);
      expect([added.statusCode, merged.statusCode]).toEqual([200, 200]);
      const cart = await cartOf(sky.token);
      const items = cart.groups.flatMap((g) => g.items);
      expect(items).toHaveLength(1);
      // The add first: 1 + 1, then at least 2 → 2. The merge first: at least 2, then + 1 → 3.
      expect([2, 3]).toContain(items[0]?.qty);
    }
  });

  it('many buyers checking out carts holding the last units at once: each unit is sold once', async () => {
    const apple = await create(shop, apples());
    const medium = apple.options[1] as ProductDetail['options'][0];
    const buyers = await Promise.all(Array.from({ length: 6 }, () => w.signIn('customer')));
    for (const b of buyers) await add(b.token, { product_id: apple.id, option_id: medium.id, qty: 1 });
    const carts = await Promise.all(buyers.map((b) => cartOf(b.token)));
    const answers = await Promise.all(
      buyers.map((b, i) =>
        checkout(b.token, {
          item_ids: carts[i]?.groups.flatMap((g) => g.items.map((l) => l.id)),
          amount: carts[i]?.total_amount,
        }),
      ),
    );
    const placed = answers.filter((a) => a.statusCode === 200);
    expect(placed).toHaveLength(2);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('sold_out');
    }
    expect(await optionStock(medium.id)).toBe(0);
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('two orders of one payment cancelled at once: each gives back its own share, never more than was paid', async () => {
    const lunch = await create(farm, deliveryProduct({ title: '비빔밥', price: 11_000, display_remaining: 20 }));
    const rice = await create(shop, shoppingProduct({ title: '흑미 1kg', price: 13_000 }));
    const sky = await w.signIn('customer');
    await add(sky.token, { product_id: lunch.id, qty: 1 });
    const cart = await add(sky.token, { product_id: rice.id, qty: 1 });
    const res = await checkout(sky.token, {
      item_ids: cart.groups.flatMap((g) => g.items.map((i) => i.id)),
      amount: cart.total_amount,
    });
    expect(res.statusCode, res.body).toBe(200);
    const checkedOut = cartCheckoutResultSchema.parse(res.json());
    await payAtSandbox(checkedOut);
    expect((await callback(sky.token, checkedOut.merchant_uid)).statusCode).toBe(200);

    const cancel = (id: number) => w.call('POST', `/api/delivery/orders/${id}/cancel`, { reason: null }, sky.token);
    const answers = await Promise.all(checkedOut.order_ids.map(cancel));
    // One may be asked to retry while the other's gateway call runs; a retry then succeeds.
    for (const [i, a] of answers.entries()) {
      if (a.statusCode === 409) {
        expect(a.json().code).toBe('refund_in_progress');
        expect((await cancel(checkedOut.order_ids[i] as number)).statusCode).toBe(200);
      } else {
        expect(a.statusCode, a.body).toBe(200);
      }
    }
    expect(await gatewayCancelled(checkedOut.merchant_uid)).toEqual({
      cancelled: checkedOut.actual_payment_amount,
      amount: checkedOut.actual_payment_amount,
    });
    const orders = await Promise.all(checkedOut.order_ids.map((id) => order(sky.token, id)));
    expect(orders.map((o) => o.status)).toEqual(['CANCELLED', 'CANCELLED']);
    expect((await payments(sky.token, 'buyer'))[0]).toMatchObject({
      status: 'cancelled',
      cancelled_amount: checkedOut.actual_payment_amount,
    });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });
});
