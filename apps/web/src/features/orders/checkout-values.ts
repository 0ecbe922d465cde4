import {
  buyerSchema,
  CARD_MIN_AMOUNT,
  DELIVERY_MEMO_MAX,
  earnedPoints,
  ORDER_QTY_MAX,
  type OrderType,
  orderMessages,
  type PaymentPrepare,
  paymentPrepareSchema,
  shippingFeeFor,
  shippingTerms,
  type TenantSettings,
} from '@app/contracts';
import { z } from 'zod';
import { joinAddress } from '@/components/form/address';
import { formatNumber } from '@/lib/format';
import { checkoutText as t } from './messages';

/** The tenant's parcel shipping terms (its `legal_info`: shipping_fee, free_shipping_threshold). */
export type ShippingTerms = TenantSettings['legal_info'];

/**
 * Shipping of a shopping order of `itemsTotal` won: the contracts' rule, the one the server prices
 * with (the tenant's fee, 0 when unset; free from its threshold up).
 */
export function shippingFeeOf(terms: ShippingTerms, itemsTotal: number): number {
  return shippingFeeFor(terms, itemsTotal);
}

/** The free-shipping threshold to tell the buyer about, when the tenant has one. */
export function freeShippingFrom(terms: ShippingTerms): number {
  return shippingTerms(terms).freeShippingThreshold;
}

/** The most one order may hold: ORDER_QTY_MAX, and the remaining stock when it is counted (-1 unlimited). */
export function maxOrderQuantity(displayRemaining: number): number {
  if (displayRemaining < 0) return ORDER_QTY_MAX;
  return Math.min(ORDER_QTY_MAX, displayRemaining);
}

/** Spec 5: the points input is clamped between 0 and min(available, total). */
export function clampPoints(value: number | undefined, available: number, total: number): number {
  const v = typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : 0;
  const max = Math.max(0, Math.min(available, total));
  return Math.min(Math.max(0, v), max);
}

/** A card part the acquirers refuse: something left to charge, but less than CARD_MIN_AMOUNT. */
export function cardBelowMinimum(cardAmount: number): boolean {
  return cardAmount > 0 && cardAmount < CARD_MIN_AMOUNT;
}

/** The product as the payment form needs it (a part of the catalogue's ProductDetail). */
export interface CheckoutProduct {
  id: number;
  title: string;
  price: number;
  category_type: 'shopping' | 'pickup';
  is_delivery: boolean;
  display_remaining: number;
  image_url: string | null;
  thumbnail_url?: string | null;
}

/** How the order is received: shopping goods are shipped, pickup-category goods delivered or picked up. */
export type Fulfilment = 'shipping' | 'delivery' | 'pickup';

export function fulfilmentOf(product: Pick<CheckoutProduct, 'category_type' | 'is_delivery'>, orderType: OrderType) {
  if (product.category_type === 'shopping') return 'shipping' as const;
  if (!product.is_delivery) return 'pickup' as const;
  return orderType;
}

/** Pickup-category products that deliver offer 배달 or 픽업; everything else has one way. */
export function offersOrderTypeChoice(product: Pick<CheckoutProduct, 'category_type' | 'is_delivery'>): boolean {
  return product.category_type === 'pickup' && product.is_delivery;
}

export interface CheckoutSummary {
  itemsTotal: number;
  shippingFee: number;
  /** What the order costs: items plus shipping. */
  total: number;
  points: number;
  /** The part charged to the card. */
  card: number;
  /** Reward points on the card part (null when the wallet is off). */
  earned: number | null;
}

/** The summary lines of the form: they always add up (items + shipping = points + card). */
export function checkoutSummary(input: {
  price: number;
  qty: number | undefined;
  fulfilment: Fulfilment;
  shipping: ShippingTerms;
  points: number | undefined;
  /** Points the buyer may spend now; null when the wallet is off (no points at all). */
  available: number | null;
  /** Percent of the card part credited as points; null when the wallet is off. */
  rewardRate: number | null;
}): CheckoutSummary {
  const qty = typeof input.qty === 'number' && Number.isInteger(input.qty) && input.qty > 0 ? input.qty : 0;
  const itemsTotal = input.price * qty;
  const shippingFee = input.fulfilment === 'shipping' && qty > 0 ? shippingFeeOf(input.shipping, itemsTotal) : 0;
  const total = itemsTotal + shippingFee;
  const points = input.available === null ? 0 : clampPoints(input.points, input.available, total);
  const card = total - points;
  return {
    itemsTotal,
    shippingFee,
    total,
    points,
    card,
    earned: input.rewardRate === null ? null : earnedPoints(card, input.rewardRate),
  };
}

/** What the form holds (the address as a searched base and a typed detail, joined when sent). */
export interface CheckoutFormValues {
  buyer_name: string;
  buyer_email: string;
  buyer_tel: string;
  qty: number;
  order_type: OrderType;
  buyer_postcode: string;
  address_base: string;
  address_detail: string;
  delivery_memo: string;
  points_used: number;
}

export interface CheckoutRules {
  product: Pick<CheckoutProduct, 'price' | 'category_type' | 'is_delivery' | 'display_remaining'>;
  shipping: ShippingTerms;
  /** Points the buyer may spend now; null when the wallet is off or its balance did not load. */
  available: number | null;
}

const POSTCODE = /^\d{5}$/;
/** buyer_addr of the prepare call: at most 300 characters. */
const ADDRESS_MAX = 300;

/**
 * The payment form's rules (spec part 3, section 5, with the contract's texts): buyer fields,
 * quantity within 1..ORDER_QTY_MAX and the stock, the address for shipped and delivered orders,
 * a 5-digit postcode for shipped ones, points within the balance and the total, and a card part
 * of at least CARD_MIN_AMOUNT when one is left.
 */
export function checkoutFormSchema(rules: CheckoutRules) {
  const { product } = rules;
  return buyerSchema
    .extend({
      qty: paymentPrepareSchema.shape.qty,
      order_type: z.enum(['delivery', 'pickup']),
      buyer_postcode: z.string().trim(),
      address_base: z.string().trim(),
      address_detail: z.string().trim(),
      delivery_memo: z.string().trim().max(DELIVERY_MEMO_MAX, t.memoMax),
      points_used: z.number({ error: orderMessages.pointsShort }).int(orderMessages.pointsShort).min(0),
    })
    .superRefine((v, ctx) => {
      const fulfilment = fulfilmentOf(product, v.order_type);
      if (product.display_remaining === 0) {
        ctx.addIssue({ code: 'custom', path: ['qty'], message: orderMessages.soldOut });
      } else if (product.display_remaining > 0 && v.qty > product.display_remaining) {
        ctx.addIssue({ code: 'custom', path: ['qty'], message: orderMessages.stockShort });
      }
      if (fulfilment === 'shipping' && !POSTCODE.test(v.buyer_postcode)) {
        ctx.addIssue({ code: 'custom', path: ['buyer_postcode'], message: orderMessages.postcode });
      }
      if (fulfilment !== 'pickup' && !v.address_base) {
        ctx.addIssue({ code: 'custom', path: ['address_base'], message: orderMessages.address });
      } else if (joinAddress(v.address_base, v.address_detail).length > ADDRESS_MAX) {
        ctx.addIssue({ code: 'custom', path: ['address_detail'], message: t.addressMax });
      }
      const itemsTotal = product.price * v.qty;
      const total = itemsTotal + (fulfilment === 'shipping' ? shippingFeeOf(rules.shipping, itemsTotal) : 0);
      const available = rules.available ?? 0;
      if (v.points_used > available) {
        ctx.addIssue({ code: 'custom', path: ['points_used'], message: orderMessages.pointsShort });
      } else if (v.points_used > total) {
        ctx.addIssue({ code: 'custom', path: ['points_used'], message: orderMessages.pointsOverTotal });
      } else if (cardBelowMinimum(total - v.points_used)) {
        ctx.addIssue({ code: 'custom', path: ['points_used'], message: orderMessages.cardMin });
      }
    });
}

export type CheckoutFormOutput = z.output<ReturnType<typeof checkoutFormSchema>>;

/** The prepare call's body: the total the buyer saw, and only the fields this kind of order uses. */
export function toPrepareBody(
  product: Pick<CheckoutProduct, 'id' | 'price' | 'category_type' | 'is_delivery'>,
  values: CheckoutFormOutput,
  shipping: ShippingTerms,
): PaymentPrepare {
  const fulfilment = fulfilmentOf(product, values.order_type);
  const itemsTotal = product.price * values.qty;
  const amount = itemsTotal + (fulfilment === 'shipping' ? shippingFeeOf(shipping, itemsTotal) : 0);
  const body: PaymentPrepare = {
    product_id: product.id,
    qty: values.qty,
    amount,
    points_used: values.points_used,
    buyer_name: values.buyer_name,
    buyer_email: values.buyer_email,
    buyer_tel: values.buyer_tel,
  };
  if (product.category_type === 'pickup') body.order_type = fulfilment === 'pickup' ? 'pickup' : 'delivery';
  if (fulfilment !== 'pickup') body.buyer_addr = joinAddress(values.address_base, values.address_detail);
  if (fulfilment === 'shipping') body.buyer_postcode = values.buyer_postcode;
  if (values.delivery_memo) body.delivery_memo = values.delivery_memo;
  return body;
}

// --- typed amounts ----------------------------------------------------------------------------------

const MAX_AMOUNT_DIGITS = 10;

/** A typed amount: digits only (separators dropped); empty is 0. */
export function parsePointsInput(text: string): number {
  const digits = text.replace(/\D/g, '').slice(0, MAX_AMOUNT_DIGITS);
  return digits ? Number(digits) : 0;
}

/** The points field while typing: `3,000` (DESIGN.md: separators as the user types). */
export function formatPointsInput(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '' : formatNumber(value);
}
