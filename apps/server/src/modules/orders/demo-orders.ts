import {
  allowedOrderMoves,
  BUYER_CANCELLABLE,
  BUYER_CONFIRMABLE,
  CARD_MIN_AMOUNT,
  DEFAULT_POINT_REWARD_RATE,
  earnedPoints,
  type OrderStatus,
  orderFeeFor,
} from '@app/contracts';
import { and, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage/storage.js';
import { PARCEL_STAGES, parcelEvents } from '../../platform/tracking/parcel-life.js';
import { sandboxParcels } from '../../platform/tracking/sandbox.schema.js';
import type { DemoTimeline } from '../../seed/demo-timeline.js';
import { products } from '../catalogue/catalogue.schema.js';
import { countOrder, optionsOnSale, productForSale, releaseStock, reserveStock } from '../catalogue/sales.js';
import { payments } from '../payments/payments.schema.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { presentDeliveryTerms } from '../users/delivery-terms.js';
import * as points from '../wallet/points.js';
import {
  buyerRequest,
  demoParcel,
  farmOrders,
  gapOf,
  type Kind,
  mallOrders,
  merchantMemo,
  type PlannedOrder,
  readerAddresses,
  reviewedPurchases,
  shippedMemo,
} from './demo-order-plans.js';
import { type OrderItemRow, type OrderRow, orderStatusHistory, orders as ordersTable } from './orders.schema.js';
import { createOrdersService, type StatusChange } from './orders.service.js';
import { DELIVERED_BY_CARRIER_MEMO } from './shipments.service.js';

/** A purchase that reached its buyer and stayed paid (what a review may stand on). */
export interface DeliveredPurchase {
  buyerId: number;
  productId: number;
  /** When it was delivered (or confirmed, whichever came first). */
  at: Date;
}

/** A demo buyer: the demo customer first, then the demo readers in order. */
export interface DemoBuyer {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  address?: string | null;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KST = 9 * HOUR;

/**
 * Demo orders of one tenant (docs/decisions/016-orders.md), written as the checkout flow
 * (src/flows/checkout.ts) would have left them, with its own pieces: the payment row, the order
 * with its item, points locked at prepare and captured or released at settlement, the reward
 * earned on the card part at the tenant's rate, stock reserved and orders counted, then the
 * merchant's moves with memos, the buyer's confirmations and cancels, and the merchant's cancels
 * and refunds that give back points, reward, card part and stock. Each step is scheduled on
 * `timeline` at its time in the last 30 days; `timeline.run()` writes them, and then the
 * orders' own timestamps are set to those times (the orders module stamps them with now()).
 *
 * Only tenants with the payment feature get orders; points only where the wallet is on. Planned
 * orders whose product or buyer the tenant lacks are left out. Answers, once the timeline has run,
 * the purchases that were delivered and neither cancelled nor refunded.
 */
export async function seedDemoOrders(
  tx: DbOrTx,
  tenant: TenantRow,
  people: {
    buyers: DemoBuyer[];
    timeline: DemoTimeline;
    now?: number;
    /** Orders only products up to this id (the curated ones, not the benchmark's generated thousands). */
    lastProductId?: number;
  },
): Promise<{ delivered: () => DeliveredPurchase[] }> {
  const deliveredByOrder = new Map<number, DeliveredPurchase>();
  const result = { delivered: () => [...deliveredByOrder.values()] };
  if (!tenant.features.payment) return result;
  const { buyers, timeline } = people;
  const now = people.now ?? Date.now();
  // The orders module's writers take the transaction; its reads and storage are not used here.
  const orders = createOrdersService({ db: tx as unknown as Db, storage: undefined as unknown as Storage });
  const rate = tenant.settings.point_reward_rate ?? DEFAULT_POINT_REWARD_RATE;

  const forSale = await tx
    .select({
      id: products.id,
      title: products.title,
      categoryType: products.categoryType,
      isDelivery: products.isDelivery,
      stock: products.displayRemaining,
    })
    .from(products)
    .where(
      and(
        eq(products.tenantId, tenant.id),
        isNull(products.deletedAt),
        eq(products.isAvailable, true),
        ne(products.displayRemaining, 0),
        people.lastProductId === undefined ? undefined : lte(products.id, people.lastProductId),
      ),
    )
    .orderBy(products.id);
  const planned = [
    ...(tenant.features.delivery ? farmOrders : mallOrders),
    ...reviewedPurchases(forSale, buyers.length - 1),
  ];
  const productsByTitle = new Map(forSale.map((p) => [p.title, p]));

  /** When each history row of each order happened, in the order they were written. */
  const historyTimes = new Map<number, Date[]>();
  const orderTimes = new Map<number, { created: Date; updated: Date }>();
  let n = 0;

  for (const [i, p] of planned.entries()) {
    const product = productsByTitle.get(p.product);
    const buyer = buyers[p.buyer];
    if (!product || !buyer) continue;
    if (!tenant.features[product.categoryType === 'shopping' ? 'shopping' : 'delivery']) continue;
    const orderType =
      product.categoryType === 'shopping' ? 'delivery' : p.pickup || !product.isDelivery ? 'pickup' : 'delivery';
    const kind: Kind = product.categoryType === 'shopping' ? 'parcel' : orderType;
    const seq = ++n;
    const paymentId = `order-${tenant.id}-demo${seq}`;

    // Times: the order at its wall-clock time, each step a varied while after the one before;
    // an order whose last step would be in the future moves back as a whole.
    const [hh, mm] = p.time.split(':').map(Number) as [number, number];
    const midnight = Math.floor((now + KST) / DAY) * DAY - KST;
    const placed = midnight - p.day * DAY + hh * HOUR + mm * MINUTE;
    const settledAt = placed + (p.steps[0] === 'declined' ? 1 : 2) * MINUTE;
    let t = settledAt;
    const stepTimes = p.steps.map((step, s) => {
      const jitter = 0.75 + ((i * 7 + s * 13) % 10) / 20;
      t += Math.round(gapOf(kind, step, p.steps[s - 1]) * jitter) * MINUTE;
      if (step !== 'confirm' && step !== 'cancel') t = inOpeningHours(t, i + s);
      return t;
    });
    // A parcel on its way moves as a whole so that it was shipped (DELIVERING) when the plan says.
    const shippedStep = p.shippedHoursAgo === undefined ? undefined : stepTimes[p.steps.indexOf('DELIVERING')];
    const shift =
      shippedStep !== undefined
        ? shippedStep - (now - (p.shippedHoursAgo as number) * HOUR)
        : Math.max(0, t - (now - 2 * MINUTE));
    const at = (ms: number) => new Date(ms - shift);

    let order: OrderRow;
    let line: OrderItemRow | undefined;
    /** When a parcel went to the carrier (its DELIVERING step). */
    let shippedAt: Date | undefined;
    let merchantUserId = 0;
    let name = p.product;
    const hold = (amount: number, when: Date) => ({
      userId: buyer.id,
      amount,
      reference: { type: 'order' as const, id: order.id },
      meta: { order_id: order.id, order_name: name },
      at: when,
    });
    const move = async (when: Date, change: StatusChange) => {
      order = await orders.setStatus(tx, order, change);
      historyTimes.get(order.id)?.push(when);
      const times = orderTimes.get(order.id);
      if (times) times.updated = when;
    };
    const paymentUpdate = (values: Partial<typeof payments.$inferInsert>) =>
      tx
        .update(payments)
        .set(values)
        .where(and(eq(payments.tenantId, tenant.id), eq(payments.id, order.paymentId)));

    // prepare: the payment row, the order and its item, points locked, stock reserved.
    timeline.at(at(placed), async () => {
      const sold = await productForSale(tx, tenant.id, product.id);
      merchantUserId = sold.merchantOwnerId;
      const qty = p.qty ?? 1;
      // A product sold by options: the demo buyer takes the first one on sale.
      const option = sold.hasOptions ? (await optionsOnSale(tx, tenant.id, sold.id))[0] : undefined;
      const named = option ? `${sold.title} (${option.name})` : sold.title;
      name = qty > 1 ? `${named} ${qty}개` : named;
      const unitPrice = option?.price ?? sold.price;
      const itemsTotal = unitPrice * qty;
      const terms = presentDeliveryTerms(sold.merchantTerms);
      const shippingFee = orderFeeFor(terms, tenant.settings.legal_info, sold.categoryType, orderType, itemsTotal).fee;
      const total = itemsTotal + shippingFee;
      const pointsUsed = tenant.features.wallet ? pointsOf(p.pay, total) : 0;
      const card = total - pointsUsed;
      if (card > 0 && card < CARD_MIN_AMOUNT) throw new Error(`demo order ${paymentId}: card part below the minimum`);
      // The customer's own address (마포구 월드컵북로, 03925); the readers' from the plan.
      const [address, postcode] =
        p.buyer === 0
          ? [buyer.address ?? '', '03925']
          : (readerAddresses[(p.buyer - 1) % readerAddresses.length] as [string, string]);
      const when = at(placed);
      const [payment] = await tx
        .insert(payments)
        .values({
          tenantId: tenant.id,
          paymentId,
          purpose: 'order',
          userId: buyer.id,
          amount: card,
          pointsUsed,
          gateway: card === 0 ? 'points' : 'sandbox',
          orderName: name,
          buyerName: buyer.name,
          buyerEmail: buyer.email,
          buyerTel: buyer.phone ?? '01012345678',
          meta: { product_id: sold.id },
          createdAt: when,
          updatedAt: when,
        })
        .returning({ id: payments.id });
      if (!payment) throw new Error('demo payment insert returned nothing');
      order = await orders.create(
        tx,
        {
          tenantId: tenant.id,
          buyerId: buyer.id,
          merchantId: sold.merchantId,
          paymentId: payment.id,
          orderType,
          categoryType: sold.categoryType,
          itemsTotal,
          shippingFee,
          totalPrice: total,
          pointsUsed,
          cardAmount: card,
          rewardPoints: tenant.features.wallet ? earnedPoints(card, rate) : 0,
          buyerName: buyer.name,
          deliveryAddress: orderType === 'delivery' ? address : null,
          deliveryPostcode: sold.categoryType === 'shopping' ? postcode : null,
          deliveryPhone: buyer.phone ?? '01012345678',
          deliveryMemo: buyerRequest(orderType, i),
          requestKey: null,
          checkout: null,
        },
        [
          {
            productId: sold.id,
            optionId: option?.id ?? null,
            productTitle: sold.title,
            optionName: option?.name ?? null,
            unitPrice,
            quantity: qty,
            totalPrice: itemsTotal,
            stockReserved: (option ? option.remaining : sold.displayRemaining) === -1 ? 0 : qty,
          },
        ],
      );
      [line] = await orders.itemsOf(tx, tenant.id, order.id);
      historyTimes.set(order.id, [when]);
      orderTimes.set(order.id, { created: when, updated: when });
      if (pointsUsed > 0) await points.lockForOrder(tx, tenant.id, hold(pointsUsed, when));
      if (line && line.stockReserved > 0) await reserveStock(tx, tenant.id, line, qty);
    });

    /** Checkout's reverse: points back, reward taken back, the card part cancelled, stock back. */
    const reverse = async (
      to: 'CANCELLED' | 'REFUNDED',
      when: Date,
      who: { actor: 'buyer' | 'merchant'; userId: number; memo: string | null },
    ) => {
      if (order.pointsUsed > 0) {
        await points.refundOrderPoints(tx, tenant.id, { ...hold(order.pointsUsed, when), step: 'refund' });
      }
      const shortfall =
        order.rewardPoints > 0
          ? await points.revokeEarn(tx, tenant.id, {
              userId: buyer.id,
              amount: order.rewardPoints,
              key: `order:${order.id}`,
              meta: { order_id: order.id, order_name: name },
              at: when,
            })
          : 0;
      const cardRefunded = Math.max(0, order.cardAmount - shortfall);
      await paymentUpdate({ status: 'cancelled', cancelledAmount: cardRefunded, cancelledAt: when, updatedAt: when });
      if (line) await countOrder(tx, tenant.id, line, -1);
      await move(when, {
        to,
        actor: who.actor,
        actorUserId: who.userId,
        memo: who.memo,
        set: { cancelledAt: when, cardRefunded },
      });
      deliveredByOrder.delete(order.id);
    };
    const delivered = (when: Date) => {
      if (!deliveredByOrder.has(order.id))
        deliveredByOrder.set(order.id, { buyerId: buyer.id, productId: product.id, at: when });
    };

    // settlement (checkout's payments.onSettle('order')): paid, or the card declined.
    const declined = p.steps[0] === 'declined';
    timeline.at(at(settledAt), async () => {
      const when = at(settledAt);
      if (declined) {
        const reason = p.memo ?? '카드 승인이 거절되었습니다.';
        await paymentUpdate({ status: 'failed', failureReason: reason, updatedAt: when });
        if (order.pointsUsed > 0) await points.releaseOrderPoints(tx, tenant.id, hold(order.pointsUsed, when));
        if (line) await releaseStock(tx, tenant.id, line);
        await move(when, {
          to: 'CANCELLED',
          actor: 'system',
          actorUserId: null,
          memo: `결제 실패: ${reason}`,
          set: { cancelledAt: when },
        });
        return;
      }
      await paymentUpdate({
        status: 'paid',
        gatewayTxId: order.cardAmount > 0 ? `sandbox_demo_order_${tenant.id}_${seq}` : null,
        paidAt: when,
        updatedAt: when,
      });
      if (order.pointsUsed > 0) await points.captureOrderPoints(tx, tenant.id, hold(order.pointsUsed, when));
      if (order.rewardPoints > 0) {
        await points.earn(tx, tenant.id, {
          userId: buyer.id,
          amount: order.rewardPoints,
          key: `order:${order.id}`,
          meta: { order_id: order.id, order_name: name },
          at: when,
        });
      }
      if (line) await countOrder(tx, tenant.id, line, 1);
      await move(when, { to: 'PENDING', actor: 'system', actorUserId: null, memo: null, set: { paidAt: when } });
    });
    if (declined) continue;

    // The merchant's and the buyer's moves, each checked against the rules the flow enforces.
    for (const [s, step] of p.steps.entries()) {
      const stepAt = stepTimes[s] as number;
      timeline.at(at(stepAt), async () => {
        const when = at(stepAt);
        const from = order.status as OrderStatus;
        const refused = () => new Error(`demo order ${paymentId}: ${step} is not allowed from ${from}`);
        if (step === 'confirm') {
          if (!BUYER_CONFIRMABLE.includes(from) || order.confirmedAt) throw refused();
          await move(when, {
            to: 'DELIVERED',
            actor: 'buyer',
            actorUserId: buyer.id,
            memo: '구매확정',
            set: { confirmedAt: when, deliveredAt: order.deliveredAt ?? when },
          });
          delivered(when);
        } else if (step === 'cancel') {
          if (!BUYER_CANCELLABLE.includes(from)) throw refused();
          await reverse('CANCELLED', when, { actor: 'buyer', userId: buyer.id, memo: p.memo ?? null });
        } else if (step !== 'declined') {
          if (!allowedOrderMoves(from).includes(step)) throw refused();
          const parcel = kind === 'parcel' && step === 'DELIVERING' ? demoParcel(seq) : null;
          const memo = parcel ? shippedMemo(parcel) : merchantMemo(kind, step, i + s);
          if (parcel) {
            // The merchant registers the parcel; the sandbox carrier knows it from then on.
            order = await orders.setShipment(tx, order, parcel.carrier, parcel.trackingNumber);
            await tx
              .insert(sandboxParcels)
              .values({ tenantId: tenant.id, ...parcel, startedAt: when })
              .onConflictDoNothing();
            shippedAt = when;
          }
          if (kind === 'parcel' && step === 'DELIVERED' && shippedAt) {
            // The carrier reported it delivered: its whole record, and the system's move (as the tracking job makes it).
            const stageMs = (when.getTime() - shippedAt.getTime()) / (PARCEL_STAGES.length - 1);
            await tx
              .update(ordersTable)
              .set({
                trackingStatus: 'DELIVERED',
                trackingEvents: parcelEvents(shippedAt, when, stageMs),
                trackingCheckedAt: when,
              })
              .where(and(eq(ordersTable.tenantId, tenant.id), eq(ordersTable.id, order.id)));
            await move(when, {
              to: 'DELIVERED',
              actor: 'system',
              actorUserId: null,
              memo: DELIVERED_BY_CARRIER_MEMO,
              set: { deliveredAt: when },
            });
            delivered(when);
          } else if (step === 'CANCELLED' || step === 'REFUNDED') {
            await reverse(step, when, { actor: 'merchant', userId: merchantUserId, memo: p.memo ?? memo });
          } else {
            await move(when, {
              to: step,
              actor: 'merchant',
              actorUserId: merchantUserId,
              memo,
              set: step === 'DELIVERED' ? { deliveredAt: when } : undefined,
            });
            if (step === 'DELIVERED') delivered(when);
          }
        }
      });
    }
  }

  timeline.atEnd(async () => {
    if (orderTimes.size === 0) return;
    // The orders module stamps rows with now(): put each order and history row at its time.
    // Arrays as one parameter each (a values list of a large seed would pass the protocol's
    // 65,535 parameters).
    const pgArray = (items: (number | string)[]) => `{${items.join(',')}}`;
    // The rows were inserted by this transaction: without statistics the planner would join them
    // by nested loops (minutes at the benchmark's tens of thousands of history rows).
    await tx.execute(sql`analyze order_status_history, ${ordersTable}`);
    const ids = [...orderTimes.keys()];
    const history = await tx
      .select({ id: orderStatusHistory.id, orderId: orderStatusHistory.orderId })
      .from(orderStatusHistory)
      .where(
        and(
          eq(orderStatusHistory.tenantId, tenant.id),
          sql`${orderStatusHistory.orderId} = any(${pgArray(ids)}::int[])`,
        ),
      )
      .orderBy(orderStatusHistory.id);
    const seen = new Map<number, number>();
    const historyAt = history.map((h) => {
      const k = seen.get(h.orderId) ?? 0;
      seen.set(h.orderId, k + 1);
      const when = historyTimes.get(h.orderId)?.[k];
      if (!when) throw new Error(`demo order ${h.orderId}: history row without a time`);
      return when.toISOString();
    });
    await tx.execute(sql`update order_status_history h set created_at = v.at
      from unnest(${pgArray(history.map((h) => h.id))}::int[], ${pgArray(historyAt)}::timestamptz[]) as v(id, at)
      where h.tenant_id = ${tenant.id} and h.id = v.id`);
    const times = [...orderTimes.values()];
    await tx.execute(sql`update ${ordersTable} o set created_at = v.created, updated_at = v.updated
      from unnest(${pgArray(ids)}::int[], ${pgArray(times.map((t) => t.created.toISOString()))}::timestamptz[],
                  ${pgArray(times.map((t) => t.updated.toISOString()))}::timestamptz[]) as v(id, created, updated)
      where o.tenant_id = ${tenant.id} and o.id = v.id`);
  });
  return result;
}

/** Merchants act between 08:00 and 22:00 (KST): a step due at night waits for the morning. */
function inOpeningHours(ms: number, n: number): number {
  const midnight = Math.floor((ms + KST) / DAY) * DAY - KST;
  const hour = (ms - midnight) / HOUR;
  if (hour >= 8 && hour < 22) return ms;
  return midnight + (hour >= 22 ? DAY : 0) + 8 * HOUR + ((n * 17) % 90) * MINUTE;
}

function pointsOf(pay: PlannedOrder['pay'], total: number): number {
  if (pay === 'points') return total;
  return pay === undefined || pay === 'card' ? 0 : pay;
}
