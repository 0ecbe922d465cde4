import { readItem } from '@/lib/storage';

/**
 * Where a tenant's guest cart is kept in local storage. On its own, without the contracts, so the
 * app's root can see whether a guest cart waits to be merged before it loads the cart's code.
 */
export const guestCartKey = (tenantId: number) => `guest-cart:${tenantId}`;

/** Whether a guest cart is stored for this tenant (its lines are read and checked by guest-cart.ts). */
export function hasGuestCart(tenantId: number): boolean {
  return readItem(guestCartKey(tenantId)) !== null;
}
