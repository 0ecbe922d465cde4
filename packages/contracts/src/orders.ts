import { z } from 'zod';
import { ID_MAX, idSchema, optionalNumber } from './common.js';
import {
  DELIVERY_MEMO_MAX,
  ORDER_QTY_MAX,
  ORDER_STATUS_MEMO_MAX,
  ORDERS_PAGE_SIZE,
  orderMessages,
  PAYMENT_LIST_DEFAULT,
} from './plain/orders.js';
import { shippingMessages } from './plain/shipping.js';
import { carrierSchema, refineTrackingNumber, shipmentSchema, trackingNumberSchema } from './shipping.js';
import { buyerSchema, checkoutSchema, paymentIdSchema, paymentStatuses } from './wallet.js';

// The limits, shipping terms and texts need no zod (`@app/contracts/plain`).
export * from './plain/orders.js';

// --- constants of spec part 3 ----------------------------------------------------------------------

/**
 * The order status set of spec part 3, section 4, in its order, and REFUND_PENDING (ours, issue 36):
 * a cancel or refund whose card part the card company has not confirmed yet (PortOne answered the
 * cancellation REQUESTED). It ends in CANCELLED or REFUNDED once the refund succeeds, or back in
 * the status it left if the refund fails (docs/decisions/028-portone-cancellations.md).
 */
export const orderStatuses = [
  'PENDING',
  'CONFIRMED',
  'PREPARING',
  'READY',
  'DELIVERING',
  'DELIVERED',
  'CANCELLED',
  'REFUNDED',
  'REFUND_PENDING',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** How the buyer receives it: delivered to an address (food delivery and shopping parcels) or picked up. */
export const orderTypes = ['delivery', 'pickup'] as const;
export type OrderType = (typeof orderTypes)[number];

const DELIVERY_LABELS: Record<OrderStatus, string> = {
  PENDING: '주문접수',
  CONFIRMED: '주문확인',
  PREPARING: '준비중',
  READY: '준비완료',
  DELIVERING: '배송중',
  DELIVERED: '배송완료',
  CANCELLED: '취소됨',
  REFUNDED: '환불됨',
  REFUND_PENDING: '환불 처리 중',
};
const PICKUP_LABELS: Record<OrderStatus, string> = {
  ...DELIVERY_LABELS,
  READY: '픽업대기',
  DELIVERING: '픽업중',
  DELIVERED: '픽업완료',
};

/** The Korean label of a status for a delivery or a pickup order (spec part 3, section 4). */
export function orderStatusLabel(status: OrderStatus, orderType: OrderType): string {
  return (orderType === 'pickup' ? PICKUP_LABELS : DELIVERY_LABELS)[status];
}

const FORWARD: OrderStatus[] = ['PENDING', 'CONFIRMED', 'PREPARING', 'READY', 'DELIVERING', 'DELIVERED'];

/**
 * The moves the server allows a merchant (the spec's client offers every status): forward along
 * the fulfilment path (steps may be skipped), cancel from any state before DELIVERED, refund of
 * any paid state including DELIVERED; nothing out of CANCELLED or REFUNDED.
 */
export function allowedOrderMoves(from: OrderStatus): OrderStatus[] {
  // A refund on its way at the card company: nothing moves until it succeeds or fails.
  if (from === 'CANCELLED' || from === 'REFUNDED' || from === 'REFUND_PENDING') return [];
  if (from === 'DELIVERED') return ['REFUNDED'];
  const forward = FORWARD.slice(FORWARD.indexOf(from) + 1);
  return [...forward, 'CANCELLED', 'REFUNDED'];
}

/** A buyer may cancel until the merchant starts preparing. */
export const BUYER_CANCELLABLE: readonly OrderStatus[] = ['PENDING', 'CONFIRMED'];
/** A buyer confirms receipt once it is on its way or handed over. */
export const BUYER_CONFIRMABLE: readonly OrderStatus[] = ['DELIVERING', 'DELIVERED'];

// --- payment calls ---------------------------------------------------------------------------------

const won = (message: string) => z.number({ error: message }).int(message).min(0, message).max(ID_MAX, message);

/** Where an order is received, as buy-now and the cart's checkout take it. */
export const receivingFields = {
  buyer_addr: z.string().trim().max(300, '주소는 300자 이하로 입력해주세요.').optional(),
  buyer_postcode: z
    .string()
    .trim()
    .regex(/^(\d{5})?$/, orderMessages.postcode)
    .optional(),
  delivery_memo: z
    .string()
    .trim()
    .max(DELIVERY_MEMO_MAX, `요청사항은 ${DELIVERY_MEMO_MAX}자 이하로 입력해주세요.`)
    .optional(),
};

/**
 * POST /api/payment/prepare. `amount` is the order total the buyer saw (price × qty, plus shipping
 * for shopping products): the server computes it again and refuses a different one.
 * `buyer_addr` and `buyer_postcode` are required for shopping products, `buyer_addr` for delivery.
 */
export const paymentPrepareSchema = buyerSchema.extend({
  product_id: idSchema,
  /** The option bought: required when the product has options (400 option_required otherwise). */
  option_id: idSchema.optional(),
  qty: z
    .number({ error: orderMessages.qty })
    .int(orderMessages.qty)
    .min(1, orderMessages.qty)
    .max(ORDER_QTY_MAX, orderMessages.qtyMax),
  amount: won(orderMessages.priceChanged),
  points_used: won(orderMessages.pointsShort).default(0),
  /** Pickup-category products: how the buyer receives it (default delivery when the product delivers). */
  order_type: z.enum(orderTypes).optional(),
  ...receivingFields,
});
export type PaymentPrepare = z.input<typeof paymentPrepareSchema>;

export const paymentPrepareResultSchema = z
  .object({
    merchant_uid: z.string(),
    name: z.string(),
    /** Won to pay by card (0: paid with points only, confirm through the callback at once). */
    actual_payment_amount: z.number().int(),
    points_used: z.number().int(),
    order_id: z.number().int(),
    total_amount: z.number().int(),
    /** How to open the payment window; null when nothing is charged to a card. */
    checkout: checkoutSchema.nullable(),
  })
  .meta({ id: 'PaymentPrepared' });
export type PaymentPrepared = z.infer<typeof paymentPrepareResultSchema>;

/** POST /api/payment/callback: imp_uid is the gateway's id (informational: the server looks the payment up itself). */
export const paymentCallbackSchema = z.object({
  merchant_uid: paymentIdSchema,
  imp_uid: z.string().trim().max(200).optional(),
  /** What the client saw: anything but `paid` asks the server to close the payment now if it is not paid. */
  status: z.enum(['paid', 'failed', 'cancelled']).default('paid'),
});

export const paymentTypes = ['card_only', 'mixed_payment', 'full_points'] as const;

export const paymentCallbackResultSchema = z
  .object({
    success: z.literal(true),
    status: z.literal('paid'),
    /** The first order of the payment (the spec's client reads this one). */
    order_id: z.number().int(),
    /** Every order of the payment (one per merchant and kind; one for buy-now), in id order. */
    order_ids: z.array(z.number().int()),
    payment_id: z.string(),
    payment_type: z.enum(paymentTypes),
    amount: z.number().int(),
    points_used: z.number().int(),
    earned_points: z.number().int(),
  })
  .meta({ id: 'PaymentConfirmed' });
export type PaymentConfirmed = z.infer<typeof paymentCallbackResultSchema>;

export const paymentListQuerySchema = z.object({
  skip: optionalNumber(z.number().int().min(0).max(100_000)).default(0),
  limit: optionalNumber(z.number().int().min(1).max(100)).default(PAYMENT_LIST_DEFAULT),
  /** `merchant`: payments for the signed-in merchant's products instead of the user's own. */
  role: z.enum(['buyer', 'merchant']).default('buyer'),
});

export const paymentItemSchema = z
  .object({
    id: z.number().int(),
    /** Our payment id (merchant_uid). */
    payment_id: z.string(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    purpose: z.enum(['topup', 'order']),
    name: z.string(),
    product_name: z.string().nullable(),
    product_id: z.number().int().nullable(),
    /** The option bought (null without options, and for top-ups). */
    option_name: z.string().nullable(),
    order_id: z.number().int().nullable(),
    buyer_name: z.string(),
    /** Total of the payment: card part plus points. */
    amount: z.number().int(),
    card_amount: z.number().int(),
    points_used: z.number().int(),
    cancelled_amount: z.number().int(),
    method: z.enum(['card', 'points']),
    /** `partial_cancelled` (부분취소): some orders of a payment of several were cancelled or refunded. */
    status: z.enum(paymentStatuses),
    failure_reason: z.string().nullable(),
  })
  .meta({ id: 'PaymentItem' });
export type PaymentItem = z.infer<typeof paymentItemSchema>;

export const paymentListSchema = z
  .object({
    payments: z.array(paymentItemSchema),
    total: z.number().int(),
    skip: z.number().int(),
    limit: z.number().int(),
  })
  .meta({ id: 'PaymentList' });
export type PaymentList = z.infer<typeof paymentListSchema>;

/** GET /api/payment/{id}: the numeric id or the merchant_uid. */
export const paymentParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, '결제 정보가 올바르지 않습니다.'),
});

// --- orders and delivery calls ---------------------------------------------------------------------

export const orderItemSchema = z.object({
  product_id: z.number().int(),
  product_title: z.string(),
  /** The option bought, as it was named then (null for a product without options). */
  option_id: z.number().int().nullable(),
  option_name: z.string().nullable(),
  unit_price: z.number().int(),
  quantity: z.number().int(),
  total_price: z.number().int(),
  /** The product's current thumbnail (null when it has none or was deleted). */
  image_url: z.string().nullable(),
});

export const orderHistoryEntrySchema = z.object({
  from_status: z.enum(orderStatuses).nullable(),
  status: z.enum(orderStatuses),
  actor: z.enum(['buyer', 'merchant', 'system']),
  memo: z.string().nullable(),
  created_at: z.string(),
});

export const orderSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(orderStatuses),
    order_type: z.enum(orderTypes),
    /** The products' kind: shopping goods are shipped, pickup-category goods delivered or picked up. */
    category_type: z.enum(['shopping', 'pickup']),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    confirmed_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    buyer: z.object({ id: z.number().int(), name: z.string() }),
    merchant: z.object({ id: z.number().int(), name: z.string() }),
    delivery_address: z.string().nullable(),
    delivery_postcode: z.string().nullable(),
    delivery_phone: z.string(),
    delivery_memo: z.string().nullable(),
    items: z.array(orderItemSchema),
    items_total: z.number().int(),
    /** The delivery fee charged: parcel shipping (택배비) or local delivery (배달비); 0 for pickup. */
    shipping_fee: z.number().int(),
    total_price: z.number().int(),
    points_used: z.number().int(),
    card_amount: z.number().int(),
    earned_points: z.number().int(),
    payment_id: z.string(),
    /**
     * The merchant's view: why the last card refund of this order failed at the card company (the
     * order went back to the status it had), until the order moves again; null otherwise.
     */
    refund_failure: z.string().nullable(),
    /** The parcel of a shipped (택배) order once the merchant registered it; null otherwise. */
    shipment: shipmentSchema.nullable(),
    /**
     * 송장 미등록: a parcel order on its way (배송중) without a carrier and tracking number (the spec's
     * client moves orders without one); the merchant is asked to register it.
     */
    needs_shipment: z.boolean(),
    /** What the signed-in user may do now. */
    can_cancel: z.boolean(),
    can_confirm: z.boolean(),
    next_statuses: z.array(z.enum(orderStatuses)),
    /** Detail answers only: every status change, oldest first. */
    history: z.array(orderHistoryEntrySchema).optional(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

export const orderPageSchema = z
  .object({
    deliveries: z.array(orderSchema),
    page: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'OrderPage' });
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderListQuerySchema = z.object({
  skip: optionalNumber(z.number().int().min(0).max(100_000)).default(0),
  limit: optionalNumber(z.number().int().min(1).max(100)).default(ORDERS_PAGE_SIZE),
  order_type: z.enum(orderTypes).optional(),
  status: z.enum(orderStatuses).optional(),
});

/**
 * PUT /api/delivery/status (the merchant's dialog): memo trimmed, empty is null. A parcel order
 * moved to DELIVERING may carry its `carrier` and `tracking_number` (both or neither; the spec's
 * client sends neither, and the order is then 송장 미등록).
 */
export const orderStatusUpdateSchema = z
  .object({
    order_id: idSchema,
    status: z.enum(orderStatuses, { error: orderMessages.statusRequired }),
    memo: z
      .string()
      .trim()
      .max(ORDER_STATUS_MEMO_MAX, orderMessages.memoMax)
      .nullish()
      .transform((v) => (v ? v : null)),
    carrier: carrierSchema.nullish(),
    tracking_number: trackingNumberSchema.nullish(),
  })
  .superRefine((v, ctx) => {
    const given = [v.carrier, v.tracking_number].filter((x) => x != null && x !== '').length;
    if (given === 1) {
      ctx.addIssue({
        code: 'custom',
        path: [v.carrier ? 'tracking_number' : 'carrier'],
        message: shippingMessages.bothOrNeither,
      });
    } else if (given === 2 && v.status !== 'DELIVERING') {
      ctx.addIssue({ code: 'custom', path: ['carrier'], message: shippingMessages.onlyWithShipping });
    } else refineTrackingNumber(v, ctx);
  });

/** POST /api/delivery/confirm: the buyer confirms receipt (구매확정) of a delivered or arriving order. */
export const orderConfirmSchema = z.object({ order_id: idSchema });

/** POST /api/delivery/orders/{id}/cancel: the buyer cancels before preparation starts. */
export const orderCancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(ORDER_STATUS_MEMO_MAX, orderMessages.memoMax)
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const purchaseStatusSchema = z.object({ has_purchased: z.boolean() }).meta({ id: 'PurchaseStatus' });
