import {
  allowedOrderMoves,
  BUYER_CANCELLABLE,
  BUYER_CONFIRMABLE,
  CARD_MIN_AMOUNT,
  DEFAULT_POINT_REWARD_RATE,
  deliveryTermsMessages,
  earnedPoints,
  type Order,
  type OrderStatus,
  orderFeeFor,
  orderMessages,
  orderStatusLabel,
  type PaymentConfirmed,
  type PaymentItem,
  type PaymentList,
  type PaymentPrepared,
  type paymentPrepareSchema,
  withParticle,
} from '@app/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { countOrder, optionForSale, productForSale, releaseStock, reserveStock } from '../modules/catalogue/sales.js';
import {
  type OrderItemRow,
  type OrderRow,
  orderItems,
  orders as ordersTable,
} from '../modules/orders/orders.schema.js';
import {
  type HiddenKinds,
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
/** Orders a recovered reversal leaves alone: already reversed, or waiting for the gateway's answer. */
const UNREVERSIBLE: readonly OrderStatus[] = ['CANCELLED', 'REFUNDED', 'REFUND_PENDING'];

/** A prepare found holds of the buyer to give back first (outside its transaction, then it runs again). */
class HoldsToRelease extends Error {
  constructor(readonly holds: { paymentId: string; reason?: string }[]) {
    super('open checkouts to release first');
  }
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

  async function paymentRow(tx: DbOrTx, order: OrderRow): Promise<PaymentRow> {
    const [row] = await tx
      .select()
      .from(paymentsTable)
      .where(and(eq(paymentsTable.tenantId, order.tenantId), eq(paymentsTable.id, order.paymentId)));
    if (!row) throw new Error(`order ${order.id} has no payment`);
    return row;
  }

  // The payment of an order settled: in the transaction that marks the payment paid or failed.
  payments.onSettle('order', {
    async paid(tx, payment) {
      const order = await orders.lock(tx, payment.tenantId, { paymentId: payment.id });
      if (order?.status !== 'AWAITING_PAYMENT') return;
      const items = await orders.itemsOf(tx, order.tenantId, order.id);
      const name = payment.orderName;
      if (order.pointsUsed > 0)
        await points.captureOrderPoints(tx, order.tenantId, holdOf(order, order.pointsUsed, name));
      if (order.rewardPoints > 0) {
        await points.earn(tx, order.tenantId, {
          userId: order.buyerId,
          amount: order.rewardPoints,
          key: `order:${order.id}`,
          meta: { order_id: order.id, order_name: name },
        });
      }
      await orders.setStatus(tx, order, {
        to: 'PENDING',
        actor: 'system',
        actorUserId: null,
        memo: null,
        set: { paidAt: payment.paidAt ?? clock.now() },
      });
      // The product row last: a best-seller stays locked only from here to the commit.
      for (const item of items) await countOrder(tx, order.tenantId, item, 1);
    },
    async failed(tx, payment) {
      const order = await orders.lock(tx, payment.tenantId, { paymentId: payment.id });
      if (order?.status !== 'AWAITING_PAYMENT') return;
      const items = await orders.itemsOf(tx, order.tenantId, order.id);
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
      for (const item of items) await releaseStock(tx, order.tenantId, item);
      if (holdsStock(items)) stockChanged(order.tenantId);
    },
    // A refund the gateway left REQUESTED ended (webhook or reconciliation): under the order's row
    // lock, taken before the payment's; once, as only a REFUND_PENDING order moves.
    async lock(tx, payment) {
      await orders.lock(tx, payment.tenantId, { paymentId: payment.id });
    },
    async refundSettled(tx, payment, outcome) {
      const order = await orders.lock(tx, payment.tenantId, { paymentId: payment.id });
      if (order?.status !== 'REFUND_PENDING' || !order.refundTo || !order.refundFrom) return;
      if (outcome.succeeded) {
        const memo = await orders.refundRequestMemo(tx, order);
        await completeReversal(tx, order, payment, order.refundTo, { actor: 'system', userId: null, memo });
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
      const order = await orders.lock(tx, payment.tenantId, { paymentId: payment.id });
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
    const payment = await paymentRow(tx, order);
    const name = payment.orderName;
    const attempt = order.refundAttempts + 1;
    const held =
      order.rewardPoints > 0
        ? await points.holdEarnForRefund(tx, order.tenantId, { ...rewardOf(order, name, order.rewardPoints), attempt })
        : 0;
    const shortfall = order.rewardPoints - held;
    const reason = to === 'REFUNDED' ? '주문 환불' : '주문 취소';
    const refund = await payments.refund(tx, payment, Math.max(0, order.cardAmount - shortfall), reason);
    const pendingFields = { refundHeld: held, refundAttempts: attempt };
    if (refund.pending) {
      return orders.setStatus(tx, order, {
        to: 'REFUND_PENDING',
        actor: who.actor,
        actorUserId: who.userId,
        memo: who.memo,
        set: { ...pendingFields, refundTo: to, refundFrom: order.status },
      });
    }
    return completeReversal(tx, { ...order, ...pendingFields }, refund.payment, to, who);
  }

  /** The card part is back: the points spent, the held reward and the stock follow; the order ends in `to`. */
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
      },
    });
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
      set: { refundTo: null, refundFrom: null, refundHeld: 0, refundFailure: reason },
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
      const order = await orders.lock(tx, tenant.id, { id: orderId });
      if (!order?.paidAt || !mayTouch(order) || hiddenKinds(tenant).includes(order.categoryType)) {
        throw orderNotFound();
      }
      return order;
    };
    const first = await db.transaction(async (tx) => {
      const order = await locked(tx);
      const decision = decide(order);
      if (decision.kind !== 'reverse' || order.cardAmount === 0) return carryOut(tx, order, decision);
      await payments.recordRefundIntent(tx, await paymentRow(tx, order), decision.to);
      return null;
    });
    let row = first;
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

  /** One attempt of prepare, in one transaction (see `prepare`). */
  function prepareOnce(
    tenant: TenantRow,
    user: CurrentUser,
    input: PrepareInput,
    key: string | null,
    fingerprint: string,
    replay: (tx: DbOrTx) => Promise<PaymentPrepared | null>,
  ) {
    return db.transaction(async (tx): Promise<{ prepared: PaymentPrepared; stock_reserved: boolean }> => {
      // One prepare of a buyer at a time (a row lock on the buyer, released at commit): parallel
      // prepares see each other's checkouts, so the cap below holds and a key is used once.
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.tenantId, tenant.id), eq(users.id, user.id)))
        .for('no key update');
      const earlier = await replay(tx);
      if (earlier) return { prepared: earlier, stock_reserved: false };
      const open = await openCheckouts(tx, tenant.id, user.id);
      // A new checkout of the same product replaces the buyer's unpaid one; one past its window is
      // closed now rather than at the job's next run. Both through the expiry's own path.
      const release = open.flatMap((o) =>
        o.productId === input.product_id
          ? [{ paymentId: o.paymentId, reason: REPLACED }]
          : payments.expiresAt(o) <= clock.now()
            ? [{ paymentId: o.paymentId }]
            : [],
      );
      if (release.length > 0) throw new HoldsToRelease(release);
      if (open.length >= OPEN_PAYMENTS_MAX) throw tooManyOpenPayments();
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
      const address = orderType === 'delivery' ? input.buyer_addr?.trim() || null : null;
      if (orderType === 'delivery' && !address) throw AppError.badRequest(orderMessages.address, 'address_required');
      const postcode = product.categoryType === 'shopping' ? input.buyer_postcode || null : null;
      if (product.categoryType === 'shopping' && !postcode) {
        throw AppError.badRequest(orderMessages.postcode, 'postcode_required');
      }
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
      const shippingFee = fee.fee;
      const total = itemsTotal + shippingFee;
      if (input.amount !== total) throw AppError.conflict(orderMessages.priceChanged, 'price_changed');
      if (input.points_used > total) throw AppError.badRequest(orderMessages.pointsOverTotal, 'points_over_total');
      const card = total - input.points_used;
      if (card > 0 && card < CARD_MIN_AMOUNT) throw AppError.badRequest(orderMessages.cardMin, 'card_amount_too_small');
      const rate = tenant.settings.point_reward_rate ?? DEFAULT_POINT_REWARD_RATE;
      const name = orderName(product.title, option?.name ?? null, input.qty);

      const { payment, checkout } = await payments.prepare(
        tenant,
        {
          purpose: 'order',
          userId: user.id,
          amount: card,
          pointsUsed: input.points_used,
          orderName: name,
          buyer: input,
          meta: option ? { product_id: product.id, option_id: option.id } : { product_id: product.id },
          callbackType: 'purchase',
        },
        tx,
      );
      const line = { productId: product.id, optionId: option?.id ?? null };
      const order = await orders.create(
        tx,
        {
          tenantId: tenant.id,
          buyerId: user.id,
          merchantId: product.merchantId,
          paymentId: payment.id,
          orderType,
          categoryType: product.categoryType,
          itemsTotal,
          shippingFee,
          totalPrice: total,
          pointsUsed: input.points_used,
          cardAmount: card,
          // Rewards are points: none where the wallet is off (nobody could see or spend them).
          rewardPoints: tenant.features.wallet ? earnedPoints(card, rate) : 0,
          buyerName: input.buyer_name,
          deliveryAddress: address,
          deliveryPostcode: postcode,
          deliveryPhone: input.buyer_tel,
          deliveryMemo: input.delivery_memo || null,
          requestKey: key,
          requestFingerprint: key ? fingerprint : null,
          checkout,
        },
        {
          ...line,
          productTitle: product.title,
          optionName: option?.name ?? null,
          unitPrice,
          quantity: input.qty,
          totalPrice: itemsTotal,
          stockReserved: remaining === -1 ? 0 : input.qty,
        },
      );
      if (input.points_used > 0) {
        try {
          await points.lockForOrder(tx, tenant.id, holdOf(order, input.points_used, name));
        } catch (err) {
          if (err instanceof AppError && err.code === 'insufficient_balance') {
            throw AppError.badRequest(orderMessages.pointsShort, 'insufficient_points');
          }
          throw err;
        }
      }
      // Stock last: the option and product rows stay locked only from here to the commit. What the
      // line holds is what the count gave (nothing when it became unlimited meanwhile).
      let held = 0;
      if (remaining !== -1) {
        held = await reserveStock(tx, tenant.id, line, input.qty);
        if (held === 0) {
          await tx
            .update(orderItems)
            .set({ stockReserved: 0 })
            .where(and(eq(orderItems.tenantId, tenant.id), eq(orderItems.orderId, order.id)));
        }
      }
      return { prepared: prepared(order, payment), stock_reserved: held > 0 };
    });
  }

  const viewerOf = (user: CurrentUser): OrderViewer => ({ userId: user.id, merchantId: user.merchantId });

  return {
    async prepare(tenant: TenantRow, user: CurrentUser, input: PrepareInput, key: string | null) {
      if (input.points_used > 0 && !tenant.features.wallet) {
        throw AppError.badRequest('이 서비스에서는 포인트를 사용할 수 없습니다.', 'points_disabled');
      }
      const fingerprint = requestFingerprint(input);
      const replay = async (tx: DbOrTx) => {
        const earlier = key ? await orders.findByRequestKey(tx, tenant.id, user.id, key) : undefined;
        if (!earlier) return null;
        assertSameRequest(earlier.requestFingerprint, fingerprint, KEY_REUSED);
        return prepared(earlier, await paymentRow(tx, earlier));
      };
      for (let attempt = 1; ; attempt++) {
        try {
          const answer = await prepareOnce(tenant, user, input, key, fingerprint, replay);
          if (answer.stock_reserved) stockChanged(tenant.id);
          return answer.prepared;
        } catch (err) {
          if (err instanceof HoldsToRelease) {
            // Each new round means another prepare of the buyer got in first (one success each), so
            // this ends; a bound in case a hold could not be closed: it then counts as open.
            if (attempt >= PREPARE_ROUNDS) throw tooManyOpenPayments();
            await releaseHolds(tenant, err.holds);
            failpoint(seams, 'checkout.prepare:released');
            continue;
          }
          // The same key sent twice at once: the second insert waited for the first and lost.
          if (key && sqlState(err) === '23505') {
            const answer = await replay(db);
            if (answer) return answer;
          }
          throw err;
        }
      }
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
      const found = await payments.get(tenant.id, input.merchant_uid);
      if (!found || found.userId !== user.id || found.purpose !== 'order') throw paymentErrors.notFound();
      const gaveUp = input.status !== 'paid';
      const { payment } =
        gaveUp && found.amount === 0
          ? await payments.confirm(tenant.id, found.paymentId, { purpose: 'order', expireIfPending: true })
          : await payments.confirm(tenant.id, found.paymentId, {
              userId: user.id,
              purpose: 'order',
              expireIfPending: gaveUp,
            });
      const [order] = await db
        .select()
        .from(ordersTable)
        .where(and(eq(ordersTable.tenantId, tenant.id), eq(ordersTable.paymentId, payment.id)));
      if (!order) throw paymentErrors.notFound();
      return {
        success: true,
        status: 'paid',
        order_id: order.id,
        payment_id: payment.paymentId,
        payment_type: order.cardAmount === 0 ? 'full_points' : order.pointsUsed > 0 ? 'mixed_payment' : 'card_only',
        amount: order.totalPrice,
        points_used: order.pointsUsed,
        earned_points: order.rewardPoints,
      };
    },

    /** The merchant's status dialog: forward moves, cancel and refund (with the money), nothing else. */
    changeStatus(
      tenant: TenantRow,
      merchant: CurrentUser & { merchantId: number },
      input: { order_id: number; status: OrderStatus; memo: string | null },
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
          return {
            kind: 'step',
            run: (tx, locked) =>
              orders.setStatus(tx, locked, {
                to,
                actor: 'merchant',
                actorUserId: merchant.id,
                memo: input.memo,
                set: to === 'DELIVERED' ? { deliveredAt: clock.now() } : undefined,
              }),
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

    /** The user's payments (or, for `merchant`, the payments of its products' orders), newest first. */
    async listPayments(
      tenant: TenantRow,
      user: CurrentUser,
      q: { skip: number; limit: number; role: 'buyer' | 'merchant' },
    ): Promise<PaymentList> {
      if (q.role === 'merchant' && user.merchantId === null) {
        throw AppError.forbidden('가맹점주만 접근 가능합니다.', 'merchant_only');
      }
      const where =
        q.role === 'merchant'
          ? and(eq(paymentsTable.tenantId, tenant.id), eq(ordersTable.merchantId, user.merchantId as number))
          : and(eq(paymentsTable.tenantId, tenant.id), eq(paymentsTable.userId, user.id));
      const [rows, [total]] = await Promise.all([
        paymentQuery(where)
          .orderBy(desc(paymentsTable.createdAt), desc(paymentsTable.id))
          .offset(q.skip)
          .limit(q.limit),
        paymentCount(where),
      ]);
      return { payments: rows.map(presentPayment), total: total?.n ?? 0, skip: q.skip, limit: q.limit };
    },

    /** One payment, by its id or merchant_uid, for its payer or the merchant of its order. */
    async getPayment(tenant: TenantRow, user: CurrentUser, id: string): Promise<PaymentItem> {
      const byId = /^\d{1,10}$/.test(id) && Number(id) <= 2_147_483_647;
      const [row] = await paymentQuery(
        and(
          eq(paymentsTable.tenantId, tenant.id),
          byId ? eq(paymentsTable.id, Number(id)) : eq(paymentsTable.paymentId, id),
        ),
      ).limit(1);
      if (
        !row ||
        !(row.payment.userId === user.id || (row.merchantId !== null && row.merchantId === user.merchantId))
      ) {
        throw paymentErrors.notFound();
      }
      return presentPayment(row);
    },
  };

  function paymentQuery(where: SQL | undefined) {
    return db
      .select({
        payment: paymentsTable,
        orderId: ordersTable.id,
        merchantId: ordersTable.merchantId,
        productId: orderItems.productId,
        productTitle: orderItems.productTitle,
        optionName: orderItems.optionName,
      })
      .from(paymentsTable)
      .leftJoin(
        ordersTable,
        and(eq(ordersTable.tenantId, paymentsTable.tenantId), eq(ordersTable.paymentId, paymentsTable.id)),
      )
      .leftJoin(orderItems, and(eq(orderItems.tenantId, ordersTable.tenantId), eq(orderItems.orderId, ordersTable.id)))
      .where(where);
  }

  function paymentCount(where: SQL | undefined) {
    return db
      .select({ n: count() })
      .from(paymentsTable)
      .leftJoin(
        ordersTable,
        and(eq(ordersTable.tenantId, paymentsTable.tenantId), eq(ordersTable.paymentId, paymentsTable.id)),
      )
      .where(where);
  }
}

function presentPayment(row: {
  payment: PaymentRow;
  orderId: number | null;
  productId: number | null;
  productTitle: string | null;
  optionName: string | null;
}): PaymentItem {
  const p = row.payment;
  return {
    id: p.id,
    payment_id: p.paymentId,
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null,
    purpose: p.purpose,
    name: p.orderName,
    product_name: row.productTitle,
    product_id: row.productId,
    option_name: row.optionName,
    order_id: row.orderId,
    buyer_name: p.buyerName,
    amount: p.amount + p.pointsUsed,
    card_amount: p.amount,
    points_used: p.pointsUsed,
    cancelled_amount: p.cancelledAmount,
    method: p.amount > 0 ? 'card' : 'points',
    status: p.status,
    failure_reason: p.failureReason,
  };
}

export type CheckoutFlow = ReturnType<typeof createCheckoutFlow>;
