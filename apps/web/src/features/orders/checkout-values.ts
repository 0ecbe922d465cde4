import {
  buyerSchema,
  DEFAULT_DELIVERY_TERMS,
  DELIVERY_MEMO_MAX,
  type DeliveryTerms,
  deliveryTermsMessages,
  earnedPoints,
  ORDER_QTY_MAX,
  type OrderType,
  orderFeeFor,
  orderMessages,
  type PaymentPrepare,
  parcelTermsOf,
  paymentPrepareSchema,
  type TenantSettings,
} from '@app/contracts';
import { z } from 'zod';
import type { ReceivingValues } from '@/components/checkout/receiving-values';
import { joinAddress } from '@/components/form/address';
import { cardBelowMinimum, clampPoints } from '@/lib/payment-amounts';
import { checkoutText as t } from './messages';

// The points rules are every payment form's (lib/payment-amounts.ts); named here too, where the
// order sheet's other rules are.
export { cardBelowMinimum, clampPoints, formatPointsInput, parsePointsInput } from '@/lib/payment-amounts';

/** The tenant's parcel shipping terms (its `legal_info`: shipping_fee, free_shipping_threshold). */
export type ShippingTerms = TenantSettings['legal_info'];

/** Why an order cannot be placed as it stands (the contracts' `orderFeeFor` refusals). */
export type OrderRefusal = 'below_minimum' | 'pickup_not_offered';

/**
 * The delivery fee of an order of `itemsTotal` won received this way, and whether it can be placed:
 * the contracts' `orderFeeFor`, the rule the server charges by (parcel shipping by the merchant's or
 * else the tenant's terms, the merchant's local delivery fee and minimum, nothing for a pickup).
 */
export function orderFeeOf(
  fulfilment: Fulfilment,
  terms: DeliveryTerms,
  legal: ShippingTerms,
  itemsTotal: number,
): { fee: number; refusal: OrderRefusal | null } {
  const kind = fulfilment === 'shipping' ? 'shopping' : 'pickup';
  return orderFeeFor(terms, legal, kind, fulfilment === 'pickup' ? 'pickup' : 'delivery', itemsTotal);
}

/** The free-delivery threshold to tell the buyer about while a fee is charged, or null without one. */
export function freeDeliveryFrom(fulfilment: Fulfilment, terms: DeliveryTerms, legal: ShippingTerms): number | null {
  if (fulfilment === 'shipping') return parcelTermsOf(terms, legal).freeOver;
  if (fulfilment === 'delivery') return terms.free_delivery_over;
  return null;
}

/** The refusal in the buyer's words (deliveryTermsMessages). */
export function refusalText(refusal: OrderRefusal, terms: DeliveryTerms): string {
  return refusal === 'below_minimum'
    ? deliveryTermsMessages.belowMinimum(terms.min_order_amount)
    : deliveryTermsMessages.pickupNotOffered;
}

/**
 * The merchant's delivery terms of a product; a product answer always carries them, and one
 * without (a part-built product) is priced as a merchant who never set any.
 */
export function termsOf(product: Pick<CheckoutProduct, 'merchant'>): DeliveryTerms {
  return product.merchant?.delivery_terms ?? DEFAULT_DELIVERY_TERMS;
}

/** The most one order may hold: ORDER_QTY_MAX, and the remaining stock when it is counted (-1 unlimited). */
export function maxOrderQuantity(displayRemaining: number): number {
  if (displayRemaining < 0) return ORDER_QTY_MAX;
  return Math.min(ORDER_QTY_MAX, displayRemaining);
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
  /** The merchant's delivery terms (the fee and the refusals of an order). */
  merchant?: { delivery_terms?: DeliveryTerms | null } | null;
}

/** The option being bought, as the payment form needs it (a part of the catalogue's ProductOption). */
export interface CheckoutOption {
  id: number;
  name: string;
  price: number;
  /** null: unlimited. */
  stock: number | null;
}

/**
 * What the order sheet sells: the product, or with an option the product at the option's price and
 * with the option's stock (its name and id go with the order).
 */
export function boughtProduct<P extends Pick<CheckoutProduct, 'price' | 'display_remaining'>>(
  product: P,
  option: CheckoutOption | null | undefined,
): P {
  if (!option) return product;
  return { ...product, price: option.price, display_remaining: option.stock ?? -1 };
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
  /** 배송비 of a parcel or 배달비 of a local delivery; 0 for a pickup (and when free). */
  deliveryFee: number;
  /** Why this order cannot be placed as it stands; null when it can. */
  refusal: OrderRefusal | null;
  /** What the order costs: items plus the delivery fee. */
  total: number;
  points: number;
  /** The part charged to the card. */
  card: number;
  /** Reward points on the card part (null when the wallet is off). */
  earned: number | null;
}

/** The summary lines of the form: they always add up (items + delivery fee = points + card). */
export function checkoutSummary(input: {
  price: number;
  qty: number | undefined;
  fulfilment: Fulfilment;
  /** The merchant's delivery terms. */
  terms: DeliveryTerms;
  /** The tenant's parcel policy (legal_info), for the parcel terms the merchant left to it. */
  shipping: ShippingTerms;
  points: number | undefined;
  /** Points the buyer may spend now; null when the wallet is off (no points at all). */
  available: number | null;
  /** Percent of the card part credited as points; null when the wallet is off. */
  rewardRate: number | null;
}): CheckoutSummary {
  const qty = typeof input.qty === 'number' && Number.isInteger(input.qty) && input.qty > 0 ? input.qty : 0;
  const itemsTotal = input.price * qty;
  // No fee and no refusal before there is a quantity to price.
  const { fee, refusal } =
    qty > 0 ? orderFeeOf(input.fulfilment, input.terms, input.shipping, itemsTotal) : { fee: 0, refusal: null };
  const total = itemsTotal + fee;
  const points = input.available === null ? 0 : clampPoints(input.points, input.available, total);
  const card = total - points;
  return {
    itemsTotal,
    deliveryFee: fee,
    refusal,
    total,
    points,
    card,
    earned: input.rewardRate === null ? null : earnedPoints(card, input.rewardRate),
  };
}

/** What the form holds: the fields of every payment form, with the quantity and how it is received. */
export interface CheckoutFormValues extends ReceivingValues {
  qty: number;
  order_type: OrderType;
}

export interface CheckoutRules {
  /** The product as bought (boughtProduct: with an option, its price and stock). */
  product: Pick<CheckoutProduct, 'price' | 'category_type' | 'is_delivery' | 'display_remaining' | 'merchant'>;
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
 * a 5-digit postcode for shipped ones, points within the balance and the total, a card part
 * of at least CARD_MIN_AMOUNT when one is left, and the merchant's terms (a delivery's minimum
 * order, a pickup only where it takes them; on `order_type`, the form shows them on their own).
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
      const terms = termsOf(product);
      const itemsTotal = product.price * v.qty;
      const { fee, refusal } = orderFeeOf(fulfilment, terms, rules.shipping, itemsTotal);
      if (refusal) ctx.addIssue({ code: 'custom', path: ['order_type'], message: refusalText(refusal, terms) });
      const total = itemsTotal + fee;
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

/**
 * The prepare call's body: the total the buyer saw (goods and delivery fee), the option bought,
 * and only the fields this kind of order uses. `product` is as bought (boughtProduct).
 */
export function toPrepareBody(
  product: Pick<CheckoutProduct, 'id' | 'price' | 'category_type' | 'is_delivery' | 'merchant'>,
  values: CheckoutFormOutput,
  shipping: ShippingTerms,
  option?: Pick<CheckoutOption, 'id'> | null,
): PaymentPrepare {
  const fulfilment = fulfilmentOf(product, values.order_type);
  const itemsTotal = product.price * values.qty;
  const amount = itemsTotal + orderFeeOf(fulfilment, termsOf(product), shipping, itemsTotal).fee;
  const body: PaymentPrepare = {
    product_id: product.id,
    ...(option ? { option_id: option.id } : {}),
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
