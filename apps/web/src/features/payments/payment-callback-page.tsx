import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import type { PaymentKind } from '@/lib/checkout';
import { paymentText as m } from './messages';
import { type CallbackState, type PaymentReceipt, readCallbackQuery, stateFromConfirmError } from './payment-callback';
import './payments.css';
import { TestPaymentNotice } from '@/components/test-payment-notice';

/** Confirms a payment of one kind with the server and says what happened (`txId`: the gateway's id, when sent). */
export type PaymentConfirmer = (paymentId: string, context?: { txId?: string }) => Promise<PaymentReceipt>;

/** Tells the server, best effort, that the payment window of a payment was cancelled or failed. */
export type PaymentAbandoner = (paymentId: string) => void;

/** Where '다시 결제하기' leads for a payment of one kind (null: nowhere known, the button is left out). */
export type PaymentRetry = (paymentId: string | undefined) => { to: string; state?: unknown } | null;

export interface PaymentCallbackPageProps {
  /** One per payment kind; the app plugs in each feature's (top-up by the wallet, purchase by orders). */
  confirmers: Partial<Record<PaymentKind, PaymentConfirmer>>;
  /** Kinds whose cancelled payments hold something back until released (a purchase's points and stock). */
  abandoners?: Partial<Record<PaymentKind, PaymentAbandoner>>;
  /**
   * Where a failed payment of each kind is tried again: a top-up on /payment/test, a purchase on its
   * product with the order sheet open again. A kind without one offers only the way home.
   */
  retries?: Partial<Record<PaymentKind, PaymentRetry>>;
}

/** /payment/callback (spec 2): processing, success or failed, for the sandbox redirect and PortOne alike. */
export default function PaymentCallbackPage({ confirmers, abandoners, retries }: PaymentCallbackPageProps) {
  const [params] = useSearchParams();
  const query = params.toString();
  const start = useMemo(() => readCallbackQuery(new URLSearchParams(query)), [query]);
  const [state, setState] = useState<CallbackState>({ kind: 'processing' });
  // A payment is confirmed once per query: strict mode's second effect run must not post it again.
  const confirmedQuery = useRef<string | null>(null);

  const confirm = useCallback(() => {
    if (start.kind !== 'confirm') return;
    const confirmer = confirmers[start.type];
    if (!confirmer) {
      setState({ kind: 'failed', text: m.purchaseUnavailable });
      return;
    }
    const confirming = start.txId ? confirmer(start.paymentId, { txId: start.txId }) : confirmer(start.paymentId);
    confirming.then(
      (receipt) => setState({ kind: 'success', receipt }),
      (err: unknown) => setState(stateFromConfirmError(err)),
    );
  }, [start, confirmers]);

  useEffect(() => {
    if (confirmedQuery.current === query) return;
    confirmedQuery.current = query;
    if (start.kind === 'failed') {
      setState({ kind: 'failed', text: start.text });
      if (start.type && start.paymentId) abandoners?.[start.type]?.(start.paymentId);
    } else {
      setState({ kind: 'processing' });
      confirm();
    }
  }, [query, start, confirm, abandoners]);

  const type = start.type;
  const retry = state.kind === 'failed' && type ? (retries?.[type]?.(start.paymentId) ?? null) : null;
  return (
    <main id="main" className="container page">
      <section className="pay-result card" aria-live="polite">
        <h1 className="visually-hidden">{m.title}</h1>
        <TestPaymentNotice />
        {state.kind === 'processing' ? (
          <>
            <div className="spinner" aria-hidden="true" />
            <h2>{m.processingTitle}</h2>
            <p>{m.processingText}</p>
          </>
        ) : null}
        {state.kind === 'pending' ? (
          <>
            <Clock size={48} aria-hidden="true" className="pay-result-icon" />
            <h2>{m.pendingTitle}</h2>
            <p>{m.pendingText}</p>
            <div className="pay-result-actions">
              <button
                type="button"
                className="btn btn-primary btn-lg"
                disabled={state.checking}
                onClick={() => {
                  setState({ kind: 'pending', checking: true });
                  confirm();
                }}
              >
                {state.checking ? m.checking : m.checkAgain}
              </button>
              <Link to={paths.home.getHref()} className="btn btn-ghost btn-lg">
                {m.home}
              </Link>
            </div>
          </>
        ) : null}
        {state.kind === 'success' && type ? (
          <>
            <CheckCircle2 size={48} aria-hidden="true" className="pay-result-icon pay-result-success" />
            <h2>{m.successTitle[type]}</h2>
            <p>{m.successText[type]}</p>
            <dl className="pay-receipt">
              {state.receipt.rows.map((row) => (
                <div key={row.label}>
                  <dt>{row.label}</dt>
                  <dd className="tabular">{row.value}</dd>
                </div>
              ))}
              {start.kind === 'confirm' ? (
                <div>
                  <dt>{m.paymentId}</dt>
                  <dd className="pay-receipt-id">{start.paymentId}</dd>
                </div>
              ) : null}
            </dl>
            <div className="pay-result-actions">
              <Link
                to={type === 'topup' ? paths.wallet.getHref() : paths.orders.getHref()}
                className="btn btn-primary btn-lg"
              >
                {type === 'topup' ? m.toWallet : m.toOrders}
              </Link>
              <Link to={paths.home.getHref()} className="btn btn-ghost btn-lg">
                {m.home}
              </Link>
            </div>
          </>
        ) : null}
        {state.kind === 'failed' ? (
          <>
            <XCircle size={48} aria-hidden="true" className="pay-result-icon pay-result-failed" />
            <h2>{m.failedTitle}</h2>
            <p role="alert">{state.text}</p>
            <div className="pay-result-actions">
              {retry ? (
                <Link to={retry.to} state={retry.state} className="btn btn-primary btn-lg">
                  {m.retry}
                </Link>
              ) : null}
              <Link to={paths.home.getHref()} className={retry ? 'btn btn-ghost btn-lg' : 'btn btn-primary btn-lg'}>
                {m.home}
              </Link>
            </div>
          </>
        ) : null}
      </section>
    </main>
  );
}
