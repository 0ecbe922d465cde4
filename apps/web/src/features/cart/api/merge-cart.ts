import type { Cart, CartMerge } from '@app/contracts';
import { api } from '@/lib/api-client';

/** POST /api/cart/merge: a guest's browser cart joins the account's (lines that cannot be bought are skipped). */
export function mergeCart(body: CartMerge): Promise<Cart> {
  return api.post<Cart>('/api/cart/merge', body);
}
