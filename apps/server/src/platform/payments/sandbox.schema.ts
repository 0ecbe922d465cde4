import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../db/columns.js';

export const sandboxStatuses = ['READY', 'PAY_PENDING', 'PAID', 'FAILED', 'CANCELLED', 'PARTIAL_CANCELLED'] as const;
export type SandboxStatus = (typeof sandboxStatuses)[number];

/**
 * The sandbox gateway's own book (it stands in for the provider, so it keeps its records apart
 * from `payments`): statuses and fields named as PortOne V2 names them.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    tenantId: integer('tenant_id').notNull(),
    paymentId: text('payment_id').notNull(),
    orderName: text('order_name').notNull(),
    totalAmount: integer('total_amount').notNull(),
    cancelledAmount: integer('cancelled_amount').notNull().default(0),
    currency: text('currency').notNull(),
    status: text('status', { enum: sandboxStatuses }).notNull().default('READY'),
    /** Where the checkout page sends the buyer back to (PortOne's redirectUrl). */
    redirectUrl: text('redirect_url').notNull(),
    transactionId: text('transaction_id'),
    failureMessage: text('failure_message'),
    /** A PAY_PENDING payment becomes PAID at this time (the card issuer answered late). */
    settleAt: timestamp('settle_at', { withTimezone: true }),
    /** The payment window closes at this time: a READY payment can no longer be paid (null: never). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.paymentId] })],
);

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
