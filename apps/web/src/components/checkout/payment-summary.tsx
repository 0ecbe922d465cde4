import { type ReactNode, useId } from 'react';
import './checkout.css';

export interface SummaryRow {
  label: string;
  value: string;
  /** `total`: the amount being paid, ruled off and bold; `earned`: points to come, in the primary colour. */
  kind?: 'total' | 'earned';
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
