import { type Order, type OrderStatus, type OrderType, orderStatusLabel } from '@app/contracts';
import { Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatWon } from '@/lib/format';
import { orderFeeLabel } from '@/lib/order-fee';
import { formatTrackingNumber, isParcelOrder } from '@/lib/parcel-tracking';
import { formatPhone } from '@/lib/phone';
import { purchaseMessages } from '@/messages/purchases';
import { ordersText as m } from './messages';

const timeFormat = new Intl.DateTimeFormat('ko-KR', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** `2025. 3. 14. 오후 3:05`; empty for a missing or broken time. */
export function formatOrderTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : timeFormat.format(d);
}

/** The colour group of a status: new orders stand out, finished ones fade. */
function statusTone(status: OrderStatus): 'new' | 'progress' | 'done' | 'closed' {
  if (status === 'PENDING') return 'new';
  if (status === 'DELIVERED') return 'done';
  if (status === 'CANCELLED' || status === 'REFUNDED') return 'closed';
  return 'progress';
}

export function StatusChip({ status, type }: { status: OrderStatus; type: OrderType }) {
  return <span className={`orders-chip orders-chip-${statusTone(status)}`}>{orderStatusLabel(status, type)}</span>;
}

/** Shopping goods travel as parcels (배송); pickup-category goods are delivered (배달) or picked up. */
function kindOf(order: Order): keyof typeof m.kinds {
  if (order.order_type === 'pickup') return 'pickup';
  return order.category_type === 'shopping' ? 'parcel' : 'delivery';
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="orders-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Once delivered, cancelled or refunded (or on the way back), a parcel's number no longer changes. */
const SHIPMENT_CLOSED: readonly OrderStatus[] = ['DELIVERED', 'CANCELLED', 'REFUNDED', 'REFUND_PENDING'];

interface ShipmentActions {
  /** Opens the 송장 등록 / 송장 수정 dialog. */
  onEditShipment: (order: Order) => void;
  /** Opens the tracking sheet of the order's parcel. */
  onTrack: (order: Order) => void;
}

/** A parcel's carrier and number with 배송조회 and 송장 수정, or 송장 등록 while it has none. */
function ShipmentLine({ order, onEditShipment, onTrack }: { order: Order } & ShipmentActions) {
  const { shipment } = order;
  if (shipment) {
    return (
      <div className="orders-shipment">
        <p className="orders-shipment-line">
          <Truck size={18} aria-hidden="true" />
          <span className="visually-hidden">{m.shipment}</span>
          <span className="orders-shipment-text">
            {shipment.carrier_name} <span className="tabular">{formatTrackingNumber(shipment.tracking_number)}</span>
            {shipment.status_label ? <span className="orders-muted"> · {shipment.status_label}</span> : null}
          </span>
        </p>
        <div className="orders-shipment-actions">
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => onTrack(order)}
            aria-label={m.trackFor(order.id)}
          >
            {m.track}
          </button>
          {SHIPMENT_CLOSED.includes(order.status) ? null : (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => onEditShipment(order)}
              aria-label={m.editShipmentFor(order.id)}
            >
              {m.editShipment}
            </button>
          )}
        </div>
      </div>
    );
  }
  if (!order.needs_shipment) return null;
  return (
    <div className="orders-shipment orders-shipment-missing">
      <p className="orders-shipment-line">
        <Truck size={18} aria-hidden="true" />
        <span>{m.shipmentMissingText}</span>
      </p>
      <div className="orders-shipment-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => onEditShipment(order)}
          aria-label={m.registerShipmentFor(order.id)}
        >
          {m.registerShipment}
        </button>
      </div>
    </div>
  );
}

interface OrderCardProps extends ShipmentActions {
  order: Order;
  onChangeStatus: (order: Order) => void;
}

/** One order as the merchant handles it (spec part 3: every field of the order list). */
export function OrderCard({ order, onChangeStatus, onEditShipment, onTrack }: OrderCardProps) {
  const titleId = `merchant-order-${order.id}`;
  const kind = kindOf(order);
  // 택배비 or 배달비 on a line of its own, when the buyer paid one.
  const feeLabel = order.shipping_fee > 0 ? orderFeeLabel(order) : null;
  return (
    <article className="orders-card" aria-labelledby={titleId}>
      <header className="orders-card-head">
        <h3 id={titleId} className="orders-card-title tabular">
          {m.orderNumber(order.id)}
        </h3>
        <span className={`orders-kind orders-kind-${kind}`}>{m.kinds[kind]}</span>
        <StatusChip status={order.status} type={order.order_type} />
        {order.needs_shipment ? <span className="orders-chip orders-chip-missing">{m.shipmentMissing}</span> : null}
      </header>
      {order.refund_failure ? (
        <p className="form-message form-message-error" role="alert">
          <strong>{m.refundFailed}</strong> {order.refund_failure}
        </p>
      ) : null}
      <dl className="orders-facts">
        <Fact label={m.orderedAt}>
          <time dateTime={order.created_at} className="tabular">
            {formatOrderTime(order.created_at)}
          </time>
        </Fact>
        {order.delivered_at ? (
          <Fact label={m.deliveredAt(orderStatusLabel('DELIVERED', order.order_type))}>
            <time dateTime={order.delivered_at} className="tabular">
              {formatOrderTime(order.delivered_at)}
            </time>
          </Fact>
        ) : null}
        <Fact label={m.buyer}>{order.buyer.name}</Fact>
        <Fact label={m.phone}>
          <a className="link tabular" href={`tel:${order.delivery_phone.replace(/[^\d+]/g, '')}`}>
            {formatPhone(order.delivery_phone)}
          </a>
        </Fact>
        {order.delivery_address ? (
          <Fact label={m.address}>
            {order.delivery_postcode ? <span className="orders-muted">[{order.delivery_postcode}] </span> : null}
            {order.delivery_address}
          </Fact>
        ) : order.order_type === 'pickup' ? (
          <Fact label={m.pickupAddress}>{m.pickupAtStore}</Fact>
        ) : null}
        <Fact label={m.memo}>
          {order.delivery_memo ? order.delivery_memo : <span className="orders-muted">{m.noMemo}</span>}
        </Fact>
      </dl>
      {isParcelOrder(order) ? <ShipmentLine order={order} onEditShipment={onEditShipment} onTrack={onTrack} /> : null}
      <section className="orders-items" aria-label={m.items}>
        <ul>
          {order.items.map((item) => (
            <li key={`${item.product_id}-${item.option_id ?? ''}`}>
              <span className="orders-item-title">
                {item.product_title}
                {item.option_name ? (
                  <span className="orders-item-option">{purchaseMessages.option(item.option_name)}</span>
                ) : null}
              </span>
              <span className="orders-item-qty tabular">{m.quantity(item.quantity)}</span>
              <span className="orders-item-price tabular">{formatWon(item.total_price)}</span>
            </li>
          ))}
        </ul>
      </section>
      <dl className="orders-money">
        {feeLabel ? (
          <div>
            <dt>{feeLabel}</dt>
            <dd className="tabular">{formatWon(order.shipping_fee)}</dd>
          </div>
        ) : null}
        {order.points_used > 0 ? (
          <div>
            <dt>{m.pointsUsed}</dt>
            <dd className="tabular">{m.minusPoints(order.points_used)}</dd>
          </div>
        ) : null}
        {order.points_used > 0 ? (
          <div>
            <dt>{m.cardAmount}</dt>
            <dd className="tabular">{formatWon(order.card_amount)}</dd>
          </div>
        ) : null}
        <div className="orders-money-total">
          <dt>{m.totalPrice}</dt>
          <dd className="tabular">{formatWon(order.total_price)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="btn btn-outline orders-change"
        onClick={() => onChangeStatus(order)}
        aria-label={m.changeStatusFor(order.id)}
      >
        {m.changeStatus}
      </button>
    </article>
  );
}
