import { useMemo } from 'react';
import { paths } from '@/config/paths';
import { usePurchaseAbandoner, usePurchaseConfirmer, usePurchaseRetry } from '@/features/orders/use-purchase-confirmer';
import PaymentCallbackPage from '@/features/payments/payment-callback-page';
import { useTopupConfirmer } from '@/features/wallet/use-topup-confirmer';

// A failed top-up is started again on its own page (spec part 3: retry at /payment/test).
const retryTopup = () => ({ to: paths.paymentTest.getHref() });

/**
 * /payment/callback with each payment kind's confirmation plugged in (features never import each
 * other): top-ups by the wallet, purchases by orders, and where each kind is tried again.
 */
export default function PaymentCallbackScreen() {
  const topup = useTopupConfirmer();
  const purchase = usePurchaseConfirmer();
  const abandonPurchase = usePurchaseAbandoner();
  const confirmers = useMemo(() => ({ topup, purchase }), [topup, purchase]);
  const abandoners = useMemo(() => ({ purchase: abandonPurchase }), [abandonPurchase]);
  const retryPurchase = usePurchaseRetry();
  const retries = useMemo(() => ({ topup: retryTopup, purchase: retryPurchase }), [retryPurchase]);
  return <PaymentCallbackPage confirmers={confirmers} abandoners={abandoners} retries={retries} />;
}
