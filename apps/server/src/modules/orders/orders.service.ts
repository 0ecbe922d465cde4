import {
  allowedOrderMoves,
  BUYER_CANCELLABLE,
  BUYER_CONFIRMABLE,
  CARRIERS,
  type CarrierId,
  type Order,
  type OrderPage,
  type OrderStatus,
  type OrderType,
  TRACKING_STATUS_LABELS,
} from '@app/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import { thumbnailKeys } from '../catalogue/sales.js';
import { merchants } from '../users/users.schema.js';
import {
  type OrderItemRow,
  type OrderRow,
  type OrderRowStatus,
  orderItems,
  orderStatusHistory,
  orders,
} from './orders.schema.js';

export const orderNotFound = () => AppError.notFound('주문을 찾을 수 없습니다.', 'order_not_found');

/** Who looks at an order: its buyer, the merchant of its products, or neither (404). */
export interface OrderViewer {
  userId: number;
  merchantId: number | null;
}

/** Kinds of order whose feature module the tenant switched off: they are not listed. */
export type HiddenKinds = ('shopping' | 'pickup')[];

export type NewOrder = Omit<typeof orders.$inferInsert, 'id' | 'status' | 'createdAt' | 'updatedAt'>;
export type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'id' | 'tenantId' | 'orderId'>;

export interface StatusChange {
  to: OrderRowStatus;
  actor: 'buyer' | 'merchant' | 'system';
  actorUserId: number | null;
  memo: string | null;
  /**
   * Extra columns set with the status (paid_at, delivered_at, ..., the pending refund's). A status
   * change clears `refund_failure` unless it sets it.
   */
  set?: Partial<
    Pick<
      OrderRow,
      | 'paidAt'
      | 'deliveredAt'
      | 'confirmedAt'
      | 'cancelledAt'
      | 'refundTo'
      | 'refundFrom'
      | 'refundHeld'
      | 'refundAttempts'
      | 'refundFailure'
      | 'cardRefunded'
    >
  >;
}

/**
 * Orders: their rows, status history and answers (docs/decisions/016-orders.md). What moves money
 * or stock lives in the checkout flow (src/flows/checkout.ts); this module keeps the order itself.
 */
export function createOrdersService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

  async function itemsOf(tx: DbOrTx, tenantId: number, orderIds: number[]) {
    if (orderIds.length === 0) return new Map<number, OrderItemRow[]>();
    const rows = await tx
      .select()
      .from(orderItems)
      .where(and(eq(orderItems.tenantId, tenantId), inArray(orderItems.orderId, orderIds)))
      .orderBy(asc(orderItems.id));
    const byOrder = new Map<number, OrderItemRow[]>();
    for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), row]);
    return byOrder;
  }

  async function present(tenantId: number, rows: OrderRow[], viewer: OrderViewer, withHistory = false) {
    const ids = rows.map((r) => r.id);
    const items = await itemsOf(db, tenantId, ids);
    const productIds = [...new Set([...items.values()].flat().map((i) => i.productId))];
    const [thumbKeys, merchantRows, history] = await Promise.all([
      thumbnailKeys(db, tenantId, productIds),
      db
        .select({ id: merchants.id, name: merchants.businessName })
        .from(merchants)
        .where(
          and(eq(merchants.tenantId, tenantId), inArray(merchants.id, [...new Set(rows.map((r) => r.merchantId))])),
        ),
      withHistory && ids.length > 0
        ? db
            .select()
            .from(orderStatusHistory)
            .where(and(eq(orderStatusHistory.tenantId, tenantId), inArray(orderStatusHistory.orderId, ids)))
            .orderBy(asc(orderStatusHistory.id))
        : Promise.resolve([]),
    ]);
    const thumbUrl = (productId: number) => {
      const key = thumbKeys.get(productId);
      return key ? storage.url(key) : null;
    };
    const merchantNames = new Map(merchantRows.map((m) => [m.id, m.name]));
    return rows.map((row): Order => {
      const status = listedStatus(row);
      const isBuyer = row.buyerId === viewer.userId;
      const isMerchant = row.merchantId === viewer.merchantId;
      return {
        id: row.id,
        status,
        order_type: row.orderType,
        category_type: row.categoryType,
        created_at: row.createdAt.toISOString(),
        paid_at: row.paidAt?.toISOString() ?? null,
        delivered_at: row.deliveredAt?.toISOString() ?? null,
        confirmed_at: row.confirmedAt?.toISOString() ?? null,
        cancelled_at: row.cancelledAt?.toISOString() ?? null,
        buyer: { id: row.buyerId, name: row.buyerName },
        merchant: { id: row.merchantId, name: merchantNames.get(row.merchantId) ?? '' },
        delivery_address: row.deliveryAddress,
        delivery_postcode: row.deliveryPostcode,
        delivery_phone: row.deliveryPhone,
        delivery_memo: row.deliveryMemo,
        items: (items.get(row.id) ?? []).map((i) => ({
          product_id: i.productId,
          product_title: i.productTitle,
          option_id: i.optionId,
          option_name: i.optionName,
          unit_price: i.unitPrice,
          quantity: i.quantity,
          total_price: i.totalPrice,
          image_url: thumbUrl(i.productId),
        })),
        items_total: row.itemsTotal,
        shipping_fee: row.shippingFee,
        total_price: row.totalPrice,
        points_used: row.pointsUsed,
        card_amount: row.cardAmount,
        earned_points: row.status === 'CANCELLED' || row.status === 'REFUNDED' || !row.paidAt ? 0 : row.rewardPoints,
        payment_id: String(row.paymentId),
        refund_failure: isMerchant ? row.refundFailure : null,
        shipment: shipmentOf(row),
        needs_shipment: isParcel(row) && row.trackingNumber === null && status === 'DELIVERING',
        can_cancel: isBuyer && row.paidAt !== null && BUYER_CANCELLABLE.includes(status),
        can_confirm: isBuyer && row.confirmedAt === null && BUYER_CONFIRMABLE.includes(status),
        next_statuses: isMerchant && row.paidAt ? allowedOrderMoves(status) : [],
        ...(withHistory
          ? {
              history: history
                .filter((h) => h.orderId === row.id && h.toStatus !== 'AWAITING_PAYMENT')
                .map((h) => ({
                  from_status: h.fromStatus === 'AWAITING_PAYMENT' ? null : h.fromStatus,
                  status: h.toStatus as OrderStatus,
                  actor: h.actor,
                  memo: h.memo,
                  created_at: h.createdAt.toISOString(),
                })),
            }
          : {}),
      };
    });
  }

  async function page(
    tenantId: number,
    where: SQL | undefined,
    viewer: OrderViewer,
    q: { skip: number; limit: number },
  ): Promise<OrderPage> {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .offset(q.skip)
        .limit(q.limit),
      db.select({ n: count() }).from(orders).where(where),
    ]);
    const n = total?.n ?? 0;
    return {
      deliveries: await present(tenantId, rows, viewer),
      page: Math.floor(q.skip / q.limit) + 1,
      total: n,
      pages: Math.ceil(n / q.limit),
    };
  }

  /** Orders that were paid (a declined or expired checkout never shows in a list). */
  const listed = (tenantId: number, hidden: HiddenKinds) =>
    and(
      eq(orders.tenantId, tenantId),
      isNotNull(orders.paidAt),
      hidden.length > 0 ? notInArray(orders.categoryType, hidden) : undefined,
    );

  return {
    /**
     * The orders of a buyer or a merchant that are still open: neither cancelled, refunded nor
     * purchase-confirmed (`confirmed_at`), unpaid checkouts included (docs/decisions/030).
     */
    async openOrdersOf(tx: DbOrTx, tenantId: number, who: { buyerId?: number; merchantId?: number | null }) {
      const parties = [
        who.buyerId !== undefined ? eq(orders.buyerId, who.buyerId) : undefined,
        who.merchantId != null ? eq(orders.merchantId, who.merchantId) : undefined,
      ].filter((c): c is SQL => c !== undefined);
      if (parties.length === 0) return [];
      return tx
        .select({
          id: orders.id,
          buyerId: orders.buyerId,
          merchantId: orders.merchantId,
          status: orders.status,
          orderType: orders.orderType,
          totalPrice: orders.totalPrice,
        })
        .from(orders)
        .where(
          and(
            eq(orders.tenantId, tenantId),
            parties.length === 1 ? parties[0] : sql`(${sql.join(parties, sql` or `)})`,
            notInArray(orders.status, ['CANCELLED', 'REFUNDED']),
            sql`${orders.confirmedAt} is null`,
          ),
        )
        .orderBy(asc(orders.id));
    },

    /** An order and its lines, with its first history entry. */
    async create(tx: DbOrTx, values: NewOrder, items: NewOrderItem[]): Promise<OrderRow> {
      const [row] = await tx.insert(orders).values(values).returning();
      if (!row) throw new Error('order insert returned nothing');
      await tx.insert(orderItems).values(items.map((item) => ({ ...item, tenantId: row.tenantId, orderId: row.id })));
      await tx.insert(orderStatusHistory).values({
        tenantId: row.tenantId,
        orderId: row.id,
        fromStatus: null,
        toStatus: row.status,
        actor: 'buyer',
        actorUserId: row.buyerId,
      });
      return row;
    },

    /** The buyer's earlier prepare with the same Idempotency-Key, if any. */
    async findByRequestKey(tx: DbOrTx, tenantId: number, buyerId: number, key: string) {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.buyerId, buyerId), eq(orders.requestKey, key)));
      return row;
    },

    /** The order, row-locked for a status change. */
    async lock(tx: DbOrTx, tenantId: number, id: number) {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
        .for('update');
      return row;
    },

    /** Every order of a payment, row-locked in id order (the order every path takes them in). */
    lockOfPayment(tx: DbOrTx, tenantId: number, paymentId: number) {
      return tx
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.paymentId, paymentId)))
        .orderBy(asc(orders.id))
        .for('update');
    },

    /** Every order of a payment, in id order (no lock). */
    ofPayment(tx: DbOrTx, tenantId: number, paymentId: number) {
      return tx
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.paymentId, paymentId)))
        .orderBy(asc(orders.id));
    },

    /** The memo of the request that put the order in REFUND_PENDING (carried to the status it ends in). */
    async refundRequestMemo(tx: DbOrTx, order: OrderRow): Promise<string | null> {
      const [row] = await tx
        .select({ memo: orderStatusHistory.memo })
        .from(orderStatusHistory)
        .where(
          and(
            eq(orderStatusHistory.tenantId, order.tenantId),
            eq(orderStatusHistory.orderId, order.id),
            eq(orderStatusHistory.toStatus, 'REFUND_PENDING'),
          ),
        )
        .orderBy(desc(orderStatusHistory.id))
        .limit(1);
      return row?.memo ?? null;
    },

    /** The lines of several orders, by order id. */
    itemsByOrder: itemsOf,

    itemsOf: (tx: DbOrTx, tenantId: number, orderId: number) =>
      itemsOf(tx, tenantId, [orderId]).then((m) => m.get(orderId) ?? []),

    /** Sets the parcel of a locked order (the caller checked that it may). A new number starts a new reading. */
    async setShipment(tx: DbOrTx, order: OrderRow, carrier: CarrierId, trackingNumber: string): Promise<OrderRow> {
      if (order.carrier === carrier && order.trackingNumber === trackingNumber) return order;
      const [row] = await tx
        .update(orders)
        .set({
          carrier,
          trackingNumber,
          trackingStatus: null,
          trackingEvents: null,
          trackingCheckedAt: null,
          trackingWebhookUntil: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(orders.tenantId, order.tenantId), eq(orders.id, order.id)))
        .returning();
      if (!row) throw new Error('order vanished under its lock');
      return row;
    },

    /** Moves the order and records who did it, when, and the memo. */
    async setStatus(tx: DbOrTx, order: OrderRow, change: StatusChange): Promise<OrderRow> {
      const [row] = await tx
        .update(orders)
        .set({ status: change.to, refundFailure: null, ...change.set, updatedAt: sql`now()` })
        .where(and(eq(orders.tenantId, order.tenantId), eq(orders.id, order.id)))
        .returning();
      if (!row) throw new Error('order vanished under its lock');
      await tx.insert(orderStatusHistory).values({
        tenantId: order.tenantId,
        orderId: order.id,
        fromStatus: order.status,
        toStatus: change.to,
        actor: change.actor,
        actorUserId: change.actorUserId,
        memo: change.memo,
      });
      return row;
    },

    /** One order for its buyer or its merchant (anyone else: 404), with its history. */
    async get(tenantId: number, id: number, viewer: OrderViewer): Promise<Order> {
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)));
      if (!row || !(row.buyerId === viewer.userId || row.merchantId === viewer.merchantId)) throw orderNotFound();
      const [answer] = await present(tenantId, [row], viewer, true);
      return answer as Order;
    },

    present: (tenantId: number, row: OrderRow, viewer: OrderViewer) =>
      present(tenantId, [row], viewer, true).then((r) => r[0] as Order),

    buyerOrders(
      tenantId: number,
      viewer: OrderViewer,
      q: { skip: number; limit: number; status?: OrderStatus; order_type?: OrderType },
      hidden: HiddenKinds,
    ) {
      return page(
        tenantId,
        and(
          listed(tenantId, hidden),
          eq(orders.buyerId, viewer.userId),
          q.status ? eq(orders.status, q.status) : undefined,
          q.order_type ? eq(orders.orderType, q.order_type) : undefined,
        ),
        viewer,
        q,
      );
    },

    merchantOrders(
      tenantId: number,
      viewer: OrderViewer & { merchantId: number },
      q: { skip: number; limit: number; status?: OrderStatus; order_type?: OrderType },
      hidden: HiddenKinds,
    ) {
      return page(
        tenantId,
        and(
          listed(tenantId, hidden),
          eq(orders.merchantId, viewer.merchantId),
          q.status ? eq(orders.status, q.status) : undefined,
          q.order_type ? eq(orders.orderType, q.order_type) : undefined,
        ),
        viewer,
        q,
      );
    },

    /** The option of the buyer's latest purchase of the product that stands (null: bought without options). */
    async purchasedOption(tenantId: number, userId: number, productId: number): Promise<string | null> {
      return (await latestPurchase(db, tenantId, userId, productId))?.optionName ?? null;
    },

    /** A paid order of the product that was not cancelled or refunded (the review gate); `tx` reads inside a transaction. */
    async hasPurchased(tenantId: number, userId: number, productId: number, tx: DbOrTx = db): Promise<boolean> {
      return (await latestPurchase(tx, tenantId, userId, productId)) !== undefined;
    },
  };
}

/** The buyer's latest paid order line of the product whose order was not cancelled or refunded. */
async function latestPurchase(tx: DbOrTx, tenantId: number, userId: number, productId: number) {
  const [row] = await tx
    .select({ optionName: orderItems.optionName })
    .from(orders)
    .innerJoin(orderItems, and(eq(orderItems.tenantId, orders.tenantId), eq(orderItems.orderId, orders.id)))
    .where(
      and(
        eq(orders.tenantId, tenantId),
        eq(orders.buyerId, userId),
        eq(orderItems.productId, productId),
        isNotNull(orders.paidAt),
        notInArray(orders.status, ['CANCELLED', 'REFUNDED']),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row;
}

/** A shipped (택배) order: shopping goods go by parcel; the delivery module's orders are local 배달 or pickup. */
export function isParcel(row: Pick<OrderRow, 'categoryType' | 'orderType'>): boolean {
  return row.categoryType === 'shopping' && row.orderType === 'delivery';
}

/** The parcel of an order as its answers carry it (null until the merchant registered one). */
export function shipmentOf(row: OrderRow) {
  if (!row.carrier || !row.trackingNumber) return null;
  return {
    carrier: row.carrier,
    carrier_name: CARRIERS[row.carrier].name,
    tracking_number: row.trackingNumber,
    tracking_url: CARRIERS[row.carrier].url(row.trackingNumber),
    status: row.trackingStatus,
    status_label: row.trackingStatus ? TRACKING_STATUS_LABELS[row.trackingStatus] : null,
  };
}

/** The status a client sees: an order still awaiting its payment reads as not yet received. */
function listedStatus(row: OrderRow): OrderStatus {
  return row.status === 'AWAITING_PAYMENT' ? 'PENDING' : row.status;
}

export type OrdersService = ReturnType<typeof createOrdersService>;
