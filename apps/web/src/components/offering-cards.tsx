import type { Offering } from '@/lib/offerings';
import './offering-cards.css';

/** One card per offering of the tenant (landing and about pages): icon, title, one sentence. */
export function OfferingCards({ offerings, labelledBy }: { offerings: Offering[]; labelledBy?: string }) {
  return (
    <ul className="offering-grid" aria-labelledby={labelledBy} data-count={offerings.length}>
      {offerings.map(({ key, icon: Icon, title, text }) => (
        <li key={key} className="card offering-card" data-offering={key}>
          <span className="offering-icon" aria-hidden="true">
            <Icon size={26} />
          </span>
          <h3>{title}</h3>
          <p>{text}</p>
        </li>
      ))}
    </ul>
  );
}
