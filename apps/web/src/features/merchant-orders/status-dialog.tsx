import {
  ORDER_STATUS_MEMO_MAX,
  type Order,
  type OrderStatus,
  orderStatuses,
  orderStatusLabel,
  orderStatusUpdateSchema,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Sheet } from '@/components/sheet';
import { apiErrorDetail } from '@/lib/api-client';
import { isParcelOrder } from '@/lib/parcel-tracking';
import { orderDetailQuery, refreshMerchantOrders, updateOrderStatus } from './merchant-orders.api';
import { ordersText as m } from './messages';
import { formatOrderTime, StatusChip } from './order-parts';
import { ShipmentFields } from './shipment-fields';
import { checkShipmentDraft, type ShipmentErrors, shipmentDraft } from './shipment-values';
import '@/components/form/form.css';
import { useFocusFirstError } from '@/components/form/focus-first-error';
import { useSingleFlight } from '@/components/form/single-flight';
import { SubmitButton } from '@/components/form/submit-button';

/** Moves that send money back to the buyer: they ask once more before going to the server. */
const MONEY_BACK: readonly OrderStatus[] = ['CANCELLED', 'REFUNDED'];

interface StatusDialogProps {
  order: Order | null;
  onOpenChange: (open: boolean) => void;
  /** Called after the server accepted the change (the lists are being refreshed). */
  onUpdated: (order: Order) => void;
}

/** The merchant's status dialog (spec part 3): a new status, an optional memo, then the change. */
export function StatusDialog({ order, onOpenChange, onUpdated }: StatusDialogProps) {
  return (
    <Sheet open={order !== null} onOpenChange={onOpenChange} title={m.dialogTitle}>
      {/* Keyed by order: a new order starts with nothing chosen and an empty memo. */}
      {order ? <StatusForm key={order.id} order={order} onUpdated={onUpdated} /> : null}
    </Sheet>
  );
}

interface Failure {
  detail?: string;
}

function StatusForm({ order, onUpdated }: { order: Order; onUpdated: (order: Order) => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const [memo, setMemo] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [shipment, setShipment] = useState(() => shipmentDraft(order.shipment));
  const [shipmentErrors, setShipmentErrors] = useState<ShipmentErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const focusError = useFocusFirstError(formRef);
  const allowed = new Set(order.next_statuses);
  const label = (s: OrderStatus) => orderStatusLabel(s, order.order_type);
  // A parcel sent out may carry its carrier and number; local deliveries and pickups have none.
  const asksShipment = isParcelOrder(order) && status === 'DELIVERING';

  async function send(next: OrderStatus) {
    let parcel = {};
    if (asksShipment) {
      const checked = checkShipmentDraft(shipment, true);
      if (checked.errors) {
        setShipmentErrors(checked.errors);
        focusError();
        return;
      }
      if (checked.shipment) parcel = checked.shipment;
    }
    const parsed = orderStatusUpdateSchema.safeParse({ order_id: order.id, status: next, memo, ...parcel });
    if (!parsed.success) {
      setFailure({ detail: parsed.error.issues[0]?.message });
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const { carrier, tracking_number, ...change } = parsed.data;
      const updated = await updateOrderStatus(
        carrier && tracking_number ? { ...change, carrier, tracking_number } : change,
      );
      void refreshMerchantOrders(queryClient, order.id);
      onUpdated(updated);
    } catch (err) {
      setConfirming(false);
      setFailure({ detail: apiErrorDetail(err) });
    } finally {
      setBusy(false);
    }
  }

  // Single-flight: a double click changes the status once.
  const flight = useSingleFlight();
  const submit = flight.guard((event: FormEvent) => {
    event.preventDefault();
    if (!status || busy) return;
    if (MONEY_BACK.includes(status) && !confirming) {
      setConfirming(true);
      return;
    }
    return send(status);
  });

  if (confirming && status) {
    return (
      <form className="orders-form" onSubmit={submit}>
        <div className="orders-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <AlertTriangle size={28} aria-hidden="true" className="orders-confirm-icon" />
          <h3 id={`${id}-confirm`}>{status === 'CANCELLED' ? m.confirmCancelTitle : m.confirmRefundTitle}</h3>
          <p>{m.returnsToBuyer(order.points_used, order.card_amount)}</p>
          {order.earned_points > 0 ? <p>{m.rewardTakenBack(order.earned_points)}</p> : null}
          <p className="orders-muted">{m.cannotUndo}</p>
        </div>
        <div className="orders-dialog-actions">
          <button type="button" className="btn btn-outline" onClick={() => setConfirming(false)} disabled={busy}>
            {m.back}
          </button>
          <SubmitButton className="btn orders-btn-danger" pending={busy} pendingLabel={m.submitting}>
            {status === 'CANCELLED' ? m.confirmCancel : m.confirmRefund}
          </SubmitButton>
        </div>
      </form>
    );
  }

  return (
    <form ref={formRef} className="orders-form" onSubmit={submit} noValidate>
      <p className="orders-dialog-order">
        <span>{m.orderNumber(order.id)}</span>
        <span className="orders-muted">
          {m.currentStatus} <StatusChip status={order.status} type={order.order_type} />
        </span>
      </p>
      <fieldset className="orders-status-options" aria-describedby={`${id}-hint`}>
        <legend className="field-label">{m.newStatus}</legend>
        {/* 환불 처리 중 is where a cancel or refund waits for the card company, never a choice. */}
        {orderStatuses
          .filter((s) => s !== 'REFUND_PENDING')
          .map((s) => {
            const isCurrent = s === order.status;
            const disabled = !allowed.has(s);
            return (
              <label key={s} className={`orders-status-option${disabled ? ' is-disabled' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-status`}
                  value={s}
                  checked={status === s}
                  disabled={disabled || busy}
                  onChange={() => {
                    setStatus(s);
                    setFailure(null);
                  }}
                />
                <span>{label(s)}</span>
                {isCurrent ? <span className="orders-option-note">{m.current}</span> : null}
                {disabled && !isCurrent ? <span className="orders-option-note">{m.notAllowed}</span> : null}
              </label>
            );
          })}
      </fieldset>
      <p id={`${id}-hint`} className="field-hint">
        {allowed.size > 0 ? m.statusHint : order.status === 'REFUND_PENDING' ? m.refundPendingState : m.finalState}
      </p>
      {asksShipment ? (
        <fieldset className="orders-shipment-fields" aria-describedby={`${id}-shipment-hint`}>
          <legend className="field-label">{m.shipmentSection}</legend>
          <p id={`${id}-shipment-hint`} className="field-hint">
            {m.shipmentOptionalHint}
          </p>
          <ShipmentFields
            id={`${id}-shipment`}
            value={shipment}
            errors={shipmentErrors}
            disabled={busy}
            hint={m.shipmentNumberHint}
            onChange={(next) => {
              setShipment(next);
              setShipmentErrors({});
              setFailure(null);
            }}
          />
        </fieldset>
      ) : null}
      <div className="field">
        <label className="field-label" htmlFor={`${id}-memo`}>
          {m.statusMemo}
        </label>
        <textarea
          id={`${id}-memo`}
          className="input orders-memo"
          rows={2}
          maxLength={ORDER_STATUS_MEMO_MAX}
          placeholder={m.statusMemoPlaceholder}
          value={memo}
          disabled={busy}
          onChange={(e) => setMemo(e.currentTarget.value)}
          aria-describedby={`${id}-memo-count`}
        />
        <p id={`${id}-memo-count`} className="field-hint orders-count">
          {m.memoCount(memo.length, ORDER_STATUS_MEMO_MAX)}
        </p>
      </div>
      {failure ? (
        <div className="form-message form-message-error" role="alert">
          <p>{m.updateFailed}</p>
          {failure.detail ? <p>{failure.detail}</p> : null}
        </div>
      ) : null}
      <div className="orders-dialog-actions">
        <Dialog.Close className="btn btn-outline">{m.cancel}</Dialog.Close>
        <SubmitButton pending={busy} pendingLabel={m.submitting} disabled={!status}>
          {m.submit}
        </SubmitButton>
      </div>
      <OrderHistory order={order} />
    </form>
  );
}

/** The order's status changes, loaded when the merchant opens the section. */
function OrderHistory({ order }: { order: Order }) {
  const [open, setOpen] = useState(false);
  const { data, isPending, isError, refetch } = useQuery({ ...orderDetailQuery(order.id), enabled: open });
  const history = data?.history ?? [];
  return (
    <details className="orders-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{m.history}</summary>
      {!open ? null : isPending ? (
        <p className="orders-muted" role="status">
          {m.historyLoading}
        </p>
      ) : isError ? (
        <p className="field-error">
          {m.historyFailed}{' '}
          <button type="button" className="btn btn-ghost" onClick={() => void refetch()}>
            {m.retry}
          </button>
        </p>
      ) : history.length === 0 ? (
        <p className="orders-muted">{m.historyEmpty}</p>
      ) : (
        <ol className="orders-history-list">
          {history.map((entry) => (
            <li key={`${entry.created_at}-${entry.status}`}>
              <span className="orders-history-status">
                {orderStatusLabel(entry.status, order.order_type)}
                <span className="orders-muted"> · {m.actors[entry.actor]}</span>
              </span>
              <time dateTime={entry.created_at} className="orders-muted tabular">
                {formatOrderTime(entry.created_at)}
              </time>
              {entry.memo ? <span className="orders-history-memo">{entry.memo}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
