import { ArrowRight, Eye, Gift, Leaf, MapPin, Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { Footer } from '@/components/layout/footer';
import { SafeInlineHtml } from '@/components/safe-inline-html';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { landingMessages as m } from './messages';
import './landing.css';

const featureIcons = { observe: Eye, fresh: Leaf, pickup: MapPin, reward: Gift } as const;

function LandingTopBar() {
  const { user, isSignedIn, signOut } = useSession();
  return (
    <header className="landing-top">
      <div className="container landing-top-inner">
        <Brand />
        <nav className="landing-top-actions" aria-label={m.topNav}>
          {isSignedIn && user ? (
            <>
              {user.user_type === 'merchant' ? (
                <Link to={paths.merchantDashboard.getHref()} className="btn btn-ghost">
                  {m.dashboard}
                </Link>
              ) : (
                <Link to={paths.main.getHref('shopping')} className="btn btn-ghost">
                  {m.shopping}
                </Link>
              )}
              <button
                type="button"
                className="btn btn-outline"
                onClick={async () => {
                  await signOut();
                  window.location.reload();
                }}
              >
                {m.logout}
              </button>
            </>
          ) : (
            <>
              <Link to={paths.login.getHref()} className="btn btn-ghost">
                {m.login}
              </Link>
              <Link to={paths.terms.getHref()} state={{ userType: 'customer' }} className="btn btn-primary">
                {m.signUp}
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

/** The landing page for signed-out visitors at `/` (spec 2.3). */
export default function LandingPage() {
  const { tenant } = useTenant();
  const info = tenant.settings.service_info ?? {};
  const title = info.hero_title?.trim() || m.heroTitle;
  const subtitle = info.hero_subtitle?.trim() || m.heroSubtitle;
  const description = info.hero_description?.trim() || m.heroDescription;

  return (
    <>
      <LandingTopBar />
      <main id="main">
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero-inner">
            <div className="hero-copy">
              <h1 id="hero-title" className="hero-title">
                {title}
              </h1>
              <SafeInlineHtml className="hero-subtitle" html={subtitle} />
              <SafeInlineHtml className="hero-description" html={description} />
              <div className="hero-actions">
                <Link to={paths.terms.getHref()} state={{ userType: 'customer' }} className="btn btn-primary btn-lg">
                  {m.startCustomer}
                  <ArrowRight size={18} aria-hidden="true" />
                </Link>
                <Link to={paths.terms.getHref()} state={{ userType: 'merchant' }} className="btn btn-outline btn-lg">
                  {m.startProducer}
                </Link>
              </div>
            </div>
            <div className="hero-art" aria-hidden="true">
              <div className="hero-bubble hero-bubble-a">
                <Sprout size={56} />
              </div>
              <div className="hero-bubble hero-bubble-b">
                <Leaf size={40} />
              </div>
              <div className="hero-bubble hero-bubble-c">
                <Gift size={36} />
              </div>
            </div>
          </div>
        </section>

        <section className="container landing-section" aria-labelledby="features-title">
          <h2 id="features-title" className="landing-section-title">
            {m.featuresTitle}
          </h2>
          <ul className="feature-grid">
            {m.features.map((f) => {
              const Icon = featureIcons[f.key];
              return (
                <li key={f.key} className="card feature-card">
                  <span className="feature-icon" aria-hidden="true">
                    <Icon size={26} />
                  </span>
                  <h3>{f.title}</h3>
                  <p>{f.text}</p>
                </li>
              );
            })}
          </ul>
        </section>

        <section className="container landing-section" aria-labelledby="stories-title">
          <div className="section-head">
            <div>
              <h2 id="stories-title" className="landing-section-title">
                {m.storiesTitle}
              </h2>
              <p className="landing-lead">{m.storiesLead}</p>
            </div>
          </div>
          {/* Swipes sideways on phones: focusable so keyboard users can scroll it too. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
          <ul className="story-grid" tabIndex={0} aria-labelledby="stories-title">
            {m.stories.map((s, i) => (
              <li key={s.key} className="card story-card">
                <div className={`story-image story-image-${i + 1}`} aria-hidden="true">
                  <Sprout size={44} />
                </div>
                <div className="story-body">
                  <p className="story-meta">
                    {s.name} · {s.place}
                  </p>
                  <h3>{s.title}</h3>
                  <p>{s.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="landing-more">
            <Link to={paths.main.getHref('post')} className="btn btn-outline">
              {m.readMore}
              <ArrowRight size={18} aria-hidden="true" />
            </Link>
          </div>
        </section>

        <section className="container landing-section" aria-labelledby="cta-title">
          <div className="cta">
            <h2 id="cta-title">{m.ctaTitle}</h2>
            <p>{m.ctaText}</p>
            <div className="hero-actions cta-actions">
              <Link to={paths.terms.getHref()} state={{ userType: 'customer' }} className="btn btn-primary btn-lg">
                {m.ctaCustomer}
              </Link>
              <Link to={paths.terms.getHref()} state={{ userType: 'merchant' }} className="btn btn-outline btn-lg">
                {m.ctaProducer}
              </Link>
            </div>
          </div>
        </section>
      </main>
      <Footer />
    </>
  );
}
