import type { Cart, CartCheckedOut, CartCheckout } from '@app/contracts';
import { ApiError, api, apiErrorCode } from '@/lib/api-client';

/**
 * POST /api/cart/checkout with the form's idempotency key (a lost answer is retried, not repeated):
 * one payment of the chosen lines, one order per merchant. A total that no longer matches answers
 * 409 price_changed with the cart as it is now.
 */
export function checkoutCart(body: CartCheckout, idempotencyKey: string): Promise<CartCheckedOut> {
  return api.post<CartCheckedOut>('/api/cart/checkout', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** The cart of a 409 price_changed answer (`{ detail, code, cart }`), when that is what the error is. */
export function priceChangedCart(err: unknown): Cart | null {
  if (!(err instanceof ApiError) || apiErrorCode(err) !== 'price_changed') return null;
  const cart = (err.data as { cart?: unknown } | undefined)?.cart;
  return cart && typeof cart === 'object' && Array.isArray((cart as Cart).groups) ? (cart as Cart) : null;
}
