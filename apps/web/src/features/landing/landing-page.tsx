import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Leaf, Play, ShoppingBag, Sprout } from 'lucide-react';
import { Link } from 'react-router';
import { Brand } from '@/components/layout/brand';
import { Footer } from '@/components/layout/footer';
import { OfferingCards } from '@/components/offering-cards';
import { SafeInlineHtml } from '@/components/safe-inline-html';
import { paths } from '@/config/paths';
import { formatPostDate } from '@/lib/dates';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { excerpt } from '@/lib/text';
import { STORIES_SHOWN, type Story, storiesQuery } from './landing.api';
import { landingContent } from './landing-content';
import { landingMessages as m } from './messages';
import './landing.css';

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

function StoryCard({ story }: { story: Story }) {
  const image = mediaUrl(story.image);
  return (
    <li className="card story-card">
      <Link to={paths.contentDetail.getHref(story.id)} className="story-link">
        <div className="story-image">
          {image ? (
            <img src={image} alt="" loading="lazy" />
          ) : (
            <span className="story-placeholder" aria-hidden="true">
              <Sprout size={44} />
            </span>
          )}
          {story.hasVideo ? (
            <span className="story-badge">
              <Play size={14} aria-hidden="true" />
              {m.video}
            </span>
          ) : null}
        </div>
        <div className="story-body">
          <p className="story-meta">
            <span className="story-author">{story.author}</span>
            <time dateTime={story.createdAt}>{formatPostDate(story.createdAt)}</time>
          </p>
          <h3>{story.title}</h3>
          <p className="story-excerpt">{excerpt(story.content, 70)}</p>
        </div>
      </Link>
    </li>
  );
}

/** The tenant's latest posts as producer stories; absent while empty or when they cannot load. */
function Stories({ displayName }: { displayName: string }) {
  const { data, isPending } = useQuery(storiesQuery);
  if (!isPending && !data?.length) return null;
  return (
    <section className="container landing-section" aria-labelledby="stories-title">
      <h2 id="stories-title" className="landing-section-title">
        {m.storiesTitle}
      </h2>
      <p className="landing-lead">{m.storiesLead(displayName)}</p>
      {data ? (
        // Swipes sideways on phones: focusable so keyboard users can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <ul className="story-grid" tabIndex={0} aria-labelledby="stories-title">
          {data.map((story) => (
            <StoryCard key={story.id} story={story} />
          ))}
        </ul>
      ) : (
        <div className="story-grid" role="status" aria-live="polite">
          <span className="visually-hidden">{m.storiesLoading}</span>
          {Array.from({ length: STORIES_SHOWN }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <div key={i} className="skeleton story-skeleton" />
          ))}
        </div>
      )}
      <div className="landing-more">
        <Link to={paths.main.getHref('post')} className="btn btn-outline">
          {m.readMore}
          <ArrowRight size={18} aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}

function StartButtons({
  showProducer,
  customer,
  producer,
}: {
  showProducer: boolean;
  customer: string;
  producer: string;
}) {
  return (
    <>
      <Link to={paths.terms.getHref()} state={{ userType: 'customer' }} className="btn btn-primary btn-lg">
        {customer}
        <ArrowRight size={18} aria-hidden="true" />
      </Link>
      {showProducer ? (
        <Link to={paths.terms.getHref()} state={{ userType: 'merchant' }} className="btn btn-outline btn-lg">
          {producer}
        </Link>
      ) : null}
    </>
  );
}

/** The landing page for signed-out visitors at `/` (spec 2.3), told by the tenant's own settings. */
export default function LandingPage() {
  const { tenant, displayName } = useTenant();
  const content = landingContent(tenant, displayName);
  // The hero's decoration shows the tenant's own offerings.
  const [a = Sprout, b = Leaf, c = ShoppingBag] = content.offerings.map((o) => o.icon);
  const bubbles = [
    { key: 'a', Icon: a, size: 56 },
    { key: 'b', Icon: b, size: 40 },
    { key: 'c', Icon: c, size: 36 },
  ];

  return (
    <div className="landing">
      <LandingTopBar />
      <main id="main">
        <section className="hero" aria-labelledby="hero-title">
          <div className="container hero-inner">
            <div className="hero-copy">
              <h1 id="hero-title" className="hero-title">
                {content.title}
              </h1>
              <SafeInlineHtml className="hero-subtitle" html={content.subtitle} />
              <SafeInlineHtml className="hero-description" html={content.description} />
              <div className="hero-actions">
                <StartButtons
                  showProducer={content.showProducer}
                  customer={m.startCustomer}
                  producer={m.startProducer}
                />
              </div>
            </div>
            <div className="hero-art" aria-hidden="true">
              {bubbles.map(({ key, Icon, size }) => (
                <div key={key} className={`hero-bubble hero-bubble-${key}`}>
                  <Icon size={size} />
                </div>
              ))}
            </div>
          </div>
        </section>

        {content.offerings.length > 0 ? (
          <section className="container landing-section" aria-labelledby="features-title">
            <h2 id="features-title" className="landing-section-title">
              {m.featuresTitle(displayName)}
            </h2>
            <OfferingCards offerings={content.offerings} labelledBy="features-title" />
          </section>
        ) : null}

        {content.showStories ? <Stories displayName={displayName} /> : null}

        <section className="container landing-section" aria-labelledby="cta-title">
          <div className="cta">
            <h2 id="cta-title">{m.ctaTitle}</h2>
            <p>{content.ctaText}</p>
            <div className="hero-actions cta-actions">
              <StartButtons showProducer={content.showProducer} customer={m.ctaCustomer} producer={m.ctaProducer} />
            </div>
          </div>
        </section>
      </main>
      <Footer />
    </div>
  );
}
