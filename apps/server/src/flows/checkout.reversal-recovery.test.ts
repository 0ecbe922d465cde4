import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Order, orderSchema, paymentPrepareResultSchema } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { products } from '../modules/catalogue/catalogue.schema.js';
import { catalogueTenant, deliveryProduct } from '../modules/catalogue/catalogue.test-helpers.js';
import { ledgerProblems } from '../modules/wallet/ledger.js';
import { creditTopup } from '../modules/wallet/points.js';
import { SANDBOX_CARDS } from '../platform/payments/sandbox-gateway.js';
import { type Failpoint, productionSeams, type Seams } from '../platform/seams.js';
import { buildTestApp } from '../test/app.js';
import { type PortOneStandIn, startPortOneStandIn } from '../test/portone-stand-in.js';

const API_SECRET = 'portone-api-secret-for-tests';
const STORE_ID = 'store-4f8c1a52-0000-4000-8000-000000000001';
const CHANNEL_KEY = 'channel-key-9d2e7b10-0000-4000-8000-000000000002';
const buyerFields = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };
const MINUTE = 60_000;
const RECOVERED_MEMO = '결제사에서 취소가 확인되어 주문을 정리했습니다.';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;

/** Seams whose one armed failpoint throws once (a crash there), then disarms. */
function crashOnce() {
  let armed: Failpoint | null = null;
  const seams: Seams = {
    ...productionSeams,
    failpoints: {
      reach(name) {
        if (name === armed) {
          armed = null;
          throw new Error(`crash at ${name}`);
        }
      },
    },
  };
  return {
    seams,
    arm: (name: Failpoint) => {
      armed = name;
    },
    /** True while the armed failpoint was not reached. */
    pending: () => armed !== null,
  };
}

/** The order, the payment, the wallet and the stock of one purchase, as the buyer and the books see them. */
function purchaseViews(app: FastifyInstance, w: () => World) {
  return {
    order: async (orderId: number, token: string): Promise<Order> => {
      const res = await w().call('GET', `/api/delivery/orders/${orderId}`, undefined, token);
      expect(res.statusCode, res.body).toBe(200);
      return orderSchema.parse(res.json());
    },
    balance: async (token: string) => (await w().call('GET', '/api/wallet/balance', undefined, token)).json(),
    stock: async (productId: number) => {
      const [row] = await app.db
        .select({ remaining: products.displayRemaining, orders: products.ordersCount })
        .from(products)
        .where(and(eq(products.tenantId, w().tenant.id), eq(products.id, productId)));
      return row;
    },
    payment: (paymentId: string) => app.payments.get(w().tenant.id, paymentId),
    problems: () => ledgerProblems(app.db, w().tenant.id),
    reconcileAt: (msFromNow: number) =>
      app.payments.reconcile({ now: new Date(Date.now() + msFromNow), tenantIds: [w().tenant.id] }),
  };
}

/**
 * A cancel or refund whose card part the gateway cancelled while our transaction never committed
 * (a crash, a lost answer) used to leave the buyer refunded at the card and the order paid in our
 * books, forever (found by the money simulation). The reversal now records its intent first
 * (docs/decisions/036): PortOne's cancellation webhook or the reconciliation job finishes it.
 */
describe('a cancel or refund interrupted after PortOne cancelled the card part', () => {
  const crash = crashOnce();
  let portone: PortOneStandIn;
  let app: FastifyInstance;
  let webhookPort: number;
  let w: World;
  let farm: Person;
  let topups = 0;
  const v = () => purchaseViews(app, () => w);

  beforeAll(async () => {
    portone = await startPortOneStandIn({ apiSecret: API_SECRET, storeId: STORE_ID });
    app = await buildTestApp(
      {
        rateLimits: false,
        payments: {
          gateway: 'portone',
          portone: {
            apiSecret: API_SECRET,
            storeId: STORE_ID,
            channelKey: CHANNEL_KEY,
            webhookSecret: portone.webhookSecret,
            apiBaseUrl: portone.baseUrl,
          },
          reconcileIntervalMs: 0,
          expireAfterMs: 30 * MINUTE,
          sandboxPendingSettleMs: 0,
        },
      },
      { seams: crash.seams },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    webhookPort = (app.server.address() as AddressInfo).port;
    w = await catalogueTenant(app);
    farm = await w.signIn('merchant', '햇살농원');
  });
  afterEach(() => {
    expect(crash.pending(), 'the armed failpoint was reached').toBe(false);
    portone.answerCancels('SUCCEEDED');
  });
  afterAll(async () => {
    await app?.close();
    await portone?.close();
  });

  /** PortOne's webhook delivery: exactly the signed bytes, over HTTP, with the tenant's Host. */
  function deliver(signed: ReturnType<PortOneStandIn['signWebhook']>) {
    return new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: webhookPort,
          path: '/api/payment/webhook',
          method: 'POST',
          headers: { ...signed.headers, host: w.host, 'content-length': Buffer.byteLength(signed.body) },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(signed.body);
    });
  }
  const webhook = (type: string, paymentId: string) =>
    deliver(portone.signWebhook(portone.webhookBody(type, paymentId)));

  /**
   * A buyer with 10,000 points buys 2 × 15,000 with 6,000 points and 24,000 by card at PortOne
   * (reward 240); the webhook settles it. Wallet: 4,240 available; stock 3 of 5.
   */
  async function buy() {
    const sky = await w.signIn('customer');
    await app.db.transaction((tx) =>
      creditTopup(tx, w.tenant.id, { userId: sky.user.id, amount: 10_000, paymentId: `seed-${++topups}` }),
    );
    const made = await w.call(
      'POST',
      '/api/products',
      deliveryProduct({ price: 15_000, display_remaining: 5 }),
      farm.token,
    );
    expect(made.statusCode, made.body).toBe(201);
    const productId = made.json().id as number;
    const res = await w.call(
      'POST',
      '/api/payment/prepare',
      {
        ...buyerFields,
        product_id: productId,
        qty: 2,
        amount: 30_000,
        points_used: 6_000,
        buyer_addr: '서울시 중구 1',
      },
      sky.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { order_id: orderId, merchant_uid: paymentId } = paymentPrepareResultSchema.parse(res.json());
    portone.pay(paymentId, { amount: 24_000 });
    expect((await webhook('Transaction.Paid', paymentId)).statusCode).toBe(200);
    expect(await v().order(orderId, sky.token)).toMatchObject({ status: 'PENDING', earned_points: 240 });
    expect(await v().balance(sky.token)).toMatchObject({ available: 4_240, locked: 0 });
    expect(await v().stock(productId)).toEqual({ remaining: 3, orders: 1 });
    return { sky, productId, orderId, paymentId };
  }

  const buyerCancel = (orderId: number, token: string) =>
    w.call('POST', `/api/delivery/orders/${orderId}/cancel`, { reason: '마음이 바뀌었어요' }, token);
  const setStatus = (orderId: number, status: string, memo?: string) =>
    w.call('PUT', '/api/delivery/status', { order_id: orderId, status, ...(memo ? { memo } : {}) }, farm.token);

  /** The request failed after PortOne cancelled: our books still read the order paid, its intent recorded. */
  async function expectStillPaid(p: Awaited<ReturnType<typeof buy>>, intent: 'CANCELLED' | 'REFUNDED') {
    expect(await v().order(p.orderId, p.sky.token)).toMatchObject({ status: 'PENDING', earned_points: 240 });
    expect(await v().balance(p.sky.token)).toMatchObject({ available: 4_240, locked: 0 });
    expect(await v().stock(p.productId)).toEqual({ remaining: 3, orders: 1 });
    expect(await v().payment(p.paymentId)).toMatchObject({
      status: 'paid',
      cancelledAmount: 0,
      refundIntent: intent,
      refundIntentAt: expect.any(Date),
    });
  }

  /** Everything given back once: points spent, reward taken back, stock, the card part in our books. */
  async function expectReversed(p: Awaited<ReturnType<typeof buy>>, status: 'CANCELLED' | 'REFUNDED') {
    const order = await v().order(p.orderId, p.sky.token);
    expect(order).toMatchObject({ status, earned_points: 0 });
    expect(order.history?.at(-1)).toMatchObject({ status, actor: 'system', memo: RECOVERED_MEMO });
    expect(await v().balance(p.sky.token)).toMatchObject({ available: 10_000, locked: 0 });
    expect(await v().stock(p.productId)).toEqual({ remaining: 5, orders: 0 });
    expect(await v().payment(p.paymentId)).toMatchObject({
      status: 'cancelled',
      cancelledAmount: 24_000,
      refundIntent: null,
      refundIntentAt: null,
      refundAmount: null,
    });
    expect(portone.cancellationRequests(p.paymentId)).toMatchObject([{ status: 'SUCCEEDED', amount: 24_000 }]);
    expect(await v().problems()).toEqual([]);
  }

  it("the buyer's cancel crashes after PortOne cancelled; PortOne's Transaction.Cancelled webhook finishes it, once", async () => {
    const p = await buy();
    crash.arm('gateway.cancel:after');
    const failed = await buyerCancel(p.orderId, p.sky.token);
    expect(failed.statusCode).toBe(500);
    expect(portone.cancellations(p.paymentId)).toEqual([{ amount: 24_000, reason: '주문 취소' }]);
    await expectStillPaid(p, 'CANCELLED');

    const hook = await webhook('Transaction.Cancelled', p.paymentId);
    expect(hook.statusCode, hook.body).toBe(200);
    await expectReversed(p, 'CANCELLED');
    const history = (await v().order(p.orderId, p.sky.token)).history?.map((h) => h.status);
    expect(history).toEqual(['PENDING', 'CANCELLED']);

    // PortOne sends it again: nothing moves, nothing goes to PortOne.
    const sent = portone.requests.length;
    expect((await webhook('Transaction.Cancelled', p.paymentId)).statusCode).toBe(200);
    expect(await app.payments.settleRefund(w.tenant.id, p.paymentId)).toBe('no_refund_pending');
    expect(portone.requests.slice(sent).filter((r) => r.method === 'POST')).toEqual([]);
    await expectReversed(p, 'CANCELLED');
    // The buyer asking again is answered with the cancelled order.
    const again = await buyerCancel(p.orderId, p.sky.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ status: 'CANCELLED' });
    await expectReversed(p, 'CANCELLED');
  });

  it('with no webhook ever, the reconciliation job finishes the cancel once the intent is a minute old', async () => {
    const p = await buy();
    crash.arm('gateway.cancel:after');
    expect((await buyerCancel(p.orderId, p.sky.token)).statusCode).toBe(500);
    await expectStillPaid(p, 'CANCELLED');
    // Younger than a minute: the job leaves it to the request that may still be running.
    await v().reconcileAt(0);
    await expectStillPaid(p, 'CANCELLED');

    expect(await v().reconcileAt(2 * MINUTE)).toBe(1);
    await expectReversed(p, 'CANCELLED');
    expect(await v().reconcileAt(3 * MINUTE)).toBe(0);
    await expectReversed(p, 'CANCELLED');
  });

  it("the merchant's refund crashes after PortOne cancelled: it is recovered as a refund, not a cancel", async () => {
    const p = await buy();
    crash.arm('gateway.cancel:after');
    expect((await setStatus(p.orderId, 'REFUNDED', '고객 요청 환불')).statusCode).toBe(500);
    expect(portone.cancellations(p.paymentId)).toEqual([{ amount: 24_000, reason: '주문 환불' }]);
    await expectStillPaid(p, 'REFUNDED');

    expect(await v().reconcileAt(2 * MINUTE)).toBe(1);
    await expectReversed(p, 'REFUNDED');
    expect((await v().order(p.orderId, farm.token)).history?.map((h) => h.status)).toEqual(['PENDING', 'REFUNDED']);
  });

  it('reward spent before the recovery: our books show the 24,000 PortOne gave back, not the smaller refund decided now', async () => {
    const p = await buy();
    crash.arm('gateway.cancel:after');
    expect((await buyerCancel(p.orderId, p.sky.token)).statusCode).toBe(500);
    // Meanwhile the buyer sends 4,100 of the 4,240 away: 100 of the 240 reward is gone.
    const river = await w.signIn('customer');
    const sent = await w.call(
      'POST',
      '/api/wallet/transfer',
      { to_user_id: river.user.id, amount: 4_100 },
      p.sky.token,
    );
    expect(sent.statusCode, sent.body).toBe(200);

    expect(await v().reconcileAt(2 * MINUTE)).toBe(1);
    expect((await v().order(p.orderId, p.sky.token)).status).toBe('CANCELLED');
    // The 140 left of the reward is taken back; the 6,000 points spent come back.
    expect(await v().balance(p.sky.token)).toMatchObject({ available: 6_000, locked: 0 });
    expect(await v().payment(p.paymentId)).toMatchObject({ status: 'cancelled', cancelledAmount: 24_000 });
    expect(portone.cancellationRequests(p.paymentId)).toMatchObject([{ status: 'SUCCEEDED', amount: 24_000 }]);
    expect(await v().problems()).toEqual([]);
  });

  it('a cancel that crashed before reaching PortOne: the intent is cleared after a minute, the order untouched; a new cancel cancels once', async () => {
    const p = await buy();
    crash.arm('gateway.cancel:before');
    expect((await buyerCancel(p.orderId, p.sky.token)).statusCode).toBe(500);
    expect(portone.cancellationRequests(p.paymentId)).toEqual([]);
    await expectStillPaid(p, 'CANCELLED');

    // The request may still be running a moment later: left alone.
    expect(await app.payments.settleRefund(w.tenant.id, p.paymentId)).toBe('refund_pending');
    await expectStillPaid(p, 'CANCELLED');
    expect(await v().reconcileAt(2 * MINUTE)).toBe(0);
    expect((await v().payment(p.paymentId))?.refundIntent).toBeNull();
    expect(await v().order(p.orderId, p.sky.token)).toMatchObject({ status: 'PENDING', earned_points: 240 });
    expect(await v().balance(p.sky.token)).toMatchObject({ available: 4_240, locked: 0 });
    expect(await v().stock(p.productId)).toEqual({ remaining: 3, orders: 1 });
    expect(await v().problems()).toEqual([]);

    const cancelled = await buyerCancel(p.orderId, p.sky.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', earned_points: 0 });
    expect(portone.cancellationRequests(p.paymentId)).toMatchObject([{ status: 'SUCCEEDED', amount: 24_000 }]);
    expect(await v().balance(p.sky.token)).toMatchObject({ available: 10_000, locked: 0 });
    expect(await v().stock(p.productId)).toEqual({ remaining: 5, orders: 0 });
    expect(await v().payment(p.paymentId)).toMatchObject({
      status: 'cancelled',
      cancelledAmount: 24_000,
      refundIntent: null,
    });
    expect(await v().problems()).toEqual([]);
  });

  it('a cancel PortOne answered REQUESTED whose commit failed waits for the card company, then is finished by the webhook', async () => {
    const p = await buy();
    portone.answerCancels('REQUESTED');
    crash.arm('gateway.cancel:after');
    expect((await buyerCancel(p.orderId, p.sky.token)).statusCode).toBe(500);
    expect(portone.cancellationRequests(p.paymentId)).toMatchObject([{ status: 'REQUESTED', amount: 24_000 }]);
    await expectStillPaid(p, 'CANCELLED');
    // Nothing given back yet, but a cancellation is on its way at PortOne: the intent stays, however old.
    expect(await v().reconcileAt(10 * MINUTE)).toBe(0);
    await expectStillPaid(p, 'CANCELLED');

    portone.settleCancellations(p.paymentId, 'SUCCEEDED');
    expect((await webhook('Transaction.Cancelled', p.paymentId)).statusCode).toBe(200);
    await expectReversed(p, 'CANCELLED');
  });
});

/**
 * The sandbox gateway keeps its book in our database: a crash rolls its cancel back with ours. An
 * intent left by a crash between the two transactions of a cancel is cleared by the reconciliation.
 */
describe('a cancel interrupted after recording its intent (sandbox gateway)', () => {
  const crash = crashOnce();
  let app: FastifyInstance;
  let w: World;
  let farm: Person;
  const v = () => purchaseViews(app, () => w);

  beforeAll(async () => {
    app = await buildTestApp(
      {
        rateLimits: false,
        payments: {
          gateway: 'sandbox',
          reconcileIntervalMs: 0,
          expireAfterMs: loadConfig({}).payments.expireAfterMs,
          sandboxPendingSettleMs: 0,
        },
      },
      { seams: crash.seams },
    );
    w = await catalogueTenant(app);
    farm = await w.signIn('merchant', '햇살농원');
  });
  afterEach(() => expect(crash.pending(), 'the armed failpoint was reached').toBe(false));
  afterAll(() => app.close());

  async function buy(sky: Person, productId: number) {
    const res = await w.call(
      'POST',
      '/api/payment/prepare',
      { ...buyerFields, product_id: productId, qty: 1, amount: 12_000, buyer_addr: '서울시 마포구 월드컵로 1' },
      sky.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const prepared = paymentPrepareResultSchema.parse(res.json());
    await app.sandboxGateway?.submit(w.tenant.id, prepared.merchant_uid, { card: SANDBOX_CARDS.approve });
    const back = await w.call('POST', '/api/payment/callback', { merchant_uid: prepared.merchant_uid }, sky.token);
    expect(back.statusCode, back.body).toBe(200);
    return prepared;
  }

  it('nothing moves; the reconciliation clears the intent; a retried cancel works', async () => {
    const made = await w.call(
      'POST',
      '/api/products',
      deliveryProduct({ price: 12_000, display_remaining: 4 }),
      farm.token,
    );
    const productId = made.json().id as number;
    const sky = await w.signIn('customer');
    const { order_id: orderId, merchant_uid: paymentId } = await buy(sky, productId);
    expect(await v().balance(sky.token)).toMatchObject({ available: 120, locked: 0 });

    crash.arm('checkout.reverse:intended');
    const failed = await w.call('POST', `/api/delivery/orders/${orderId}/cancel`, {}, sky.token);
    expect(failed.statusCode).toBe(500);
    expect(await v().order(orderId, sky.token)).toMatchObject({ status: 'PENDING', earned_points: 120 });
    expect(await v().payment(paymentId)).toMatchObject({ status: 'paid', refundIntent: 'CANCELLED' });
    expect(await app.sandboxGateway?.getPayment(w.tenant.id, paymentId)).toMatchObject({
      status: 'PAID',
      cancelledAmount: 0,
    });

    await v().reconcileAt(2 * MINUTE);
    expect(await v().payment(paymentId)).toMatchObject({ status: 'paid', refundIntent: null, refundIntentAt: null });
    expect(await v().order(orderId, sky.token)).toMatchObject({ status: 'PENDING', earned_points: 120 });
    expect(await v().balance(sky.token)).toMatchObject({ available: 120, locked: 0 });
    expect(await v().stock(productId)).toEqual({ remaining: 3, orders: 1 });

    const cancelled = await w.call('POST', `/api/delivery/orders/${orderId}/cancel`, {}, sky.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED', earned_points: 0 });
    expect(await app.sandboxGateway?.getPayment(w.tenant.id, paymentId)).toMatchObject({
      status: 'CANCELLED',
      cancelledAmount: 12_000,
    });
    expect(await v().payment(paymentId)).toMatchObject({
      status: 'cancelled',
      cancelledAmount: 12_000,
      refundIntent: null,
    });
    expect(await v().balance(sky.token)).toMatchObject({ available: 0, locked: 0 });
    expect(await v().stock(productId)).toEqual({ remaining: 4, orders: 0 });
    expect(await v().problems()).toEqual([]);
  });
});
