import { keptReceivingText } from '@/components/checkout/receiving-values';
import { readSessionValue, removeSessionValue, writeSessionValue } from '@/lib/storage';
import type { CartCheckoutValues } from './cart-checkout-values';

/**
 * What a buyer typed into the cart's checkout, kept in this tab's session storage while the payment
 * window is open: a declined or cancelled payment brings them back to the cart with the checkout
 * open and these entries in it. The payment id remembers that the payment was the cart's, which the
 * callback screen does not know.
 */

const entriesKey = (userId: number) => `cart-checkout:${userId}`;
const paymentKey = (paymentId: string) => `cart-payment:${paymentId}`;

/** Keeps the entries of a cart payment about to open its window. */
export function keepCartCheckout(userId: number, paymentId: string, values: CartCheckoutValues): void {
  writeSessionValue(entriesKey(userId), values);
  writeSessionValue(paymentKey(paymentId), { user_id: userId });
}

/** The entries kept for this account's last cart payment in this tab, if any. */
export function readCartCheckout(userId: number): Partial<CartCheckoutValues> | null {
  // The text fields of the right type only: points are chosen again.
  return keptReceivingText(readSessionValue(entriesKey(userId)));
}

/** Whether this tab started a payment of the cart with this id. */
export function isCartPayment(paymentId: string): boolean {
  return readSessionValue(paymentKey(paymentId)) !== undefined;
}

/** A paid cart payment: its entries are no longer needed. */
export function forgetCartPayment(paymentId: string): void {
  const stored = readSessionValue(paymentKey(paymentId)) as { user_id?: unknown } | undefined;
  if (typeof stored?.user_id === 'number') removeSessionValue(entriesKey(stored.user_id));
  removeSessionValue(paymentKey(paymentId));
}

/** The navigation state that opens the cart's checkout again (after a declined or cancelled payment). */
export const resumeCheckoutState = { resumeCheckout: true } as const;

export function asksToResumeCheckout(state: unknown): boolean {
  return (state as { resumeCheckout?: unknown } | null)?.resumeCheckout === true;
}
