import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { paths } from '@/config/paths';
import { cartKeys } from './api/get-cart';
import { forgetCartPayment, isCartPayment, resumeCheckoutState } from './cart-payment';

/**
 * After any purchase was confirmed on the callback screen: the paid lines have left the account's
 * cart on the server, so the cart (and the header's count) is read again; a cart payment's kept
 * entries are dropped.
 */
export function useCartAfterPurchase() {
  const queryClient = useQueryClient();
  return useCallback(
    (paymentId: string) => {
      forgetCartPayment(paymentId);
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
    },
    [queryClient],
  );
}

/** '다시 결제하기' of a declined or cancelled cart payment this tab started: back to the cart, checkout open. */
export function cartPaymentRetry(paymentId: string | undefined): { to: string; state: unknown } | null {
  if (!paymentId || !isCartPayment(paymentId)) return null;
  return { to: paths.cart.getHref(), state: resumeCheckoutState };
}
