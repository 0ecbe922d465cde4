import type { Buyer, Checkout } from '@app/contracts';
import { and, eq, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { acrossShards } from '../../platform/db/citus.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { inJobScope, type JobScope } from '../../platform/jobs.js';
import { type GatewayCancelAnswer, GatewayUnavailable, type PaymentGateway } from '../../platform/payments/gateway.js';
import { type PublicAddress, tenantOrigin } from '../../platform/public-address.js';
import { failpoint, type Seams } from '../../platform/seams.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { type PaymentRow, type paymentPurposes, payments, type RefundIntent } from './payments.schema.js';

export type PaymentPurpose = (typeof paymentPurposes)[number];

/**
 * What happens to the rest of the product when a payment of a purpose settles (docs/decisions/015):
 * the wallet credits a top-up, checkout marks its order paid. `paid` runs in the same database
 * transaction that marks the payment paid; `failed` in the one that marks it failed or expired.
 */
export interface PaymentSettler {
  paid(tx: DbOrTx, payment: PaymentRow): Promise<void>;
  failed?(tx: DbOrTx, payment: PaymentRow): Promise<void>;
  /**
   * A refund the gateway left REQUESTED has ended (docs/decisions/028): SUCCEEDED gave the card
   * part back, FAILED gave nothing back. Runs once, in the transaction that clears the payment's
   * pending refund, under `lock`'s row lock.
   */
  refundSettled?(tx: DbOrTx, payment: PaymentRow, outcome: RefundOutcome): Promise<void>;
  /** Takes the purpose's own row lock (the order's) before the payment's, in the order cancels take them. */
  lock?(tx: DbOrTx, payment: PaymentRow): Promise<void>;
  /**
   * A reversal recorded its intent (`recordRefundIntent`) and never finished, yet the gateway gave
   * back money our books do not show (docs/decisions/036): the purpose completes the reversal
   * (through `refund`, which cancels only what the gateway has not, and clears the intent) and
   * answers how it ended; `no_refund_pending` when there is nothing of its own left to reverse.
   * Runs in `settleRefund`'s transaction, under `lock`'s row lock and the payment's.
   */
  reversalRecovered?(
    tx: DbOrTx,
    payment: PaymentRow,
    intent: RefundIntent,
  ): Promise<'refunded' | 'refund_pending' | 'no_refund_pending'>;
}

/** What `settleRefund` found and did. */
export type RefundSettlement = 'refunded' | 'refund_failed' | 'refund_pending' | 'no_refund_pending';

/** How a refund left REQUESTED at the gateway ended. */
export type RefundOutcome = { succeeded: true } | { succeeded: false; reason: string };

/** What the merchant is told when the card company did not give the money back (PortOne names no reason). */
export const REFUND_FAILED_REASON =
  '카드사에서 카드 환불을 처리하지 못했습니다. 잠시 후 다시 시도하거나 고객센터에 문의해주세요.';

/** PortOne's webhook types about one cancellation (`data.cancellationId`). */
const CANCELLATION_EVENTS = new Set([
  'Transaction.CancelPending',
  'Transaction.PartialCancelled',
  'Transaction.Cancelled',
]);

/**
 * The tenant a payment id belongs to: our ids are `{purpose}-{tenantId}-{time}{random}`, unique
 * across tenants (one PortOne store serves every tenant). Null for an id that is not ours.
 */
export function tenantOfPaymentId(paymentId: string): number | null {
  const match = /^(?:topup|order)-([1-9]\d{0,9})-[0-9a-z]+$/.exec(paymentId);
  const id = match?.[1] ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

const EXPIRED = '결제 시간이 만료되었습니다.';

/** The gateway's statuses of a payment that may still take or hold the buyer's money. */
const OPEN_AT_GATEWAY = new Set(['READY', 'PAY_PENDING', 'PAID', 'PARTIAL_CANCELLED', 'VIRTUAL_ACCOUNT_ISSUED']);
/** How long the reconciliation job keeps trying to close a refused payment at the gateway. */
const CLOSE_RETRY_MS = 24 * 60 * 60_000;

export const paymentErrors = {
  notFound: () => AppError.notFound('결제 정보를 찾을 수 없습니다.', 'payment_not_found'),
  verification: () => AppError.badRequest('결제 검증에 실패했습니다.', 'payment_verification_failed'),
  failed: (message: string | null) =>
    AppError.badRequest(
      message ? `결제에 실패했습니다: ${message}` : '결제가 취소되었거나 실패했습니다.',
      'payment_failed',
    ),
  pending: () => AppError.conflict('결제가 아직 완료되지 않았습니다. 잠시 후 다시 확인해주세요.', 'payment_pending'),
  unavailable: () =>
    new AppError(502, 'payment_gateway_unavailable', '결제사와 통신하지 못했습니다. 잠시 후 다시 시도해주세요.'),
};

export interface PreparePayment {
  purpose: PaymentPurpose;
  userId: number;
  /** Won to charge to the card, as the server computed it. */
  amount: number;
  pointsUsed?: number;
  orderName: string;
  buyer: Buyer;
  meta?: Record<string, unknown>;
  /** The `type` of /payment/callback the buyer comes back to. */
  callbackType: 'topup' | 'purchase';
}

export interface PaymentsOptions {
  db: Db;
  gateway: PaymentGateway;
  publicAddress: PublicAddress;
  log: FastifyBaseLogger;
  /** A payment still unpaid this long after it was prepared is expired (and closed at the gateway). */
  expireAfterMs: number;
  seams: Seams;
}

/** Outcome of one verification, decided under the row lock and acted on after commit. */
type Verdict =
  | { kind: 'paid'; payment: PaymentRow; replayed: boolean }
  | { kind: 'refused'; payment: PaymentRow; error: AppError; closeAtGateway?: string };

/**
 * Card payments: prepare (the server's amount, registered with the gateway) and confirm, the one
 * code path of every credit: the browser's return, the provider's webhook and the reconciliation
 * job all come here, and each looks the payment up at the gateway itself, under a row lock on the
 * prepared record, so a replay (20 at once included) settles it once.
 */
export function createPaymentsService(opts: PaymentsOptions) {
  const { db, gateway, log, seams } = opts;
  const { clock } = seams;
  const settlers = new Map<PaymentPurpose, PaymentSettler>();

  /** The end of a payment's window: it expires then, and what it holds (stock, points) goes back. */
  const expiresAt = (payment: Pick<PaymentRow, 'createdAt'>) =>
    new Date(payment.createdAt.getTime() + opts.expireAfterMs);

  function newPaymentId(purpose: PaymentPurpose, tenantId: number) {
    // Unique across tenants too: one PortOne store may serve several tenants.
    return `${purpose}-${tenantId}-${clock.now().getTime().toString(36)}${seams.random.bytes(8).toString('hex')}`;
  }

  async function settle(tx: DbOrTx, payment: PaymentRow, how: 'paid' | 'failed') {
    const settler = settlers.get(payment.purpose);
    if (!settler) throw new Error(`no settler for ${payment.purpose} payments`);
    if (how === 'paid') await settler.paid(tx, payment);
    else await settler.failed?.(tx, payment);
  }

  async function markFailed(tx: DbOrTx, payment: PaymentRow, reason: string) {
    const [row] = await tx
      .update(payments)
      .set({
        status: 'failed',
        failureReason: reason,
        // A card payment refused here must end closed at the gateway too (closeAtGateway).
        gatewayCloseDueAt: payment.amount > 0 ? clock.now() : null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.tenantId, payment.tenantId), eq(payments.id, payment.id)))
      .returning();
    await settle(tx, row ?? payment, 'failed');
    return row ?? payment;
  }

  async function markPaid(tx: DbOrTx, payment: PaymentRow, gatewayTxId: string | null) {
    const [paid] = await tx
      .update(payments)
      .set({ status: 'paid', gatewayTxId, paidAt: clock.now(), updatedAt: sql`now()` })
      .where(and(eq(payments.tenantId, payment.tenantId), eq(payments.id, payment.id)))
      .returning();
    if (!paid) throw new Error('payment row vanished under its lock');
    await settle(tx, paid, 'paid');
    return paid;
  }

  /**
   * Closes a refused or expired card payment at the gateway, or gives it back if the buyer paid it
   * there meanwhile (a payment window left open past its expiry); then the payment no longer waits
   * for it. A gateway out of reach (or refusing) leaves `gatewayCloseDueAt` set: the reconciliation
   * job tries again, so money taken for a refused payment is never kept.
   */
  async function closeAtGateway(payment: PaymentRow, reason: string) {
    try {
      const found = await gateway.getPayment(payment.tenantId, payment.paymentId);
      if (found && OPEN_AT_GATEWAY.has(found.status)) {
        await gateway.cancel(payment.tenantId, payment.paymentId, { reason });
      }
      await db
        .update(payments)
        .set({ gatewayCloseDueAt: null, updatedAt: sql`now()` })
        .where(and(eq(payments.tenantId, payment.tenantId), eq(payments.id, payment.id)));
    } catch (err) {
      // PortOne answers PAYMENT_NOT_PAID for a window never paid: it stays due, and is looked at again.
      log.warn({ err, paymentId: payment.paymentId }, 'closing the payment at the gateway failed');
    }
  }

  /**
   * Verifies and settles one payment. `userId` (a buyer's own call) must own it; `purpose` must
   * match the call. Throws the AppError a client should see; answers the paid payment.
   */
  async function confirm(
    tenantId: number,
    paymentId: string,
    who: {
      userId?: number;
      purpose?: PaymentPurpose;
      expireIfPending?: boolean;
      /** Why an unpaid payment closes now (default: its window ended). */
      reason?: string;
    } = {},
  ): Promise<{ payment: PaymentRow; replayed: boolean }> {
    const verdict = await db.transaction(async (tx): Promise<Verdict> => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.tenantId, tenantId), eq(payments.paymentId, paymentId)))
        .for('update');
      if (
        !payment ||
        (who.userId !== undefined && payment.userId !== who.userId) ||
        (who.purpose && payment.purpose !== who.purpose)
      ) {
        throw paymentErrors.notFound();
      }
      if (
        payment.status === 'paid' ||
        ((payment.status === 'cancelled' || payment.status === 'partial_cancelled') && payment.paidAt)
      ) {
        return { kind: 'paid', payment, replayed: true };
      }
      if (payment.status !== 'pending') {
        const error = paymentErrors.failed(payment.failureReason);
        return {
          kind: 'refused',
          payment,
          error,
          closeAtGateway: payment.status === 'failed' ? '만료되었거나 거절된 결제' : undefined,
        };
      }

      // Paid with points only: nothing to look up (the points were locked at prepare). Only the
      // buyer's own confirmation pays it; given up or left unconfirmed, it expires like an unpaid
      // card payment.
      if (payment.amount === 0) {
        if (who.userId !== undefined && !who.expireIfPending) {
          const paid = await markPaid(tx, payment, null);
          return { kind: 'paid', payment: paid, replayed: false };
        }
        if (!who.expireIfPending) return { kind: 'refused', payment, error: paymentErrors.pending() };
        const failed = await markFailed(tx, payment, who.reason ?? EXPIRED);
        return { kind: 'refused', payment: failed, error: paymentErrors.failed(null) };
      }

      let found: Awaited<ReturnType<PaymentGateway['getPayment']>>;
      try {
        found = await gateway.getPayment(tenantId, paymentId, tx);
      } catch (err) {
        if (err instanceof GatewayUnavailable) {
          log.warn({ err, paymentId }, 'payment look-up failed');
          throw paymentErrors.unavailable();
        }
        throw err;
      }
      if (found?.status === 'PAID') {
        if (found.currency !== payment.currency || found.amount !== payment.amount || found.id !== paymentId) {
          log.warn(
            { paymentId, expected: payment.amount, paid: found.amount, currency: found.currency },
            'payment refused: amount or currency differs from the prepared payment',
          );
          const failed = await markFailed(tx, payment, '결제 금액이 주문 금액과 일치하지 않습니다.');
          return {
            kind: 'refused',
            payment: failed,
            error: paymentErrors.verification(),
            closeAtGateway: '결제 금액 불일치',
          };
        }
        const paid = await markPaid(tx, payment, found.transactionId);
        return { kind: 'paid', payment: paid, replayed: false };
      }
      if (
        found &&
        (found.status === 'FAILED' || found.status === 'CANCELLED' || found.status === 'PARTIAL_CANCELLED')
      ) {
        const failed = await markFailed(tx, payment, found.failureMessage ?? '결제가 취소되었습니다.');
        return { kind: 'refused', payment: failed, error: paymentErrors.failed(found.failureMessage) };
      }
      // Not paid yet (READY, pending at the issuer, or unknown to the gateway so far).
      if (who.expireIfPending) {
        const failed = await markFailed(tx, payment, who.reason ?? EXPIRED);
        return { kind: 'refused', payment: failed, error: paymentErrors.failed(null), closeAtGateway: '결제 만료' };
      }
      return { kind: 'refused', payment, error: paymentErrors.pending() };
    });
    if (verdict.kind === 'paid') return { payment: verdict.payment, replayed: verdict.replayed };
    failpoint(seams, 'payments.confirm:committed');
    if (verdict.closeAtGateway) await closeAtGateway(verdict.payment, verdict.closeAtGateway);
    throw verdict.error;
  }

  /** How long a reversal's intent or a REQUESTED refund is left to its own flow before the reconciliation looks. */
  const defaultMinAgeMs = Math.min(60_000, opts.expireAfterMs / 2);

  /** The payment as the gateway knows it, for a refund's settling; out of reach answers 502. */
  async function lookUpForRefund(tx: DbOrTx, payment: PaymentRow) {
    try {
      return await gateway.getPayment(payment.tenantId, payment.paymentId, tx);
    } catch (err) {
      if (err instanceof GatewayUnavailable) {
        log.warn({ err, paymentId: payment.paymentId }, 'refund look-up failed');
        throw paymentErrors.unavailable();
      }
      throw err;
    }
  }

  const intentCleared = { refundIntent: null, refundIntentAt: null, refundOrderId: null } as const;

  /**
   * Settles what a payment's refund left open, once, under the purpose's row lock (the order's,
   * taken first) and the payment's, asking the gateway how things stand:
   *
   * - a refund the gateway left REQUESTED (docs/decisions/028): SUCCEEDED marks the payment
   *   cancelled, FAILED clears the pending refund; the purpose's `refundSettled` runs in the same
   *   transaction (`refunded` / `refund_failed`; `refund_pending` while still REQUESTED);
   * - otherwise a reversal's intent left behind (docs/decisions/036): the gateway gave back more
   *   than our books show → the purpose's `reversalRecovered` completes the reversal (`refunded`,
   *   or `refund_pending` if the rest went REQUESTED); nothing more given back → the intent is
   *   cleared once it is `minAgeMs` old and no cancellation is still on its way at the gateway
   *   (`no_refund_pending`), else left (`refund_pending`: the reversal may still be running).
   *
   * A webhook and the reconciliation job racing settle it once (the second finds nothing left:
   * `no_refund_pending`).
   */
  async function settleRefund(
    tenantId: number,
    paymentId: string,
    { now = clock.now(), minAgeMs = defaultMinAgeMs }: { now?: Date; minAgeMs?: number } = {},
  ): Promise<RefundSettlement> {
    return db.transaction(async (tx): Promise<RefundSettlement> => {
      const where = and(eq(payments.tenantId, tenantId), eq(payments.paymentId, paymentId));
      const [seen] = await tx.select().from(payments).where(where);
      if (!seen || (seen.refundAmount === null && seen.refundIntent === null)) return 'no_refund_pending';
      const settler = settlers.get(seen.purpose);
      await settler?.lock?.(tx, seen);
      const [payment] = await tx.select().from(payments).where(where).for('update');
      if (!payment) return 'no_refund_pending';
      const byId = and(eq(payments.tenantId, tenantId), eq(payments.id, payment.id));

      if (payment.refundAmount !== null && payment.refundCancellationId !== null) {
        const found = await lookUpForRefund(tx, payment);
        const cancellation = found?.cancellations.find((c) => c.id === payment.refundCancellationId);
        if (!cancellation || cancellation.status === 'REQUESTED') return 'refund_pending';
        const succeeded = cancellation.status === 'SUCCEEDED';
        const cleared = {
          refundAmount: null,
          refundCancellationId: null,
          refundRequestedAt: null,
          refundOrderId: null,
          updatedAt: sql`now()`,
        };
        // The status follows from the purpose's orders (`markReversed`, in `refundSettled`).
        const [row] = await tx
          .update(payments)
          .set(succeeded ? { ...cleared, cancelledAmount: payment.refundAmount, cancelledAt: clock.now() } : cleared)
          .where(byId)
          .returning();
        if (!row) throw new Error('payment row vanished under its lock');
        await settler?.refundSettled?.(
          tx,
          // Which order the refund was for (cleared on the row now).
          { ...row, refundOrderId: payment.refundOrderId },
          succeeded ? { succeeded: true } : { succeeded: false, reason: REFUND_FAILED_REASON },
        );
        if (!succeeded) log.warn({ paymentId, cancellationId: cancellation.id }, 'refund failed at the gateway');
        return succeeded ? 'refunded' : 'refund_failed';
      }

      if (payment.refundIntent === null || payment.refundIntentAt === null) return 'no_refund_pending';
      const clearIntent = () =>
        tx
          .update(payments)
          .set({ ...intentCleared, updatedAt: sql`now()` })
          .where(byId);
      const found = await lookUpForRefund(tx, payment);
      if ((found?.cancelledAmount ?? 0) > payment.cancelledAmount) {
        // The gateway cancelled and our transaction of the reversal never committed.
        log.warn(
          { paymentId, intent: payment.refundIntent, ours: payment.cancelledAmount, theirs: found?.cancelledAmount },
          'a reversal the gateway completed is completed here',
        );
        const outcome = (await settler?.reversalRecovered?.(tx, payment, payment.refundIntent)) ?? 'no_refund_pending';
        if (outcome === 'no_refund_pending') await clearIntent();
        return outcome;
      }
      // A cancellation still on its way at the gateway (a REQUESTED answer whose commit failed
      // here) may yet give the money back: the intent stays until it ends.
      const onItsWay = found?.cancellations.some((c) => c.status === 'REQUESTED') ?? false;
      if (onItsWay || now.getTime() - payment.refundIntentAt.getTime() < minAgeMs) return 'refund_pending';
      await clearIntent();
      return 'no_refund_pending';
    });
  }

  return {
    gateway,
    expiresAt,

    settleRefund,

    /** Registers what settles payments of a purpose (each module once, at start). */
    onSettle(purpose: PaymentPurpose, settler: PaymentSettler) {
      settlers.set(purpose, settler);
    },

    /**
     * Records a pending payment of the server's amount and registers it with the gateway. Runs in
     * the caller's transaction when given one (checkout locks points in the same transaction).
     */
    async prepare(
      tenant: TenantRow,
      p: PreparePayment,
      tx: DbOrTx = db,
    ): Promise<{ payment: PaymentRow; checkout: Checkout | null }> {
      const [payment] = await tx
        .insert(payments)
        .values({
          tenantId: tenant.id,
          paymentId: newPaymentId(p.purpose, tenant.id),
          createdAt: clock.now(),
          purpose: p.purpose,
          userId: p.userId,
          amount: p.amount,
          pointsUsed: p.pointsUsed ?? 0,
          gateway: p.amount === 0 ? 'points' : gateway.kind,
          orderName: p.orderName,
          buyerName: p.buyer.buyer_name,
          buyerEmail: p.buyer.buyer_email,
          buyerTel: p.buyer.buyer_tel,
          meta: p.meta ?? {},
        })
        .returning();
      if (!payment) throw new Error('payment insert returned nothing');
      if (p.amount === 0) return { payment, checkout: null };
      try {
        const checkout = await gateway.prepare(
          {
            tenantId: tenant.id,
            paymentId: payment.paymentId,
            orderName: p.orderName,
            amount: p.amount,
            currency: 'KRW',
            buyer: { name: p.buyer.buyer_name, email: p.buyer.buyer_email, phone: p.buyer.buyer_tel },
            redirectUrl: `${tenantOrigin(tenant, opts.publicAddress)}/payment/callback?type=${p.callbackType}`,
            expiresAt: expiresAt(payment),
          },
          tx,
        );
        return { payment, checkout };
      } catch (err) {
        if (err instanceof GatewayUnavailable) {
          log.warn({ err, paymentId: payment.paymentId }, 'payment pre-registration failed');
          throw paymentErrors.unavailable();
        }
        throw err;
      }
    },

    confirm,

    /**
     * The provider's webhook: the signature is checked over the raw body, then the payment is
     * confirmed by looking it up, like any callback. Answers what to log; throws WebhookRejected.
     */
    async webhook(_hostTenantId: number, rawBody: string, headers: Record<string, string | string[] | undefined>) {
      const event = await gateway.verifyWebhook(rawBody, headers);
      if (!event.paymentId) return { event, outcome: 'ignored' as const };
      // One PortOne store serves every tenant, and PortOne sends every webhook to one address: the
      // payment's own tenant, from its id, whichever host the webhook arrived on. The look-ups
      // below stay on that tenant's rows (its key), so an id naming no payment there is refused.
      const tenantId = tenantOfPaymentId(event.paymentId);
      if (tenantId === null) return { event, outcome: 'payment_not_found' };
      try {
        if (CANCELLATION_EVENTS.has(event.type)) {
          return { event, outcome: await settleRefund(tenantId, event.paymentId) };
        }
        await confirm(tenantId, event.paymentId);
        return { event, outcome: 'paid' as const };
      } catch (err) {
        // A refusal (unknown payment, amount mismatch, still pending) is final for this event:
        // answering an error would only make the provider send it again.
        if (err instanceof AppError && err.status < 500) return { event, outcome: err.code };
        throw err;
      }
    },

    /**
     * Re-checks payments left pending (the buyer closed the browser after paying, the issuer
     * answered late): settles the paid ones and expires those older than `expireAfterMs`, oldest
     * first, so a hold ends within one run (PAYMENT_RECONCILE_INTERVAL_MS, 15 s) of its window.
     * Payments younger than `minAgeMs` (a minute, or half the window if shorter) are left to the
     * buyer's own return. Answers how many it settled or expired. Safe on several nodes at once.
     */
    async reconcile({
      now = clock.now(),
      minAgeMs = defaultMinAgeMs,
      ...scope
    }: { now?: Date; minAgeMs?: number } & JobScope = {}): Promise<number> {
      const due = await acrossShards(db, (tx) =>
        tx
          .select({ tenantId: payments.tenantId, paymentId: payments.paymentId, createdAt: payments.createdAt })
          .from(payments)
          .where(
            and(
              eq(payments.status, 'pending'),
              lt(payments.createdAt, new Date(now.getTime() - minAgeMs)),
              inJobScope(payments.tenantId, scope),
            ),
          )
          .orderBy(payments.createdAt)
          .limit(100),
      );
      let done = 0;
      for (const p of due) {
        failpoint(seams, 'payments.reconcile:between');
        const expireIfPending = now.getTime() - p.createdAt.getTime() >= opts.expireAfterMs;
        try {
          await confirm(p.tenantId, p.paymentId, { expireIfPending });
          done++;
        } catch (err) {
          if (!(err instanceof AppError)) log.error({ err, paymentId: p.paymentId }, 'payment reconciliation failed');
          else if (err.code !== 'payment_pending' && err.code !== 'payment_gateway_unavailable') done++;
        }
      }
      // Refused payments not closed at the gateway yet (it was out of reach): for a day.
      const unclosed = await acrossShards(db, (tx) =>
        tx
          .select()
          .from(payments)
          .where(
            and(
              isNotNull(payments.gatewayCloseDueAt),
              lt(payments.gatewayCloseDueAt, new Date(now.getTime() - minAgeMs)),
              gt(payments.gatewayCloseDueAt, new Date(now.getTime() - CLOSE_RETRY_MS)),
              inJobScope(payments.tenantId, scope),
            ),
          )
          .orderBy(payments.gatewayCloseDueAt, payments.id)
          .limit(100),
      );
      for (const p of unclosed) {
        failpoint(seams, 'payments.reconcile:between');
        await closeAtGateway(p, '만료되었거나 거절된 결제');
      }
      // Refunds the gateway left REQUESTED: their webhook may never come (PortOne sends none for a
      // failed cancellation), so they are looked up until they end.
      const refunds = await acrossShards(db, (tx) =>
        tx
          .select({ tenantId: payments.tenantId, paymentId: payments.paymentId })
          .from(payments)
          .where(
            and(
              isNotNull(payments.refundAmount),
              lt(payments.refundRequestedAt, new Date(now.getTime() - minAgeMs)),
              inJobScope(payments.tenantId, scope),
            ),
          )
          .orderBy(payments.refundRequestedAt)
          .limit(100),
      );
      for (const r of refunds) {
        try {
          const outcome = await settleRefund(r.tenantId, r.paymentId, { now, minAgeMs });
          if (outcome === 'refunded' || outcome === 'refund_failed') done++;
        } catch (err) {
          if (!(err instanceof AppError)) log.error({ err, paymentId: r.paymentId }, 'refund reconciliation failed');
        }
      }
      // Reversals that recorded their intent and never finished (docs/decisions/036): the gateway
      // may have given the money back while our transaction rolled back, and no webhook may say so.
      const intents = await acrossShards(db, (tx) =>
        tx
          .select({ tenantId: payments.tenantId, paymentId: payments.paymentId })
          .from(payments)
          .where(
            and(
              isNotNull(payments.refundIntentAt),
              lt(payments.refundIntentAt, new Date(now.getTime() - minAgeMs)),
              inJobScope(payments.tenantId, scope),
            ),
          )
          .orderBy(payments.refundIntentAt, payments.id)
          .limit(100),
      );
      for (const r of intents) {
        try {
          if ((await settleRefund(r.tenantId, r.paymentId, { now, minAgeMs })) === 'refunded') done++;
        } catch (err) {
          if (!(err instanceof AppError)) log.error({ err, paymentId: r.paymentId }, 'reversal reconciliation failed');
        }
      }
      return done;
    },

    /**
     * Gives back `amount` won of a paid payment's card part in total (order cancels and refunds; for
     * a payment of several orders, what its orders gave back so far plus this order's share, so a
     * partial cancel at the gateway), inside the caller's transaction: the gateway is asked only for what it has not cancelled yet,
     * so a retry after a failed commit never cancels twice, and with the cancellable balance the
     * look-up showed (`currentCancellableAmount`), so a balance that changed meanwhile is refused by
     * the gateway instead of cancelled twice; if the gateway refuses, the caller's transaction rolls
     * back with a 502 and nothing changed. `pending`: the gateway answered REQUESTED; the payment
     * records the cancellation and `settleRefund` ends it later (webhook or reconciliation). Either
     * way the payment's recorded intent (`recordRefundIntent`) is cleared: the reversal is done or
     * in the REQUESTED refund's hands. The payment's status is the caller's (`markReversed`).
     */
    async refund(
      tx: DbOrTx,
      payment: PaymentRow,
      amount: number,
      reason: string,
      orderId: number,
    ): Promise<{ payment: PaymentRow; pending: boolean }> {
      let answer: GatewayCancelAnswer | null = null;
      /** What the gateway had given back before this call. */
      let already = 0;
      if (amount > payment.cancelledAmount) {
        try {
          const found = await gateway.getPayment(payment.tenantId, payment.paymentId, tx);
          already = found?.cancelledAmount ?? 0;
          if (amount > already) {
            answer = await gateway.cancel(
              payment.tenantId,
              payment.paymentId,
              {
                reason,
                amount: amount - already,
                currentCancellableAmount: found ? found.amount - found.cancelledAmount : undefined,
              },
              tx,
            );
          }
        } catch (err) {
          if (err instanceof GatewayUnavailable) {
            log.warn({ err, paymentId: payment.paymentId }, 'payment cancel at the gateway failed');
            throw paymentErrors.unavailable();
          }
          throw err;
        }
      }
      const where = and(eq(payments.tenantId, payment.tenantId), eq(payments.id, payment.id));
      if (answer?.status === 'REQUESTED' && answer.id) {
        const [row] = await tx
          .update(payments)
          .set({
            refundAmount: amount,
            refundCancellationId: answer.id,
            refundRequestedAt: clock.now(),
            ...intentCleared,
            refundOrderId: orderId,
            updatedAt: sql`now()`,
          })
          .where(where)
          .returning();
        return { payment: row ?? payment, pending: true };
      }
      const [row] = await tx
        .update(payments)
        .set({
          // Our books never say less was given back than the gateway did (a cancel of an earlier
          // attempt whose commit failed, a reward spent since then).
          cancelledAmount: Math.max(amount, already, payment.cancelledAmount),
          cancelledAt: clock.now(),
          // Another order's reversal may have recorded its intent meanwhile (an order without a
          // card share reverses without one): only this order's is cleared.
          ...(payment.refundOrderId === null || payment.refundOrderId === orderId ? intentCleared : {}),
          updatedAt: sql`now()`,
        })
        .where(where)
        .returning();
      return { payment: row ?? payment, pending: false };
    },

    /**
     * A reversal of one of the payment's orders completed: the payment is `cancelled` once every
     * order is given back (`whole`), `partial_cancelled` (부분취소) while some still stand.
     */
    async markReversed(tx: DbOrTx, payment: PaymentRow, whole: boolean): Promise<PaymentRow> {
      const [row] = await tx
        .update(payments)
        .set({ status: whole ? 'cancelled' : 'partial_cancelled', cancelledAt: clock.now(), updatedAt: sql`now()` })
        .where(and(eq(payments.tenantId, payment.tenantId), eq(payments.id, payment.id)))
        .returning();
      return row ?? payment;
    },

    /**
     * Records, in the caller's transaction (committed before the reversal's own), that a reversal
     * of `orderId` which asks the gateway to cancel is under way and what for (docs/decisions/036);
     * one order of a payment at a time (docs/decisions/039). `refund` clears it; `settleRefund`
     * settles one left behind. A later attempt records its own time.
     */
    async recordRefundIntent(tx: DbOrTx, payment: PaymentRow, intent: RefundIntent, orderId: number): Promise<void> {
      await tx
        .update(payments)
        .set({ refundIntent: intent, refundIntentAt: clock.now(), refundOrderId: orderId, updatedAt: sql`now()` })
        .where(and(eq(payments.tenantId, payment.tenantId), eq(payments.id, payment.id)));
    },

    async get(tenantId: number, paymentId: string) {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.tenantId, tenantId), eq(payments.paymentId, paymentId)));
      return row ?? null;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
