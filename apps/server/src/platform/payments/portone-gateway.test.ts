import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret, type PortOneStandIn, startPortOneStandIn } from '../../test/portone-stand-in.js';
import { GatewayUnavailable, type PaymentGateway, WebhookRejected } from './gateway.js';
import { createPortOneGateway, type PortOneGatewayOptions } from './portone-gateway.js';

const API_SECRET = 'portone-api-secret-for-tests';
const STORE_ID = 'store-4f8c1a52-0000-4000-8000-000000000001';
const CHANNEL_KEY = 'channel-key-9d2e7b10-0000-4000-8000-000000000002';
const TENANT = 1;

let portone: PortOneStandIn;
let gateway: PaymentGateway;

function gatewayWith(overrides: Partial<PortOneGatewayOptions> = {}) {
  return createPortOneGateway({
    apiSecret: API_SECRET,
    storeId: STORE_ID,
    channelKey: CHANNEL_KEY,
    webhookSecret: portone.webhookSecret,
    apiBaseUrl: portone.baseUrl,
    ...overrides,
  });
}

beforeAll(async () => {
  portone = await startPortOneStandIn({ apiSecret: API_SECRET, storeId: STORE_ID });
  gateway = gatewayWith();
});
afterEach(() => portone.setOutage(null));
afterAll(() => portone.close());

const newPaymentId = () => `topup-${randomUUID()}`;

describe('PortOne gateway: prepare', () => {
  it('pre-registers the amount with PortOne and answers the checkout the payment window opens with', async () => {
    const paymentId = newPaymentId();
    const checkout = await gateway.prepare({
      tenantId: TENANT,
      paymentId,
      orderName: '포인트 충전 30,000원',
      amount: 30_000,
      currency: 'KRW',
      buyer: { name: '김하늘', email: 'haneul@example.com', phone: '010-1234-5678' },
      redirectUrl: 'https://shop.example.com/payment/callback?type=topup',
    });

    expect(portone.preRegistered(paymentId)).toEqual({ totalAmount: 30_000, currency: 'KRW' });
    expect(checkout).toEqual({
      gateway: 'portone',
      store_id: STORE_ID,
      channel_key: CHANNEL_KEY,
      payment_id: paymentId,
      order_name: '포인트 충전 30,000원',
      total_amount: 30_000,
      currency: 'KRW',
      pay_method: 'CARD',
      redirect_url: 'https://shop.example.com/payment/callback?type=topup',
      customer: { full_name: '김하늘', email: 'haneul@example.com', phone_number: '010-1234-5678' },
    });
  });
});

describe('PortOne gateway: getPayment', () => {
  it('reads a paid payment: status, amount, currency and PortOne transaction id', async () => {
    const paymentId = newPaymentId();
    const { transactionId } = portone.pay(paymentId, { amount: 30_000 });

    expect(await gateway.getPayment(TENANT, paymentId)).toEqual({
      id: paymentId,
      status: 'PAID',
      amount: 30_000,
      cancelledAmount: 0,
      currency: 'KRW',
      transactionId,
      failureMessage: null,
      cancellations: [],
    });
  });

  it('reports what the buyer actually paid, so a different amount or currency is visible to the caller', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 100, currency: 'USD' });

    expect(await gateway.getPayment(TENANT, paymentId)).toMatchObject({ status: 'PAID', amount: 100, currency: 'USD' });
  });

  it('reads a declined payment with the provider message', async () => {
    const paymentId = newPaymentId();
    portone.fail(paymentId, { amount: 30_000, message: '카드 한도가 초과되었습니다.' });

    expect(await gateway.getPayment(TENANT, paymentId)).toMatchObject({
      status: 'FAILED',
      amount: 30_000,
      failureMessage: '카드 한도가 초과되었습니다.',
    });
  });

  it('reads a payment whose window is open as READY and a late card approval as PAY_PENDING', async () => {
    const ready = newPaymentId();
    portone.ready(ready, { amount: 10_000 });
    const pending = newPaymentId();
    portone.pay(pending, { amount: 10_000, status: 'PAY_PENDING' });

    expect(await gateway.getPayment(TENANT, ready)).toMatchObject({
      status: 'READY',
      amount: 10_000,
      failureMessage: null,
    });
    expect(await gateway.getPayment(TENANT, pending)).toMatchObject({ status: 'PAY_PENDING', amount: 10_000 });
  });

  it('answers null for a payment PortOne does not have', async () => {
    expect(await gateway.getPayment(TENANT, newPaymentId())).toBeNull();
  });
});

describe('PortOne gateway: cancel', () => {
  it('cancels a whole payment', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 30_000 });

    await gateway.cancel(TENANT, paymentId, { reason: '결제 금액 불일치' });

    expect(portone.cancellations(paymentId)).toEqual([{ amount: 30_000, reason: '결제 금액 불일치' }]);
    expect(await gateway.getPayment(TENANT, paymentId)).toMatchObject({ status: 'CANCELLED', cancelledAmount: 30_000 });
  });

  it('cancels part of a payment, then the rest', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 30_000 });

    await gateway.cancel(TENANT, paymentId, { reason: '부분 환불', amount: 10_000 });
    expect(await gateway.getPayment(TENANT, paymentId)).toMatchObject({
      status: 'PARTIAL_CANCELLED',
      amount: 30_000,
      cancelledAmount: 10_000,
    });

    await gateway.cancel(TENANT, paymentId, { reason: '남은 금액 환불' });
    expect(portone.cancellations(paymentId)).toEqual([
      { amount: 10_000, reason: '부분 환불' },
      { amount: 20_000, reason: '남은 금액 환불' },
    ]);
    expect(await gateway.getPayment(TENANT, paymentId)).toMatchObject({ status: 'CANCELLED', cancelledAmount: 30_000 });
  });

  it('takes a repeated cancel of a cancelled payment as done, and refuses to give back more than was paid', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 5_000 });
    await gateway.cancel(TENANT, paymentId, { reason: '중복 결제' });

    await expect(gateway.cancel(TENANT, paymentId, { reason: '중복 결제' })).resolves.toEqual({
      id: null,
      status: 'SUCCEEDED',
    });

    const other = newPaymentId();
    portone.pay(other, { amount: 5_000 });
    await expect(gateway.cancel(TENANT, other, { reason: '과다 환불', amount: 6_000 })).rejects.toThrow(
      GatewayUnavailable,
    );
    expect(portone.cancellations(other)).toEqual([]);
  });
});

describe('PortOne gateway: what PortOne receives', () => {
  it('sends every POST body as application/json, the only request type PortOne accepts', async () => {
    const paymentId = newPaymentId();
    const from = portone.requests.length;
    await gateway.prepare({
      tenantId: TENANT,
      paymentId,
      orderName: '포인트 충전 10,000원',
      amount: 10_000,
      currency: 'KRW',
      buyer: { name: '김하늘', email: 'haneul@example.com', phone: '010-1234-5678' },
      redirectUrl: 'https://shop.example.com/payment/callback?type=topup',
    });
    portone.pay(paymentId, { amount: 10_000 });
    await gateway.cancel(TENANT, paymentId, { reason: '주문 취소', amount: 4_000, currentCancellableAmount: 10_000 });

    const posts = portone.requests.slice(from).filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([`/payments/${paymentId}/pre-register`, `/payments/${paymentId}/cancel`]);
    for (const post of posts) expect(post.contentType).toBe('application/json');
    expect(JSON.parse(posts[1]?.body ?? '{}')).toEqual({
      storeId: STORE_ID,
      reason: '주문 취소',
      amount: 4_000,
      currentCancellableAmount: 10_000,
    });
  });

  it('is refused by PortOne with any other content type (as the SDK sends it), so nothing is cancelled', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 5_000 });
    const res = await fetch(`${portone.baseUrl}/payments/${paymentId}/cancel`, {
      method: 'POST',
      headers: { authorization: `PortOne ${API_SECRET}`, 'content-type': 'text/plain;charset=UTF-8' },
      body: JSON.stringify({ storeId: STORE_ID, reason: '주문 취소' }),
    });
    expect(res.status).toBe(415);
    expect(portone.cancellations(paymentId)).toEqual([]);
  });
});

describe('PortOne gateway: cancellations PortOne completes later', () => {
  it('answers a REQUESTED cancel as requested; the look-up shows it until PortOne says SUCCEEDED', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 20_000 });
    portone.answerCancels('REQUESTED');
    try {
      const answer = await gateway.cancel(TENANT, paymentId, { reason: '주문 취소', currentCancellableAmount: 20_000 });
      expect(answer).toEqual({ id: expect.any(String), status: 'REQUESTED' });
      expect(await gateway.getPayment(TENANT, paymentId)).toMatchObject({
        status: 'PAID',
        cancelledAmount: 0,
        cancellations: [{ id: answer.id, status: 'REQUESTED', amount: 20_000 }],
      });
      // A second cancel while the first is on its way would give back twice: PortOne refuses it.
      await expect(
        gateway.cancel(TENANT, paymentId, { reason: '주문 취소', currentCancellableAmount: 20_000 }),
      ).rejects.toThrow(GatewayUnavailable);

      portone.settleCancellations(paymentId, 'SUCCEEDED');
      expect(await gateway.getPayment(TENANT, paymentId)).toMatchObject({
        status: 'CANCELLED',
        cancelledAmount: 20_000,
        cancellations: [{ id: answer.id, status: 'SUCCEEDED', amount: 20_000 }],
      });
    } finally {
      portone.answerCancels('SUCCEEDED');
    }
  });

  it('reports a requested cancellation that FAILED, the payment still paid', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 20_000 });
    portone.answerCancels('REQUESTED');
    try {
      const { id } = await gateway.cancel(TENANT, paymentId, { reason: '주문 환불' });
      portone.settleCancellations(paymentId, 'FAILED');
      expect(await gateway.getPayment(TENANT, paymentId)).toMatchObject({
        status: 'PAID',
        cancelledAmount: 0,
        cancellations: [{ id, status: 'FAILED', amount: 20_000 }],
      });
    } finally {
      portone.answerCancels('SUCCEEDED');
    }
  });

  it('refuses a cancel decided on a balance that changed meanwhile (currentCancellableAmount), giving nothing back twice', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 30_000 });
    const seen = await gateway.getPayment(TENANT, paymentId);
    // Someone cancels 10,000 at PortOne's console between the look-up and the cancel.
    portone.cancelOutside(paymentId, 10_000);

    await expect(
      gateway.cancel(TENANT, paymentId, {
        reason: '주문 환불',
        amount: 20_000,
        currentCancellableAmount: (seen?.amount ?? 0) - (seen?.cancelledAmount ?? 0),
      }),
    ).rejects.toThrow(GatewayUnavailable);
    expect(portone.cancellations(paymentId)).toEqual([{ amount: 10_000, reason: '관리자 콘솔 취소' }]);
    expect(portone.requests.at(-1)).toMatchObject({ method: 'POST', path: `/payments/${paymentId}/cancel` });
  });
});

describe('PortOne gateway: when PortOne cannot be used', () => {
  it('reports a refused API secret as unavailable, never as "no such payment"', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 30_000 });
    const wrong = gatewayWith({ apiSecret: 'not-the-secret' });

    await expect(wrong.getPayment(TENANT, paymentId)).rejects.toThrow(GatewayUnavailable);
    await expect(wrong.cancel(TENANT, paymentId, { reason: '테스트' })).rejects.toThrow(GatewayUnavailable);
    expect(portone.cancellations(paymentId)).toEqual([]);
    expect(portone.requests.at(-1)).toMatchObject({ authorization: 'PortOne not-the-secret' });

    const direct = await fetch(`${portone.baseUrl}/payments/${paymentId}`, {
      headers: { authorization: 'PortOne not-the-secret' },
    });
    expect(direct.status).toBe(401);
    expect(await direct.json()).toMatchObject({ type: 'UNAUTHORIZED' });
  });

  it('reports a 503 page, a hanging API and an unreachable host as unavailable', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 30_000 });

    portone.setOutage('error');
    await expect(gateway.getPayment(TENANT, paymentId)).rejects.toThrow(GatewayUnavailable);

    portone.setOutage('hang');
    await expect(gatewayWith({ timeoutMs: 200 }).getPayment(TENANT, paymentId)).rejects.toThrow(GatewayUnavailable);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = gatewayWith({ apiBaseUrl: `http://127.0.0.1:${port}` });
    await expect(unreachable.getPayment(TENANT, paymentId)).rejects.toThrow(GatewayUnavailable);
    await expect(
      unreachable.prepare({
        tenantId: TENANT,
        paymentId: newPaymentId(),
        orderName: '포인트 충전',
        amount: 1_000,
        currency: 'KRW',
        buyer: { name: '김하늘', email: 'haneul@example.com', phone: '010-1234-5678' },
        redirectUrl: 'https://shop.example.com/payment/callback?type=topup',
      }),
    ).rejects.toThrow(GatewayUnavailable);
  });
});

describe('PortOne gateway: webhooks', () => {
  it('accepts a webhook PortOne signed and answers its type and payment id', async () => {
    const paymentId = newPaymentId();
    const signed = portone.signWebhook(portone.webhookBody('Transaction.Paid', paymentId));

    expect(await gateway.verifyWebhook(signed.body, signed.headers)).toEqual({
      type: 'Transaction.Paid',
      paymentId,
      cancellationId: null,
    });
  });

  it('answers the cancellation a Transaction.Cancelled webhook names (data.cancellationId, as PortOne sends it)', async () => {
    const paymentId = newPaymentId();
    portone.pay(paymentId, { amount: 8_000 });
    const { id } = await gateway.cancel(TENANT, paymentId, { reason: '주문 취소' });
    for (const type of ['Transaction.Cancelled', 'Transaction.PartialCancelled', 'Transaction.CancelPending']) {
      const body = portone.webhookBody(type, paymentId);
      expect(body.data).toMatchObject({ paymentId, cancellationId: id });
      const signed = portone.signWebhook(body);
      expect(await gateway.verifyWebhook(signed.body, signed.headers)).toEqual({ type, paymentId, cancellationId: id });
    }
  });

  it('answers no payment id for a webhook that is not about a payment', async () => {
    const signed = portone.signWebhook({
      type: 'BillingKey.Issued',
      timestamp: new Date().toISOString(),
      data: { storeId: STORE_ID, billingKey: 'billing-key-1' },
    });

    expect(await gateway.verifyWebhook(signed.body, signed.headers)).toEqual({
      type: 'BillingKey.Issued',
      paymentId: null,
      cancellationId: null,
    });
  });

  it.each([
    ['a signature of another secret', { secret: newWebhookSecret() }],
    ['a timestamp 6 minutes old', { ageSeconds: 6 * 60 }],
    [
      'a body changed after signing',
      { tamperedBody: '{"type":"Transaction.Paid","data":{"paymentId":"someone-else"}}' },
    ],
  ])('refuses %s', async (_, tampering) => {
    const signed = portone.signWebhook(portone.webhookBody('Transaction.Paid', newPaymentId()), tampering);

    await expect(gateway.verifyWebhook(signed.body, signed.headers)).rejects.toThrow(WebhookRejected);
  });

  it('refuses a malformed signature and a webhook without its signature headers', async () => {
    const signed = portone.signWebhook(portone.webhookBody('Transaction.Paid', newPaymentId()));

    const forged = { ...signed.headers, 'webhook-signature': `v1,${Buffer.from('forged').toString('base64')}` };
    await expect(gateway.verifyWebhook(signed.body, forged)).rejects.toThrow(WebhookRejected);
    await expect(gateway.verifyWebhook(signed.body, { 'content-type': 'application/json' })).rejects.toThrow(
      WebhookRejected,
    );
  });

  it('verifies what sendWebhook POSTs over HTTP, headers as a Node server receives them', async () => {
    const received: { status: number }[] = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', async () => {
        const status = await gateway.verifyWebhook(body, req.headers).then(
          () => 200,
          (err: unknown) => (err instanceof WebhookRejected ? 400 : 500),
        );
        received.push({ status });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payment/webhook`;
    try {
      const body = portone.webhookBody('Transaction.Paid', newPaymentId());
      expect((await portone.sendWebhook(url, body)).status).toBe(200);
      expect((await portone.sendWebhook(url, body, { ageSeconds: 6 * 60 })).status).toBe(400);
      expect(received).toEqual([{ status: 200 }, { status: 400 }]);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
