import { type CarrierId, type Checkout, orderStatuses, type TrackingEvent, type TrackingStatus } from '@app/contracts';
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
import { productOptions, products } from '../catalogue/catalogue.schema.js';
import { payments } from '../payments/payments.schema.js';
import { merchants, users } from '../users/users.schema.js';

/** The spec's statuses, and AWAITING_PAYMENT before the payment settles (never listed). */
export const orderRowStatuses = ['AWAITING_PAYMENT', ...orderStatuses] as const;
export type OrderRowStatus = (typeof orderRowStatuses)[number];

const statusList = orderRowStatuses.map((s) => `'${s}'`).join(', ');

/**
 * An order of one merchant's goods of one kind (docs/decisions/016-orders.md); a payment has one or
 * more (a cart's payment has one per merchant and kind, docs/decisions/039). Prices are a snapshot taken at
 * prepare; each line records the stock it holds (`order_items.stock_reserved`). Money columns are integer won; `total_price` = items + shipping
 * = `points_used` + `card_amount`.
 */
export const orders = pgTable(
  'orders',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    buyerId: integer('buyer_id').notNull(),
    merchantId: integer('merchant_id').notNull(),
    paymentId: integer('payment_id').notNull(),
    status: text('status', { enum: orderRowStatuses }).notNull().default('AWAITING_PAYMENT'),
    orderType: text('order_type', { enum: ['delivery', 'pickup'] }).notNull(),
    categoryType: text('category_type', { enum: ['shopping', 'pickup'] }).notNull(),
    itemsTotal: integer('items_total').notNull(),
    shippingFee: integer('shipping_fee').notNull().default(0),
    totalPrice: integer('total_price').notNull(),
    pointsUsed: integer('points_used').notNull().default(0),
    cardAmount: integer('card_amount').notNull(),
    /** Points the order earns once paid (the tenant's rate at prepare, on the card part). */
    rewardPoints: integer('reward_points').notNull().default(0),
    buyerName: text('buyer_name').notNull(),
    deliveryAddress: text('delivery_address'),
    deliveryPostcode: text('delivery_postcode'),
    deliveryPhone: text('delivery_phone').notNull(),
    deliveryMemo: text('delivery_memo'),
    /** The buyer's Idempotency-Key of the prepare call: a retried prepare answers the same order. */
    requestKey: text('request_key'),
    /** What that prepare asked (platform/idempotency.ts): the key reused with another body is refused. */
    requestFingerprint: text('request_fingerprint'),
    /** How the buyer opens the payment window (answered again to a retried prepare). */
    checkout: jsonb('checkout').$type<Checkout>(),
    /**
     * While REFUND_PENDING (docs/decisions/028): the status the refund ends in once the card part is
     * given back, the status it returns to if the refund fails, the reward points held in the
     * buyer's wallet meanwhile. `refund_attempts` numbers the attempts (ledger keys of the holds);
     * `refund_failure` is why the last one failed, for the merchant, until the order moves again.
     */
    refundTo: text('refund_to', { enum: ['CANCELLED', 'REFUNDED'] }),
    refundFrom: text('refund_from', { enum: orderRowStatuses }),
    refundHeld: integer('refund_held').notNull().default(0),
    refundAttempts: integer('refund_attempts').notNull().default(0),
    refundFailure: text('refund_failure'),
    /** Won of this order's card share given back at the gateway (its part of the payment's `cancelled_amount`). */
    cardRefunded: integer('card_refunded').notNull().default(0),
    /**
     * The parcel of a shipped (택배) order (issue 41): carrier and number as the merchant registered
     * them; the tracking service's latest status and timeline as last read (a copy of the carrier's
     * record, refreshed by its webhook and the tracking job); until when its webhook is registered.
     */
    carrier: text('carrier').$type<CarrierId>(),
    trackingNumber: text('tracking_number'),
    trackingStatus: text('tracking_status').$type<TrackingStatus>(),
    trackingEvents: jsonb('tracking_events').$type<TrackingEvent[]>(),
    trackingCheckedAt: timestamp('tracking_checked_at', { withTimezone: true }),
    trackingWebhookUntil: timestamp('tracking_webhook_until', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // A payment has one order per merchant and kind (issue 40): a cart's payment has several.
    index('orders_payment_idx').on(t.tenantId, t.paymentId, t.id),
    uniqueIndex('orders_request_key').on(t.tenantId, t.buyerId, t.requestKey),
    // A buyer's open unpaid checkouts (stock holds, capped per buyer: docs/decisions/029).
    index('orders_awaiting_payment_idx').on(t.tenantId, t.buyerId).where(sql`status = 'AWAITING_PAYMENT'`),
    index('orders_buyer_idx')
      .on(t.tenantId, t.buyerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`paid_at is not null`),
    index('orders_merchant_idx')
      .on(t.tenantId, t.merchantId, t.orderType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`paid_at is not null`),
    // Payment analytics (docs/decisions/018-dashboards.md): every order of the period, whatever its
    // payment's status, of one merchant or of the whole tenant.
    index('orders_merchant_created_idx').on(t.tenantId, t.merchantId, t.createdAt),
    index('orders_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The tracking webhook names a carrier and a number: the tenant's parcels with them.
    index('orders_tracking_number_idx')
      .on(t.tenantId, t.carrier, t.trackingNumber)
      .where(sql`tracking_number is not null`),
    // The tracking job's due parcels across tenants (as payments_pending_idx for payments).
    index('orders_tracking_due_idx')
      .on(t.trackingCheckedAt)
      .where(
        sql`status in ('PENDING', 'CONFIRMED', 'PREPARING', 'READY', 'DELIVERING') and tracking_number is not null`,
      ),
    check('orders_shipment_check', sql`(${t.carrier} is null) = (${t.trackingNumber} is null)`),
    check('orders_status_check', sql.raw(`status in (${statusList})`)),
    check(
      'orders_refund_check',
      sql`(${t.status} = 'REFUND_PENDING') = (${t.refundTo} is not null and ${t.refundFrom} is not null) and ${t.refundHeld} >= 0 and ${t.refundAttempts} >= 0`,
    ),
    check(
      'orders_money_check',
      sql`${t.itemsTotal} > 0 and ${t.shippingFee} >= 0 and ${t.pointsUsed} >= 0 and ${t.cardAmount} >= 0 and ${t.totalPrice} = ${t.itemsTotal} + ${t.shippingFee} and ${t.totalPrice} = ${t.pointsUsed} + ${t.cardAmount} and ${t.rewardPoints} >= 0 and ${t.cardRefunded} between 0 and ${t.cardAmount}`,
    ),
    tenantForeignKey('orders_buyer_fk', t.tenantId, t.buyerId, users),
    tenantForeignKey('orders_merchant_fk', t.tenantId, t.merchantId, merchants),
    tenantForeignKey('orders_payment_fk', t.tenantId, t.paymentId, payments),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/**
 * The lines of an order, as they were sold (title, option name and unit price copied from the
 * product and option). `stock_reserved` is what the line took from the counted stock (the option's
 * when it has one, else the product's; 0 for unlimited), so a cancel puts back exactly that.
 */
export const orderItems = pgTable(
  'order_items',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    orderId: integer('order_id').notNull(),
    productId: integer('product_id').notNull(),
    productTitle: text('product_title').notNull(),
    optionId: integer('option_id'),
    optionName: text('option_name'),
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    totalPrice: integer('total_price').notNull(),
    stockReserved: integer('stock_reserved').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('order_items_order_idx').on(t.tenantId, t.orderId),
    index('order_items_product_idx').on(t.tenantId, t.productId),
    check(
      'order_items_money_check',
      sql`${t.quantity} > 0 and ${t.unitPrice} > 0 and ${t.totalPrice} = ${t.unitPrice} * ${t.quantity}`,
    ),
    check(
      'order_items_stock_check',
      sql`${t.stockReserved} >= 0 and ${t.stockReserved} <= ${t.quantity} and (${t.optionId} is null) = (${t.optionName} is null)`,
    ),
    tenantForeignKey('order_items_option_fk', t.tenantId, t.optionId, productOptions),
    tenantForeignKey('order_items_order_fk', t.tenantId, t.orderId, orders).onDelete('cascade'),
    tenantForeignKey('order_items_product_fk', t.tenantId, t.productId, products),
  ],
);
export type OrderItemRow = typeof orderItems.$inferSelect;

/** Every status change of an order: who, when, from what, and the memo. Append-only. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    tenantId: integer('tenant_id').notNull(),
    id: serial('id').notNull(),
    orderId: integer('order_id').notNull(),
    fromStatus: text('from_status', { enum: orderRowStatuses }),
    toStatus: text('to_status', { enum: orderRowStatuses }).notNull(),
    actor: text('actor', { enum: ['buyer', 'merchant', 'system'] }).notNull(),
    /** The user who made the change (null for the system). */
    actorUserId: integer('actor_user_id'),
    memo: text('memo'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('order_status_history_order_idx').on(t.tenantId, t.orderId, t.id),
    tenantForeignKey('order_status_history_order_fk', t.tenantId, t.orderId, orders).onDelete('cascade'),
    tenantForeignKey('order_status_history_actor_fk', t.tenantId, t.actorUserId, users),
  ],
);
