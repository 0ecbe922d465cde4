import { ArrowRight, Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { OfferingCards } from '@/components/offering-cards';
import { SafeInlineHtml } from '@/components/safe-inline-html';
import { paths } from '@/config/paths';
import { offeringsSentence, serviceOfferings } from '@/lib/offerings';
import { useTenant } from '@/lib/tenant';
import { aboutDetails } from './about-details';
import { InfoSection } from './info-section';
import { infoMessages as m } from './messages';
import './info.css';

/** /about: the service in the tenant's own words, what it offers, and the company behind it. */
export default function AboutPage() {
  const { tenant, displayName } = useTenant();
  const about = aboutDetails(tenant, displayName);
  const offerings = serviceOfferings(tenant);
  const fallback = offeringsSentence(offerings);

  return (
    <main id="main" className="container page info-page">
      <header className="info-hero">
        <p className="info-eyebrow">{m.aboutEyebrow}</p>
        <h1>{about.name}</h1>
        {about.tagline ? <p className="info-tagline">{about.tagline}</p> : null}
        <div className="info-description">
          {about.paragraphs.length ? (
            about.paragraphs.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed text from the settings; a paragraph may repeat
              <p key={i}>{p}</p>
            ))
          ) : about.html ? (
            <SafeInlineHtml html={about.html} />
          ) : fallback ? (
            <p>{fallback}</p>
          ) : null}
        </div>
        <div className="info-actions">
          {offerings.length ? (
            <Link to={paths.main.getHref()} className="btn btn-primary btn-lg">
              {m.browse}
              <ArrowRight size={18} aria-hidden="true" />
            </Link>
          ) : null}
          <Link to={paths.contact.getHref()} className="btn btn-outline btn-lg">
            {m.contactUs}
          </Link>
        </div>
      </header>

      {offerings.length ? (
        <section className="info-block" aria-labelledby="offerings-title">
          <h2 id="offerings-title" className="info-block-title">
            {m.offeringsTitle}
          </h2>
          <OfferingCards offerings={offerings} labelledBy="offerings-title" />
        </section>
      ) : null}

      {about.company.length ? (
        <InfoSection
          id="company-title"
          icon={<Building2 size={18} />}
          title={m.companyTitle}
          rows={about.company.map(([label, value]) => ({ key: label, label, value }))}
        />
      ) : null}
    </main>
  );
}
