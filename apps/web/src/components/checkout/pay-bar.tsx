import { type ReactNode, useId } from 'react';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage } from '@/components/form/text-field';
import { checkoutPartsText as t } from '@/messages/checkout';
import type { PaymentStage } from './use-payment-window';
import './checkout.css';

/** What the pay button says: the card part to pay, points only, or what is under way. */
export function payLabel(input: { stage: PaymentStage; submitting: boolean; total: number; card: number }): string {
  if (input.stage !== 'form') return t.opening;
  if (input.submitting) return t.paying;
  return input.total > 0 && input.card === 0 ? t.payWithPoints : t.pay(input.card);
}

export interface PayBarProps {
  /** Why the payment cannot be made as it stands (the button is off and names it); null when it can. */
  refusal: string | null;
  /** What went wrong with the last try. */
  failure: string | null;
  pending: boolean;
  children: ReactNode;
}

/**
 * The pay button of a payment form, with a refusal and the last failure above it. It stays at the
 * foot of the sheet while the form scrolls, so the amount being paid is always in view.
 */
export function PayBar({ refusal, failure, pending, children }: PayBarProps) {
  const refusalId = useId();
  return (
    <div className="order-pay-bar">
      {refusal ? (
        <p id={refusalId} className="form-message form-message-error" role="alert">
          {refusal}
        </p>
      ) : null}
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <SubmitButton
        className="btn btn-primary btn-lg btn-block"
        pending={pending}
        disabled={refusal !== null}
        aria-describedby={refusal ? refusalId : undefined}
      >
        {children}
      </SubmitButton>
    </div>
  );
}
