import { CART_LINES_MAX, cartMessages } from '@app/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/app-toaster';
import { paths } from '@/config/paths';
import { apiErrorCode, apiErrorDetail } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { useAddCartItem } from './api/add-cart-item';
import { addGuestLine } from './guest-cart';
import { cartText as m } from './messages';

/** A line to put in the cart, as the product page knows it (what a guest's cart shows of it too). */
export interface AddToCartInput {
  product_id: number;
  option_id: number | null;
  qty: number;
  title: string;
  option_name: string | null;
  price: number;
  thumbnail_url: string | null;
  merchant: { id: number; business_name: string } | null;
}

/**
 * '장바구니 담기': into the account's cart for a member (POST /api/cart/items), the browser's for a
 * guest; then a toast with a way to the cart. Resolves true when the line went in.
 */
export function useAddToCart(): (input: AddToCartInput) => Promise<boolean> {
  const { isMember } = useSession();
  const { tenant } = useTenant();
  const navigate = useNavigate();
  const add = useAddCartItem();
  const { mutateAsync } = add;
  return useCallback(
    async (input: AddToCartInput) => {
      const added = () =>
        toast.success(cartMessages.added, {
          action: { label: m.viewCart, onClick: () => navigate(paths.cart.getHref()) },
        });
      if (!isMember) {
        const result = addGuestLine(tenant.id, input, CART_LINES_MAX);
        if (!result.ok) {
          toast.error(cartMessages.full);
          return false;
        }
        added();
        return true;
      }
      try {
        await mutateAsync({
          product_id: input.product_id,
          ...(input.option_id ? { option_id: input.option_id } : {}),
          qty: input.qty,
        });
        added();
        return true;
      } catch (err) {
        const code = apiErrorCode(err);
        toast.error(apiErrorDetail(err) ?? (code === 'cart_full' ? cartMessages.full : m.addFailed));
        return false;
      }
    },
    [isMember, tenant.id, navigate, mutateAsync],
  );
}
