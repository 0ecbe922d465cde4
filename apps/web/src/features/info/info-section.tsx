import type { ReactNode } from 'react';

export interface InfoRow {
  key: string;
  label: string;
  value: ReactNode;
}

/** A titled card of label–value rows (company details on /about, returns on /contact). */
export function InfoSection({
  id,
  icon,
  title,
  rows,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  rows: InfoRow[];
  /** Below the rows, e.g. a link to the full policy. */
  children?: ReactNode;
}) {
  return (
    <section className="card info-section" aria-labelledby={id}>
      <h2 id={id} className="info-section-title">
        <span className="info-icon info-icon-sm" aria-hidden="true">
          {icon}
        </span>
        {title}
      </h2>
      <dl className="info-fields">
        {rows.map((row) => (
          <div key={row.key}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
