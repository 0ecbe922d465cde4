import { Clock, ExternalLink, Headphones, Mail, MapPin, Phone, RefreshCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { useTenant } from '@/lib/tenant';
import { type ContactLine, contactLines, returnLines } from './contact-details';
import { InfoSection } from './info-section';
import { infoMessages as m } from './messages';
import './info.css';

const icons: Record<string, ReactNode> = {
  email: <Mail size={22} />,
  phone: <Phone size={22} />,
  hours: <Clock size={22} />,
  address: <MapPin size={22} />,
};

function LineValue({ line }: { line: ContactLine }) {
  if (!line.href) return <span className="info-value">{line.value}</span>;
  return (
    <a
      className="info-value info-link"
      href={line.href}
      {...(line.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {line.value}
      {line.external ? (
        <>
          <ExternalLink size={16} aria-hidden="true" />
          <span className="visually-hidden">{m.mapHint}</span>
        </>
      ) : null}
    </a>
  );
}

/** /contact: how to reach the tenant (e-mail, phone, hours, address, returns), from its settings. */
export default function ContactPage() {
  const { tenant, displayName } = useTenant();
  const lines = contactLines(tenant.settings);
  const returns = returnLines(tenant.settings);

  if (!lines.length && !returns.length) {
    return (
      <main id="main" className="container page">
        <Notice
          icon={<Headphones size={30} />}
          title={m.noContactTitle}
          actions={
            <Link to={paths.home.getHref()} className="btn btn-primary">
              {m.goHome}
            </Link>
          }
        >
          <p>{m.noContactText}</p>
        </Notice>
      </main>
    );
  }

  return (
    <main id="main" className="container page info-page">
      <header className="info-head">
        <p className="info-eyebrow">{displayName}</p>
        <h1>{m.contactTitle}</h1>
        <p className="info-lead">{m.contactLead(displayName)}</p>
      </header>

      {lines.length ? (
        <ul className="contact-grid">
          {lines.map((line) => (
            <li key={line.key} className="card contact-card" data-contact={line.key}>
              <span className="info-icon" aria-hidden="true">
                {icons[line.key]}
              </span>
              <div className="contact-text">
                <h2>{line.label}</h2>
                <LineValue line={line} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}

      {returns.length ? (
        <InfoSection
          id="returns-title"
          icon={<RefreshCcw size={18} />}
          title={m.returnsTitle}
          rows={returns.map((line) => ({ key: line.key, label: line.label, value: <LineValue line={line} /> }))}
        >
          <Link to={paths.policy.getHref()} className="btn btn-outline info-section-action">
            {m.policyLink}
          </Link>
        </InfoSection>
      ) : null}
    </main>
  );
}
