import { useQuery } from '@tanstack/react-query';
import { ChevronRight, RefreshCw, Sprout, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PostCard } from '@/components/cards/post-card';
import { ProductCard } from '@/components/cards/product-card';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { bestShoppingQuery, hotDeliveryQuery, latestPostsQuery } from './home.api';
import { homeMessages as m } from './messages';
import './home.css';

/** Spec 9: 4 products and 3 posts shown on the home page. */
const PRODUCTS_SHOWN = 4;
const POSTS_SHOWN = 3;

function Section({ id, title, href, children }: { id: string; title: string; href: string; children: ReactNode }) {
  return (
    <section className="home-section" aria-labelledby={id}>
      <div className="section-head">
        <h2 id={id}>{title}</h2>
        <Link to={href} className="link view-all" aria-label={m.viewAllLabel(title)}>
          {m.viewAll}
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
      </div>
      {children}
    </section>
  );
}

function HomeSkeleton() {
  return (
    <div className="product-grid" role="status" aria-live="polite">
      <span className="visually-hidden">{m.loading}</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="skeleton" style={{ aspectRatio: '3 / 4' }} />
      ))}
    </div>
  );
}

/** The home page for signed-in users at `/` (spec 2.4). */
export default function HomePage() {
  const { isEnabled, displayName } = useTenant();
  const { user } = useSession();
  const delivery = useQuery({ ...hotDeliveryQuery, enabled: isEnabled('delivery') });
  const shopping = useQuery({ ...bestShoppingQuery, enabled: isEnabled('shopping') });
  const posts = useQuery({ ...latestPostsQuery, enabled: isEnabled('content') });

  const enabled = [
    isEnabled('delivery') && delivery,
    isEnabled('content') && posts,
    isEnabled('shopping') && shopping,
  ].filter((q) => q !== false);
  const loading = enabled.some((q) => q.isPending);
  const allFailed = enabled.length > 0 && enabled.every((q) => q.isError);
  const deliveryItems = (delivery.data ?? []).slice(0, PRODUCTS_SHOWN);
  const shoppingItems = (shopping.data ?? []).slice(0, PRODUCTS_SHOWN);
  const postItems = (posts.data ?? []).slice(0, POSTS_SHOWN);
  const nothingToShow =
    (!isEnabled('delivery') || !deliveryItems.length) &&
    (!isEnabled('shopping') || !shoppingItems.length) &&
    (!isEnabled('content') || !postItems.length);

  let body: ReactNode;
  if (enabled.length === 0) {
    body = (
      <Notice level={2} icon={<Sprout size={30} />} title={m.preparingTitle}>
        <p>{m.preparingText}</p>
      </Notice>
    );
  } else if (loading) {
    body = <HomeSkeleton />;
  } else if (allFailed) {
    body = (
      <Notice
        level={2}
        role="alert"
        icon={<TriangleAlert size={30} />}
        title={m.errorTitle}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            <RefreshCw size={18} aria-hidden="true" />
            {m.retry}
          </button>
        }
      >
        <p>{m.errorText}</p>
      </Notice>
    );
  } else if (nothingToShow) {
    body = (
      <Notice
        level={2}
        icon={<Sprout size={30} />}
        title={m.emptyTitle}
        actions={
          <Link to={paths.main.getHref()} className="btn btn-primary">
            {m.browse}
          </Link>
        }
      >
        <p>{m.emptyText}</p>
      </Notice>
    );
  } else {
    body = (
      <>
        {isEnabled('delivery') && deliveryItems.length > 0 ? (
          <Section id="home-delivery" title={m.hotDelivery} href={paths.main.getHref('delivery')}>
            <div className="product-grid">
              {deliveryItems.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </div>
          </Section>
        ) : null}
        {isEnabled('content') && postItems.length > 0 ? (
          <Section id="home-posts" title={m.latestPosts} href={paths.main.getHref('post')}>
            <div className="post-grid">
              {postItems.map((p) => (
                <PostCard key={p.id} post={p} />
              ))}
            </div>
          </Section>
        ) : null}
        {isEnabled('shopping') && shoppingItems.length > 0 ? (
          <Section id="home-shopping" title={m.bestShopping} href={paths.main.getHref('shopping')}>
            <div className="product-grid">
              {shoppingItems.map((p) => (
                <ProductCard key={p.id} product={p} />
              ))}
            </div>
          </Section>
        ) : null}
      </>
    );
  }

  return (
    <main id="main" className="container page home">
      <header className="home-welcome">
        <h1>{user?.username ? m.welcomeUser(user.username) : m.welcomeService(displayName)}</h1>
        <p>{m.welcomeLead}</p>
      </header>
      {body}
    </main>
  );
}
