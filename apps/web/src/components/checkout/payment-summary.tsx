import { type ReactNode, useId } from 'react';
import { checkoutPartsText as t } from '@/messages/checkout';
import './checkout.css';

export interface SummaryRow {
  label: string;
  value: string;
  /** `total`: the amount being paid, ruled off and bold; `earned`: points to come, in the primary colour. */
  kind?: 'total' | 'earned';
}

/** The figures of a payment form's summary; they add up (items + fee = points + card). */
export interface PaymentFigures {
  itemsTotal: number;
  /** The fee of what is shipped or delivered, under its name; null when nothing is (a pickup). */
  fee: { label: string; amount: number } | null;
  /** Points used; null when the wallet is off (no row for them). */
  points: number | null;
  /** The part charged to the card. */
  card: number;
  /** Points the card part earns; null when the wallet is off (a row only when there are any). */
  earned: number | null;
}

/** The rows of a payment form's summary: items, the fee, points, the card part, then points to come. */
export function paymentSummaryRows({ itemsTotal, fee, points, card, earned }: PaymentFigures): SummaryRow[] {
  const rows: SummaryRow[] = [{ label: t.itemsTotal, value: t.won(itemsTotal) }];
  if (fee) rows.push({ label: fee.label, value: fee.amount === 0 ? t.free : t.won(fee.amount) });
  if (points !== null) rows.push({ label: t.pointsUsed, value: t.minusWon(points) });
  rows.push({ label: t.cardAmount, value: t.won(card), kind: 'total' });
  if (earned !== null && earned > 0) rows.push({ label: t.earned, value: t.plusPoints(earned), kind: 'earned' });
  return rows;
}

export interface PaymentSummaryProps {
  title: string;
  rows: SummaryRow[];
  /** Under the rows: how delivery could be free, or why a figure may change. */
  note?: ReactNode;
  className?: string;
}

/** The summary of a payment form (DESIGN.md: the lines add up to the total being paid). */
export function PaymentSummary({ title, rows, note, className }: PaymentSummaryProps) {
  const id = useId();
  return (
    <section className={className ? `order-summary-box ${className}` : 'order-summary-box'} aria-labelledby={id}>
      <h3 id={id} className="order-summary-title">
        {title}
      </h3>
      <dl className="order-summary">
        {rows.map((row) => (
          <div key={row.label} className={row.kind === 'total' ? 'order-summary-total' : undefined}>
            <dt>{row.label}</dt>
            <dd className={row.kind === 'earned' ? 'order-earned' : undefined}>{row.value}</dd>
          </div>
        ))}
      </dl>
      {note ? <p className="order-summary-note">{note}</p> : null}
    </section>
  );
}
