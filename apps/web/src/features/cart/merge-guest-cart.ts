import { CART_LINES_MAX } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { outcomeUnknown } from '@/lib/idempotency';
import { storeCart } from './api/get-cart';
import { mergeCart } from './api/merge-cart';
import { addGuestLine, clearGuestCart, type GuestCartLine, readGuestCart } from './guest-cart';

/** Merges under way, by tenant: a second sign-in signal (strict mode, another tab's) waits for none. */
const merging = new Set<number>();

/** The lines as POST /api/cart/merge takes them. */
export function mergeBody(lines: GuestCartLine[]) {
  return {
    items: lines.map((l) => ({
      product_id: l.product_id,
      ...(l.option_id ? { option_id: l.option_id } : {}),
      qty: l.qty,
    })),
  };
}

/**
 * At sign-in: a guest's browser cart joins the account's, once. The lines are taken out of storage
 * before they are sent (another tab signing in at the same moment finds none); when the request
 * may not have arrived (offline, a server error), they are put back to go with the next sign-in or
 * page load; a refusal drops them. The account's cart comes back and replaces the cached one.
 */
export async function mergeGuestCart(queryClient: QueryClient, tenantId: number): Promise<void> {
  if (merging.has(tenantId)) return;
  const lines = readGuestCart(tenantId);
  if (lines.length === 0) {
    clearGuestCart(tenantId);
    return;
  }
  merging.add(tenantId);
  clearGuestCart(tenantId);
  try {
    const cart = await mergeCart(mergeBody(lines.slice(0, CART_LINES_MAX)));
    storeCart(queryClient, cart);
  } catch (err) {
    if (outcomeUnknown(err)) for (const line of lines) addGuestLine(tenantId, line, CART_LINES_MAX);
  } finally {
    merging.delete(tenantId);
  }
}
