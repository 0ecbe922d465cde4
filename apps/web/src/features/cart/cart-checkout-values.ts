import { buyerSchema, type CartCheckout, DELIVERY_MEMO_MAX, orderMessages } from '@app/contracts';
import { z } from 'zod';
import type { ReceivingValues } from '@/components/checkout/receiving-values';
import { joinAddress } from '@/components/form/address';
import { cardBelowMinimum } from '@/lib/payment-amounts';
import type { CheckoutTotals } from './cart-values';
import { cartCheckoutText as t } from './messages';

/** What the cart's checkout form holds: the fields of every payment form and nothing else. */
export type CartCheckoutValues = ReceivingValues;

export interface CartCheckoutRules {
  /** A selected group is shipped or delivered. */
  needsAddress: boolean;
  /** A selected group is shipped by parcel. */
  needsPostcode: boolean;
  /** The amount being paid (goods and fees of the selection). */
  total: number;
  /** Points the buyer may spend now; null when the wallet is off or its balance did not load. */
  available: number | null;
}

const POSTCODE = /^\d{5}$/;
/** buyer_addr of the checkout: at most 300 characters. */
const ADDRESS_MAX = 300;

/**
 * The cart checkout's rules, with the contract's texts: the buyer, the address when anything is
 * shipped or delivered, the 5-digit postcode when a parcel goes, the memo's length, points within
 * the balance and the total, and a card part of at least CARD_MIN_AMOUNT when one is left.
 */
export function cartCheckoutFormSchema(rules: CartCheckoutRules) {
  return buyerSchema
    .extend({
      buyer_postcode: z.string().trim(),
      address_base: z.string().trim(),
      address_detail: z.string().trim(),
      delivery_memo: z.string().trim().max(DELIVERY_MEMO_MAX, t.memoMax),
      points_used: z.number({ error: orderMessages.pointsShort }).int(orderMessages.pointsShort).min(0),
    })
    .superRefine((v, ctx) => {
      if (rules.needsPostcode && !POSTCODE.test(v.buyer_postcode)) {
        ctx.addIssue({ code: 'custom', path: ['buyer_postcode'], message: orderMessages.postcode });
      }
      if (rules.needsAddress && !v.address_base) {
        ctx.addIssue({ code: 'custom', path: ['address_base'], message: orderMessages.address });
      } else if (rules.needsAddress && joinAddress(v.address_base, v.address_detail).length > ADDRESS_MAX) {
        ctx.addIssue({ code: 'custom', path: ['address_detail'], message: t.addressMax });
      }
      const available = rules.available ?? 0;
      if (v.points_used > available) {
        ctx.addIssue({ code: 'custom', path: ['points_used'], message: orderMessages.pointsShort });
      } else if (v.points_used > rules.total) {
        ctx.addIssue({ code: 'custom', path: ['points_used'], message: orderMessages.pointsOverTotal });
      } else if (cardBelowMinimum(rules.total - v.points_used)) {
        ctx.addIssue({ code: 'custom', path: ['points_used'], message: orderMessages.cardMin });
      }
    });
}

export type CartCheckoutOutput = z.output<ReturnType<typeof cartCheckoutFormSchema>>;

/**
 * POST /api/cart/checkout's body: the selected lines, the total the buyer saw for them, each
 * 배달/픽업 choice, and the address fields only when something is shipped or delivered.
 */
export function toCartCheckoutBody(totals: CheckoutTotals, values: CartCheckoutOutput): CartCheckout {
  const body: CartCheckout = {
    item_ids: totals.groups.flatMap((g) => g.items.map((i) => i.id)),
    points_used: values.points_used,
    amount: totals.total,
    buyer_name: values.buyer_name,
    buyer_email: values.buyer_email,
    buyer_tel: values.buyer_tel,
    order_types: totals.orderTypes,
  };
  if (totals.needsAddress) body.buyer_addr = joinAddress(values.address_base, values.address_detail);
  if (totals.needsPostcode) body.buyer_postcode = values.buyer_postcode;
  if (values.delivery_memo) body.delivery_memo = values.delivery_memo;
  return body;
}
