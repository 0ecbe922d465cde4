import { type Order, orderPageSchema, orderSchema, paymentPrepareResultSchema } from '@app/contracts';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { products } from '../modules/catalogue/catalogue.schema.js';
import { catalogueTenant, deliveryProduct, shoppingProduct } from '../modules/catalogue/catalogue.test-helpers.js';
import { orders as ordersTable } from '../modules/orders/orders.schema.js';
import { payments as paymentsTable } from '../modules/payments/payments.schema.js';
import { ledgerProblems } from '../modules/wallet/ledger.js';
import { creditTopup } from '../modules/wallet/points.js';
import { sandboxPayments } from '../platform/payments/sandbox.schema.js';
import {
  SANDBOX_CARDS,
  SANDBOX_DECLINE_MESSAGE,
  SANDBOX_EXPIRED_MESSAGE,
} from '../platform/payments/sandbox-gateway.js';
import { createUser, DEFAULT_PASSWORD } from '../seed/factories.js';
import { accountsClient } from '../test/accounts.js';
import { buildTestApp } from '../test/app.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;
const buyerFields = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };

describe('checkout: buying with card, points or both', () => {
  let app: FastifyInstance;
  let w: World;
  let farm: Person;
  let shop: Person;
  let topups = 0;

  beforeAll(async () => {
    app = await buildTestApp({
      // Many buyers sign in from one address here: the login limit is another file's subject.
      rateLimits: false,
      // The deployment's payment window (PAYMENT_EXPIRE_MINUTES' default), pinned below.
      payments: {
        gateway: 'sandbox',
        reconcileIntervalMs: 0,
        expireAfterMs: loadConfig({}).payments.expireAfterMs,
        sandboxPendingSettleMs: 0,
      },
    });
    w = await catalogueTenant(app, {
      settings: { point_reward_rate: 2, legal_info: { shipping_fee: 3_000, free_shipping_threshold: 50_000 } },
    });
    farm = await w.signIn('merchant', '햇살농원');
    shop = await w.signIn('merchant', '바다상회');
  });
  afterAll(() => app.close());

  const newBuyer = () => w.signIn('customer');
  const givepoints = (userId: number, amount: number) =>
    app.db.transaction((tx) => creditTopup(tx, w.tenant.id, { userId, amount, paymentId: `seed-${++topups}` }));
  const balance = async (token: string) => (await w.call('GET', '/api/wallet/balance', undefined, token)).json();
  async function newProduct(owner: Person, input: object) {
    const res = await w.call('POST', '/api/products', input, owner.token);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; price: number };
  }
  /** Stock and order count as stored (the product page's answer may be cached for 2 s). */
  const product = async (id: number) => {
    const [row] = await app.db
      .select({ display_remaining: products.displayRemaining, orders_count: products.ordersCount })
      .from(products)
      .where(and(eq(products.tenantId, w.tenant.id), eq(products.id, id)));
    return row;
  };
  const prepare = (token: string, body: object, key?: string) =>
    w.call('POST', '/api/payment/prepare', { ...buyerFields, ...body }, token, {
      headers: key ? { 'idempotency-key': key } : {},
    });
  const callback = (token: string, merchantUid: string, status = 'paid') =>
    w.call('POST', '/api/payment/callback', { merchant_uid: merchantUid, imp_uid: 'tx', status }, token);
  async function payAtSandbox(url: string, card: string) {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { host: w.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card }).toString(),
    });
    expect(res.statusCode).toBe(303);
    const back = new URL(String(res.headers.location));
    expect(back.searchParams.get('type')).toBe('purchase');
    return back.searchParams;
  }
  const payAtSandboxOn = (world: World, url: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { host: world.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card: SANDBOX_CARDS.approve }).toString(),
    });
  /** prepare → sandbox checkout → callback, as the browser does it; answers the order. */
  async function buy(token: string, body: object, card: string = SANDBOX_CARDS.approve) {
    const res = await prepare(token, body);
    expect(res.statusCode, res.body).toBe(200);
    const prepared = paymentPrepareResultSchema.parse(res.json());
    if (prepared.checkout) {
      expect(prepared.checkout.gateway).toBe('sandbox');
      await payAtSandbox((prepared.checkout as { url: string }).url, card);
    }
    const confirmed = await callback(token, prepared.merchant_uid);
    return { prepared, confirmed };
  }
  const order = async (token: string, id: number): Promise<Order> => {
    const res = await w.call('GET', `/api/delivery/orders/${id}`, undefined, token);
    expect(res.statusCode, res.body).toBe(200);
    return orderSchema.parse(res.json());
  };
  const setStatus = (token: string, orderId: number, status: string, memo?: string | null) =>
    w.call('PUT', '/api/delivery/status', { order_id: orderId, status, memo }, token);
  const gatewayRow = async (paymentId: string) =>
    (
      await app.db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.tenantId, w.tenant.id), eq(sandboxPayments.paymentId, paymentId)))
    )[0];

  it('card only: the server prices the order, the gateway is paid, the order is received and earns points', async () => {
    const sky = await newBuyer();
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 10 }));
    const { prepared, confirmed } = await buy(sky.token, {
      product_id: lunch.id,
      qty: 2,
      amount: 24_000,
      buyer_addr: '서울시 마포구 월드컵로 1, 101호',
      delivery_memo: '문 앞에 놓아주세요',
    });
    expect(prepared).toMatchObject({ actual_payment_amount: 24_000, points_used: 0, total_amount: 24_000 });
    expect(prepared.name).toBe('한우 불고기 도시락 2개');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      success: true,
      status: 'paid',
      order_id: prepared.order_id,
      payment_type: 'card_only',
      earned_points: 480,
    });
    const mine = await order(sky.token, prepared.order_id);
    expect(mine).toMatchObject({
      status: 'PENDING',
      order_type: 'delivery',
      delivery_address: '서울시 마포구 월드컵로 1, 101호',
      delivery_phone: '01012345678',
      delivery_memo: '문 앞에 놓아주세요',
      items: [
        {
          product_id: lunch.id,
          product_title: '한우 불고기 도시락',
          unit_price: 12_000,
          quantity: 2,
          total_price: 24_000,
        },
      ],
      total_price: 24_000,
      card_amount: 24_000,
      earned_points: 480,
      merchant: { name: '햇살농원' },
      can_cancel: true,
    });
    expect(await balance(sky.token)).toMatchObject({ available: 480, locked: 0 });
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 8, orders_count: 1 });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('20 parallel duplicate callbacks make one paid order and one reward', async () => {
    const sky = await newBuyer();
    const item = await newProduct(farm, shoppingProduct({ price: 20_000, display_remaining: 5 }));
    const res = await prepare(sky.token, {
      product_id: item.id,
      qty: 1,
      amount: 23_000,
      buyer_addr: '부산시 해운대구 1',
      buyer_postcode: '48094',
    });
    expect(res.statusCode, res.body).toBe(200);
    const prepared = res.json();
    await payAtSandbox(prepared.checkout.url, SANDBOX_CARDS.approve);
    const answers = await Promise.all(Array.from({ length: 20 }, () => callback(sky.token, prepared.merchant_uid)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().order_id))).toEqual(new Set([prepared.order_id]));
    expect(await balance(sky.token)).toMatchObject({ available: 460 });
    expect(await product(item.id)).toMatchObject({ display_remaining: 4, orders_count: 1 });
    const history = (await w.call('GET', '/api/wallet/transactions', undefined, sky.token)).json().transactions;
    expect(history.filter((t: { tx_type: string }) => t.tx_type === 'earn')).toHaveLength(1);
  });

  it('mixed payment: points are locked at prepare, spent when the card part is paid; the reward is on the card part', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 10_000);
    const rice = await newProduct(shop, shoppingProduct({ price: 18_000 }));
    // 2 × 18,000 = 36,000 is under the 50,000 threshold: 3,000 shipping.
    const res = await prepare(sky.token, {
      product_id: rice.id,
      qty: 2,
      amount: 39_000,
      points_used: 9_000,
      buyer_addr: '대전시 유성구 2',
      buyer_postcode: '34141',
    });
    expect(res.statusCode, res.body).toBe(200);
    const prepared = res.json();
    expect(prepared).toMatchObject({ actual_payment_amount: 30_000, points_used: 9_000, total_amount: 39_000 });
    expect(await balance(sky.token)).toMatchObject({ available: 1_000, locked: 9_000 });
    await payAtSandbox(prepared.checkout.url, SANDBOX_CARDS.approve);
    const confirmed = await callback(sky.token, prepared.merchant_uid);
    expect(confirmed.json()).toMatchObject({ payment_type: 'mixed_payment', points_used: 9_000, earned_points: 600 });
    expect(await balance(sky.token)).toMatchObject({ available: 1_600, locked: 0 });
    expect(await order(sky.token, prepared.order_id)).toMatchObject({ shipping_fee: 3_000, items_total: 36_000 });
    // 3 × 18,000 = 54,000 reaches the threshold: free shipping.
    const free = await prepare(sky.token, {
      product_id: rice.id,
      qty: 3,
      amount: 54_000,
      buyer_addr: '대전시 유성구 2',
      buyer_postcode: '34141',
    });
    expect(free.json()).toMatchObject({ total_amount: 54_000 });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('full points: nothing goes to the gateway, the callback confirms at once and nothing is earned', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 15_000);
    const box = await newProduct(farm, deliveryProduct({ price: 12_000, is_delivery: false, display_remaining: -1 }));
    const res = await prepare(sky.token, { product_id: box.id, qty: 1, amount: 12_000, points_used: 12_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ actual_payment_amount: 0, checkout: null });
    const confirmed = await callback(sky.token, res.json().merchant_uid);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ payment_type: 'full_points', earned_points: 0 });
    expect(await balance(sky.token)).toMatchObject({ available: 3_000, locked: 0 });
    expect(await order(sky.token, res.json().order_id)).toMatchObject({ order_type: 'pickup', delivery_address: null });
  });

  it("the callback is the buyer's own: another buyer's call is 404 and changes nothing; a points-only payment given up closes and gives the points back", async () => {
    const sky = await newBuyer();
    const rain = await newBuyer();
    await givepoints(sky.user.id, 12_000);
    const box = await newProduct(farm, deliveryProduct({ price: 12_000, is_delivery: false, display_remaining: 1 }));
    const res = await prepare(sky.token, { product_id: box.id, qty: 1, amount: 12_000, points_used: 12_000 });
    expect(res.statusCode, res.body).toBe(200);
    const { merchant_uid, order_id } = res.json();
    for (const status of ['paid', 'cancelled', 'failed']) {
      const other = await callback(rain.token, merchant_uid, status);
      expect(other.statusCode, other.body).toBe(404);
      expect(other.json().code).toBe('payment_not_found');
    }
    expect(await balance(sky.token)).toMatchObject({ available: 0, locked: 12_000 });
    const stored = async () =>
      (
        await app.db
          .select({ status: ordersTable.status, paidAt: ordersTable.paidAt })
          .from(ordersTable)
          .where(and(eq(ordersTable.tenantId, w.tenant.id), eq(ordersTable.id, order_id)))
      )[0];
    expect(await stored()).toEqual({ status: 'AWAITING_PAYMENT', paidAt: null });
    expect(await product(box.id)).toMatchObject({ display_remaining: 0 });

    // The buyer closes the payment window of a points-only payment: nothing is paid, all is back.
    const closed = await callback(sky.token, merchant_uid, 'cancelled');
    expect(closed.statusCode, closed.body).toBe(400);
    expect(await balance(sky.token)).toMatchObject({ available: 12_000, locked: 0 });
    expect(await product(box.id)).toMatchObject({ display_remaining: 1 });
    expect((await callback(sky.token, merchant_uid)).statusCode).toBe(400);
    expect(await stored()).toEqual({ status: 'CANCELLED', paidAt: null });
    expect(await balance(sky.token)).toMatchObject({ available: 12_000, locked: 0 });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('refuses bad orders with a clear message and changes nothing', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 1_000);
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 3 }));
    const pickupOnly = await newProduct(farm, deliveryProduct({ price: 9_000, is_delivery: false }));
    const rice = await newProduct(shop, shoppingProduct({ price: 18_000 }));
    const soldOut = await newProduct(shop, shoppingProduct({ price: 5_000, display_remaining: 0 }));
    const cases: [object, number, string][] = [
      [
        { product_id: lunch.id, qty: 1, amount: 1_000, buyer_addr: '서울' },
        409,
        '상품 가격이 변경되었습니다. 다시 확인한 뒤 결제해주세요.',
      ],
      [{ product_id: lunch.id, qty: 0, amount: 0, buyer_addr: '서울' }, 400, '올바른 수량을 입력해주세요.'],
      [
        { product_id: lunch.id, qty: 4, amount: 48_000, buyer_addr: '서울' },
        400,
        '남은 재고보다 많이 주문할 수 없습니다.',
      ],
      [{ product_id: lunch.id, qty: 1, amount: 12_000 }, 400, '배송지 주소를 입력해주세요.'],
      [
        { product_id: pickupOnly.id, qty: 1, amount: 9_000, order_type: 'delivery', buyer_addr: '서울' },
        400,
        '배달을 지원하지 않는 상품입니다. 픽업으로 주문해주세요.',
      ],
      [
        { product_id: rice.id, qty: 1, amount: 21_000, buyer_addr: '서울' },
        400,
        '우편번호는 5자리 숫자로 입력해주세요.',
      ],
      [
        { product_id: rice.id, qty: 1, amount: 21_000, buyer_addr: '서울', buyer_postcode: '1234' },
        400,
        '우편번호는 5자리 숫자로 입력해주세요.',
      ],
      [
        { product_id: soldOut.id, qty: 1, amount: 8_000, buyer_addr: '서울', buyer_postcode: '12345' },
        400,
        '품절된 상품입니다.',
      ],
      [
        { product_id: lunch.id, qty: 1, amount: 12_000, points_used: 5_000, buyer_addr: '서울' },
        400,
        '사용 가능한 포인트가 부족합니다.',
      ],
      [
        { product_id: lunch.id, qty: 1, amount: 12_000, points_used: 11_950, buyer_addr: '서울' },
        400,
        '카드 결제 금액은 100원 이상이어야 합니다. 포인트 사용 금액을 조정해주세요.',
      ],
      [
        { product_id: lunch.id, qty: 1, amount: 12_000, points_used: 13_000, buyer_addr: '서울' },
        400,
        '사용 포인트가 결제 금액보다 많습니다.',
      ],
      [
        { product_id: lunch.id, qty: 1, amount: 2 ** 53, buyer_addr: '서울' },
        400,
        '상품 가격이 변경되었습니다. 다시 확인한 뒤 결제해주세요.',
      ],
      [{ product_id: 2_147_483_647, qty: 1, amount: 1_000 }, 404, '상품을 찾을 수 없습니다.'],
    ];
    for (const [body, status, detail] of cases) {
      const res = await prepare(sky.token, body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(status);
      expect(res.json().detail).toBe(detail);
    }
    const own = await prepare(farm.token, { product_id: lunch.id, qty: 1, amount: 12_000, buyer_addr: '서울' });
    expect(own.json()).toMatchObject({ code: 'own_product', detail: '자신의 상품은 구매할 수 없습니다.' });
    const anonymous = await w.call('POST', '/api/payment/prepare', {
      ...buyerFields,
      product_id: lunch.id,
      qty: 1,
      amount: 12_000,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await balance(sky.token)).toMatchObject({ available: 1_000, locked: 0 });
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 3, orders_count: 0 });
    const list = orderPageSchema.parse((await w.call('GET', '/api/delivery/user/orders', undefined, sky.token)).json());
    expect(list.total).toBe(0);
  });

  it('a retried prepare with the same Idempotency-Key answers the same order and locks points once', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 5_000);
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 10 }));
    const body = { product_id: lunch.id, qty: 1, amount: 12_000, points_used: 5_000, buyer_addr: '서울' };
    const first = await prepare(sky.token, body, 'order-key-1');
    const again = await prepare(sky.token, body, 'order-key-1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await balance(sky.token)).toMatchObject({ available: 0, locked: 5_000 });
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 9 });
  });

  it('a declined card returns the locked points and the reserved stock, and cancels the order', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 4_000);
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 2 }));
    const { prepared, confirmed } = await buy(
      sky.token,
      { product_id: lunch.id, qty: 2, amount: 24_000, points_used: 4_000, buyer_addr: '서울' },
      SANDBOX_CARDS.decline,
    );
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toMatchObject({
      code: 'payment_failed',
      detail: `결제에 실패했습니다: ${SANDBOX_DECLINE_MESSAGE}`,
    });
    expect(await balance(sky.token)).toMatchObject({ available: 4_000, locked: 0 });
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 2, orders_count: 0 });
    // A failed checkout is not an order in the buyer's history, nor in the merchant's list.
    expect((await w.call('GET', '/api/delivery/user/orders', undefined, sky.token)).json().total).toBe(0);
    const payments = (await w.call('GET', '/api/payment/list', undefined, sky.token)).json().payments;
    expect(payments[0]).toMatchObject({ payment_id: prepared.merchant_uid, status: 'failed', points_used: 4_000 });
  });

  it('a gateway amount different from the prepared card part is refused, cancelled at the gateway and rolled back', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 2_000);
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 5 }));
    const res = await prepare(sky.token, {
      product_id: lunch.id,
      qty: 1,
      amount: 12_000,
      points_used: 2_000,
      buyer_addr: '서울',
    });
    const prepared = res.json();
    await app.db
      .update(sandboxPayments)
      .set({ totalAmount: 100, status: 'PAID' })
      .where(and(eq(sandboxPayments.tenantId, w.tenant.id), eq(sandboxPayments.paymentId, prepared.merchant_uid)));
    const confirmed = await callback(sky.token, prepared.merchant_uid);
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toMatchObject({
      code: 'payment_verification_failed',
      detail: '결제 검증에 실패했습니다.',
    });
    expect((await gatewayRow(prepared.merchant_uid))?.status).toBe('CANCELLED');
    expect(await balance(sky.token)).toMatchObject({ available: 2_000, locked: 0 });
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 5 });
  });

  it('an unpaid checkout expires through the reconciliation job and gives back points and stock', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 3_000);
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 1 }));
    const res = await prepare(sky.token, {
      product_id: lunch.id,
      qty: 1,
      amount: 12_000,
      points_used: 3_000,
      buyer_addr: '서울',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 0 });
    await app.payments.reconcile({ now: new Date(Date.now() + 31 * 60_000), tenantIds: [w.tenant.id] });
    expect(await balance(sky.token)).toMatchObject({ available: 3_000, locked: 0 });
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 1 });
    const late = await callback(sky.token, res.json().merchant_uid);
    expect(late.statusCode).toBe(400);
  });

  it('the buyer closing the payment window releases the order at once', async () => {
    const sky = await newBuyer();
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 1 }));
    const res = await prepare(sky.token, { product_id: lunch.id, qty: 1, amount: 12_000, buyer_addr: '서울' });
    const closed = await callback(sky.token, res.json().merchant_uid, 'cancelled');
    expect(closed.statusCode).toBe(400);
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 1 });
  });

  it('the merchant moves an order forward only; refund of a mixed payment gives everything back once', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 5_000);
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 4 }));
    const { prepared } = await buy(sky.token, {
      product_id: lunch.id,
      qty: 1,
      amount: 12_000,
      points_used: 5_000,
      buyer_addr: '서울',
    });
    const id = prepared.order_id;
    expect(await balance(sky.token)).toMatchObject({ available: 140 }); // 2% of the 7,000 card part
    const ready = await setStatus(farm.token, id, 'READY', '  포장 완료  ');
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'READY' });
    const back = await setStatus(farm.token, id, 'CONFIRMED');
    expect(back.statusCode).toBe(400);
    expect(back.json()).toMatchObject({
      code: 'invalid_status_transition',
      detail: "'준비완료' 상태에서 '주문확인'으로 바꿀 수 없습니다.",
    });
    expect((await setStatus(sky.token, id, 'DELIVERED')).statusCode).toBe(403);
    expect((await setStatus(shop.token, id, 'DELIVERED')).statusCode).toBe(404);
    const delivered = await setStatus(farm.token, id, 'DELIVERED', '');
    expect(delivered.json()).toMatchObject({ status: 'DELIVERED' });
    expect(delivered.json().delivered_at).toBeTruthy();
    // The buyer confirms receipt, twice: once.
    for (let i = 0; i < 2; i++) {
      const confirmed = await w.call('POST', '/api/delivery/confirm', { order_id: id }, sky.token);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().confirmed_at).toBeTruthy();
    }
    // Refund after delivery: points back, reward taken back, card part cancelled, stock back.
    const refunds = await Promise.all([setStatus(farm.token, id, 'REFUNDED'), setStatus(farm.token, id, 'REFUNDED')]);
    for (const r of refunds) expect(r.statusCode, r.body).toBe(200);
    expect(await balance(sky.token)).toMatchObject({ available: 5_000, locked: 0 });
    const gateway = await gatewayRow(prepared.merchant_uid);
    expect(gateway).toMatchObject({ status: 'CANCELLED', cancelledAmount: 7_000 });
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 4, orders_count: 0 });
    const detail = await order(farm.token, id);
    expect(detail).toMatchObject({ status: 'REFUNDED', next_statuses: [], earned_points: 0 });
    expect(detail.history?.map((h) => [h.status, h.actor, h.memo])).toEqual([
      ['PENDING', 'system', null],
      ['READY', 'merchant', '포장 완료'],
      ['DELIVERED', 'merchant', null],
      ['DELIVERED', 'buyer', '구매확정'],
      ['REFUNDED', 'merchant', null],
    ]);
    expect((await setStatus(farm.token, id, 'PENDING')).statusCode).toBe(400);
    expect((await w.call('GET', `/api/products/${lunch.id}/purchase-status`, undefined, sky.token)).json()).toEqual({
      has_purchased: false,
    });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('a reward already spent is kept from the card refund', async () => {
    const sky = await newBuyer();
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: -1 }));
    const { prepared } = await buy(sky.token, { product_id: lunch.id, qty: 1, amount: 12_000, buyer_addr: '서울' });
    expect(await balance(sky.token)).toMatchObject({ available: 240 });
    // The buyer spends 200 of the 240 reward points elsewhere.
    const river = await w.signIn('customer');
    const sent = await w.call('POST', '/api/wallet/transfer', { to_user_id: river.user.id, amount: 200 }, sky.token);
    expect(sent.statusCode, sent.body).toBe(200);
    const cancelled = await setStatus(farm.token, prepared.order_id, 'CANCELLED', '재료 소진');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await balance(sky.token)).toMatchObject({ available: 0 });
    expect(await gatewayRow(prepared.merchant_uid)).toMatchObject({ cancelledAmount: 12_000 - 200 });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('the sandbox cancels at once (never 환불 처리 중), and no merchant can choose 환불 처리 중 itself', async () => {
    const sky = await newBuyer();
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 4 }));
    const { prepared } = await buy(sky.token, { product_id: lunch.id, qty: 2, amount: 24_000, buyer_addr: '서울' });
    const before = await order(sky.token, prepared.order_id);
    const refused = await setStatus(farm.token, prepared.order_id, 'REFUND_PENDING', '직접 선택');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_status_transition' });
    expect(await order(sky.token, prepared.order_id)).toEqual(before);
    expect(await balance(sky.token)).toMatchObject({ available: 480, locked: 0 });

    const refunded = await setStatus(farm.token, prepared.order_id, 'REFUNDED', '고객 요청');
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: 'REFUNDED', next_statuses: [], refund_failure: null });
    expect(refunded.json().history.map((h: { status: string }) => h.status)).toEqual(['PENDING', 'REFUNDED']);
    expect(await gatewayRow(prepared.merchant_uid)).toMatchObject({ status: 'CANCELLED', cancelledAmount: 24_000 });
    expect(await balance(sky.token)).toMatchObject({ available: 0, locked: 0 });
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 4, orders_count: 0 });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('the buyer cancels before preparation starts, not after', async () => {
    const sky = await newBuyer();
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 3 }));
    const a = (await buy(sky.token, { product_id: lunch.id, qty: 1, amount: 12_000, buyer_addr: '서울' })).prepared;
    const b = (await buy(sky.token, { product_id: lunch.id, qty: 1, amount: 12_000, buyer_addr: '서울' })).prepared;
    const cancel = (id: number, token = sky.token) =>
      w.call('POST', `/api/delivery/orders/${id}/cancel`, { reason: '주소를 잘못 입력했어요' }, token);
    expect((await cancel(a.order_id, farm.token)).statusCode).toBe(404);
    const done = await cancel(a.order_id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'CANCELLED', can_cancel: false });
    expect(await gatewayRow(a.merchant_uid)).toMatchObject({ status: 'CANCELLED' });
    expect((await setStatus(farm.token, b.order_id, 'PREPARING')).statusCode).toBe(200);
    const late = await cancel(b.order_id);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('order_not_cancellable');
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 2, orders_count: 1 });
  });

  it('merchants see only their orders, buyers only theirs, other tenants nothing', async () => {
    const sky = await newBuyer();
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: -1 }));
    const pickup = await newProduct(farm, deliveryProduct({ price: 8_000, is_delivery: false, display_remaining: -1 }));
    const { prepared } = await buy(sky.token, { product_id: lunch.id, qty: 1, amount: 12_000, buyer_addr: '서울' });
    await buy(sky.token, { product_id: pickup.id, qty: 1, amount: 8_000 });
    const farmList = orderPageSchema.parse(
      (await w.call('GET', '/api/delivery/merchant/orders?order_type=pickup', undefined, farm.token)).json(),
    );
    expect(farmList.deliveries.every((o) => o.order_type === 'pickup' && o.merchant.name === '햇살농원')).toBe(true);
    expect(farmList.deliveries.some((o) => o.items[0]?.product_id === pickup.id)).toBe(true);
    const shopList = (await w.call('GET', '/api/delivery/merchant/orders', undefined, shop.token)).json();
    expect(shopList.deliveries.some((o: Order) => o.merchant.name !== '바다상회')).toBe(false);
    expect((await w.call('GET', '/api/delivery/merchant/orders', undefined, sky.token)).statusCode).toBe(403);
    const stranger = await newBuyer();
    expect(
      (await w.call('GET', `/api/delivery/orders/${prepared.order_id}`, undefined, stranger.token)).statusCode,
    ).toBe(404);
    expect((await w.call('GET', `/api/delivery/orders/${prepared.order_id}`, undefined, shop.token)).statusCode).toBe(
      404,
    );
    expect((await w.call('GET', `/api/payment/${prepared.merchant_uid}`, undefined, stranger.token)).statusCode).toBe(
      404,
    );
    const asMerchant = await w.call('GET', `/api/payment/${prepared.merchant_uid}`, undefined, farm.token);
    expect(asMerchant.json()).toMatchObject({ product_id: lunch.id, amount: 12_000, status: 'paid' });
    const merchantPayments = (
      await w.call('GET', '/api/payment/list?role=merchant&limit=10', undefined, farm.token)
    ).json();
    expect(merchantPayments.payments.length).toBeGreaterThan(0);
    expect((await w.call('GET', '/api/payment/list?role=merchant', undefined, sky.token)).statusCode).toBe(403);

    const elsewhere = await catalogueTenant(app);
    const foreigner = await elsewhere.signIn('merchant', '다른가게');
    expect(
      (await elsewhere.call('GET', `/api/delivery/orders/${prepared.order_id}`, undefined, foreigner.token)).statusCode,
    ).toBe(404);
    const foreignMove = await elsewhere.call(
      'PUT',
      '/api/delivery/status',
      { order_id: prepared.order_id, status: 'CANCELLED' },
      foreigner.token,
    );
    expect(foreignMove.statusCode).toBe(404);
    expect(await order(sky.token, prepared.order_id)).toMatchObject({ status: 'PENDING' });
    expect((await w.call('GET', `/api/products/${lunch.id}/purchase-status`, undefined, sky.token)).json()).toEqual({
      has_purchased: true,
    });
    expect(
      (await w.call('GET', `/api/products/${lunch.id}/purchase-status`, undefined, stranger.token)).json(),
    ).toEqual({
      has_purchased: false,
    });
    expect((await w.call('GET', `/api/products/${lunch.id}/purchase-status`)).json()).toEqual({ has_purchased: false });
  });

  it('the last item in stock bought by 10 buyers at once: exactly one gets it', async () => {
    const last = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 1 }));
    const page = async () => (await w.call('GET', `/api/products/${last.id}`)).json().display_remaining;
    expect(await page()).toBe(1); // now in the 2-second answer cache
    const buyers = await Promise.all(Array.from({ length: 10 }, () => newBuyer()));
    const answers = await Promise.all(
      buyers.map((b) => prepare(b.token, { product_id: last.id, qty: 1, amount: 12_000, buyer_addr: '서울' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) {
      expect(a.statusCode).toBe(400);
      expect(['품절된 상품입니다.', '남은 재고보다 많이 주문할 수 없습니다.']).toContain(a.json().detail);
    }
    expect(await product(last.id)).toMatchObject({ display_remaining: 0 });
    // The product page says so at once: a stock change drops the cached answers.
    expect(await page()).toBe(0);
  });

  it('a tenant without the wallet earns no reward points', async () => {
    const t = await catalogueTenant(app, { features: { ...w.tenant.features, wallet: false } });
    const seller = await t.signIn('merchant', '장터');
    const sky = await t.signIn('customer');
    const made = await t.call('POST', '/api/products', deliveryProduct({ price: 9_000 }), seller.token);
    const res = await t.call(
      'POST',
      '/api/payment/prepare',
      { ...buyerFields, product_id: made.json().id, qty: 1, amount: 9_000, buyer_addr: '서울' },
      sky.token,
    );
    await payAtSandboxOn(t, res.json().checkout.url);
    const paid = await t.call('POST', '/api/payment/callback', { merchant_uid: res.json().merchant_uid }, sky.token);
    expect(paid.json()).toMatchObject({ payment_type: 'card_only', earned_points: 0 });
    expect(await ledgerProblems(app.db, t.tenant.id)).toEqual([]);
  });

  it('the same Idempotency-Key sent 5 times at once makes one order and locks points once', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 5_000);
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 10 }));
    const body = { product_id: lunch.id, qty: 1, amount: 12_000, points_used: 5_000, buyer_addr: '서울' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => prepare(sky.token, body, 'same-key-at-once')));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(new Set(answers.map((a) => a.json().order_id)).size).toBe(1);
    expect(await balance(sky.token)).toMatchObject({ available: 0, locked: 5_000 });
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 9 });
  });

  /** The payment behind a prepare's answer, as stored. */
  const paymentOf = async (merchantUid: string) =>
    (
      await app.db
        .select()
        .from(paymentsTable)
        .where(and(eq(paymentsTable.tenantId, w.tenant.id), eq(paymentsTable.paymentId, merchantUid)))
    )[0];
  /** Moves a prepare `ms` into the past (its payment, and the sandbox's window with it). */
  async function agePayment(merchantUid: string, ms: number) {
    const row = await paymentOf(merchantUid);
    if (!row) throw new Error('no payment');
    const createdAt = new Date(row.createdAt.getTime() - ms);
    await app.db
      .update(paymentsTable)
      .set({ createdAt })
      .where(and(eq(paymentsTable.tenantId, w.tenant.id), eq(paymentsTable.paymentId, merchantUid)));
    const gw = await gatewayRow(merchantUid);
    if (gw?.expiresAt) {
      await app.db
        .update(sandboxPayments)
        .set({ expiresAt: new Date(gw.expiresAt.getTime() - ms) })
        .where(and(eq(sandboxPayments.tenantId, w.tenant.id), eq(sandboxPayments.paymentId, merchantUid)));
    }
    return createdAt;
  }
  const awaitingOrders = async (buyerId: number) =>
    (
      await app.db
        .select({ n: count() })
        .from(ordersTable)
        .where(
          and(
            eq(ordersTable.tenantId, w.tenant.id),
            eq(ordersTable.buyerId, buyerId),
            eq(ordersTable.status, 'AWAITING_PAYMENT'),
          ),
        )
    )[0]?.n;

  it('an unpaid checkout holds the stock for the 10-minute card window only: a card after it is refused and the stock is back at its end', async () => {
    expect(loadConfig({}).payments).toMatchObject({ expireAfterMs: 10 * 60_000, reconcileIntervalMs: 15_000 });
    const sky = await newBuyer();
    await givepoints(sky.user.id, 2_000);
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 46 }));
    const res = await prepare(sky.token, {
      product_id: lunch.id,
      qty: 46,
      amount: 552_000,
      points_used: 2_000,
      buyer_addr: '서울',
    });
    expect(res.statusCode, res.body).toBe(200);
    const uid = res.json().merchant_uid as string;
    const payment = await paymentOf(uid);
    // The gateway is told when the window closes: the server's expiry, to the millisecond.
    expect((await gatewayRow(uid))?.expiresAt?.getTime()).toBe((payment?.createdAt.getTime() ?? 0) + 10 * 60_000);
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 0 });

    // Nine minutes and 59 seconds in, the job leaves it alone; at ten minutes it gives it all back.
    const createdAt = payment?.createdAt as Date;
    await app.payments.reconcile({
      now: new Date(createdAt.getTime() + 10 * 60_000 - 1_000),
      tenantIds: [w.tenant.id],
    });
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 0 });
    await agePayment(uid, 10 * 60_000);
    // The buyer comes back to the sandbox page after the window: the card is refused, nothing is paid.
    const page = await app.inject({ method: 'GET', url: res.json().checkout.url, headers: { host: w.host } });
    expect(page.statusCode).toBe(303);
    expect(new URL(String(page.headers.location)).searchParams.get('message')).toBe(SANDBOX_EXPIRED_MESSAGE);
    const late = await app.inject({
      method: 'POST',
      url: res.json().checkout.url,
      headers: { host: w.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card: SANDBOX_CARDS.approve }).toString(),
    });
    expect(late.statusCode).toBe(303);
    expect(new URL(String(late.headers.location)).searchParams.get('message')).toBe(SANDBOX_EXPIRED_MESSAGE);
    expect(await gatewayRow(uid)).toMatchObject({ status: 'FAILED', transactionId: null, paidAt: null });
    expect(await app.payments.reconcile({ now: new Date(), tenantIds: [w.tenant.id] })).toBeGreaterThanOrEqual(1);
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 46 });
    expect(await balance(sky.token)).toMatchObject({ available: 2_000, locked: 0 });
    expect((await callback(sky.token, uid)).json().code).toBe('payment_failed');
    // Another buyer can have it now.
    const other = await newBuyer();
    const bought = await buy(other.token, { product_id: lunch.id, qty: 46, amount: 552_000, buyer_addr: '서울' });
    expect(bought.confirmed.statusCode, bought.confirmed.body).toBe(200);
  });

  it('a new prepare by the same buyer for the same product replaces the unpaid one: its order cancelled, points and stock back, payment closed', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 5_000);
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 46 }));
    const body = { product_id: lunch.id, amount: 552_000, qty: 46, points_used: 3_000, buyer_addr: '서울' };
    const first = await prepare(sky.token, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 0 });
    expect(await balance(sky.token)).toMatchObject({ available: 2_000, locked: 3_000 });
    // Sold out for everyone else while it is held; its buyer may start again.
    expect(
      (await prepare((await newBuyer()).token, { ...body, qty: 1, amount: 12_000, points_used: 0 })).json().code,
    ).toBe('sold_out');
    const second = await prepare(sky.token, { ...body, qty: 2, amount: 24_000, points_used: 4_000 });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().order_id).not.toBe(first.json().order_id);
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 44 });
    expect(await balance(sky.token)).toMatchObject({ available: 1_000, locked: 4_000 });
    expect(await paymentOf(first.json().merchant_uid)).toMatchObject({
      status: 'failed',
      failureReason: '같은 상품의 새 주문으로 대체되었습니다.',
    });
    expect((await gatewayRow(first.json().merchant_uid))?.status).toBe('CANCELLED');
    expect(await awaitingOrders(sky.user.id)).toBe(1);
    // The replaced one can no longer be paid; the new one can.
    expect((await callback(sky.token, first.json().merchant_uid)).statusCode).toBe(400);
    await payAtSandbox(second.json().checkout.url, SANDBOX_CARDS.approve);
    expect((await callback(sky.token, second.json().merchant_uid)).statusCode).toBe(200);
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('at most 3 unpaid checkouts per buyer: a fourth is refused with 409 and holds nothing until one is paid or expires', async () => {
    const sky = await newBuyer();
    const goods = await Promise.all(
      Array.from({ length: 4 }, () => newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 10 }))),
    );
    const start = (id: number) => prepare(sky.token, { product_id: id, qty: 5, amount: 60_000, buyer_addr: '서울' });
    const open = [];
    for (const g of goods.slice(0, 3)) {
      const res = await start(g.id);
      expect(res.statusCode, res.body).toBe(200);
      open.push(res.json());
    }
    const fourth = await start((goods[3] as { id: number }).id);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({
      code: 'too_many_open_payments',
      detail: '결제를 마치지 않은 주문이 3건 있습니다. 진행 중인 결제를 마치거나 취소한 뒤 다시 주문해주세요.',
    });
    expect(await product((goods[3] as { id: number }).id)).toMatchObject({ display_remaining: 10 });
    // Other buyers are not limited by this one.
    expect((await start((goods[3] as { id: number }).id)).statusCode).toBe(409);
    const river = await newBuyer();
    const theirs = await prepare(river.token, {
      product_id: (goods[3] as { id: number }).id,
      qty: 1,
      amount: 12_000,
      buyer_addr: '서울',
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    // Paying one frees a place.
    await payAtSandbox(open[0].checkout.url, SANDBOX_CARDS.approve);
    expect((await callback(sky.token, open[0].merchant_uid)).statusCode).toBe(200);
    const now = await start((goods[3] as { id: number }).id);
    expect(now.statusCode, now.body).toBe(200);
    expect((await start((goods[0] as { id: number }).id)).statusCode).toBe(409);
    // One past its window no longer counts (and is given back at once).
    await agePayment(open[1].merchant_uid, 10 * 60_000);
    const afterExpiry = await start((goods[0] as { id: number }).id);
    expect(afterExpiry.statusCode, afterExpiry.body).toBe(200);
    expect(await product((goods[1] as { id: number }).id)).toMatchObject({ display_remaining: 10 });
    expect(await paymentOf(open[1].merchant_uid)).toMatchObject({
      status: 'failed',
      failureReason: SANDBOX_EXPIRED_MESSAGE,
    });
    expect(await awaitingOrders(sky.user.id)).toBe(3);
  });

  it('parallel prepares of one buyer never exceed the cap nor hold one product twice', async () => {
    const sky = await newBuyer();
    const goods = await Promise.all(
      Array.from({ length: 8 }, () => newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 10 }))),
    );
    const answers = await Promise.all(
      goods.map((g) => prepare(sky.token, { product_id: g.id, qty: 2, amount: 24_000, buyer_addr: '서울' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json().code).toBe('too_many_open_payments');
    expect(await awaitingOrders(sky.user.id)).toBe(3);
    const held = await Promise.all(goods.map((g) => product(g.id)));
    expect(held.reduce((n, p) => n + (10 - (p?.display_remaining ?? 0)), 0)).toBe(6);

    const river = await newBuyer();
    const one = (goods[0] as { id: number }).id;
    const left = (await product(one))?.display_remaining as number;
    const same = await Promise.all(
      Array.from({ length: 6 }, () =>
        prepare(river.token, { product_id: one, qty: 1, amount: 12_000, buyer_addr: '서울' }),
      ),
    );
    for (const a of same) expect(a.statusCode, a.body).toBe(200);
    expect(await awaitingOrders(river.user.id)).toBe(1);
    expect(await product(one)).toMatchObject({ display_remaining: left - 1 });
  });

  it('an Idempotency-Key reused with another body is refused with 409, also at once; a true retry answers the first order', async () => {
    const sky = await newBuyer();
    await givepoints(sky.user.id, 5_000);
    const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 10 }));
    const salad = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 10 }));
    const body = { product_id: lunch.id, qty: 1, amount: 12_000, points_used: 0, buyer_addr: '서울' };
    const first = await prepare(sky.token, body, 'reused-key');
    expect(first.statusCode, first.body).toBe(200);
    const refusals = [
      { ...body, qty: 3, amount: 36_000 },
      { ...body, product_id: salad.id },
      { ...body, points_used: 5_000 },
      { ...body, buyer_addr: '부산' },
    ];
    for (const other of refusals) {
      const res = await prepare(sky.token, other, 'reused-key');
      expect(res.statusCode, JSON.stringify(other)).toBe(409);
      expect(res.json()).toEqual({
        code: 'idempotency_key_reused',
        detail: '같은 요청 키로 다른 주문을 요청할 수 없습니다.',
      });
    }
    expect((await prepare(sky.token, body, 'reused-key')).json()).toEqual(first.json());
    expect(await product(lunch.id)).toMatchObject({ display_remaining: 9 });
    expect(await product(salad.id)).toMatchObject({ display_remaining: 10 });
    expect(await balance(sky.token)).toMatchObject({ available: 5_000, locked: 0 });

    // Four at once under one new key, each another quantity: one order, the others refused.
    const river = await newBuyer();
    const racing = await Promise.all(
      [1, 2, 3, 4].map((qty) =>
        prepare(river.token, { ...body, product_id: salad.id, qty, amount: qty * 12_000 }, 'racing-key'),
      ),
    );
    const won = racing.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const a of racing.filter((x) => x.statusCode !== 200)) expect(a.json().code).toBe('idempotency_key_reused');
    const qty = won[0]?.json().total_amount / 12_000;
    expect(await product(salad.id)).toMatchObject({ display_remaining: 10 - qty });
    expect(await awaitingOrders(river.user.id)).toBe(1);
  });

  it('the buyer may cancel a paid order only while PENDING or CONFIRMED: in the six other statuses nothing changes', async () => {
    const statuses = ['PENDING', 'CONFIRMED', 'PREPARING', 'READY', 'DELIVERING', 'DELIVERED', 'CANCELLED', 'REFUNDED'];
    const cancellable = new Set(['PENDING', 'CONFIRMED']);
    for (const status of statuses) {
      const sky = await newBuyer();
      await givepoints(sky.user.id, 3_000);
      const lunch = await newProduct(farm, deliveryProduct({ price: 12_000, display_remaining: 5 }));
      const { prepared, confirmed } = await buy(sky.token, {
        product_id: lunch.id,
        qty: 2,
        amount: 24_000,
        points_used: 3_000,
        buyer_addr: '서울',
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      if (status !== 'PENDING') {
        const moved = await setStatus(farm.token, prepared.order_id, status, '테스트');
        expect(moved.statusCode, `${status} ${moved.body}`).toBe(200);
      }
      const before = {
        order: await order(sky.token, prepared.order_id),
        balance: await balance(sky.token),
        history: (await w.call('GET', '/api/wallet/transactions?size=50', undefined, sky.token)).json().transactions,
        gateway: await gatewayRow(prepared.merchant_uid),
        product: await product(lunch.id),
      };
      expect(before.order.status).toBe(status);
      const res = await w.call(
        'POST',
        `/api/delivery/orders/${prepared.order_id}/cancel`,
        { reason: '변심' },
        sky.token,
      );
      if (cancellable.has(status)) {
        expect(res.statusCode, `${status} ${res.body}`).toBe(200);
        expect(res.json()).toMatchObject({ status: 'CANCELLED' });
        expect(await balance(sky.token)).toMatchObject({ available: 3_000, locked: 0 });
        expect(await gatewayRow(prepared.merchant_uid)).toMatchObject({ status: 'CANCELLED', cancelledAmount: 21_000 });
        expect(await product(lunch.id)).toMatchObject({ display_remaining: 5, orders_count: 0 });
        continue;
      }
      if (status === 'CANCELLED') expect(res.statusCode, res.body).toBe(200);
      else {
        expect(res.statusCode, `${status} ${res.body}`).toBe(400);
        expect(res.json()).toEqual({
          code: 'order_not_cancellable',
          detail: '판매자가 상품 준비를 시작한 주문은 직접 취소할 수 없습니다. 판매자에게 문의해주세요.',
        });
      }
      expect(
        {
          order: await order(sky.token, prepared.order_id),
          balance: await balance(sky.token),
          history: (await w.call('GET', '/api/wallet/transactions?size=50', undefined, sky.token)).json().transactions,
          gateway: await gatewayRow(prepared.merchant_uid),
          product: await product(lunch.id),
        },
        status,
      ).toEqual(before);
    }
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('with payment off prepare is refused; with the delivery module off its orders are hidden and its goods not sold', async () => {
    const off = await catalogueTenant(app, { features: { ...w.tenant.features, payment: false } });
    const someone = await off.signIn('customer');
    const res = await off.call(
      'POST',
      '/api/payment/prepare',
      { ...buyerFields, product_id: 1, qty: 1, amount: 1 },
      someone.token,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('feature_disabled');

    const t = await catalogueTenant(app);
    const seller = await t.signIn('merchant', '골목식당');
    const sky = await t.signIn('customer');
    const made = await t.call(
      'POST',
      '/api/products',
      deliveryProduct({ price: 9_000, display_remaining: -1 }),
      seller.token,
    );
    const lunchId = made.json().id as number;
    const order = { ...buyerFields, product_id: lunchId, qty: 1, amount: 9_000, buyer_addr: '서울' };
    const prepared = (await t.call('POST', '/api/payment/prepare', order, sky.token)).json();
    await payAtSandboxOn(t, prepared.checkout.url);
    const paid = await t.call('POST', '/api/payment/callback', { merchant_uid: prepared.merchant_uid }, sky.token);
    expect(paid.statusCode, paid.body).toBe(200);
    const admin = await createUser(app.db, t.tenant.id, { admin: true });
    const adminToken = await accountsClient(app, t.host).token(admin.user.email, DEFAULT_PASSWORD);
    const switched = await t.call(
      'PUT',
      `/api/tenant/${t.tenant.id}/features`,
      { features: { delivery: false } },
      adminToken,
    );
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await t.call('GET', '/api/delivery/merchant/orders', undefined, seller.token)).json().total).toBe(0);
    expect((await t.call('GET', '/api/delivery/user/orders', undefined, sky.token)).json().total).toBe(0);
    expect((await t.call('GET', `/api/delivery/orders/${prepared.order_id}`, undefined, sky.token)).statusCode).toBe(
      404,
    );
    const again = await t.call('POST', '/api/payment/prepare', order, sky.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('product_unavailable');
  });
});
