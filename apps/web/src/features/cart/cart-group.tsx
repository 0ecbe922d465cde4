import type { CartGroup as Group, OrderType } from '@app/contracts';
import { Store } from 'lucide-react';
import { useId } from 'react';
import { CartLine } from './cart-line';
import { fulfilmentOfGroup, offersChoice } from './cart-values';
import { cartText as m } from './messages';

export interface CartGroupProps {
  group: Group;
  selected: ReadonlySet<number>;
  onSelect: (itemId: number, selected: boolean) => void;
  /** The line whose change is on its way. */
  busyId: number | null;
  onQty: (itemId: number, qty: number) => void;
  onRemove: (itemId: number) => void;
  onOrderType: (merchantId: number, type: OrderType) => void;
  /** The 배달/픽업 choice waits while the cart is priced again. */
  choosing: boolean;
}

/** A merchant's lines: its name, how they are received, its terms, fee and hints, then the lines. */
export function CartGroupSection({
  group,
  selected,
  onSelect,
  busyId,
  onQty,
  onRemove,
  onOrderType,
  choosing,
}: CartGroupProps) {
  const id = useId();
  const fulfilment = fulfilmentOfGroup(group);
  const kind = fulfilment === 'shipping' ? m.kinds.shopping : m.kinds[fulfilment];
  const feeLabel = fulfilment === 'shipping' ? m.shippingFee : m.deliveryFee;
  const hasAvailable = group.items.some((i) => i.available);
  return (
    <section className="cart-group card" aria-labelledby={`${id}-title`}>
      <header className="cart-group-head">
        <h2 id={`${id}-title`} className="cart-group-title">
          <Store size={18} aria-hidden="true" />
          <span>{group.merchant.business_name}</span>
        </h2>
        <span className="cart-kind">{kind}</span>
      </header>
      {offersChoice(group) ? (
        <fieldset className="cart-receive">
          <legend className="visually-hidden">{m.receive(group.merchant.business_name)}</legend>
          <div className="order-segments">
            {(['delivery', 'pickup'] as const).map((type) => (
              <label key={type} className="order-segment">
                <input
                  type="radio"
                  name={`${id}-receive`}
                  value={type}
                  checked={group.order_type === type}
                  disabled={choosing}
                  onChange={() => onOrderType(group.merchant.id, type)}
                />
                <span>{type === 'delivery' ? m.delivery : m.pickup}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {group.delivery_note ? <p className="cart-note">{group.delivery_note}</p> : null}
      <ul className="cart-lines">
        {group.items.map((item) => (
          <CartLine
            key={item.id}
            item={item}
            selected={selected.has(item.id)}
            onSelect={(on) => onSelect(item.id, on)}
            busy={busyId === item.id}
            onQty={(qty) => onQty(item.id, qty)}
            onRemove={() => onRemove(item.id)}
          />
        ))}
      </ul>
      {hasAvailable ? (
        <footer className="cart-group-foot">
          {group.free_delivery_gap !== null && fulfilment !== 'pickup' ? (
            <p className="cart-hint">
              {fulfilment === 'shipping'
                ? m.freeShippingGap(group.free_delivery_gap)
                : m.freeDeliveryGap(group.free_delivery_gap)}
            </p>
          ) : null}
          {group.min_order_gap !== null && fulfilment !== 'pickup' ? (
            <p className="cart-hint cart-hint-warn">{m.minOrderGap(group.min_order_gap)}</p>
          ) : null}
          <dl className="order-summary">
            <div>
              <dt>{m.itemsTotal}</dt>
              <dd>{m.won(group.items_total)}</dd>
            </div>
            {fulfilment !== 'pickup' ? (
              <div>
                <dt>{feeLabel}</dt>
                <dd>{group.delivery_fee === 0 ? m.free : m.won(group.delivery_fee)}</dd>
              </div>
            ) : null}
            <div className="order-summary-total">
              <dt>{m.groupTotal}</dt>
              <dd>{m.won(group.group_total)}</dd>
            </div>
          </dl>
        </footer>
      ) : null}
    </section>
  );
}
