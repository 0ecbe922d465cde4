import {
  allowedOrderMoves,
  BUYER_CANCELLABLE,
  BUYER_CONFIRMABLE,
  type Buyer,
  CARD_MIN_AMOUNT,
  type CarrierId,
  type CartCheckedOut,
  type cartCheckoutSchema,
  cartMessages,
  DEFAULT_POINT_REWARD_RATE,
  deliveryTermsMessages,
  earnedPoints,
  type Order,
  type OrderStatus,
  type OrderType,
  orderFeeFor,
  orderMessages,
  orderStatusLabel,
  type PaymentConfirmed,
  type PaymentItem,
  type PaymentList,
  type PaymentPrepared,
  type paymentPrepareSchema,
  shippingMessages,
  withParticle,
} from '@app/contracts';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { cartLines, removeCartLines } from '../modules/cart/cart.repository.js';
import type { CartItemRow } from '../modules/cart/cart.schema.js';
import type { ProductOptionRow } from '../modules/catalogue/catalogue.schema.js';
import type { ProductWithMerchant } from '../modules/catalogue/products.repository.js';
import { countOrder, optionForSale, productForSale, releaseStock, reserveStock } from '../modules/catalogue/sales.js';
import {
  type OrderItemRow,
  type OrderRow,
  orderItems,
  orders as ordersTable,
} from '../modules/orders/orders.schema.js';
import {
  type HiddenKinds,
  isParcel,
  type OrdersService,
  type OrderViewer,
  orderNotFound,
} from '../modules/orders/orders.service.js';
import { type PaymentRow, payments as paymentsTable } from '../modules/payments/payments.schema.js';
import { type PaymentsService, paymentErrors } from '../modules/payments/payments.service.js';
import { reviewsAfterPurchaseReversed } from '../modules/reviews/reviews.service.js';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { presentDeliveryTerms } from '../modules/users/delivery-terms.js';
import { users } from '../modules/users/users.schema.js';
import * as points from '../modules/wallet/points.js';
import type { CurrentUser } from '../platform/auth.js';
import type { Db, DbOrTx } from '../platform/db/client.js';
import { AppError, sqlState } from '../platform/errors.js';
import { assertSameRequest, requestFingerprint } from '../platform/idempotency.js';
import { failpoint, type Seams } from '../platform/seams.js';
import type { Storage } from '../platform/storage/storage.js';
import { presentCart, priceCart } from './cart.js';

type PrepareInput = z.output<typeof paymentPrepareSchema>;

/** Open unpaid checkouts (stock and points held) a buyer may have at once in a tenant (decision 029). */
export const OPEN_PAYMENTS_MAX = 3;
export const tooManyOpenPayments = () =>
  AppError.conflict(
    `결제를 마치지 않은 주문이 ${OPEN_PAYMENTS_MAX}건 있습니다. 진행 중인 결제를 마치거나 취소한 뒤 다시 주문해주세요.`,
    'too_many_open_payments',
  );
/** Rounds of release-then-prepare one prepare may take while parallel ones of its buyer go first. */
const PREPARE_ROUNDS = 10;
const KEY_REUSED = '같은 요청 키로 다른 주문을 요청할 수 없습니다.';
/** Why a hold given up for a new checkout of the same product closed (the payment's failure reason). */
const REPLACED = '같은 상품의 새 주문으로 대체되었습니다.';

/** Where a cancel or refund ends an order. */
type Reversal = 'CANCELLED' | 'REFUNDED';
/** Who moved an order, for its status history. */
type Who = { actor: 'buyer' | 'merchant' | 'system'; userId: number | null; memo: string | null };
/**
 * What a request does to an order as it is now, decided under the order's row lock (the request's
 * refusals are thrown): nothing (it is already there), a reversal, or another step in one transaction.
 */
type Decision =
  | { kind: 'unchanged' }
  | { kind: 'reverse'; to: Reversal; who: Who }
  | { kind: 'step'; run: (tx: DbOrTx, order: OrderRow) => Promise<OrderRow> };
/** How long a reversal waits for another order of its payment being reversed (decision 039). */
const REVERSAL_WAIT_ROUNDS = 30;
const REVERSAL_WAIT_MS = 100;
const reversalInProgress = () =>
  AppError.conflict('같은 결제의 다른 주문을 취소하는 중입니다. 잠시 후 다시 시도해주세요.', 'refund_in_progress');
/** Orders a recovered reversal leaves alone: already reversed, or waiting for the gateway's answer. */
const UNREVERSIBLE: readonly OrderStatus[] = ['CANCELLED', 'REFUNDED', 'REFUND_PENDING'];

/** A prepare found holds of the buyer to give back first (outside its transaction, then it runs again). */
class HoldsToRelease extends Error {
  constructor(readonly holds: { paymentId: string; reason?: string }[]) {
    super('open checkouts to release first');
  }
}

type CartCheckoutInput = z.output<typeof cartCheckoutSchema>;

/** A line of an order to place: the product (and option) as sold now, how many, at what unit price. */
interface PlannedLine {
  product: ProductWithMerchant;
  option: ProductOptionRow | null;
  qty: number;
  unitPrice: number;
  /** Whether its stock is counted (taken at checkout, given back by a cancel). */
  counted: boolean;
}
/** One order to place: one merchant's goods of one kind, with its delivery fee. */
interface PlannedOrder {
  merchantId: number;
  categoryType: 'shopping' | 'pickup';
  orderType: OrderType;
  itemsTotal: number;
  shippingFee: number;
  lines: PlannedLine[];
}
/** What a checkout places under one payment. */
interface Plan {
  orders: PlannedOrder[];
  pointsUsed: number;
  buyer: Buyer;
  address: string | null;
  postcode: string | null;
  memo: string | null;
  meta: Record<string, unknown>;
  key: string | null;
  fingerprint: string;
}
interface Placed {
  orders: OrderRow[];
  payment: PaymentRow;
  stockReserved: boolean;
}

/**
 * `amount` spread over parts in proportion to `weights` by the largest remainder: each part gets
 * its floor, the won left go one each to the largest remainders, ties to the lower index (the
 * lower order id). The parts add up to `amount` exactly.
 */
export function spreadByLargestRemainder(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const parts = exact.map((e) => Number(e / BigInt(total)));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, r: e % BigInt(total) }))
    .sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    parts[i] = (parts[i] as number) + 1;
    left--;
  }
  return parts;
}

/** The address (for a delivery) and postcode (for parcels) a checkout needs, or 400. */
function receivingChecked(
  input: { buyer_addr?: string | undefined; buyer_postcode?: string | undefined },
  delivered: boolean,
  parcel: boolean,
) {
  if (delivered && !input.buyer_addr?.trim()) throw AppError.badRequest(orderMessages.address, 'address_required');
  if (parcel && !input.buyer_postcode) throw AppError.badRequest(orderMessages.postcode, 'postcode_required');
}

/** The kinds of order a tenant's switched-off modules hide (shopping goods, the delivery module's goods). */
export function hiddenKinds(tenant: TenantRow): HiddenKinds {
  const hidden: HiddenKinds = [];
  if (!tenant.features.shopping) hidden.push('shopping');
  if (!tenant.features.delivery) hidden.push('pickup');
  return hidden;
}

/**
 * Checkout (docs/decisions/016-orders.md): the one flow that spans the catalogue (price, stock),
 * orders, payments and the points ledger, one database transaction per step.
 *
 * - prepare: price from the server, stock reserved, points locked, order AWAITING_PAYMENT, the card
 *   part registered with the gateway;
 * - settle (the payment's callback, webhook or reconciliation, through payments.confirm): points
 *   captured, reward earned, order PENDING; or points and stock given back, order CANCELLED;
 * - cancel / refund: points back, reward taken back, card part cancelled at the gateway, stock back,
 *   all in one transaction that rolls back if the gateway refuses; before it, when the card part goes
 *   to the gateway, a short transaction records the reversal's intent on the payment, so a reversal
 *   the gateway did while ours never committed is found and completed (docs/decisions/036).
 */
export function createCheckoutFlow(deps: {
  db: Db;
  payments: PaymentsService;
  orders: OrdersService;
  log: FastifyBaseLogger;
  seams: Seams;
  /** Where product thumbnails are (the cart answered with a 409 price_changed). */
  storage: Storage;
  /** A counted stock changed: the catalogue's cached answers of the tenant are dropped (decision 011). */
  stockChanged: (tenantId: number) => void;
  /** A cancel or refund may have taken reviews out of their products' figures (their cached answers are dropped). */
  reviewsChanged?: (tenantId: number) => void;
}) {
  const { db, payments, orders, stockChanged, seams } = deps;
  const { clock } = seams;

  /** The order moved to CANCELLED or REFUNDED by the reconciliation of a reversal left unfinished. */
  const RECOVERED_MEMO = '결제사에서 취소가 확인되어 주문을 정리했습니다.';
  /** "사과 (5kg) 2개": the payment's name, as the card statement and the lists show it. */
  const orderName = (title: string, option: string | null, qty: number) => {
    const named = option ? `${title} (${option})` : title;
    return qty > 1 ? `${named} ${qty}개` : named;
  };
  /** Whether any line holds counted stock (the catalogue's cached answers are dropped when it moves). */
  const holdsStock = (items: OrderItemRow[]) => items.some((i) => i.stockReserved > 0);
  const holdOf = (order: OrderRow, amount: number, name: string) => ({
    userId: order.buyerId,
    amount,
    reference: { type: 'order' as const, id: order.id },
    meta: { order_id: order.id, order_name: name },
  });

  /** The order's payment; row-locked when `lock` (a reversal reads what the payment gave back under it). */
  async function paymentRow(tx: DbOrTx, order: OrderRow, lock = false): Promise<PaymentRow> {
    const query = tx
      .select()
      .from(paymentsTable)
      .where(and(eq(paymentsTable.tenantId, order.tenantId), eq(paymentsTable.id, order.paymentId)));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw new Error(`order ${order.id} has no payment`);
    return row;
  }

  /** Every line of `orders`, by product then option: the order stock and counts are written in (no deadlock). */
  async function linesInLockOrder(tx: DbOrTx, tenantId: number, of: OrderRow[]) {
    const byOrder = await orders.itemsByOrder(
      tx,
      tenantId,
      of.map((o) => o.id),
    );
    return [...byOrder.values()]
      .flat()
      .sort((a, b) => a.productId - b.productId || (a.optionId ?? 0) - (b.optionId ?? 0));
  }

  /** The order a reversal recorded on its payment is for (its intent or its REQUESTED refund), row-locked. */
  const reversedOrder = (tx: DbOrTx, payment: PaymentRow) =>
    payment.refundOrderId === null
      ? Promise.resolve(undefined)
      : orders.lock(tx, payment.tenantId, payment.refundOrderId);

  // The payment of orders settled: in the transaction that marks the payment paid or failed. Every
  // order of the payment moves together (a cart's payment has one per merchant and kind).
  payments.onSettle('order', {
    async paid(tx, payment) {
      const awaiting = (await orders.lockOfPayment(tx, payment.tenantId, payment.id)).filter(
        (o) => o.status === 'AWAITING_PAYMENT',
      );
      if (awaiting.length === 0) return;
      const name = payment.orderName;
      for (const order of awaiting) {
        if (order.pointsUsed > 0)
          await points.captureOrderPoints(tx, order.tenantId, holdOf(order, order.pointsUsed, name));
        if (order.rewardPoints > 0) await points.earn(tx, order.tenantId, rewardOf(order, name, order.rewardPoints));
        await orders.setStatus(tx, order, {
          to: 'PENDING',
          actor: 'system',
          actorUserId: null,
          memo: null,
          set: { paidAt: payment.paidAt ?? clock.now() },
        });
      }
      // Paid lines leave the buyer's cart.
      const cartLineIds = payment.meta.cart_item_ids;
      if (Array.isArray(cartLineIds)) {
        await removeCartLines(tx, payment.tenantId, payment.userId, cartLineIds.map(Number));
      }
      // The product rows last: a best-seller stays locked only from here to the commit.
      for (const item of await linesInLockOrder(tx, payment.tenantId, awaiting)) {
        await countOrder(tx, payment.tenantId, item, 1);
      }
    },
    async failed(tx, payment) {
      const awaiting = (await orders.lockOfPayment(tx, payment.tenantId, payment.id)).filter(
        (o) => o.status === 'AWAITING_PAYMENT',
      );
      if (awaiting.length === 0) return;
      for (const order of awaiting) {
        if (order.pointsUsed > 0) {
          await points.releaseOrderPoints(tx, order.tenantId, holdOf(order, order.pointsUsed, payment.orderName));
        }
        await orders.setStatus(tx, order, {
          to: 'CANCELLED',
          actor: 'system',
          actorUserId: null,
          memo: payment.failureReason ? `결제 실패: ${payment.failureReason}` : '결제 실패',
          set: { cancelledAt: clock.now() },
        });
      }
      const items = await linesInLockOrder(tx, payment.tenantId, awaiting);
      for (const item of items) await releaseStock(tx, payment.tenantId, item);
      if (holdsStock(items)) stockChanged(payment.tenantId);
    },
    // A refund the gateway left REQUESTED ended (webhook or reconciliation): under the order's row
    // lock, taken before the payment's; once, as only a REFUND_PENDING order moves.
    async lock(tx, payment) {
      await reversedOrder(tx, payment);
    },
    async refundSettled(tx, payment, outcome) {
      const order = await reversedOrder(tx, payment);
      if (order?.status !== 'REFUND_PENDING' || !order.refundTo || !order.refundFrom) return;
      if (outcome.succeeded) {
        const memo = await orders.refundRequestMemo(tx, order);
        // The order's share was recorded when the refund was asked (`reverse`).
        await completeReversal(tx, order, payment, order.refundTo, {
          actor: 'system',
          userId: null,
          memo,
        });
        stockChanged(order.tenantId);
        // A review of this purchase may have left the product's figures (decision 031).
        deps.reviewsChanged?.(order.tenantId);
      } else {
        await undoReversal(tx, order, payment, outcome.reason);
      }
    },
    // A reversal that recorded its intent never committed, but the gateway gave money back: the
    // order is reversed now, whoever asked and whatever moved since (the card money is back).
    async reversalRecovered(tx, payment, intent) {
      const order = await reversedOrder(tx, payment);
      if (!order?.paidAt || UNREVERSIBLE.includes(order.status as OrderStatus)) return 'no_refund_pending';
      const reversed = await reverse(tx, order, intent, { actor: 'system', userId: null, memo: RECOVERED_MEMO });
      if (reversed.status === 'REFUND_PENDING') return 'refund_pending';
      stockChanged(order.tenantId);
      deps.reviewsChanged?.(order.tenantId);
      return 'refunded';
    },
  });

  function prepared(order: OrderRow, payment: PaymentRow): PaymentPrepared {
    return {
      merchant_uid: payment.paymentId,
      name: payment.orderName,
      actual_payment_amount: order.cardAmount,
      points_used: order.pointsUsed,
      order_id: order.id,
      total_amount: order.totalPrice,
      checkout: order.checkout ?? null,
    };
  }

  function cartPrepared(placed: OrderRow[], payment: PaymentRow): CartCheckedOut {
    return {
      merchant_uid: payment.paymentId,
      name: payment.orderName,
      actual_payment_amount: payment.amount,
      points_used: payment.pointsUsed,
      order_ids: placed.map((o) => o.id),
      total_amount: placed.reduce((sum, o) => sum + o.totalPrice, 0),
      checkout: placed[0]?.checkout ?? null,
    };
  }

  const rewardOf = (order: OrderRow, name: string, amount: number) => ({
    userId: order.buyerId,
    amount,
    key: `order:${order.id}`,
    meta: { order_id: order.id, order_name: name },
  });

  /**
   * Gives an order's money and stock back and moves it to CANCELLED or REFUNDED: the points it
   * spent, the reward it earned (as far as the wallet still holds it; what was already spent is
   * kept from the card refund), the card part at the gateway, the stock it took. The reward is held
   * first, so the card refund is decided on a figure the buyer cannot spend meanwhile. When the
   * gateway answers the cancellation REQUESTED (docs/decisions/028), nothing else moves yet: the
   * order waits in REFUND_PENDING (환불 처리 중) until the gateway says SUCCEEDED or FAILED. Either way
   * the payment's recorded intent is cleared (by `payments.refund`, in this transaction).
   */
  async function reverse(tx: DbOrTx, order: OrderRow, to: Reversal, who: Who): Promise<OrderRow> {
    // The payment row locked: what its orders gave back so far is read and added to under it.
    const payment = await paymentRow(tx, order, true);
    const name = payment.orderName;
    const attempt = order.refundAttempts + 1;
    const held =
      order.rewardPoints > 0
        ? await points.holdEarnForRefund(tx, order.tenantId, { ...rewardOf(order, name, order.rewardPoints), attempt })
        : 0;
    const shortfall = order.rewardPoints - held;
    const share = Math.max(0, order.cardAmount - shortfall);
    const reason = to === 'REFUNDED' ? '주문 환불' : '주문 취소';
    // A running total: this order's card share on top of what the payment's other orders gave back
    // (a partial cancel at the gateway when the payment has several orders).
    const refund = await payments.refund(tx, payment, payment.cancelledAmount + share, reason, order.id);
    const pendingFields = { refundHeld: held, refundAttempts: attempt };
    if (refund.pending) {
      return orders.setStatus(tx, order, {
        to: 'REFUND_PENDING',
        actor: who.actor,
        actorUserId: who.userId,
        memo: who.memo,
        set: { ...pendingFields, refundTo: to, refundFrom: order.status, cardRefunded: share },
      });
    }
    // What the gateway gave back for this order (more than `share` when an earlier attempt's
    // cancel went through and its commit did not).
    const refunded = Math.min(order.cardAmount, refund.payment.cancelledAmount - payment.cancelledAmount);
    return completeReversal(tx, { ...order, ...pendingFields, cardRefunded: refunded }, refund.payment, to, who);
  }

  /**
   * The card part is back: the points spent, the held reward and the stock follow; the order ends
   * in `to`, and the payment is cancelled, or partly cancelled while other orders of it stand.
   */
  async function completeReversal(
    tx: DbOrTx,
    order: OrderRow,
    payment: PaymentRow,
    to: Reversal,
    who: Who,
  ): Promise<OrderRow> {
    const items = await orders.itemsOf(tx, order.tenantId, order.id);
    const name = payment.orderName;
    if (order.pointsUsed > 0) {
      await points.refundOrderPoints(tx, order.tenantId, { ...holdOf(order, order.pointsUsed, name), step: 'refund' });
    }
    if (order.refundHeld > 0) {
      await points.revokeHeldEarn(tx, order.tenantId, rewardOf(order, name, order.refundHeld));
    }
    const reversed = await orders.setStatus(tx, order, {
      to,
      actor: who.actor,
      actorUserId: who.userId,
      memo: who.memo,
      set: {
        cancelledAt: clock.now(),
        refundTo: null,
        refundFrom: null,
        refundHeld: order.refundHeld,
        refundAttempts: order.refundAttempts,
        cardRefunded: order.cardRefunded,
      },
    });
    const standing = (await orders.ofPayment(tx, order.tenantId, order.paymentId)).filter(
      (o) => o.status !== 'CANCELLED' && o.status !== 'REFUNDED',
    );
    await payments.markReversed(tx, payment, standing.length === 0);
    for (const item of items) await countOrder(tx, order.tenantId, item, -1);
    await reviewsAfterPurchaseReversed(
      tx,
      order.tenantId,
      order.buyerId,
      items.map((i) => i.productId),
      (productId) => orders.hasPurchased(order.tenantId, order.buyerId, productId, tx),
    );
    return reversed;
  }

  /**
   * The card company did not give the card part back: the held reward is the buyer's again, the
   * order returns to the status it had, and the merchant reads why (status history and order).
   */
  async function undoReversal(tx: DbOrTx, order: OrderRow, payment: PaymentRow, reason: string) {
    if (order.refundHeld > 0) {
      await points.releaseEarnHold(tx, order.tenantId, {
        ...rewardOf(order, payment.orderName, order.refundHeld),
        attempt: order.refundAttempts,
      });
    }
    return orders.setStatus(tx, order, {
      to: order.refundFrom ?? 'PENDING',
      actor: 'system',
      actorUserId: null,
      memo: `환불 실패: ${reason}`,
      set: { refundTo: null, refundFrom: null, refundHeld: 0, refundFailure: reason, cardRefunded: 0 },
    });
  }

  /** What `decision` asks of the order, done in the caller's transaction under the order's lock. */
  function carryOut(tx: DbOrTx, order: OrderRow, decision: Decision): Promise<OrderRow> {
    if (decision.kind === 'unchanged') return Promise.resolve(order);
    if (decision.kind === 'step') return decision.run(tx, order);
    return reverse(tx, order, decision.to, decision.who);
  }

  /**
   * Decides on the order row-locked (404 unless `mayTouch` says the user may act on it) and carries
   * the decision out. A reversal whose card part goes to the gateway runs in two transactions
   * (docs/decisions/036): the first records its intent on the payment and commits; the second locks
   * the order again, decides again (it may have moved meanwhile) and reverses, clearing the intent.
   * If the second fails after the gateway cancelled (a crash, a lost answer, a failed commit), the
   * intent left behind lets `payments.settleRefund` (webhook or reconciliation) finish it.
   */
  async function withOrder(
    tenant: TenantRow,
    orderId: number,
    viewer: OrderViewer,
    mayTouch: (order: OrderRow) => boolean,
    decide: (order: OrderRow) => Decision,
  ): Promise<Order> {
    const locked = async (tx: DbOrTx) => {
      const order = await orders.lock(tx, tenant.id, orderId);
      if (!order?.paidAt || !mayTouch(order) || hiddenKinds(tenant).includes(order.categoryType)) {
        throw orderNotFound();
      }
      return order;
    };
    const busy = Symbol('another order of the payment is being reversed');
    let first: OrderRow | null | typeof busy = busy;
    for (let round = 0; first === busy; round++) {
      if (round > 0) {
        // Another order of the same payment is being reversed (one at a time, decision 039): its
        // gateway call takes a moment; waited for a few seconds, then the buyer is asked to retry.
        if (round >= REVERSAL_WAIT_ROUNDS) throw reversalInProgress();
        await new Promise((resolve) => setTimeout(resolve, REVERSAL_WAIT_MS));
      }
      first = await db.transaction(async (tx) => {
        const order = await locked(tx);
        const decision = decide(order);
        if (decision.kind !== 'reverse' || order.cardAmount === 0) return carryOut(tx, order, decision);
        const payment = await paymentRow(tx, order, true);
        // A refund of another order on its way at the card company: its outcome comes first.
        if (payment.refundAmount !== null) throw reversalInProgress();
        if (payment.refundIntent !== null && payment.refundOrderId !== order.id) return busy;
        await payments.recordRefundIntent(tx, payment, decision.to, order.id);
        return null;
      });
    }
    let row = first as OrderRow | null;
    if (!row) {
      failpoint(seams, 'checkout.reverse:intended');
      row = await db.transaction(async (tx) => {
        const order = await locked(tx);
        return carryOut(tx, order, decide(order));
      });
    }
    if (row.status === 'CANCELLED' || row.status === 'REFUNDED') {
      // Its stock is back and it no longer counts in the rankings; a review may have left the figures.
      stockChanged(tenant.id);
      deps.reviewsChanged?.(tenant.id);
    }
    return orders.present(tenant.id, row, viewer);
  }

  /** The buyer's checkouts not paid yet (their stock and points are held), with their product. */
  function openCheckouts(tx: DbOrTx, tenantId: number, buyerId: number) {
    return tx
      .select({
        paymentId: paymentsTable.paymentId,
        createdAt: paymentsTable.createdAt,
        productId: orderItems.productId,
      })
      .from(ordersTable)
      .innerJoin(
        paymentsTable,
        and(eq(paymentsTable.tenantId, ordersTable.tenantId), eq(paymentsTable.id, ordersTable.paymentId)),
      )
      .innerJoin(orderItems, and(eq(orderItems.tenantId, ordersTable.tenantId), eq(orderItems.orderId, ordersTable.id)))
      .where(
        and(
          eq(ordersTable.tenantId, tenantId),
          eq(ordersTable.buyerId, buyerId),
          eq(ordersTable.status, 'AWAITING_PAYMENT'),
          eq(paymentsTable.status, 'pending'),
        ),
      );
  }

  /**
   * Closes unpaid checkouts as their expiry does (payments.confirm with expireIfPending: looked up at
   * the gateway under the payment's lock; paid meanwhile, it settles as paid; else the order is
   * cancelled, its points and stock given back, and the payment closed at the gateway).
   */
  async function releaseHolds(tenant: TenantRow, holds: { paymentId: string; reason?: string }[]) {
    for (const { paymentId, reason } of holds) {
      try {
        await payments.confirm(tenant.id, paymentId, { purpose: 'order', expireIfPending: true, reason });
      } catch (err) {
        // payment_failed is the expected answer of a closed payment; a gateway out of reach is not.
        if (!(err instanceof AppError) || err.status >= 500) throw err;
      }
    }
  }

  /**
   * One attempt of a checkout (buy-now or the cart), in one transaction: the buyer's row locked (one
   * checkout of a buyer at a time: parallel ones see each other's, so the cap holds and a key is
   * used once), the earlier answer of the same key, the buyer's open checkouts (the ones holding a
   * product of this checkout are replaced, expired ones closed, through the expiry's own path),
   * then the orders `plan` gives are placed.
   */
  function checkoutOnce<T>(
    tenant: TenantRow,
    user: CurrentUser,
    steps: {
      replay: (tx: DbOrTx) => Promise<T | null>;
      productIds: (tx: DbOrTx) => Promise<number[]>;
      plan: (tx: DbOrTx) => Promise<Plan>;
      answer: (placed: Placed) => T;
    },
  ) {
    return db.transaction(async (tx): Promise<{ answer: T; stockReserved: boolean }> => {
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(users.id, user.id)))
        .for('no key update');
      const earlier = await steps.replay(tx);
      if (earlier) return { answer: earlier, stockReserved: false };
      const open = await openCheckouts(tx, tenant.id, user.id);
      const buying = new Set(await steps.productIds(tx));
      const release = new Map<string, { paymentId: string; reason?: string }>();
      for (const o of open) {
        if (buying.has(o.productId)) release.set(o.paymentId, { paymentId: o.paymentId, reason: REPLACED });
        else if (payments.expiresAt(o) <= clock.now() && !release.has(o.paymentId)) {
          release.set(o.paymentId, { paymentId: o.paymentId });
        }
      }
      if (release.size > 0) throw new HoldsToRelease([...release.values()]);
      if (new Set(open.map((o) => o.paymentId)).size >= OPEN_PAYMENTS_MAX) throw tooManyOpenPayments();
      const placed = await place(tx, tenant, user, await steps.plan(tx));
      return { answer: steps.answer(placed), stockReserved: placed.stockReserved };
    });
  }

  /** Runs `checkoutOnce` until it places the orders or refuses (see `prepare`). */
  async function runCheckout<T>(
    tenant: TenantRow,
    user: CurrentUser,
    key: string | null,
    steps: Parameters<typeof checkoutOnce<T>>[2],
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        const { answer, stockReserved } = await checkoutOnce(tenant, user, steps);
        if (stockReserved) stockChanged(tenant.id);
        return answer;
      } catch (err) {
        if (err instanceof HoldsToRelease) {
          // Each new round means another checkout of the buyer got in first (one success each), so
          // this ends; a bound in case a hold could not be closed: it then counts as open.
          if (attempt >= PREPARE_ROUNDS) throw tooManyOpenPayments();
          await releaseHolds(tenant, err.holds);
          failpoint(seams, 'checkout.prepare:released');
          continue;
        }
        // The same key sent twice at once: the second insert waited for the first and lost.
        if (key && sqlState(err) === '23505') {
          const answer = await steps.replay(db);
          if (answer) return answer;
        }
        throw err;
      }
    }
  }

  /**
   * Places the planned orders under one payment: the card part registered with the gateway, each
   * order's points locked, its stock taken. Points and card are spread over the orders in
   * proportion to their totals by the largest remainder (ties to the lower order id), so the won
   * add up exactly; each order's reward is on its own card share (docs/decisions/039).
   */
  async function place(tx: DbOrTx, tenant: TenantRow, user: CurrentUser, plan: Plan): Promise<Placed> {
    const totals = plan.orders.map((o) => o.itemsTotal + o.shippingFee);
    const total = totals.reduce((a, b) => a + b, 0);
    if (plan.pointsUsed > total) throw AppError.badRequest(orderMessages.pointsOverTotal, 'points_over_total');
    const card = total - plan.pointsUsed;
    if (card > 0 && card < CARD_MIN_AMOUNT) throw AppError.badRequest(orderMessages.cardMin, 'card_amount_too_small');
    const pointShares = spreadByLargestRemainder(plan.pointsUsed, totals);
    const rate = tenant.settings.point_reward_rate ?? DEFAULT_POINT_REWARD_RATE;
    const lines = plan.orders.flatMap((o) => o.lines);
    const first = lines[0] as PlannedLine;
    const firstName = orderName(first.product.title, first.option?.name ?? null, first.qty);
    const name = lines.length > 1 ? `${firstName} 외 ${lines.length - 1}건` : firstName;

    const { payment, checkout } = await payments.prepare(
      tenant,
      {
        purpose: 'order',
        userId: user.id,
        amount: card,
        pointsUsed: plan.pointsUsed,
        orderName: name,
        buyer: plan.buyer,
        meta: plan.meta,
        callbackType: 'purchase',
      },
      tx,
    );
    const placed: OrderRow[] = [];
    for (const [i, o] of plan.orders.entries()) {
      const orderTotal = totals[i] as number;
      const pointsUsed = pointShares[i] as number;
      const cardAmount = orderTotal - pointsUsed;
      const order = await orders.create(
        tx,
        {
          tenantId: tenant.id,
          buyerId: user.id,
          merchantId: o.merchantId,
          paymentId: payment.id,
          orderType: o.orderType,
          categoryType: o.categoryType,
          itemsTotal: o.itemsTotal,
          shippingFee: o.shippingFee,
          totalPrice: orderTotal,
          pointsUsed,
          cardAmount,
          // Rewards are points: none where the wallet is off (nobody could see or spend them).
          rewardPoints: tenant.features.wallet ? earnedPoints(cardAmount, rate) : 0,
          buyerName: plan.buyer.buyer_name,
          deliveryAddress: o.orderType === 'delivery' ? plan.address : null,
          deliveryPostcode: o.categoryType === 'shopping' ? plan.postcode : null,
          deliveryPhone: plan.buyer.buyer_tel,
          deliveryMemo: plan.memo,
          // The first order answers a retried request (its key and what it asked).
          requestKey: i === 0 ? plan.key : null,
          requestFingerprint: i === 0 && plan.key ? plan.fingerprint : null,
          checkout: i === 0 ? checkout : null,
        },
        o.lines.map((l) => ({
          productId: l.product.id,
          optionId: l.option?.id ?? null,
          productTitle: l.product.title,
          optionName: l.option?.name ?? null,
          unitPrice: l.unitPrice,
          quantity: l.qty,
          totalPrice: l.unitPrice * l.qty,
          stockReserved: l.counted ? l.qty : 0,
        })),
      );
      if (pointsUsed > 0) {
        try {
          await points.lockForOrder(tx, tenant.id, holdOf(order, pointsUsed, name));
        } catch (err) {
          if (err instanceof AppError && err.code === 'insufficient_balance') {
            throw AppError.badRequest(orderMessages.pointsShort, 'insufficient_points');
          }
          throw err;
        }
      }
      placed.push(order);
    }
    // Stock last, by product then option (two carts never wait on each other's rows in turn): the
    // rows stay locked only from here to the commit. What a line holds is what the count gave
    // (nothing when it became unlimited meanwhile).
    const counted = plan.orders
      .flatMap((o, i) => o.lines.map((line) => ({ line, order: placed[i] as OrderRow })))
      .filter((x) => x.line.counted)
      .sort((a, b) => a.line.product.id - b.line.product.id || (a.line.option?.id ?? 0) - (b.line.option?.id ?? 0));
    let stockReserved = false;
    for (const { line, order } of counted) {
      const stockLine = { productId: line.product.id, optionId: line.option?.id ?? null };
      const held = await reserveStock(tx, tenant.id, stockLine, line.qty);
      if (held > 0) {
        stockReserved = true;
        continue;
      }
      await tx
        .update(orderItems)
        .set({ stockReserved: 0 })
        .where(
          and(
            eq(orderItems.tenantId, tenant.id),
            eq(orderItems.orderId, order.id),
            eq(orderItems.productId, stockLine.productId),
            stockLine.optionId === null ? isNull(orderItems.optionId) : eq(orderItems.optionId, stockLine.optionId),
          ),
        );
    }
    return { orders: placed, payment, stockReserved };
  }

  /** The buy-now purchase of one product (and option) as one order: the spec's prepare. */
  async function planPurchase(
    tx: DbOrTx,
    tenant: TenantRow,
    user: CurrentUser,
    input: PrepareInput,
  ): Promise<PlannedOrder> {
    const product = await productForSale(tx, tenant.id, input.product_id);
    const feature = product.categoryType === 'shopping' ? 'shopping' : 'delivery';
    if (!tenant.features[feature]) throw AppError.badRequest(orderMessages.unavailable, 'product_unavailable');
    if (product.merchantOwnerId === user.id) throw AppError.badRequest(orderMessages.ownProduct, 'own_product');
    const orderType =
      product.categoryType === 'shopping'
        ? 'delivery'
        : (input.order_type ?? (product.isDelivery ? 'delivery' : 'pickup'));
    if (product.categoryType === 'pickup' && orderType === 'delivery' && !product.isDelivery) {
      throw AppError.badRequest(orderMessages.noDelivery, 'delivery_not_supported');
    }
    receivingChecked(input, orderType === 'delivery', product.categoryType === 'shopping');
    // With options, the option sold gives the price and the stock (docs/decisions/037).
    const option = await optionForSale(tx, tenant.id, product, input.option_id);
    const unitPrice = option?.price ?? product.price;
    const remaining = option ? option.remaining : product.displayRemaining;
    if (remaining > 0 && input.qty > remaining) {
      throw AppError.badRequest(orderMessages.stockShort, 'stock_short');
    }
    const itemsTotal = unitPrice * input.qty;
    // The merchant's terms give the fee, exactly as the product page and order sheet show it.
    const terms = presentDeliveryTerms(product.merchantTerms);
    const fee = orderFeeFor(terms, tenant.settings.legal_info, product.categoryType, orderType, itemsTotal);
    if (fee.refusal === 'below_minimum') {
      throw AppError.badRequest(deliveryTermsMessages.belowMinimum(terms.min_order_amount), 'below_min_order');
    }
    if (fee.refusal === 'pickup_not_offered') {
      throw AppError.badRequest(deliveryTermsMessages.pickupNotOffered, 'pickup_not_offered');
    }
    if (input.amount !== itemsTotal + fee.fee) throw AppError.conflict(orderMessages.priceChanged, 'price_changed');
    return {
      merchantId: product.merchantId,
      categoryType: product.categoryType,
      orderType,
      itemsTotal,
      shippingFee: fee.fee,
      lines: [{ product, option, qty: input.qty, unitPrice, counted: remaining !== -1 }],
    };
  }

  /**
   * The selected cart lines as orders, one per merchant and kind, priced now: a line that can no
   * longer be bought or a total other than the buyer saw answers 409 price_changed with the cart as
   * it is now (docs/decisions/039).
   */
  async function planCart(
    tx: DbOrTx,
    tenant: TenantRow,
    user: CurrentUser,
    input: CartCheckoutInput,
    rows: CartItemRow[],
  ) {
    const pickup = input.order_types.filter((t) => t.order_type === 'pickup').map((t) => t.merchant_id);
    const changed = async (detail: string, status = 409, code = 'price_changed') => {
      const all = await cartLines(tx, tenant.id, user.id);
      const cart = await presentCart(
        tx,
        deps.storage,
        tenant.id,
        await priceCart(tx, tenant, user.id, all, { pickup, selected: input.item_ids }),
      );
      return new AppError(status, code, detail, { cart });
    };
    if (rows.length !== new Set(input.item_ids).size) throw await changed(cartMessages.priceChanged);
    const groups = await priceCart(tx, tenant, user.id, rows, { pickup });
    const reasons = new Set(groups.flatMap((g) => g.lines.map((l) => l.reason)));
    // Sold out meanwhile: the refusal buy-now gives (a flash sale ends in it), with the cart as it is.
    if (reasons.has('sold_out') || reasons.has('stock_short')) {
      throw await changed(orderMessages.soldOut, 400, reasons.has('sold_out') ? 'sold_out' : 'stock_short');
    }
    if (reasons.size > 1 || !reasons.has(null)) throw await changed(cartMessages.unavailableSelected);
    for (const { merchant_id, order_type } of input.order_types) {
      const group = groups.find((g) => g.merchantId === merchant_id && g.categoryType === 'pickup');
      if (group && !group.orderTypes.includes(order_type)) {
        throw AppError.badRequest(
          order_type === 'pickup' ? deliveryTermsMessages.pickupNotOffered : orderMessages.noDelivery,
          order_type === 'pickup' ? 'pickup_not_offered' : 'delivery_not_supported',
        );
      }
    }
    for (const g of groups) {
      if (g.refusal === 'below_minimum') {
        throw AppError.badRequest(
          `${g.businessName} 상품은 ${deliveryTermsMessages.belowMinimum(g.itemsTotal + (g.minGap ?? 0))}`,
          'below_min_order',
        );
      }
      if (g.refusal === 'pickup_not_offered') {
        throw AppError.badRequest(deliveryTermsMessages.pickupNotOffered, 'pickup_not_offered');
      }
    }
    receivingChecked(
      input,
      groups.some((g) => g.orderType === 'delivery'),
      groups.some((g) => g.categoryType === 'shopping'),
    );
    const total = groups.reduce((sum, g) => sum + g.itemsTotal + g.fee, 0);
    if (input.amount !== total) throw await changed(cartMessages.priceChanged);
    const planned: PlannedOrder[] = groups
      .sort((a, b) => a.merchantId - b.merchantId || a.categoryType.localeCompare(b.categoryType))
      .map((g) => ({
        merchantId: g.merchantId,
        categoryType: g.categoryType,
        orderType: g.orderType,
        itemsTotal: g.itemsTotal,
        shippingFee: g.fee,
        lines: g.lines.map((l) => ({
          product: l.product as ProductWithMerchant,
          option: l.option,
          qty: l.row.qty,
          unitPrice: l.unitPrice,
          counted: l.remaining !== -1,
        })),
      }));
    return { planned, lineIds: rows.map((r) => r.id) };
  }

  const viewerOf = (user: CurrentUser): OrderViewer => ({ userId: user.id, merchantId: user.merchantId });

  function refusePointsWithoutWallet(tenant: TenantRow, pointsUsed: number) {
    if (pointsUsed > 0 && !tenant.features.wallet) {
      throw AppError.badRequest('이 서비스에서는 포인트를 사용할 수 없습니다.', 'points_disabled');
    }
  }

  /** The buyer's earlier checkout with the same Idempotency-Key (its orders, first the one holding the key). */
  async function earlierCheckout(
    tx: DbOrTx,
    tenantId: number,
    userId: number,
    key: string | null,
    fingerprint: string,
  ) {
    const earlier = key ? await orders.findByRequestKey(tx, tenantId, userId, key) : undefined;
    if (!earlier) return null;
    assertSameRequest(earlier.requestFingerprint, fingerprint, KEY_REUSED);
    return {
      orders: await orders.ofPayment(tx, tenantId, earlier.paymentId),
      payment: await paymentRow(tx, earlier),
    };
  }

  return {
    async prepare(tenant: TenantRow, user: CurrentUser, input: PrepareInput, key: string | null) {
      refusePointsWithoutWallet(tenant, input.points_used);
      const fingerprint = requestFingerprint(input);
      return runCheckout<PaymentPrepared>(tenant, user, key, {
        async replay(tx) {
          const earlier = await earlierCheckout(tx, tenant.id, user.id, key, fingerprint);
          return earlier ? prepared(earlier.orders[0] as OrderRow, earlier.payment) : null;
        },
        productIds: async () => [input.product_id],
        plan: async (tx) => {
          const order = await planPurchase(tx, tenant, user, input);
          const option = order.lines[0]?.option;
          return {
            orders: [order],
            pointsUsed: input.points_used,
            buyer: input,
            address: order.orderType === 'delivery' ? input.buyer_addr?.trim() || null : null,
            postcode: input.buyer_postcode || null,
            memo: input.delivery_memo || null,
            meta: option ? { product_id: input.product_id, option_id: option.id } : { product_id: input.product_id },
            key,
            fingerprint,
          };
        },
        answer: (placed) => prepared(placed.orders[0] as OrderRow, placed.payment),
      });
    },

    /**
     * The cart's checkout (issue 40): one payment of the selected lines, one order per merchant
     * and kind, settled together through the same callback, webhook and reconciliation as buy-now.
     */
    async checkoutCart(
      tenant: TenantRow,
      user: CurrentUser,
      input: CartCheckoutInput,
      key: string | null,
    ): Promise<CartCheckedOut> {
      refusePointsWithoutWallet(tenant, input.points_used);
      const fingerprint = requestFingerprint({ cart: input });
      const chosen = new Set(input.item_ids);
      // The chosen lines as this attempt's transaction reads them (its products first, then its plan).
      let rows: CartItemRow[] = [];
      return runCheckout<CartCheckedOut>(tenant, user, key, {
        async replay(tx) {
          const earlier = await earlierCheckout(tx, tenant.id, user.id, key, fingerprint);
          return earlier ? cartPrepared(earlier.orders, earlier.payment) : null;
        },
        async productIds(tx) {
          rows = (await cartLines(tx, tenant.id, user.id)).filter((r) => chosen.has(r.id));
          return rows.map((r) => r.productId);
        },
        plan: async (tx) => {
          const { planned, lineIds } = await planCart(tx, tenant, user, input, rows);
          return {
            orders: planned,
            pointsUsed: input.points_used,
            buyer: input,
            address: input.buyer_addr?.trim() || null,
            postcode: input.buyer_postcode || null,
            memo: input.delivery_memo || null,
            meta: { cart_item_ids: lineIds },
            key,
            fingerprint,
          };
        },
        answer: (placed) => cartPrepared(placed.orders, placed.payment),
      });
    },

    /**
     * The buyer's return from the payment window (or at once for points only): the payment is looked
     * up at the gateway and settled, once, whoever asks first. `status` other than paid closes an
     * unpaid payment now instead of at its expiry (a payment the gateway reports paid still settles).
     */
    async callback(
      tenant: TenantRow,
      user: CurrentUser,
      input: { merchant_uid: string; status: 'paid' | 'failed' | 'cancelled' },
    ): Promise<PaymentConfirmed> {
      // The buyer's own payment of an order, checked under its lock; anything else is not found.
      const { payment } = await payments.confirm(tenant.id, input.merchant_uid, {
        userId: user.id,
        purpose: 'order',
        expireIfPending: input.status !== 'paid',
      });
      const paid = await orders.ofPayment(db, tenant.id, payment.id);
      const [order] = paid;
      if (!order) throw paymentErrors.notFound();
      const sum = (pick: (o: OrderRow) => number) => paid.reduce((n, o) => n + pick(o), 0);
      return {
        success: true,
        status: 'paid',
        order_id: order.id,
        order_ids: paid.map((o) => o.id),
        payment_id: payment.paymentId,
        payment_type: payment.amount === 0 ? 'full_points' : payment.pointsUsed > 0 ? 'mixed_payment' : 'card_only',
        amount: sum((o) => o.totalPrice),
        points_used: payment.pointsUsed,
        earned_points: sum((o) => o.rewardPoints),
      };
    },

    /** The merchant's status dialog: forward moves, cancel and refund (with the money), nothing else. */
    changeStatus(
      tenant: TenantRow,
      merchant: CurrentUser & { merchantId: number },
      input: {
        order_id: number;
        status: OrderStatus;
        memo: string | null;
        carrier?: CarrierId | null;
        tracking_number?: string | null;
      },
    ) {
      return withOrder(
        tenant,
        input.order_id,
        viewerOf(merchant),
        (order) => order.merchantId === merchant.merchantId,
        (order): Decision => {
          const from = order.status as OrderStatus;
          if (from === input.status) return { kind: 'unchanged' };
          if (!allowedOrderMoves(from).includes(input.status)) {
            throw AppError.badRequest(
              `'${orderStatusLabel(from, order.orderType)}' 상태에서 ${withParticle(`'${orderStatusLabel(input.status, order.orderType)}'`, '으로')} 바꿀 수 없습니다.`,
              'invalid_status_transition',
            );
          }
          if (input.status === 'CANCELLED' || input.status === 'REFUNDED') {
            return {
              kind: 'reverse',
              to: input.status,
              who: { actor: 'merchant', userId: merchant.id, memo: input.memo },
            };
          }
          const to = input.status;
          const { carrier, tracking_number: trackingNumber } = input;
          if (carrier && trackingNumber && !isParcel(order)) {
            throw AppError.badRequest(shippingMessages.notParcel, 'shipment_not_parcel');
          }
          return {
            kind: 'step',
            run: async (tx, locked) =>
              orders.setStatus(
                tx,
                carrier && trackingNumber ? await orders.setShipment(tx, locked, carrier, trackingNumber) : locked,
                {
                  to,
                  actor: 'merchant',
                  actorUserId: merchant.id,
                  memo: input.memo,
                  set: to === 'DELIVERED' ? { deliveredAt: clock.now() } : undefined,
                },
              ),
          };
        },
      );
    },

    /** The buyer cancels before the merchant starts preparing: everything goes back. */
    cancelByBuyer(tenant: TenantRow, user: CurrentUser, orderId: number, reason: string | null) {
      return withOrder(
        tenant,
        orderId,
        viewerOf(user),
        (order) => order.buyerId === user.id,
        (order): Decision => {
          if (order.status === 'CANCELLED') return { kind: 'unchanged' };
          if (!BUYER_CANCELLABLE.includes(order.status as OrderStatus)) {
            throw AppError.badRequest(
              '판매자가 상품 준비를 시작한 주문은 직접 취소할 수 없습니다. 판매자에게 문의해주세요.',
              'order_not_cancellable',
            );
          }
          return { kind: 'reverse', to: 'CANCELLED', who: { actor: 'buyer', userId: user.id, memo: reason } };
        },
      );
    },

    /** 구매확정: the buyer says it arrived (an order on its way becomes DELIVERED). Idempotent. */
    confirmReceipt(tenant: TenantRow, user: CurrentUser, orderId: number) {
      return withOrder(
        tenant,
        orderId,
        viewerOf(user),
        (order) => order.buyerId === user.id,
        (order): Decision => {
          if (order.confirmedAt) return { kind: 'unchanged' };
          if (!BUYER_CONFIRMABLE.includes(order.status as OrderStatus)) {
            throw AppError.badRequest(
              '배송 중이거나 배송이 끝난 주문만 구매확정할 수 있습니다.',
              'order_not_confirmable',
            );
          }
          return {
            kind: 'step',
            run: (tx, locked) => {
              const now = clock.now();
              return orders.setStatus(tx, locked, {
                to: 'DELIVERED',
                actor: 'buyer',
                actorUserId: user.id,
                memo: '구매확정',
                set: { confirmedAt: now, deliveredAt: locked.deliveredAt ?? now },
              });
            },
          };
        },
      );
    },

    /**
     * The user's payments, newest first; for `merchant`, its own orders' shares of the payments of
     * its products (its goods, fee, card and points share: never the buyer's total or another
     * merchant's goods, docs/decisions/039).
     */
    async listPayments(
      tenant: TenantRow,
      user: CurrentUser,
      q: { skip: number; limit: number; role: 'buyer' | 'merchant' },
    ): Promise<PaymentList> {
      const page = { skip: q.skip, limit: q.limit };
      if (q.role === 'merchant') {
        if (user.merchantId === null) throw AppError.forbidden('가맹점주만 접근 가능합니다.', 'merchant_only');
        const where = and(eq(ordersTable.tenantId, tenant.id), eq(ordersTable.merchantId, user.merchantId));
        const [rows, [total]] = await Promise.all([
          db
            .select({ payment: paymentsTable, order: ordersTable })
            .from(ordersTable)
            .innerJoin(paymentsTable, paymentOfOrder)
            .where(where)
            .orderBy(desc(ordersTable.createdAt), desc(ordersTable.id))
            .offset(q.skip)
            .limit(q.limit),
          db.select({ n: count() }).from(ordersTable).where(where),
        ]);
        return { payments: await presentShares(tenant.id, rows), total: total?.n ?? 0, ...page };
      }
      const where = and(eq(paymentsTable.tenantId, tenant.id), eq(paymentsTable.userId, user.id));
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(paymentsTable)
          .where(where)
          .orderBy(desc(paymentsTable.createdAt), desc(paymentsTable.id))
          .offset(q.skip)
          .limit(q.limit),
        db.select({ n: count() }).from(paymentsTable).where(where),
      ]);
      return { payments: await presentPayments(tenant.id, rows), total: total?.n ?? 0, ...page };
    },

    /** One payment, by its id or merchant_uid: whole for its payer, its own order's share for a merchant of it. */
    async getPayment(tenant: TenantRow, user: CurrentUser, id: string): Promise<PaymentItem> {
      const byId = /^\d{1,10}$/.test(id) && Number(id) <= 2_147_483_647;
      const [payment] = await db
        .select()
        .from(paymentsTable)
        .where(
          and(
            eq(paymentsTable.tenantId, tenant.id),
            byId ? eq(paymentsTable.id, Number(id)) : eq(paymentsTable.paymentId, id),
          ),
        );
      if (!payment) throw paymentErrors.notFound();
      if (payment.userId === user.id) return (await presentPayments(tenant.id, [payment]))[0] as PaymentItem;
      const own =
        user.merchantId === null
          ? undefined
          : (await orders.ofPayment(db, tenant.id, payment.id)).find((o) => o.merchantId === user.merchantId);
      if (!own) throw paymentErrors.notFound();
      return (await presentShares(tenant.id, [{ payment, order: own }]))[0] as PaymentItem;
    },
  };

  /** The first line of each order (by order), and how many lines it has. */
  async function firstLines(tenantId: number, orderIds: number[]) {
    const byOrder = await orders.itemsByOrder(db, tenantId, orderIds);
    return (orderId: number) => {
      const items = byOrder.get(orderId) ?? [];
      return { first: items[0], count: items.length };
    };
  }

  /** The buyer's payments whole: named and pictured by their first order's first line. */
  async function presentPayments(tenantId: number, rows: PaymentRow[]): Promise<PaymentItem[]> {
    const paymentIds = rows.filter((p) => p.purpose === 'order').map((p) => p.id);
    const ofPayments =
      paymentIds.length === 0
        ? []
        : await db
            .select({ id: ordersTable.id, paymentId: ordersTable.paymentId })
            .from(ordersTable)
            .where(and(eq(ordersTable.tenantId, tenantId), inArray(ordersTable.paymentId, paymentIds)))
            .orderBy(asc(ordersTable.id));
    const firstOrder = new Map<number, number>();
    for (const o of ofPayments) if (!firstOrder.has(o.paymentId)) firstOrder.set(o.paymentId, o.id);
    const lines = await firstLines(tenantId, [...firstOrder.values()]);
    return rows.map((p) => {
      const orderId = firstOrder.get(p.id) ?? null;
      const first = orderId === null ? undefined : lines(orderId).first;
      return {
        ...paymentFields(p),
        name: p.orderName,
        product_name: first?.productTitle ?? null,
        product_id: first?.productId ?? null,
        option_name: first?.optionName ?? null,
        order_id: orderId,
        amount: p.amount + p.pointsUsed,
        card_amount: p.amount,
        points_used: p.pointsUsed,
        cancelled_amount: p.cancelledAmount,
        method: p.amount > 0 ? 'card' : 'points',
        status: p.status,
      };
    });
  }

  /** A merchant's orders' shares of their payments: its goods, fee, card and points share, and what of it was given back. */
  async function presentShares(tenantId: number, rows: { payment: PaymentRow; order: OrderRow }[]) {
    const lines = await firstLines(
      tenantId,
      rows.map((r) => r.order.id),
    );
    return rows.map(({ payment, order }): PaymentItem => {
      const { first, count: n } = lines(order.id);
      const named = first ? orderName(first.productTitle, first.optionName, first.quantity) : payment.orderName;
      const reversed = order.status === 'CANCELLED' || order.status === 'REFUNDED';
      return {
        ...paymentFields(payment),
        name: n > 1 ? `${named} 외 ${n - 1}건` : named,
        product_name: first?.productTitle ?? null,
        product_id: first?.productId ?? null,
        option_name: first?.optionName ?? null,
        order_id: order.id,
        amount: order.totalPrice,
        card_amount: order.cardAmount,
        points_used: order.pointsUsed,
        cancelled_amount: order.cardRefunded,
        method: order.cardAmount > 0 ? 'card' : 'points',
        // Its own order's standing: another merchant's cancel of the same payment is not its.
        status:
          payment.status === 'pending' || payment.status === 'failed'
            ? payment.status
            : reversed
              ? 'cancelled'
              : 'paid',
      };
    });
  }
}

const paymentOfOrder = and(
  eq(paymentsTable.tenantId, ordersTable.tenantId),
  eq(paymentsTable.id, ordersTable.paymentId),
);

/** The fields of a payment every view shares. */
function paymentFields(p: PaymentRow) {
  return {
    id: p.id,
    payment_id: p.paymentId,
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
    purpose: p.purpose,
    buyer_name: p.buyerName,
    failure_reason: p.failureReason,
  };
}

export type CheckoutFlow = ReturnType<typeof createCheckoutFlow>;
