import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantForeignKey, timestamps } from '../../platform/db/columns.js';
import { users } from '../users/users.schema.js';

export const paymentPurposes = ['topup', 'order'] as const;
/** `partial_cancelled`: some orders of a payment of several were given back (docs/decisions/039). */
export const paymentStatusValues = ['pending', 'paid', 'failed', 'cancelled', 'partial_cancelled'] as const;
/** What a reversal of the purpose (an order's cancel or refund) that asks the gateway to cancel is for. */
export const refundIntents = ['CANCELLED', 'REFUNDED'] as const;
export type RefundIntent = (typeof refundIntents)[number];

/**
 * A card payment the server prepared (docs/decisions/015-payments.md). `payment_id` is the id the
 * gateway knows it by (PortOne's paymentId, the spec's merchant_uid); `amount` is the card part the
 * server computed, the only amount a confirmation may match.
 */
export const payments = pgTable(
  'payments',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    paymentId: text('payment_id').notNull(),
    purpose: text('purpose', { enum: paymentPurposes }).notNull(),
    userId: integer('user_id').notNull(),
    /** Won charged to the card. */
    amount: integer('amount').notNull(),
    /** Points paid alongside the card (purchases). */
    pointsUsed: integer('points_used').notNull().default(0),
    currency: text('currency').notNull().default('KRW'),
    status: text('status', { enum: paymentStatusValues }).notNull().default('pending'),
    /** The gateway that handles it (`sandbox` or `portone`). */
    gateway: text('gateway').notNull(),
    /** The gateway's own transaction id, once paid. */
    gatewayTxId: text('gateway_tx_id'),
    orderName: text('order_name').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerTel: text('buyer_tel').notNull(),
    failureReason: text('failure_reason'),
    /** Won of the card part given back (order cancels and refunds). */
    cancelledAmount: integer('cancelled_amount').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * A cancellation the gateway accepted but has not completed (PortOne answered REQUESTED): the
     * won given back in total once it succeeds, the gateway's cancellation id and when it was asked
     * (docs/decisions/028). Null when no cancellation is on its way.
     */
    refundAmount: integer('refund_amount'),
    refundCancellationId: text('refund_cancellation_id'),
    refundRequestedAt: timestamp('refund_requested_at', { withTimezone: true }),
    /**
     * A refused or expired card payment not yet closed at the gateway (or, paid there late, not yet
     * given back): the reconciliation job tries again until the gateway says it is closed.
     */
    gatewayCloseDueAt: timestamp('gateway_close_due_at', { withTimezone: true }),
    /**
     * A reversal (cancel or refund) that will ask the gateway to cancel was decided and committed,
     * and has not finished yet (docs/decisions/036): what it is for and when it was recorded. The
     * reversal clears it in the transaction that completes it (or leaves the refund REQUESTED); one
     * left behind (a crash, a lost answer, a failed commit) is looked at by `settleRefund`: money the
     * gateway gave back that our books do not show completes the reversal, nothing given back clears it.
     */
    refundIntent: text('refund_intent', { enum: refundIntents }),
    refundIntentAt: timestamp('refund_intent_at', { withTimezone: true }),
    /**
     * The order the recorded intent or the REQUESTED refund is for: a payment of several orders
     * reverses one at a time (docs/decisions/039), so what the gateway gave back is that order's.
     */
    refundOrderId: integer('refund_order_id'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('payments_payment_id_key').on(t.tenantId, t.paymentId),
    index('payments_user_idx').on(t.tenantId, t.userId, t.id),
    index('payments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    // The reconciliation job's look-up of cancellations still on their way, across tenants.
    index('payments_refund_pending_idx').on(t.refundRequestedAt).where(sql`${t.refundAmount} is not null`),
    // The reconciliation job's look-up of reversals left unfinished, across tenants.
    index('payments_refund_intent_idx').on(t.refundIntentAt).where(sql`${t.refundIntentAt} is not null`),
    index('payments_gateway_close_idx').on(t.gatewayCloseDueAt).where(sql`${t.gatewayCloseDueAt} is not null`),
    check('payments_status_check', sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'partial_cancelled')`),
    check(
      'payments_amount_check',
      sql`${t.amount} >= 0 and ${t.pointsUsed} >= 0 and ${t.cancelledAmount} between 0 and ${t.amount}`,
    ),
    check(
      'payments_refund_check',
      sql`(${t.refundAmount} is null) = (${t.refundCancellationId} is null) and (${t.refundAmount} is null) = (${t.refundRequestedAt} is null) and (${t.refundAmount} is null or ${t.refundAmount} between 1 and ${t.amount})`,
    ),
    check(
      'payments_refund_intent_check',
      sql`(${t.refundIntent} is null) = (${t.refundIntentAt} is null) and (${t.refundIntent} is null or ${t.refundIntent} in ('CANCELLED', 'REFUNDED'))`,
    ),
    tenantForeignKey('payments_user_fk', t.tenantId, t.userId, users),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
