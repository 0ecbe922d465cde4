import { useMemo } from 'react';
import PaymentCallbackPage from '@/features/payments/payment-callback-page';
import { useTopupConfirmer } from '@/features/wallet/use-topup-confirmer';

/**
 * /payment/callback with each payment kind's confirmation plugged in (features never import each
 * other): top-ups by the wallet; purchases arrive with the buying issue.
 */
export default function PaymentCallbackScreen() {
  const topup = useTopupConfirmer();
  const confirmers = useMemo(() => ({ topup }), [topup]);
  return <PaymentCallbackPage confirmers={confirmers} />;
}
