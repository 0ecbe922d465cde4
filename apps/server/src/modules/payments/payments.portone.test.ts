import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { orderStatusLabel } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { newWebhookSecret, type PortOneStandIn, startPortOneStandIn } from '../../test/portone-stand-in.js';
import { products } from '../catalogue/catalogue.schema.js';
import { catalogueTenant, deliveryProduct } from '../catalogue/catalogue.test-helpers.js';
import { ledgerProblems } from '../wallet/ledger.js';
import { REFUND_FAILED_REASON } from './payments.service.js';

const API_SECRET = 'portone-api-secret-for-tests';
const STORE_ID = 'store-4f8c1a52-0000-4000-8000-000000000001';
const CHANNEL_KEY = 'channel-key-9d2e7b10-0000-4000-8000-000000000002';
const buyer = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Signed = ReturnType<PortOneStandIn['signWebhook']>;

/**
 * Card top-ups through the PortOne adapter against the local PortOne stand-in: the buyer pays at
 * the stand-in, the browser's callback and PortOne's signed webhook (over real HTTP, on the
 * tenant's host) go through the one verification path, and every tampering is refused.
 */
describe('card top-up verification with PortOne', () => {
  let portone: PortOneStandIn;
  let app: FastifyInstance;
  let webhookPort: number;
  let w: World;
  /** The buyer of the running test: each test tops up a wallet of its own. */
  let sky: { token: string };

  beforeAll(async () => {
    portone = await startPortOneStandIn({ apiSecret: API_SECRET, storeId: STORE_ID });
    app = await buildTestApp({
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
        expireAfterMs: 30 * 60_000,
        sandboxPendingSettleMs: 0,
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    webhookPort = (app.server.address() as AddressInfo).port;
    w = await catalogueTenant(app);
  });
  beforeEach(async () => {
    sky = await w.signIn('customer');
  });
  afterEach(() => portone.setOutage(null));
  afterAll(async () => {
    await app?.close();
    await portone?.close();
  });

  const balanceOf = async (world: World, token: string) =>
    (await world.call('GET', '/api/wallet/balance', undefined, token)).json();

  /** The buyer's wallet holds `available`, and the tenant's ledger still balances. */
  async function expectBooks(available: number) {
    expect(await balanceOf(w, sky.token)).toMatchObject({ available, locked: 0 });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  }

  async function prepare(amount: number, world = w, token = sky.token) {
    const res = await world.call('POST', '/api/wallet/charge/prepare', { amount, ...buyer }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { payment_id: string; amount: number; checkout: Record<string, unknown> };
  }

  const callback = (paymentId: string, world = w, token = sky.token) =>
    world.call('POST', '/api/wallet/charge/callback', { payment_id: paymentId }, token);

  /** PortOne's webhook delivery: exactly the signed bytes, over HTTP, with the tenant's Host. */
  function deliver(signed: Signed, host = w.host) {
    return new Promise<{ statusCode: number; json: () => { code?: string; ok?: boolean } }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: webhookPort,
          path: '/api/payment/webhook',
          method: 'POST',
          headers: { ...signed.headers, host, 'content-length': Buffer.byteLength(signed.body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, json: () => JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(signed.body);
    });
  }

  const paidWebhook = (paymentId: string, opts?: Parameters<PortOneStandIn['signWebhook']>[1]) =>
    portone.signWebhook(portone.webhookBody('Transaction.Paid', paymentId), opts);

  it('tells the web app that payments are real: no test notice, and no sandbox checkout page', async () => {
    const current = await app.inject({ url: '/api/tenant/current', headers: { host: w.host } });
    expect(current.json().test_payments).toBe(false);
    const prepared = await prepare(10_000);
    const page = await app.inject({ url: `/sandbox-pay/${prepared.payment_id}`, headers: { host: w.host } });
    expect(page.body).not.toContain('테스트 결제');
  });

  it('prepares a PortOne checkout of the amount and pre-registers that amount at PortOne', async () => {
    const prepared = await prepare(30_000);
    expect(prepared.checkout).toEqual({
      gateway: 'portone',
      store_id: STORE_ID,
      channel_key: CHANNEL_KEY,
      payment_id: prepared.payment_id,
      order_name: '포인트 충전 30,000원',
      total_amount: 30_000,
      currency: 'KRW',
      pay_method: 'CARD',
      redirect_url: `http://${w.host}/payment/callback?type=topup`,
      customer: { full_name: buyer.buyer_name, email: buyer.buyer_email, phone_number: '01012345678' },
    });
    expect(portone.preRegistered(prepared.payment_id)).toEqual({ totalAmount: 30_000, currency: 'KRW' });
    await expectBooks(0);
  });

  it('credits a paid top-up once, however often the callback is replayed at once', async () => {
    const { payment_id } = await prepare(30_000);
    portone.pay(payment_id, { amount: 30_000 });
    // The browser's return and 20 replays race for the payment while it is still pending.
    const answers = await Promise.all(Array.from({ length: 21 }, () => callback(payment_id)));
    for (const r of answers) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ success: true, status: 'paid', payment_id, amount: 30_000 });
    }
    await expectBooks(30_000);
    const again = await callback(payment_id);
    expect(again.json().balance).toMatchObject({ available: 30_000 });
    await expectBooks(30_000);
  });

  it('refuses a payment of a smaller amount than prepared and cancels it at PortOne', async () => {
    const { payment_id } = await prepare(50_000);
    portone.pay(payment_id, { amount: 1_000 });
    const res = await callback(payment_id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'payment_verification_failed', detail: '결제 검증에 실패했습니다.' });
    expect(portone.cancellations(payment_id)).toEqual([{ amount: 1_000, reason: expect.any(String) }]);
    // Asking again does not turn the refusal into a credit.
    expect((await callback(payment_id)).statusCode).toBe(400);
    await expectBooks(0);
  });

  it('refuses a payment made in another currency and cancels it at PortOne', async () => {
    const { payment_id } = await prepare(10_000);
    portone.pay(payment_id, { amount: 10_000, currency: 'USD' });
    const res = await callback(payment_id);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('payment_verification_failed');
    expect(portone.cancellations(payment_id)).toHaveLength(1);
    await expectBooks(0);
  });

  it("answers 404 for an unknown payment and for another tenant's paid payment, crediting nobody", async () => {
    const unknown = await callback('topup-1-doesnotexist0000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('payment_not_found');

    const elsewhere = await catalogueTenant(app);
    const stranger = await elsewhere.signIn('customer');
    const { payment_id } = await prepare(20_000, elsewhere, stranger.token);
    portone.pay(payment_id, { amount: 20_000 });
    const foreign = await callback(payment_id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('payment_not_found');

    await expectBooks(0);
    expect(await balanceOf(elsewhere, stranger.token)).toMatchObject({ available: 0 });
    expect(await ledgerProblems(app.db, elsewhere.tenant.id)).toEqual([]);
    expect((await app.payments.get(elsewhere.tenant.id, payment_id))?.status).toBe('pending');
  });

  it("settles a payment by the webhook whichever tenant's host it arrives on (one PortOne store serves them all)", async () => {
    // PortOne sends every webhook of the store to one address: here tenant w's host, for a payment of tenant A.
    const tenantA = await catalogueTenant(app);
    const buyerA = await tenantA.signIn('customer');
    const { payment_id } = await prepare(20_000, tenantA, buyerA.token);
    portone.pay(payment_id, { amount: 20_000 });

    const res = await deliver(paidWebhook(payment_id), w.host);
    expect(res.statusCode).toBe(200);
    expect((await app.payments.get(tenantA.tenant.id, payment_id))?.status).toBe('paid');
    expect(await balanceOf(tenantA, buyerA.token)).toMatchObject({ available: 20_000 });
    expect(await ledgerProblems(app.db, tenantA.tenant.id)).toEqual([]);
    // Nothing of it lands on the tenant whose host carried the webhook.
    await expectBooks(0);
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);

    // An id naming a tenant that has no such payment settles nothing anywhere.
    const forged = payment_id.replace(`-${tenantA.tenant.id}-`, `-${w.tenant.id}-`);
    portone.pay(forged, { amount: 20_000 });
    expect((await deliver(paidWebhook(forged), tenantA.host)).statusCode).toBe(200);
    expect(await app.payments.get(w.tenant.id, forged)).toBeNull();
    await expectBooks(0);
  });

  it('credits a top-up from the signed webhook alone, once however often it is replayed at once', async () => {
    const { payment_id } = await prepare(10_000);
    portone.pay(payment_id, { amount: 10_000 });
    const signed = paidWebhook(payment_id);
    const first = await deliver(signed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ok: true });
    await expectBooks(10_000);

    const replays = await Promise.all(Array.from({ length: 20 }, () => deliver(signed)));
    for (const r of replays) expect(r.statusCode).toBe(200);
    // The browser coming back late finds it already paid.
    expect((await callback(payment_id)).statusCode).toBe(200);
    await expectBooks(10_000);
  });

  it('refuses a webhook signed with another secret, too old or with a changed body', async () => {
    const { payment_id } = await prepare(40_000);
    portone.pay(payment_id, { amount: 40_000 });
    const forgeries = {
      otherSecret: paidWebhook(payment_id, { secret: newWebhookSecret() }),
      sixMinutesOld: paidWebhook(payment_id, { ageSeconds: 6 * 60 }),
      // A genuine webhook of another payment whose body now names this one.
      changedBody: paidWebhook(`${payment_id}0`, {
        tamperedBody: JSON.stringify(portone.webhookBody('Transaction.Paid', payment_id)),
      }),
    };
    for (const [name, signed] of Object.entries(forgeries)) {
      const res = await deliver(signed);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe('webhook_invalid');
    }
    // Paid at PortOne, but none of them settled it.
    expect((await app.payments.get(w.tenant.id, payment_id))?.status).toBe('pending');
    await expectBooks(0);

    const confirmed = await callback(payment_id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await callback(payment_id)).statusCode).toBe(200);
    await expectBooks(40_000);
  });

  it('answers 502 while PortOne is down, changes nothing, and credits once it is back', async () => {
    const { payment_id } = await prepare(5_000);
    portone.pay(payment_id, { amount: 5_000 });
    portone.setOutage('error');
    const down = await callback(payment_id);
    expect(down.statusCode).toBe(502);
    expect(down.json().code).toBe('payment_gateway_unavailable');
    // PortOne's webhook gets 503 so that PortOne delivers it again later.
    expect((await deliver(paidWebhook(payment_id))).statusCode).toBe(503);
    expect((await app.payments.get(w.tenant.id, payment_id))?.status).toBe('pending');
    await expectBooks(0);

    portone.setOutage(null);
    const back = await callback(payment_id);
    expect(back.statusCode, back.body).toBe(200);
    await expectBooks(5_000);
  });

  it('expires a payment left unpaid and refuses (and gives back) a payment made after that', async () => {
    const { payment_id } = await prepare(7_000);
    portone.ready(payment_id, { amount: 7_000 });
    const pending = await callback(payment_id);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe('payment_pending');

    await app.payments.reconcile({ now: new Date(Date.now() + 31 * 60_000), tenantIds: [w.tenant.id] });
    expect((await app.payments.get(w.tenant.id, payment_id))?.status).toBe('failed');
    const cancelPath = `/payments/${payment_id}/cancel`;
    expect(portone.requests.some((r) => r.method === 'POST' && r.path === cancelPath)).toBe(true);

    // The buyer had left the payment window open and pays now.
    portone.pay(payment_id, { amount: 7_000 });
    const late = await callback(payment_id);
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('payment_failed');
    expect(portone.cancellations(payment_id)).toEqual([{ amount: 7_000, reason: expect.any(String) }]);
    await expectBooks(0);
  });

  it('buys with points and card through PortOne; the webhook settles it; a refund cancels only the card part there', async () => {
    const farm = await w.signIn('merchant', '햇살농원');
    const made = await w.call(
      'POST',
      '/api/products',
      deliveryProduct({ price: 15_000, display_remaining: 5 }),
      farm.token,
    );
    expect(made.statusCode, made.body).toBe(201);
    const productId = made.json().id as number;
    // Points from a top-up paid at PortOne.
    const topup = await prepare(10_000);
    portone.pay(topup.payment_id, { amount: 10_000 });
    expect((await callback(topup.payment_id)).statusCode).toBe(200);

    const res = await w.call(
      'POST',
      '/api/payment/prepare',
      { ...buyer, product_id: productId, qty: 2, amount: 30_000, points_used: 6_000, buyer_addr: '서울시 중구 1' },
      sky.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const prepared = res.json();
    expect(prepared.checkout).toMatchObject({
      gateway: 'portone',
      total_amount: 24_000,
      redirect_url: `http://${w.host}/payment/callback?type=purchase`,
    });
    portone.pay(prepared.merchant_uid, { amount: 24_000 });
    const hook = await deliver(paidWebhook(prepared.merchant_uid));
    expect(hook.statusCode).toBe(200);
    const order = await w.call('GET', `/api/delivery/orders/${prepared.order_id}`, undefined, sky.token);
    expect(order.json()).toMatchObject({
      status: 'PENDING',
      points_used: 6_000,
      card_amount: 24_000,
      earned_points: 240,
    });
    // The browser's return afterwards answers the same paid order.
    const back = await w.call('POST', '/api/payment/callback', { merchant_uid: prepared.merchant_uid }, sky.token);
    expect(back.json()).toMatchObject({ order_id: prepared.order_id, payment_type: 'mixed_payment' });

    // PortOne is down: the refund changes nothing and says so.
    portone.setOutage('error');
    const failed = await w.call(
      'PUT',
      '/api/delivery/status',
      { order_id: prepared.order_id, status: 'REFUNDED' },
      farm.token,
    );
    expect(failed.statusCode).toBe(502);
    expect((await balanceOf(w, sky.token)).available).toBe(4_000 + 240);
    portone.setOutage(null);
    const refunded = await w.call(
      'PUT',
      '/api/delivery/status',
      { order_id: prepared.order_id, status: 'REFUNDED' },
      farm.token,
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(portone.cancellations(prepared.merchant_uid)).toEqual([{ amount: 24_000, reason: '주문 환불' }]);
    await expectBooks(10_000);
  });
  describe('cancellations PortOne completes later (REQUESTED)', () => {
    afterEach(() => portone.answerCancels('SUCCEEDED'));

    const stockOf = async (productId: number) => {
      const [row] = await app.db
        .select({ remaining: products.displayRemaining, orders: products.ordersCount })
        .from(products)
        .where(and(eq(products.tenantId, w.tenant.id), eq(products.id, productId)));
      return row;
    };
    const orderAs = async (orderId: number, token: string) =>
      (await w.call('GET', `/api/delivery/orders/${orderId}`, undefined, token)).json();
    const setStatus = (orderId: number, status: string, token: string, memo?: string) =>
      w.call('PUT', '/api/delivery/status', { order_id: orderId, status, ...(memo ? { memo } : {}) }, token);
    const cancelledWebhook = (paymentId: string) =>
      portone.signWebhook(portone.webhookBody('Transaction.Cancelled', paymentId));

    /**
     * The buyer tops up 10,000 points, then buys 2 × 15,000 with 6,000 points and 24,000 by card at
     * PortOne (reward 240); the webhook settles it. Wallet: 4,240 available.
     */
    async function buy() {
      const farm = await w.signIn('merchant', '햇살농원');
      const made = await w.call(
        'POST',
        '/api/products',
        deliveryProduct({ price: 15_000, display_remaining: 5 }),
        farm.token,
      );
      expect(made.statusCode, made.body).toBe(201);
      const productId = made.json().id as number;
      const topup = await prepare(10_000);
      portone.pay(topup.payment_id, { amount: 10_000 });
      expect((await callback(topup.payment_id)).statusCode).toBe(200);
      const res = await w.call(
        'POST',
        '/api/payment/prepare',
        { ...buyer, product_id: productId, qty: 2, amount: 30_000, points_used: 6_000, buyer_addr: '서울시 중구 1' },
        sky.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      const { order_id: orderId, merchant_uid: paymentId } = res.json() as { order_id: number; merchant_uid: string };
      portone.pay(paymentId, { amount: 24_000 });
      expect((await deliver(paidWebhook(paymentId))).statusCode).toBe(200);
      expect(await orderAs(orderId, sky.token)).toMatchObject({ status: 'PENDING', earned_points: 240 });
      expect(await balanceOf(w, sky.token)).toMatchObject({ available: 4_240, locked: 0 });
      expect(await stockOf(productId)).toEqual({ remaining: 3, orders: 1 });
      return { farm, productId, orderId, paymentId };
    }

    it('a refund PortOne answers REQUESTED waits as 환불 처리 중; points, reward and stock move once PortOne says SUCCEEDED, once however the news races', async () => {
      const { farm, productId, orderId, paymentId } = await buy();
      portone.answerCancels('REQUESTED');

      const asked = await setStatus(orderId, 'REFUNDED', farm.token, '고객 요청 환불');
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json()).toMatchObject({ status: 'REFUND_PENDING', next_statuses: [] });
      expect(orderStatusLabel('REFUND_PENDING', 'delivery')).toBe('환불 처리 중');
      expect(orderStatusLabel('REFUND_PENDING', 'pickup')).toBe('환불 처리 중');
      const seen = await orderAs(orderId, sky.token);
      expect(seen).toMatchObject({ status: 'REFUND_PENDING', can_cancel: false, refund_failure: null });
      expect(seen.history.at(-1)).toMatchObject({
        from_status: 'PENDING',
        status: 'REFUND_PENDING',
        memo: '고객 요청 환불',
      });
      // Nothing given back yet: the points spent stay spent, the reward is held, the stock is still sold.
      expect(await balanceOf(w, sky.token)).toMatchObject({ available: 4_000, locked: 240 });
      expect(await stockOf(productId)).toEqual({ remaining: 3, orders: 1 });
      expect((await app.payments.get(w.tenant.id, paymentId))?.status).toBe('paid');
      expect(portone.cancellationRequests(paymentId)).toMatchObject([{ status: 'REQUESTED', amount: 24_000 }]);
      expect(JSON.parse(portone.requests.at(-1)?.body ?? '{}')).toMatchObject({ currentCancellableAmount: 24_000 });
      // While it is on its way nobody moves the order, and nothing goes to PortOne again.
      expect((await setStatus(orderId, 'CANCELLED', farm.token)).json().code).toBe('invalid_status_transition');
      const buyerCancel = await w.call('POST', `/api/delivery/orders/${orderId}/cancel`, {}, sky.token);
      expect(buyerCancel.statusCode).toBe(400);
      // A look-up before PortOne decided changes nothing.
      await app.payments.reconcile({ now: new Date(Date.now() + 2 * 60_000), tenantIds: [w.tenant.id] });
      expect((await orderAs(orderId, sky.token)).status).toBe('REFUND_PENDING');
      expect(portone.cancellationRequests(paymentId)).toHaveLength(1);
      expect(await balanceOf(w, sky.token)).toMatchObject({ available: 4_000, locked: 240 });
      expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);

      portone.settleCancellations(paymentId, 'SUCCEEDED');
      // PortOne's webhook (sent again and again) and the reconciliation job race for it.
      const signed = cancelledWebhook(paymentId);
      expect(JSON.parse(signed.body).data.cancellationId).toBe(portone.cancellationRequests(paymentId)[0]?.id);
      const [hooks] = await Promise.all([
        Promise.all(Array.from({ length: 6 }, () => deliver(signed))),
        app.payments.reconcile({ now: new Date(Date.now() + 2 * 60_000), tenantIds: [w.tenant.id] }),
        app.payments.reconcile({ now: new Date(Date.now() + 2 * 60_000), tenantIds: [w.tenant.id] }),
      ]);
      for (const hook of hooks) expect(hook.statusCode).toBe(200);

      const done = await orderAs(orderId, farm.token);
      expect(done).toMatchObject({ status: 'REFUNDED', earned_points: 0, refund_failure: null });
      expect(done.history.map((h: { status: string }) => h.status)).toEqual(['PENDING', 'REFUND_PENDING', 'REFUNDED']);
      expect(done.history.at(-1)).toMatchObject({ actor: 'system', memo: '고객 요청 환불' });
      expect(await stockOf(productId)).toEqual({ remaining: 5, orders: 0 });
      expect(await app.payments.get(w.tenant.id, paymentId)).toMatchObject({
        status: 'cancelled',
        cancelledAmount: 24_000,
        refundAmount: null,
      });
      expect(portone.cancellations(paymentId)).toEqual([{ amount: 24_000, reason: '주문 환불' }]);
      await expectBooks(10_000);
    });

    it('a refund PortOne reports FAILED returns the order to its status and tells the merchant why; a retry then refunds once', async () => {
      const { farm, productId, orderId, paymentId } = await buy();
      expect((await setStatus(orderId, 'CONFIRMED', farm.token)).statusCode).toBe(200);
      portone.answerCancels('REQUESTED');
      const asked = await setStatus(orderId, 'CANCELLED', farm.token, '재고 부족');
      expect(asked.json()).toMatchObject({ status: 'REFUND_PENDING' });
      expect(await balanceOf(w, sky.token)).toMatchObject({ available: 4_000, locked: 240 });

      // PortOne sends no webhook for a failed cancellation: the reconciliation job looks it up.
      portone.settleCancellations(paymentId, 'FAILED');
      expect(
        await app.payments.reconcile({ now: new Date(Date.now() + 2 * 60_000), tenantIds: [w.tenant.id] }),
      ).toBeGreaterThanOrEqual(1);

      const merchantView = await orderAs(orderId, farm.token);
      expect(merchantView).toMatchObject({
        status: 'CONFIRMED',
        refund_failure: REFUND_FAILED_REASON,
        next_statuses: expect.arrayContaining(['CANCELLED', 'REFUNDED']),
      });
      expect(merchantView.history.at(-1)).toMatchObject({
        from_status: 'REFUND_PENDING',
        status: 'CONFIRMED',
        actor: 'system',
        memo: `환불 실패: ${REFUND_FAILED_REASON}`,
      });
      expect((await orderAs(orderId, sky.token)).refund_failure).toBeNull();
      // Everything as before the request: reward spendable again, points spent, stock sold, payment paid.
      await expectBooks(4_240);
      expect(await stockOf(productId)).toEqual({ remaining: 3, orders: 1 });
      expect((await app.payments.get(w.tenant.id, paymentId))?.status).toBe('paid');
      // A late webhook about the failed cancellation changes nothing.
      expect((await deliver(cancelledWebhook(paymentId))).statusCode).toBe(200);
      expect((await orderAs(orderId, farm.token)).status).toBe('CONFIRMED');

      // The merchant tries again and PortOne cancels at once this time.
      portone.answerCancels('SUCCEEDED');
      const again = await setStatus(orderId, 'CANCELLED', farm.token, '재고 부족');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ status: 'CANCELLED', refund_failure: null });
      expect(portone.cancellationRequests(paymentId)).toMatchObject([
        { status: 'FAILED', amount: 24_000 },
        { status: 'SUCCEEDED', amount: 24_000 },
      ]);
      expect(await stockOf(productId)).toEqual({ remaining: 5, orders: 0 });
      await expectBooks(10_000);
    });

    it('a refund whose PortOne balance changed under it is refused by PortOne (currentCancellableAmount) and changes nothing', async () => {
      const { farm, orderId, paymentId } = await buy();
      // The buyer spent 200 of the 240 reward points: the card refund is 24,000 - 200 = 23,800.
      const river = await w.signIn('customer');
      const sentAway = await w.call(
        'POST',
        '/api/wallet/transfer',
        { to_user_id: river.user.id, amount: 4_200 },
        sky.token,
      );
      expect(sentAway.statusCode, sentAway.body).toBe(200);
      // Someone cancels 100 at PortOne's console between the server's look-up and its cancel: the
      // 23,800 would still fit in what is left, and 23,900 would have gone back.
      portone.beforeNextCancel(() => portone.cancelOutside(paymentId, 100));
      const res = await setStatus(orderId, 'REFUNDED', farm.token);
      expect(res.statusCode).toBe(502);
      expect(res.json().code).toBe('payment_gateway_unavailable');
      const sent = portone.requests.filter((r) => r.method === 'POST' && r.path === `/payments/${paymentId}/cancel`);
      expect(sent.map((r) => JSON.parse(r.body))).toMatchObject([{ amount: 23_800, currentCancellableAmount: 24_000 }]);
      expect(portone.cancellations(paymentId)).toEqual([{ amount: 100, reason: '관리자 콘솔 취소' }]);
      expect((await orderAs(orderId, farm.token)).status).toBe('PENDING');
      await expectBooks(40);
    });
  });
});
