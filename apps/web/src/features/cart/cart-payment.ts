import type { CartCheckoutValues } from './cart-checkout-values';

/**
 * What a buyer typed into the cart's checkout, kept in this tab's session storage while the payment
 * window is open: a declined or cancelled payment brings them back to the cart with the checkout
 * open and these entries in it. The payment id remembers that the payment was the cart's, which the
 * callback screen does not know.
 */

const entriesKey = (userId: number) => `cart-checkout:${userId}`;
const paymentKey = (paymentId: string) => `cart-payment:${paymentId}`;

function session(): Storage | undefined {
  if (typeof window === 'undefined') return undefined;
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function read(key: string): unknown {
  try {
    const text = session()?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    session()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: a retry then starts from the profile's details.
  }
}

function remove(key: string): void {
  try {
    session()?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

const textFields = [
  'buyer_name',
  'buyer_email',
  'buyer_tel',
  'buyer_postcode',
  'address_base',
  'address_detail',
  'delivery_memo',
] as const;

/** The kept entries, the text fields of the right type only (points are chosen again). */
function asEntries(value: unknown): Partial<CartCheckoutValues> | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const entries: Partial<CartCheckoutValues> = {};
  for (const key of textFields) if (typeof v[key] === 'string') entries[key] = v[key];
  return entries;
}

/** Keeps the entries of a cart payment about to open its window. */
export function keepCartCheckout(userId: number, paymentId: string, values: CartCheckoutValues): void {
  write(entriesKey(userId), values);
  write(paymentKey(paymentId), { user_id: userId });
}

/** The entries kept for this account's last cart payment in this tab, if any. */
export function readCartCheckout(userId: number): Partial<CartCheckoutValues> | null {
  return asEntries(read(entriesKey(userId)));
}

/** Whether this tab started a payment of the cart with this id. */
export function isCartPayment(paymentId: string): boolean {
  return read(paymentKey(paymentId)) !== undefined;
}

/** A paid cart payment: its entries are no longer needed. */
export function forgetCartPayment(paymentId: string): void {
  const stored = read(paymentKey(paymentId)) as { user_id?: unknown } | undefined;
  if (typeof stored?.user_id === 'number') remove(entriesKey(stored.user_id));
  remove(paymentKey(paymentId));
}

/** The navigation state that opens the cart's checkout again (after a declined or cancelled payment). */
export const resumeCheckoutState = { resumeCheckout: true } as const;

export function asksToResumeCheckout(state: unknown): boolean {
  return (state as { resumeCheckout?: unknown } | null)?.resumeCheckout === true;
}
