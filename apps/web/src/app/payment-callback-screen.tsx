import { useCallback, useMemo } from 'react';
import { paths } from '@/config/paths';
import { cartPaymentRetry, useCartAfterPurchase } from '@/features/cart/use-cart-payment';
import { usePurchaseAbandoner, usePurchaseConfirmer, usePurchaseRetry } from '@/features/orders/use-purchase-confirmer';
import PaymentCallbackPage, {
  type PaymentConfirmer,
  type PaymentRetry,
} from '@/features/payments/payment-callback-page';
import { useTopupConfirmer } from '@/features/wallet/use-topup-confirmer';

// A failed top-up is started again on its own page (spec part 3: retry at /payment/test).
const retryTopup = () => ({ to: paths.paymentTest.getHref() });

/**
 * /payment/callback with each payment kind's confirmation plugged in (features never import each
 * other): top-ups by the wallet, purchases by orders (a cart's payment too, after which the cart is
 * read again: its paid lines are gone), and where each kind is tried again (a product's sheet, or
 * the cart's checkout).
 */
export default function PaymentCallbackScreen() {
  const topup = useTopupConfirmer();
  const confirmPurchase = usePurchaseConfirmer();
  const afterPurchase = useCartAfterPurchase();
  const purchase = useCallback<PaymentConfirmer>(
    async (paymentId, context) => {
      const receipt = await confirmPurchase(paymentId, context);
      afterPurchase(paymentId);
      return receipt;
    },
    [confirmPurchase, afterPurchase],
  );
  const abandonPurchase = usePurchaseAbandoner();
  const confirmers = useMemo(() => ({ topup, purchase }), [topup, purchase]);
  const abandoners = useMemo(() => ({ purchase: abandonPurchase }), [abandonPurchase]);
  const retryProduct = usePurchaseRetry();
  const retryPurchase = useCallback<PaymentRetry>(
    (paymentId) => retryProduct(paymentId) ?? cartPaymentRetry(paymentId),
    [retryProduct],
  );
  const retries = useMemo(() => ({ topup: retryTopup, purchase: retryPurchase }), [retryPurchase]);
  return <PaymentCallbackPage confirmers={confirmers} abandoners={abandoners} retries={retries} />;
}
