import {
  type BridgeStatus,
  WITHDRAW_CHAIN_LABELS,
  WITHDRAW_MAX,
  WITHDRAW_MIN,
  WITHDRAW_STEP,
  withdrawChains,
} from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage, TextField } from '@/components/form/text-field';
import { Sheet } from '@/components/sheet';
import { apiErrorDetail } from '@/lib/api-client';
import { outcomeUnknown, submissionKeys } from '@/lib/idempotency';
import { AmountField } from './amount-field';
import { walletText as m, withdrawText as t } from './messages';
import { bridgeStatusQuery, refreshWallet, registerWalletAddress, requestWithdrawal, walletKeys } from './wallet.api';
import { chainLabel, floorToStep, formatDateTime, shortenHex, withdrawFormSchema } from './wallet-values';

/**
 * Watches the bridge while the wallet has points on their way out: a pending withdrawal that settled
 * changed the balance (locked points left, or came back on failure), so the wallet reloads.
 */
export function useWithdrawalWatch(enabled: boolean) {
  const queryClient = useQueryClient();
  const status = useQuery({ ...bridgeStatusQuery, enabled });
  const pendingBefore = useRef<Set<number>>(new Set());
  useEffect(() => {
    const withdrawals = status.data?.withdrawals;
    if (!withdrawals) return;
    const pendingNow = new Set(withdrawals.filter((w) => w.status === 'pending').map((w) => w.id));
    const settled = [...pendingBefore.current].some((id) => !pendingNow.has(id));
    pendingBefore.current = pendingNow;
    if (settled) void refreshWallet(queryClient);
  }, [status.data, queryClient]);
}

function WithdrawalList() {
  const status = useQuery(bridgeStatusQuery);
  return (
    <section className="wallet-withdrawals" aria-labelledby="wallet-withdrawals-title">
      <h3 id="wallet-withdrawals-title">{t.historyTitle}</h3>
      {status.isPending ? <p className="field-hint">{t.historyLoading}</p> : null}
      {status.isError ? (
        <div className="wallet-inline-error" role="alert">
          <span>{t.historyFailed}</span>
          <button type="button" className="btn btn-ghost" onClick={() => void status.refetch()}>
            {m.retry}
          </button>
        </div>
      ) : null}
      {status.data && status.data.withdrawals.length === 0 ? <p className="field-hint">{t.historyEmpty}</p> : null}
      {status.data && status.data.withdrawals.length > 0 ? (
        <ul className="wallet-withdrawal-list">
          {status.data.withdrawals.map((w) => (
            <li key={w.id} className="wallet-withdrawal">
              <div className="wallet-withdrawal-top">
                <strong className="tabular">{m.points(w.amount)}</strong>
                <span className={`wallet-status wallet-status-${w.status}`}>{t.statuses[w.status]}</span>
              </div>
              <p className="wallet-result-meta">
                {chainLabel(w.target_chain)} · {t.to}{' '}
                <code title={w.target_address}>{shortenHex(w.target_address)}</code>
              </p>
              <p className="wallet-result-meta">
                {formatDateTime(w.created_at)}
                {w.tx_hash ? (
                  <>
                    {' · '}
                    {t.txHash} <code title={w.tx_hash}>{shortenHex(w.tx_hash, 10, 6)}</code>
                  </>
                ) : null}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** Withdraw to an external address (spec 7): address, network and amount, then the bridge's status list. */
function WithdrawForm({ available, registeredAddress }: { available: number; registeredAddress: string | null }) {
  const queryClient = useQueryClient();
  const chainId = useId();
  const [keys] = useState(() => submissionKeys());
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [saveAddress, setSaveAddress] = useState(false);
  const resolver = useMemo(() => zodResolver(withdrawFormSchema(available)), [available]);
  const form = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      amount: undefined as unknown as number,
      target_address: registeredAddress ?? '',
      target_chain: 'ethereum' as (typeof withdrawChains)[number],
    },
  });
  const { errors, isSubmitting } = form.formState;
  const typedAddress = useWatch({ control: form.control, name: 'target_address' }) ?? '';
  const isNewAddress = typedAddress.trim().toLowerCase() !== (registeredAddress ?? '').toLowerCase();

  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const answer = await requestWithdrawal(values, keys.keyFor(values));
      keys.settle();
      queryClient.setQueryData<BridgeStatus>(walletKeys.bridge, (old) =>
        old
          ? {
              ...old,
              withdrawals: [answer.withdrawal, ...old.withdrawals.filter((w) => w.id !== answer.withdrawal.id)],
            }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: walletKeys.bridge });
      void refreshWallet(queryClient, answer.balance);
      let text: string = t.accepted(answer.withdrawal.amount);
      if (saveAddress && isNewAddress) {
        try {
          await registerWalletAddress(values.target_address);
          void queryClient.invalidateQueries({ queryKey: walletKeys.overview });
        } catch {
          text = `${text} ${t.saveAddressFailed}`;
        }
      }
      setResult({ tone: 'success', text });
      form.resetField('amount');
    } catch (err) {
      if (!outcomeUnknown(err)) keys.settle();
      setResult({ tone: 'error', text: apiErrorDetail(err) ?? t.failed });
    }
  });

  const quick = [{ label: m.all, value: floorToStep(Math.min(available, WITHDRAW_MAX), WITHDRAW_STEP) }];
  return (
    <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
      <TextField
        label={t.address}
        placeholder={t.addressPlaceholder}
        autoComplete="off"
        spellCheck={false}
        className="wallet-mono"
        hint={registeredAddress ? t.addressHint : undefined}
        error={errors.target_address?.message}
        {...form.register('target_address')}
      />
      {isNewAddress && typedAddress.trim() ? (
        <label className="wallet-check">
          <input type="checkbox" checked={saveAddress} onChange={(e) => setSaveAddress(e.currentTarget.checked)} />
          <span>{t.saveAddress}</span>
        </label>
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor={chainId}>
          {t.chain}
        </label>
        <select id={chainId} className="input wallet-select" {...form.register('target_chain')}>
          {withdrawChains.map((chain) => (
            <option key={chain} value={chain}>
              {WITHDRAW_CHAIN_LABELS[chain]}
            </option>
          ))}
        </select>
        {errors.target_chain ? <p className="field-error">{errors.target_chain.message}</p> : null}
      </div>
      <AmountField
        control={form.control}
        name="amount"
        label={t.amount}
        unit="P"
        quick={quick}
        hint={`${t.amountHint(WITHDRAW_MIN, WITHDRAW_MAX, WITHDRAW_STEP)} ${m.availableNow(available)}`}
      />
      {result ? <FormMessage tone={result.tone}>{result.text}</FormMessage> : null}
      <SubmitButton className="btn btn-primary btn-lg btn-block" pending={isSubmitting} pendingLabel={t.sending}>
        {t.submit}
      </SubmitButton>
    </form>
  );
}

export function WithdrawDialog({
  open,
  onOpenChange,
  available,
  registeredAddress,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  available: number;
  registeredAddress: string | null;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t.title} description={t.lead}>
      <WithdrawForm available={available} registeredAddress={registeredAddress} />
      <WithdrawalList />
    </Sheet>
  );
}
