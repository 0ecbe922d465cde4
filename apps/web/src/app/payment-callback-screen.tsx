import { useMemo } from 'react';
import { usePurchaseAbandoner, usePurchaseConfirmer } from '@/features/orders/use-purchase-confirmer';
import PaymentCallbackPage from '@/features/payments/payment-callback-page';
import { useTopupConfirmer } from '@/features/wallet/use-topup-confirmer';

/**
 * /payment/callback with each payment kind's confirmation plugged in (features never import each
 * other): top-ups by the wallet, purchases by orders.
 */
export default function PaymentCallbackScreen() {
  const topup = useTopupConfirmer();
  const purchase = usePurchaseConfirmer();
  const abandonPurchase = usePurchaseAbandoner();
  const confirmers = useMemo(() => ({ topup, purchase }), [topup, purchase]);
  const abandoners = useMemo(() => ({ purchase: abandonPurchase }), [abandonPurchase]);
  return <PaymentCallbackPage confirmers={confirmers} abandoners={abandoners} />;
}
