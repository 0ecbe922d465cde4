import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { useCart } from './api/get-cart';
import { useGuestCart } from './guest-cart';

/** Whether the tenant sells anything (the shopping or the delivery module): the cart exists only then. */
export function useCartEnabled(): boolean {
  const { isEnabled } = useTenant();
  return isEnabled('shopping') || isEnabled('delivery');
}

/**
 * The lines in the cart for the header's badge: the account's (GET /api/cart `count`) for a
 * member, the browser's for a guest; null where there is no cart (no shop module, or the server
 * refused it).
 */
export function useCartCount(): number | null {
  const enabled = useCartEnabled();
  const { isMember } = useSession();
  const { tenant } = useTenant();
  const account = useCart('', { enabled: enabled && isMember });
  const guest = useGuestCart(tenant.id);
  if (!enabled) return null;
  if (!isMember) return guest.length;
  if (account.isError) return null;
  return account.data?.count ?? 0;
}
