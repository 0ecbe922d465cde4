import { keptReceivingText } from '@/components/checkout/receiving-values';
import { readSessionValue, removeSessionValue, writeSessionValue } from '@/lib/storage';
import type { CheckoutFormValues } from './checkout-values';

/**
 * What a buyer typed into a product's order sheet, kept in this tab's session storage while the
 * payment window is open: a declined or cancelled payment brings the buyer back to the product
 * with the sheet open and these entries in it, instead of an empty form (or a top-up page).
 * Keyed by account and product, so another account signing in on this tab never sees them; the
 * payment id remembers which product a payment was for, which the callback screen does not know.
 */

const draftKey = (userId: number, productId: number) => `purchase-draft:${userId}:${productId}`;
const paymentKey = (paymentId: string) => `purchase-payment:${paymentId}`;

/** The entries of an order sheet, and the option it was for (chosen on the product page). */
export interface PurchaseDraft extends Partial<CheckoutFormValues> {
  option_id?: number;
}

/** The stored entries, the fields of the right type only (storage is anybody's to edit). */
function asDraft(value: unknown): PurchaseDraft | null {
  const draft: PurchaseDraft | null = keptReceivingText(value);
  if (!draft) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.qty === 'number' && Number.isInteger(v.qty) && v.qty > 0) draft.qty = v.qty;
  if (v.order_type === 'delivery' || v.order_type === 'pickup') draft.order_type = v.order_type;
  if (typeof v.points_used === 'number' && Number.isInteger(v.points_used) && v.points_used >= 0) {
    draft.points_used = v.points_used;
  }
  if (typeof v.option_id === 'number' && Number.isInteger(v.option_id) && v.option_id > 0)
    draft.option_id = v.option_id;
  return draft;
}

/** Keeps the entries of a payment about to open its window, and which product (and option) it is for. */
export function keepPurchaseDraft(
  userId: number,
  productId: number,
  paymentId: string,
  values: CheckoutFormValues,
  optionId?: number | null,
): void {
  writeSessionValue(draftKey(userId, productId), optionId ? { ...values, option_id: optionId } : values);
  writeSessionValue(paymentKey(paymentId), { product_id: productId, user_id: userId });
}

/** The entries kept for this account and product, if any. */
export function readPurchaseDraft(userId: number, productId: number): PurchaseDraft | null {
  return asDraft(readSessionValue(draftKey(userId, productId)));
}

const positiveId = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);

/** The product a payment of this tab was for, if this tab started it. */
export function productOfPayment(paymentId: string): number | null {
  const stored = readSessionValue(paymentKey(paymentId)) as { product_id?: unknown } | undefined;
  return positiveId(stored?.product_id);
}

/** The entries kept for the purchase a payment of this tab was for. */
export function draftOfPayment(paymentId: string): PurchaseDraft | null {
  const stored = readSessionValue(paymentKey(paymentId)) as { product_id?: unknown; user_id?: unknown } | undefined;
  const productId = positiveId(stored?.product_id);
  const userId = positiveId(stored?.user_id);
  return productId !== null && userId !== null ? readPurchaseDraft(userId, productId) : null;
}

/** A paid purchase: its entries are no longer needed. */
export function forgetPurchaseDraft(paymentId: string): void {
  const stored = readSessionValue(paymentKey(paymentId)) as { product_id?: unknown; user_id?: unknown } | undefined;
  const productId = positiveId(stored?.product_id);
  const userId = positiveId(stored?.user_id);
  if (productId !== null && userId !== null) removeSessionValue(draftKey(userId, productId));
  removeSessionValue(paymentKey(paymentId));
}
