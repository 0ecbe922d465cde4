import { Headphones, PackageCheck, RefreshCcw, ScrollText, Truck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatWon } from '@/lib/format';
import { formatPhone } from '@/lib/phone';
import { useTenant } from '@/lib/tenant';
import { footerMessages } from '@/messages/common';
import { policyMessages as m } from './messages';
import { policyValues } from './policy-values';
import './policy.css';

function PolicySection({
  id,
  icon,
  title,
  children,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card policy-section" aria-labelledby={id}>
      <h2 id={id}>
        <span className="policy-icon" aria-hidden="true">
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Shipping, exchange and refund policy (spec 2.7). */
export default function PolicyPage() {
  const { tenant, displayName } = useTenant();
  const settings = tenant.settings;
  const legal = settings.legal_info ?? {};
  const v = policyValues(settings);
  const won = (n: number) => <strong className="tabular">{formatWon(n)}</strong>;
  const centre: [string, string | undefined][] = [
    [
      m.centre.phone,
      formatPhone(legal.return_contact?.trim() || settings.contact_phone?.trim() || footerMessages.defaultPhone),
    ],
    [m.centre.email, settings.contact_email],
    [m.centre.hours, legal.return_hours?.trim() || settings.business_hours?.trim() || m.centre.defaultHours],
    [m.centre.returnAddress, legal.return_address?.trim() || settings.company_info?.address],
  ];

  return (
    <main id="main" className="container page policy">
      <header className="policy-head">
        <h1>{m.title}</h1>
        <p>{m.lead(displayName)}</p>
        <p className="policy-updated">{m.lastUpdated}</p>
      </header>

      <PolicySection id="policy-shipping" icon={<Truck size={20} />} title={m.shipping.title}>
        <ul>
          <li>{splitAround(m.shipping.fee('\u0000'), won(v.shippingFee))}</li>
          <li>{splitAround(m.shipping.free('\u0000'), won(v.freeShippingThreshold))}</li>
          <li>{m.shipping.period}</li>
          <li>{m.shipping.region}</li>
        </ul>
      </PolicySection>

      <PolicySection id="policy-exchange" icon={<RefreshCcw size={20} />} title={m.exchange.title}>
        <ul>
          <li>{m.exchange.period}</li>
          <li>{splitAround(m.exchange.cost('\u0000'), won(v.roundTripFee))}</li>
          <li>{m.exchange.defect}</li>
          <li>{m.exchange.excluded}</li>
        </ul>
      </PolicySection>

      <PolicySection id="policy-refund" icon={<PackageCheck size={20} />} title={m.refund.title}>
        <ul>
          <li>{m.refund.period}</li>
          <li>{m.refund.card}</li>
          <li>{m.refund.points}</li>
          <li>{splitAround(m.refund.cost('\u0000'), won(v.shippingFee))}</li>
        </ul>
      </PolicySection>

      <PolicySection id="policy-centre" icon={<Headphones size={20} />} title={m.centre.title}>
        <dl className="policy-centre">
          {centre
            .filter(([, value]) => value?.trim())
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </PolicySection>

      <PolicySection id="policy-related" icon={<ScrollText size={20} />} title={m.related.title}>
        <Link to={paths.terms.getHref()} className="link policy-terms-link">
          {m.related.terms}
        </Link>
      </PolicySection>
    </main>
  );
}

/** Puts a formatted element where the message has its placeholder, keeping the sentence whole. */
function splitAround(text: string, node: ReactNode): ReactNode {
  const [before, after] = text.split('\u0000');
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}
