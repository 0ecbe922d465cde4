import { Check, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { allAgreed, type Consents, canProceed, isSignupStep, noConsents, registrationTarget, setAll } from './consents';
import { termsMessages as m } from './messages';
import './terms.css';

function CheckBox({ checked }: { checked: boolean }) {
  return (
    <span className={`check ${checked ? 'check-on' : ''}`} aria-hidden="true">
      {checked ? <Check size={16} strokeWidth={3} /> : null}
    </span>
  );
}

function ConsentItem({
  consent,
  checked,
  onChange,
}: {
  consent: (typeof m.consents)[number];
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li className="consent">
      <div className="consent-row">
        <label className="consent-label">
          <input
            type="checkbox"
            className="visually-hidden"
            checked={checked}
            onChange={(e) => onChange(e.target.checked)}
          />
          <CheckBox checked={checked} />
          <span className={consent.required ? 'tag tag-required' : 'tag'}>
            {consent.required ? m.required : m.optional}
          </span>
          <span className="consent-title">{consent.title}</span>
        </label>
        <button
          type="button"
          className="consent-toggle"
          aria-expanded={open}
          aria-controls={`${id}-text`}
          aria-label={open ? m.hideText(consent.title) : m.showText(consent.title)}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDown size={20} aria-hidden="true" className={open ? 'rotated' : ''} />
        </button>
      </div>
      <div id={`${id}-text`} className="consent-text" hidden={!open}>
        {consent.paragraphs.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </li>
  );
}

/**
 * /terms: the sign-up's consent screen (spec 2.9) when a sign-up opened it (login and landing pass
 * the userType), otherwise the terms to read, for anybody signed in or out (footer, policy page).
 */
export default function TermsPage() {
  const location = useLocation();
  return isSignupStep(location.state) ? <ConsentStep state={location.state} /> : <TermsDocument />;
}

/** Every consent's text to read, with the way into sign-up for visitors. */
function TermsDocument() {
  const { displayName, isEnabled } = useTenant();
  const { isSignedIn } = useSession();
  return (
    <main id="main" className="container page terms">
      <article className="card terms-card">
        <h1>{m.documentTitle}</h1>
        <p className="terms-lead">{m.documentLead(displayName)}</p>
        {m.consents.map((c) => (
          <section key={c.key} className="terms-section" aria-labelledby={`terms-${c.key}`}>
            <h2 id={`terms-${c.key}`}>
              <span className={c.required ? 'tag tag-required' : 'tag'}>{c.required ? m.required : m.optional}</span>
              {c.title}
            </h2>
            {c.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </section>
        ))}
        {isSignedIn ? null : (
          <div className="terms-signup">
            <Link to={paths.terms.getHref()} state={{ userType: 'customer' }} className="btn btn-primary">
              {m.signUpCustomer}
            </Link>
            {isEnabled('merchant') ? (
              <Link to={paths.terms.getHref()} state={{ userType: 'merchant' }} className="btn btn-outline">
                {m.signUpMerchant}
              </Link>
            ) : null}
          </div>
        )}
      </article>
    </main>
  );
}

/** The sign-up's consent step: the form after it opens only with the consents given here. */
function ConsentStep({ state }: { state: unknown }) {
  const { displayName } = useTenant();
  const navigate = useNavigate();
  const target = registrationTarget(state);
  const [consents, setConsents] = useState<Consents>(noConsents);
  const everything = allAgreed(consents);
  const ready = canProceed(consents);

  return (
    <main id="main" className="container page terms">
      <div className="card terms-card">
        <p className="terms-badge">{target.userType === 'merchant' ? m.merchantBadge : m.customerBadge}</p>
        <h1>{m.title}</h1>
        <p className="terms-lead">{m.lead(displayName)}</p>

        <label className="consent-all">
          <input
            type="checkbox"
            className="visually-hidden"
            checked={everything}
            onChange={(e) => setConsents(setAll(e.target.checked))}
          />
          <CheckBox checked={everything} />
          <span>
            <strong>{m.agreeAll}</strong>
            <small>{m.agreeAllHint}</small>
          </span>
        </label>

        <ul className="consent-list">
          {m.consents.map((c) => (
            <ConsentItem
              key={c.key}
              consent={c}
              checked={consents[c.key]}
              onChange={(value) => setConsents((prev) => ({ ...prev, [c.key]: value }))}
            />
          ))}
        </ul>

        <button
          type="button"
          className="btn btn-primary btn-lg btn-block"
          disabled={!ready}
          aria-describedby={ready ? undefined : 'terms-next-hint'}
          onClick={() => navigate(target.path, { state: { userType: target.userType, consents } })}
        >
          {m.next}
        </button>
        {!ready ? (
          <p id="terms-next-hint" className="terms-hint">
            {m.nextHint}
          </p>
        ) : null}
      </div>
    </main>
  );
}
