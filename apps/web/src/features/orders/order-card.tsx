import { ORDER_STATUS_MEMO_MAX, type Order, orderStatusLabel } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronUp, Package } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { toast } from '@/components/app-toaster';
import { TrackingSheet } from '@/components/tracking/tracking-sheet';
import { apiErrorDetail } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { orderFeeLabel } from '@/lib/order-fee';
import { formatTrackingNumber, isParcelOrder } from '@/lib/parcel-tracking';
import { formatPhone } from '@/lib/phone';
import { purchaseMessages } from '@/messages/purchases';
import { ordersText as m } from './messages';
import { OrderActionDialog } from './order-action-dialog';
import { formatOrderDateTime, orderKindLabel, statusTone } from './order-list-values';
import { cancelOrder, confirmOrderReceipt, orderDetailQuery, orderKeys, refreshAfterOrderChange } from './orders.api';

function OrderHistory({ order }: { order: Order }) {
  const detail = useQuery(orderDetailQuery(order.id));
  if (detail.isPending) {
    return (
      <p className="order-muted" role="status">
        {m.historyLoading}
      </p>
    );
  }
  if (detail.isError) {
    return (
      <p className="field-error" role="alert">
        {m.historyFailed}
      </p>
    );
  }
  const history = detail.data.history ?? [];
  if (history.length === 0) return <p className="order-muted">{m.historyEmpty}</p>;
  return (
    <ol className="order-history">
      {history.map((entry) => (
        <li key={`${entry.created_at}-${entry.status}`} className="order-history-entry">
          <span className="order-history-status">{orderStatusLabel(entry.status, order.order_type)}</span>
          <span className="order-muted">
            <time dateTime={entry.created_at}>{formatOrderDateTime(entry.created_at)}</time> · {m.actors[entry.actor]}
          </span>
          {entry.memo ? <span className="order-history-memo">{entry.memo}</span> : null}
        </li>
      ))}
    </ol>
  );
}

type Action = 'confirm' | 'cancel';

function useOrderAction(order: Order, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: Action; reason?: string | null }) =>
      action === 'confirm' ? confirmOrderReceipt(order.id) : cancelOrder(order.id, reason ?? null),
    onSuccess: (updated, { action }) => {
      toast.success(action === 'confirm' ? m.confirmed : m.cancelled);
      onDone();
      void refreshAfterOrderChange(queryClient, updated);
    },
  });
}

/**
 * One order of the history: status, items, amounts, where it goes, and what the buyer may do now.
 * `level` 3 inside a block of orders paid together (its heading is the block's h2).
 */
export function OrderCard({ order, level = 2 }: { order: Order; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const [dialog, setDialog] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const [expanded, setExpanded] = useState(false);
  const [tracking, setTracking] = useState(false);
  const id = useId();
  const queryClient = useQueryClient();
  const action = useOrderAction(order, () => setDialog(null));
  const reasonTooLong = reason.trim().length > ORDER_STATUS_MEMO_MAX;
  const status = orderStatusLabel(order.status, order.order_type);
  const openDialog = (next: Action | null) => {
    action.reset();
    if (next === 'cancel') setReason('');
    setDialog(next);
  };
  const failure = action.isError
    ? (apiErrorDetail(action.error) ?? (dialog === 'cancel' ? m.cancelFailed : m.confirmFailed))
    : null;
  const receivedBy = order.category_type === 'shopping' ? 'delivery' : order.order_type;
  // 택배비 or 배달비 on a line of its own; a pickup pays none.
  const feeLabel = orderFeeLabel(order);
  const shipment = isParcelOrder(order) ? order.shipment : null;
  // The carrier reported the parcel delivered: the server moved the order, so the list is asked again.
  const onDelivered = useCallback(() => void queryClient.invalidateQueries({ queryKey: orderKeys.all }), [queryClient]);

  return (
    <article className="order-card card" aria-labelledby={`${id}-title`}>
      <header className="order-card-head">
        <div>
          <Heading id={`${id}-title`} className="order-card-title">
            <time dateTime={order.created_at}>{formatOrderDateTime(order.created_at)}</time>
          </Heading>
          <p className="order-muted">
            {m.orderNo(order.id)} · {orderKindLabel(order)} · {order.merchant.name}
          </p>
        </div>
        <span className={`order-status order-status-${statusTone(order.status)}`}>{status}</span>
      </header>

      <ul className="order-items">
        {order.items.map((item) => {
          const src = mediaUrl(item.image_url);
          return (
            <li key={`${item.product_id}-${item.option_id ?? ''}-${item.product_title}`} className="order-item">
              <div className="order-thumb">
                {src ? <img src={src} alt="" loading="lazy" /> : <Package size={22} aria-hidden="true" />}
              </div>
              <div className="order-item-text">
                <p className="order-item-title">{item.product_title}</p>
                {item.option_name ? (
                  <p className="order-item-option">{purchaseMessages.option(item.option_name)}</p>
                ) : null}
                <p className="order-muted tabular">{m.itemLine(item.quantity, item.unit_price)}</p>
              </div>
              <p className="order-item-price tabular">{m.won(item.total_price)}</p>
            </li>
          );
        })}
      </ul>

      <dl className="order-summary order-card-amounts" aria-label={m.amounts}>
        {feeLabel ? (
          <>
            <div>
              <dt>{m.itemsTotal}</dt>
              <dd>{m.won(order.items_total)}</dd>
            </div>
            <div>
              <dt>{feeLabel}</dt>
              <dd>{order.shipping_fee > 0 ? m.won(order.shipping_fee) : purchaseMessages.free}</dd>
            </div>
          </>
        ) : null}
        <div className="order-summary-total">
          <dt>{m.totalPrice}</dt>
          <dd>{m.won(order.total_price)}</dd>
        </div>
        {order.points_used > 0 ? (
          <div>
            <dt>{m.pointsUsed}</dt>
            <dd>{m.minusPoints(order.points_used)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{m.cardAmount}</dt>
          <dd>{m.won(order.card_amount)}</dd>
        </div>
        {order.earned_points > 0 ? (
          <div>
            <dt>{m.earned}</dt>
            <dd className="order-earned">{m.plusPoints(order.earned_points)}</dd>
          </div>
        ) : null}
      </dl>

      <dl className="order-facts">
        <div>
          <dt>{m.receiving}</dt>
          <dd>
            {receivedBy === 'pickup'
              ? m.pickupPlace
              : [order.delivery_postcode ? `(${order.delivery_postcode})` : '', order.delivery_address ?? '']
                  .filter(Boolean)
                  .join(' ')}
          </dd>
        </div>
        <div>
          <dt>{m.phone}</dt>
          <dd className="tabular">{formatPhone(order.delivery_phone)}</dd>
        </div>
        {order.delivery_memo ? (
          <div>
            <dt>{m.memo}</dt>
            <dd>{order.delivery_memo}</dd>
          </div>
        ) : null}
        {shipment ? (
          <div>
            <dt>{m.trackingNumber}</dt>
            <dd className="tabular">
              {shipment.carrier_name} {formatTrackingNumber(shipment.tracking_number)}
            </dd>
          </div>
        ) : order.needs_shipment ? (
          <div>
            <dt>{m.trackingNumber}</dt>
            <dd className="order-muted">
              {m.shipmentMissing} · {m.shipmentMissingHint}
            </dd>
          </div>
        ) : null}
        {order.delivered_at ? (
          <div>
            <dt>{m.deliveredAt[receivedBy]}</dt>
            <dd>
              <time dateTime={order.delivered_at}>{formatOrderDateTime(order.delivered_at)}</time>
            </dd>
          </div>
        ) : null}
        {order.confirmed_at ? (
          <div>
            <dt>{m.confirmedAt}</dt>
            <dd>
              <time dateTime={order.confirmed_at}>{formatOrderDateTime(order.confirmed_at)}</time>
            </dd>
          </div>
        ) : null}
        {order.cancelled_at ? (
          <div>
            <dt>{m.cancelledAt}</dt>
            <dd>
              <time dateTime={order.cancelled_at}>{formatOrderDateTime(order.cancelled_at)}</time>
            </dd>
          </div>
        ) : null}
      </dl>

      <div className="order-card-actions">
        <button
          type="button"
          className="btn btn-ghost"
          aria-expanded={expanded}
          aria-controls={`${id}-history`}
          onClick={() => setExpanded((v) => !v)}
        >
          {expanded ? <ChevronUp size={18} aria-hidden="true" /> : <ChevronDown size={18} aria-hidden="true" />}
          {expanded ? m.hideDetail : m.showDetail}
        </button>
        <span className="order-card-spacer" />
        {shipment ? (
          <button type="button" className="btn btn-outline" onClick={() => setTracking(true)}>
            {m.track}
          </button>
        ) : null}
        {order.can_cancel ? (
          <button type="button" className="btn btn-outline" onClick={() => openDialog('cancel')}>
            {m.cancel}
          </button>
        ) : null}
        {order.can_confirm ? (
          <button type="button" className="btn btn-primary" onClick={() => openDialog('confirm')}>
            {m.confirm}
          </button>
        ) : null}
      </div>
      {expanded ? (
        <section id={`${id}-history`} className="order-history-box" aria-label={m.historyTitle}>
          <OrderHistory order={order} />
        </section>
      ) : null}

      {shipment ? (
        <TrackingSheet
          orderId={tracking ? order.id : null}
          onOpenChange={setTracking}
          onDelivered={order.status === 'DELIVERED' ? undefined : onDelivered}
        />
      ) : null}
      <OrderActionDialog
        open={dialog === 'confirm'}
        onOpenChange={(open) => openDialog(open ? 'confirm' : null)}
        title={m.confirmTitle}
        text={m.confirmText}
        actionLabel={m.confirm}
        busyLabel={m.confirming}
        busy={action.isPending}
        error={dialog === 'confirm' ? failure : null}
        onAction={() => action.mutate({ action: 'confirm' })}
      />
      <OrderActionDialog
        open={dialog === 'cancel'}
        onOpenChange={(open) => openDialog(open ? 'cancel' : null)}
        title={m.cancelTitle}
        text={m.cancelText}
        actionLabel={m.cancel}
        busyLabel={m.cancelling}
        busy={action.isPending}
        error={dialog === 'cancel' ? failure : null}
        invalid={reasonTooLong}
        tone="danger"
        onAction={() => action.mutate({ action: 'cancel', reason: reason.trim() || null })}
      >
        <div className="field">
          <label className="field-label" htmlFor={`${id}-reason`}>
            {m.cancelReason}
          </label>
          <textarea
            id={`${id}-reason`}
            className="input textarea order-reason"
            placeholder={m.cancelReasonPlaceholder}
            value={reason}
            aria-invalid={reasonTooLong || undefined}
            aria-describedby={reasonTooLong ? `${id}-reason-error` : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {reasonTooLong ? (
            <p id={`${id}-reason-error`} className="field-error">
              {m.cancelReasonMax}
            </p>
          ) : null}
        </div>
      </OrderActionDialog>
    </article>
  );
}
