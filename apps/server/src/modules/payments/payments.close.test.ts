import { paymentPrepareResultSchema } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { GatewayUnavailable } from '../../platform/payments/gateway.js';
import { sandboxPayments } from '../../platform/payments/sandbox.schema.js';
import { type Failpoint, productionSeams } from '../../platform/seams.js';
import { buildTestApp } from '../../test/app.js';
import { catalogueTenant, deliveryProduct } from '../catalogue/catalogue.test-helpers.js';
import { payments } from './payments.schema.js';

const buyerFields = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };
const MINUTE = 60_000;

/**
 * A refused card payment must end closed at the gateway: when closing it there fails (the gateway
 * out of reach), the reconciliation job closes it later, or gives the money back if the buyer paid
 * the still-open window meanwhile (found by the money simulation, docs/decisions/035).
 */
describe('a refused payment the gateway could not close', () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof catalogueTenant>>;
  let farm: Awaited<ReturnType<typeof w.signIn>>;
  let lunchId: number;
  /** Gateway calls refused at this failpoint while set. */
  let down: Failpoint | null = null;

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
      {
        seams: {
          ...productionSeams,
          failpoints: {
            reach(name) {
              if (name === down) throw new GatewayUnavailable(`test: gateway down at ${name}`);
            },
          },
        },
      },
    );
    w = await catalogueTenant(app);
    farm = await w.signIn('merchant', '햇살농원');
    const res = await w.call(
      'POST',
      '/api/products',
      deliveryProduct({ price: 12_000, display_remaining: 10 }),
      farm.token,
    );
    lunchId = res.json().id;
  });
  afterAll(() => app.close());

  /** A buyer starts a card checkout and gives up at the window (the callback's `failed`) while the gateway is down. */
  async function refusedWhileGatewayDown(at: Failpoint) {
    const sky = await w.signIn('customer');
    const res = await w.call(
      'POST',
      '/api/payment/prepare',
      { ...buyerFields, product_id: lunchId, qty: 1, amount: 12_000, buyer_addr: '서울시 마포구 월드컵로 1' },
      sky.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const prepared = paymentPrepareResultSchema.parse(res.json());
    down = at;
    try {
      const back = await w.call(
        'POST',
        '/api/payment/callback',
        { merchant_uid: prepared.merchant_uid, imp_uid: 'tx', status: 'failed' },
        sky.token,
      );
      expect(back.statusCode, back.body).toBe(400);
      expect(back.json().code).toBe('payment_failed');
    } finally {
      down = null;
    }
    return prepared.merchant_uid;
  }
  const ours = async (paymentId: string) =>
    (
      await app.db
        .select()
        .from(payments)
        .where(and(eq(payments.tenantId, w.tenant.id), eq(payments.paymentId, paymentId)))
    )[0];
  const theirs = async (paymentId: string) =>
    (
      await app.db
        .select()
        .from(sandboxPayments)
        .where(and(eq(sandboxPayments.tenantId, w.tenant.id), eq(sandboxPayments.paymentId, paymentId)))
    )[0];
  const reconcileAt = (msFromNow: number) =>
    app.payments.reconcile({ now: new Date(Date.now() + msFromNow), tenantIds: [w.tenant.id] });

  it('gives back a late card payment of it: the reconciliation job cancels it at the gateway, once', async () => {
    for (const at of ['gateway.cancel:before', 'gateway.cancel:after'] as const) {
      const paymentId = await refusedWhileGatewayDown(at);
      const refused = await ours(paymentId);
      expect(refused?.status).toBe('failed');
      // The gateway did the cancel but its answer was lost: still due, as nobody knows it is closed.
      expect(refused?.gatewayCloseDueAt, at).not.toBeNull();
      // The buyer pays the window that is still open at the gateway.
      if (at !== 'gateway.cancel:after') {
        expect((await theirs(paymentId))?.status).toBe('READY');
        await app.sandboxGateway?.submit(w.tenant.id, paymentId, { card: '4242 4242 4242 4242' });
        expect((await theirs(paymentId))?.status).toBe('PAID');
      }
      // Younger than a minute: left alone.
      await reconcileAt(0);
      expect((await ours(paymentId))?.gatewayCloseDueAt).not.toBeNull();
      // The gateway is still out of reach: it stays due.
      down = 'gateway.getPayment:before';
      await reconcileAt(2 * MINUTE);
      down = null;
      expect((await ours(paymentId))?.gatewayCloseDueAt).not.toBeNull();
      await reconcileAt(2 * MINUTE);
      const closed = await theirs(paymentId);
      expect(closed?.status, at).toBe('CANCELLED');
      expect(closed?.cancelledAmount, at).toBe(at === 'gateway.cancel:after' ? 0 : 12_000);
      expect((await ours(paymentId))?.gatewayCloseDueAt).toBeNull();
      expect((await ours(paymentId))?.status).toBe('failed');
    }
  });

  it('closes a refused payment that was never paid, and gives up after a day', async () => {
    const closedLater = await refusedWhileGatewayDown('gateway.cancel:before');
    await reconcileAt(2 * MINUTE);
    expect((await theirs(closedLater))?.status).toBe('CANCELLED');
    expect((await ours(closedLater))?.gatewayCloseDueAt).toBeNull();

    const stale = await refusedWhileGatewayDown('gateway.cancel:before');
    await reconcileAt(25 * 60 * MINUTE);
    expect((await theirs(stale))?.status).toBe('READY');
    expect((await ours(stale))?.gatewayCloseDueAt).not.toBeNull();
  });

  it('leaves nothing due when the gateway closed it at once', async () => {
    // The gateway is down only for pre-registrations, which the refusal does not make.
    const paymentId = await refusedWhileGatewayDown('gateway.prepare:before');
    expect((await ours(paymentId))?.gatewayCloseDueAt).toBeNull();
    expect((await theirs(paymentId))?.status).toBe('CANCELLED');
  });
});
