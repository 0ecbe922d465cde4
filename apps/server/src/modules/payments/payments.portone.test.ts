import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { newWebhookSecret, type PortOneStandIn, startPortOneStandIn } from '../../test/portone-stand-in.js';
import { catalogueTenant, deliveryProduct } from '../catalogue/catalogue.test-helpers.js';
import { ledgerProblems } from '../wallet/ledger.js';

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
    // The same payment named by a genuine webhook sent to this tenant's host settles nothing either.
    expect((await deliver(paidWebhook(payment_id))).statusCode).toBe(200);

    await expectBooks(0);
    expect(await balanceOf(elsewhere, stranger.token)).toMatchObject({ available: 0 });
    expect(await ledgerProblems(app.db, elsewhere.tenant.id)).toEqual([]);
    expect((await app.payments.get(elsewhere.tenant.id, payment_id))?.status).toBe('pending');
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

    await app.payments.reconcile(new Date(Date.now() + 31 * 60_000));
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
});
