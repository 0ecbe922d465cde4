import { chargePrepareSchema, TOPUP_DEFAULT, TOPUP_QUICK_AMOUNTS } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage, TextField } from '@/components/form/text-field';
import { Sheet } from '@/components/sheet';
import { TestPaymentNotice } from '@/components/test-payment-notice';
import { apiErrorDetail } from '@/lib/api-client';
import { openCheckout } from '@/lib/checkout';
import { useSession } from '@/lib/session';
import { AmountField } from './amount-field';
import { walletText as m, topupText as t } from './messages';
import { prepareCharge } from './wallet.api';

const quick = TOPUP_QUICK_AMOUNTS.map((value) => ({ label: t.quick(value), value }));

/**
 * The card top-up (spec 2, top-up modal): amount with quick chips, buyer details prefilled from the
 * signed-in user, then the gateway's payment window. The callback screen confirms the payment.
 */
export function TopupForm({ available }: { available?: number }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const form = useForm({
    resolver: zodResolver(chargePrepareSchema),
    mode: 'onTouched',
    defaultValues: {
      amount: TOPUP_DEFAULT,
      buyer_name: user?.username ?? '',
      buyer_tel: user?.phone ?? '',
      buyer_email: user?.email ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const validAmount = typeof amount === 'number' && amount > 0 ? amount : undefined;

  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const prepared = await prepareCharge(values);
      const outcome = await openCheckout(prepared.checkout, 'topup');
      if (outcome.kind === 'returned') navigate(outcome.href);
      else setLeaving(true);
    } catch (err) {
      setFailure(apiErrorDetail(err) ?? t.failed);
    }
  });

  const busy = isSubmitting || leaving;
  return (
    <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
      <TestPaymentNotice />
      <AmountField control={form.control} name="amount" label={t.amount} unit="원" quick={quick} hint={t.amountHint} />
      <fieldset className="wallet-fieldset">
        <legend className="field-label">{t.buyer}</legend>
        <TextField
          label={t.buyerName}
          autoComplete="name"
          error={errors.buyer_name?.message}
          {...form.register('buyer_name')}
        />
        <TextField
          label={t.buyerTel}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={t.buyerTelPlaceholder}
          error={errors.buyer_tel?.message}
          {...form.register('buyer_tel')}
        />
        <TextField
          label={t.buyerEmail}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors.buyer_email?.message}
          {...form.register('buyer_email')}
        />
      </fieldset>
      <dl className="wallet-summary">
        <div>
          <dt>{t.total}</dt>
          <dd className="wallet-summary-strong">{validAmount ? t.quick(validAmount) : '-'}</dd>
        </div>
        {available !== undefined && validAmount ? (
          <div>
            <dt>{m.balanceAfter}</dt>
            <dd>{m.points(available + validAmount)}</dd>
          </div>
        ) : null}
      </dl>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <SubmitButton className="btn btn-primary btn-lg btn-block" pending={busy} pendingLabel={t.opening}>
        {validAmount ? t.pay(validAmount) : t.payEmpty}
      </SubmitButton>
    </form>
  );
}

export function TopupDialog({
  open,
  onOpenChange,
  available,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  available?: number;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t.title} description={t.lead}>
      <TopupForm available={available} />
    </Sheet>
  );
}
