import type { Checkout } from '@app/contracts';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { openCheckout, paymentCallbackHref } from '@/lib/checkout';
import { checkoutPartsText as t } from '@/messages/checkout';

/** A payment form's stage: filling it in, opening the payment window, or leaving for the gateway. */
export type PaymentStage = 'form' | 'opening' | 'leaving';

/** What a prepared purchase answers with (buy-now's prepare and the cart's checkout alike). */
export interface PreparedPayment {
  merchant_uid: string;
  actual_payment_amount: number;
  checkout: Checkout | null;
}

/**
 * The step after a purchase was prepared: points that pay it all go straight to the callback screen
 * (which confirms it like a card payment); otherwise the payment window opens with the answer's
 * `checkout`. `open` resolves with the text to show when the window could not be opened.
 */
export function usePaymentWindow() {
  const navigate = useNavigate();
  const [stage, setStage] = useState<PaymentStage>('form');
  const open = useCallback(
    async (prepared: PreparedPayment): Promise<string | null> => {
      if (prepared.actual_payment_amount === 0) {
        navigate(paymentCallbackHref('purchase', { paymentId: prepared.merchant_uid }));
        return null;
      }
      if (!prepared.checkout) return t.noCheckout;
      setStage('opening');
      try {
        const outcome = await openCheckout(prepared.checkout, 'purchase');
        if (outcome.kind === 'returned') navigate(outcome.href);
        else setStage('leaving');
        return null;
      } catch {
        setStage('form');
        return t.noCheckout;
      }
    },
    [navigate],
  );
  return { stage, open };
}
