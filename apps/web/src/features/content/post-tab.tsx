import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronRight, FileText, RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PostCard } from '@/components/cards/post-card';
import { FIRST_SCREEN_CARDS, ProductCard } from '@/components/cards/product-card';
import { Notice } from '@/components/notice';
import { paths } from '@/config/paths';
import { useTenant } from '@/lib/tenant';
import { bestProductsQuery, feedPageFrom, postFeedQuery } from './content.api';
import { contentMessages as m } from './messages';
import './content.css';

function BestProductsStrip() {
  const best = useQuery(bestProductsQuery);
  const products = best.data ?? [];
  if (products.length === 0) return null;
  return (
    <section className="feed-best" aria-labelledby="feed-best-title">
      <div className="section-head">
        <h2 id="feed-best-title">{m.bestProducts}</h2>
        <Link to={paths.main.getHref('shopping')} className="btn btn-ghost">
          {m.viewAll}
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
      </div>
      <div className="feed-product-grid">
        {products.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </div>
    </section>
  );
}

/**
 * `/main?tab=post`: 20 posts a page (no announcements), with the best-products strip. The page is
 * in the URL (`&page=3`), so a reload, a shared link and back/forward keep it.
 */
export function PostTab() {
  const { isEnabled } = useTenant();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = feedPageFrom(searchParams.get('page'));
  const feed = useQuery({ ...postFeedQuery(page), placeholderData: keepPreviousData });
  const listRef = useRef<HTMLElement>(null);
  const pages = feed.data?.pages;

  const goTo = (next: number, replace = false) =>
    setSearchParams(
      (prev) => {
        const query = new URLSearchParams(prev);
        query.set('tab', 'post');
        if (next > 1) query.set('page', String(next));
        else query.delete('page');
        return query;
      },
      { preventScrollReset: true, replace },
    );
  const turnTo = (next: number) => {
    goTo(next);
    // The next page starts at the top of the list, not where the pager was.
    listRef.current?.scrollIntoView({ block: 'start' });
  };

  // A page past the end (posts deleted since the link was made): its last page instead.
  useEffect(() => {
    if (!feed.isPlaceholderData && pages !== undefined && pages >= 1 && page > pages) goTo(pages, true);
  });

  let body: React.ReactNode;
  if (feed.isPending) {
    body = (
      <div className="feed-grid" role="status" aria-live="polite">
        <span className="visually-hidden">{m.loading}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="skeleton" style={{ height: 280 }} />
        ))}
      </div>
    );
  } else if (feed.isError) {
    body = (
      <Notice
        level={2}
        role="alert"
        icon={<TriangleAlert size={30} />}
        title={m.feedFailed}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => feed.refetch()}>
            <RefreshCw size={18} aria-hidden="true" />
            {m.retry}
          </button>
        }
      >
        <p>{m.loadFailedText}</p>
      </Notice>
    );
  } else if (feed.data.posts.length === 0) {
    body = (
      <Notice level={2} icon={<FileText size={30} />} title={m.feedEmptyTitle}>
        <p>{m.feedEmptyText}</p>
      </Notice>
    );
  } else {
    const { posts, pages } = feed.data;
    body = (
      <>
        <div className="feed-grid">
          {posts.map((p, i) => (
            <PostCard key={p.id} post={p} eager={i < FIRST_SCREEN_CARDS} />
          ))}
        </div>
        {pages > 1 ? (
          <nav className="feed-pager" aria-label={m.pageOf(page, pages)}>
            <button type="button" className="btn btn-outline" disabled={page <= 1} onClick={() => turnTo(page - 1)}>
              {m.previous}
            </button>
            <span className="tabular">{m.pageOf(page, pages)}</span>
            <button type="button" className="btn btn-outline" disabled={page >= pages} onClick={() => turnTo(page + 1)}>
              {m.next}
            </button>
          </nav>
        ) : null}
      </>
    );
  }

  return (
    <div className="post-feed">
      {isEnabled('shopping') ? <BestProductsStrip /> : null}
      <section ref={listRef} className="feed-posts" aria-labelledby="feed-posts-title" aria-busy={feed.isFetching}>
        <h2 id="feed-posts-title" className="visually-hidden">
          {m.feedTitle}
        </h2>
        {body}
      </section>
    </div>
  );
}
