import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hasGuestCart } from '@/features/cart/guest-cart-key';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';

/**
 * Wherever the session becomes a member's (the login form, Kakao, another tab, a reload), a guest
 * cart kept in this browser joins the account's cart once (features/cart/merge-guest-cart.ts). The
 * cart's code loads only when there is such a cart.
 */
export function GuestCartMerge() {
  const { isMember, user } = useSession();
  const { tenant, isEnabled } = useTenant();
  const queryClient = useQueryClient();
  const shop = isEnabled('shopping') || isEnabled('delivery');
  const memberId = isMember ? (user?.id ?? null) : null;
  useEffect(() => {
    if (memberId === null || !shop || !hasGuestCart(tenant.id)) return;
    void import('@/features/cart/merge-guest-cart').then(
      (m) => m.mergeGuestCart(queryClient, tenant.id),
      () => undefined,
    );
  }, [memberId, shop, tenant.id, queryClient]);
  return null;
}
