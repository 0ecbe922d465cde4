import { TRANSFER_MEMO_MAX, TRANSFER_QUICK_AMOUNTS, type TransferResult, userSearchTypes } from '@app/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Search } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ChoiceSelect } from '@/components/form/choice-select';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';
import { FormMessage } from '@/components/form/text-field';
import { Sheet } from '@/components/sheet';
import { apiErrorDetail } from '@/lib/api-client';
import { outcomeUnknown, submissionKeys } from '@/lib/idempotency';
import { useSession } from '@/lib/session';
import { AmountField } from './amount-field';
import { walletText as m, transferText as t } from './messages';
import { type Recipient, useRecipientSearch } from './recipient-search';
import { refreshWallet, sendPoints } from './wallet.api';
import { allTransferable, transferFormSchema } from './wallet-values';

const searchTypeOptions = ['all', ...userSearchTypes] as const;

function RecipientBadge({ user }: { user: Recipient }) {
  return (
    <span className={`wallet-badge ${user.user_type === 'merchant' ? 'wallet-badge-merchant' : ''}`}>
      {user.user_type === 'merchant' ? t.merchant : t.customer}
    </span>
  );
}

function RecipientPicker({ search, error }: { search: ReturnType<typeof useRecipientSearch>; error?: string }) {
  const id = useId();
  const { state, dispatch, users, isSearching, failed, answered } = search;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-text`}>
        {t.recipient}
      </label>
      <div className="wallet-search-row">
        <ChoiceSelect
          className="input wallet-select"
          aria-label={t.searchType}
          value={state.type}
          choices={searchTypeOptions}
          labels={t.searchTypes}
          onChange={(type) => dispatch({ kind: 'type', type })}
        />
        <div className="wallet-search-input">
          <Search size={18} aria-hidden="true" />
          <input
            id={`${id}-text`}
            className="input"
            type="search"
            autoComplete="off"
            placeholder={t.searchPlaceholder}
            value={state.text}
            onChange={(e) => dispatch({ kind: 'edit', text: e.currentTarget.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        </div>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {t.searchHint}
      </p>
      {state.selected ? (
        <div className="wallet-selected" aria-live="polite">
          <span className="visually-hidden">{t.selected}</span>
          <span className="wallet-result-name">{state.selected.display_name}</span>
          <RecipientBadge user={state.selected} />
          <span className="wallet-result-meta">{state.selected.email}</span>
          <button
            type="button"
            className="btn btn-ghost wallet-selected-change"
            onClick={() => dispatch({ kind: 'unpick' })}
          >
            {t.change}
          </button>
        </div>
      ) : (
        <div aria-live="polite" className="wallet-results-area">
          {isSearching ? <p className="field-hint">{t.searching}</p> : null}
          {failed ? <p className="field-error">{t.searchFailed}</p> : null}
          {answered && users.length === 0 ? <p className="field-hint">{t.noResults}</p> : null}
          {users.length > 0 ? (
            <ul className="wallet-results" aria-label={t.results}>
              {users.map((user) => (
                <li key={user.id}>
                  <button type="button" className="wallet-result" onClick={() => dispatch({ kind: 'pick', user })}>
                    <span className="wallet-result-line">
                      <span className="wallet-result-name">{user.display_name}</span>
                      <RecipientBadge user={user} />
                    </span>
                    <span className="wallet-result-meta">
                      {user.email} · {t.matchedBy(t.searchTypes[user.search_type])}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function TransferReceipt({ result, onClose }: { result: TransferResult; onClose: () => void }) {
  return (
    <div className="wallet-receipt" role="status">
      <CheckCircle2 size={44} aria-hidden="true" className="wallet-receipt-icon" />
      <h3>{t.doneTitle}</h3>
      <p>{t.doneText(result.to_user.display_name, result.amount)}</p>
      <dl className="wallet-summary">
        <div>
          <dt>{t.doneId}</dt>
          <dd>{result.transaction_id}</dd>
        </div>
        <div>
          <dt>{t.doneBalance}</dt>
          <dd className="wallet-summary-strong">{m.points(result.balance.available)}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn-primary btn-lg btn-block" onClick={onClose}>
        {t.confirm}
      </button>
    </div>
  );
}

/** Spec 2, transfer modal: pick a recipient from the search, an amount and a memo, then send. */
function TransferForm({ available, onClose }: { available: number; onClose: () => void }) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const search = useRecipientSearch(user?.id);
  const [keys] = useState(() => submissionKeys());
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<TransferResult | null>(null);
  const resolver = useMemo(() => zodResolver(transferFormSchema(available)), [available]);
  const form = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { to_user_id: undefined as unknown as number, amount: undefined as unknown as number, memo: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const memo = useWatch({ control: form.control, name: 'memo' }) ?? '';
  const amount = useWatch({ control: form.control, name: 'amount' });

  // The form's recipient follows the picker: a pick sets it, editing the text clears it.
  const selected = search.state.selected;
  const selectedId = selected?.id;
  useEffect(() => {
    form.setValue('to_user_id', selectedId as number, { shouldValidate: form.formState.isSubmitted });
  }, [form, selectedId]);

  const quick = [
    ...TRANSFER_QUICK_AMOUNTS.map((value) => ({ label: t.quick(value), value })),
    { label: m.all, value: allTransferable(available) },
  ];

  const flight = useSingleFlight();
  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = { to_user_id: values.to_user_id, amount: values.amount, memo: values.memo ?? '' };
    try {
      const result = await sendPoints(body, keys.keyFor(body));
      keys.settle();
      setDone(result);
      void refreshWallet(queryClient, result.balance);
    } catch (err) {
      if (!outcomeUnknown(err)) keys.settle();
      setFailure(apiErrorDetail(err) ?? t.failed);
    }
  });

  if (done) return <TransferReceipt result={done} onClose={onClose} />;

  const validAmount = typeof amount === 'number' && amount > 0 ? amount : undefined;
  return (
    <form className="form-stack" noValidate onSubmit={flight.guard(onSubmit)}>
      <RecipientPicker search={search} error={errors.to_user_id?.message} />
      <AmountField
        control={form.control}
        name="amount"
        label={t.amount}
        unit="P"
        quick={quick}
        hint={`${t.amountHint} ${m.availableNow(available)}`}
      />
      <div className="field">
        <label className="field-label" htmlFor="wallet-transfer-memo">
          {t.memo}
        </label>
        <input
          id="wallet-transfer-memo"
          className="input"
          maxLength={TRANSFER_MEMO_MAX}
          placeholder={t.memoPlaceholder}
          aria-invalid={errors.memo ? true : undefined}
          aria-describedby="wallet-transfer-memo-count"
          {...form.register('memo')}
        />
        <p id="wallet-transfer-memo-count" className="field-hint wallet-count">
          {t.memoCount(memo.length, TRANSFER_MEMO_MAX)}
        </p>
        {errors.memo ? <p className="field-error">{errors.memo.message}</p> : null}
      </div>
      <section className="wallet-confirm" aria-label={t.summary}>
        <dl className="wallet-summary">
          <div>
            <dt>{t.summaryTo}</dt>
            <dd>{selected ? selected.display_name : '-'}</dd>
          </div>
          <div>
            <dt>{t.summaryAmount}</dt>
            <dd className="wallet-summary-strong">{validAmount ? m.points(validAmount) : '-'}</dd>
          </div>
          <div>
            <dt>{m.balanceAfter}</dt>
            {/* Never a negative balance: an amount above it says how much is missing. */}
            {validAmount && validAmount > available ? (
              <dd className="wallet-summary-short">{m.shortBy(validAmount - available)}</dd>
            ) : (
              <dd>{m.points(available - (validAmount ?? 0))}</dd>
            )}
          </div>
        </dl>
      </section>
      {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
      <SubmitButton className="btn btn-primary btn-lg btn-block" pending={isSubmitting} pendingLabel={t.sending}>
        {t.submit}
      </SubmitButton>
    </form>
  );
}

export function TransferDialog({
  open,
  onOpenChange,
  available,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  available: number;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={t.title}>
      <TransferForm available={available} onClose={() => onOpenChange(false)} />
    </Sheet>
  );
}
