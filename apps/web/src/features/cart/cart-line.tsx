import type { CartItem } from '@app/contracts';
import { ImageOff, Minus, Plus, X } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { mediaUrl } from '@/lib/media';
import { lineMaxQty, qtyEditable } from './cart-values';
import { cartText as m } from './messages';

/** The lines' qty stepper: − qty +, held within 1..max. */
export function QtyStepper({
  title,
  qty,
  max,
  disabled,
  onChange,
}: {
  title: string;
  qty: number;
  max: number;
  disabled: boolean;
  onChange: (qty: number) => void;
}) {
  return (
    <div className="cart-stepper">
      <button
        type="button"
        className="cart-stepper-btn"
        aria-label={m.decrease(title)}
        disabled={disabled || qty <= 1}
        onClick={() => onChange(Math.min(max, qty - 1))}
      >
        <Minus size={16} aria-hidden="true" />
      </button>
      <output className="cart-stepper-value tabular" aria-label={m.quantity(title)} aria-live="polite">
        {qty}
      </output>
      <button
        type="button"
        className="cart-stepper-btn"
        aria-label={m.increase(title)}
        disabled={disabled || qty >= max}
        onClick={() => onChange(Math.min(max, qty + 1))}
      >
        <Plus size={16} aria-hidden="true" />
      </button>
    </div>
  );
}

export function CartThumb({ src, href }: { src: string | null; href: string }) {
  const image = mediaUrl(src);
  return (
    <Link to={href} className="cart-thumb" tabIndex={-1} aria-hidden="true">
      {image ? <img src={image} alt="" loading="lazy" /> : <ImageOff size={22} />}
    </Link>
  );
}

/** Why a line is out of the totals, and what the buyer can do about it. */
function Unavailable({ item, busy, onQty }: { item: CartItem; busy: boolean; onQty: (qty: number) => void }) {
  const reason = item.unavailable_reason ?? 'unavailable';
  return (
    <div className="cart-unavailable">
      <span className="cart-reason">{m.reasons[reason]}</span>
      {reason === 'option_removed' ? <span className="cart-reason-text">{m.optionRemoved}</span> : null}
      {reason === 'option_required' || reason === 'option_removed' ? (
        <>
          {reason === 'option_required' ? <span className="cart-reason-text">{m.optionRequired}</span> : null}
          <Link to={paths.productDetail.getHref(item.product_id)} className="cart-reason-action">
            {m.chooseOption}
          </Link>
        </>
      ) : null}
      {reason === 'price_changed' && item.previous_price !== null ? (
        <>
          <span className="cart-reason-text tabular">{m.priceChange(item.previous_price, item.price)}</span>
          <button
            type="button"
            className="btn btn-outline cart-reason-btn"
            disabled={busy}
            onClick={() => onQty(item.qty)}
          >
            {m.acceptPrice}
          </button>
        </>
      ) : null}
      {reason === 'stock_short' && item.remaining !== null ? (
        <>
          <span className="cart-reason-text tabular">{m.remaining(item.remaining)}</span>
          {item.remaining > 0 ? (
            <button
              type="button"
              className="btn btn-outline cart-reason-btn"
              disabled={busy}
              onClick={() => onQty(item.remaining ?? 1)}
            >
              {m.fitToStock(item.remaining)}
            </button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

export interface CartLineProps {
  item: CartItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** A change of this line is on its way: its controls wait. */
  busy: boolean;
  onQty: (qty: number) => void;
  onRemove: () => void;
}

/** One line of the cart: tick, picture, title, option, price, qty and remove; an unavailable one marked. */
export function CartLine({ item, selected, onSelect, busy, onQty, onRemove }: CartLineProps) {
  const href = paths.productDetail.getHref(item.product_id);
  return (
    <li className={item.available ? 'cart-line' : 'cart-line is-unavailable'}>
      <input
        type="checkbox"
        className="cart-check"
        aria-label={m.select(item.title)}
        checked={item.available && selected}
        disabled={!item.available}
        onChange={(e) => onSelect(e.currentTarget.checked)}
      />
      <CartThumb src={item.thumbnail_url} href={href} />
      <div className="cart-line-body">
        <Link to={href} className="cart-line-title">
          {item.title}
        </Link>
        {item.option_name ? <p className="cart-line-option">{m.option(item.option_name)}</p> : null}
        {item.available ? null : <Unavailable item={item} busy={busy} onQty={onQty} />}
        {item.available && item.stock_state === 'low' && item.remaining !== null ? (
          <p className="cart-low tabular">{m.lowStock(item.remaining)}</p>
        ) : null}
      </div>
      <button
        type="button"
        className="cart-remove"
        aria-label={m.remove(item.title)}
        disabled={busy}
        onClick={onRemove}
      >
        <X size={18} aria-hidden="true" />
      </button>
      <div className="cart-line-foot">
        {qtyEditable(item) ? (
          <QtyStepper
            title={item.title}
            qty={item.qty}
            max={Math.max(lineMaxQty(item), item.qty)}
            disabled={busy}
            onChange={onQty}
          />
        ) : (
          <span className="order-muted tabular">{m.qtyCount(item.qty)}</span>
        )}
        <p className="cart-line-price tabular">
          {item.qty > 1 ? <span className="cart-unit">{m.unitPrice(item.price)}</span> : null}
          <strong>{m.won(item.line_total)}</strong>
        </p>
      </div>
    </li>
  );
}
