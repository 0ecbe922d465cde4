import { Inbox, RefreshCw, TriangleAlert } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Notice } from '@/components/notice';
import { dashboardText as m } from './messages';

/** Skeleton rows while a tab's first page loads. */
export function ListSkeleton({ rows = 3, height = 120 }: { rows?: number; height?: number }) {
  return (
    <div className="dash-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{m.loading}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className="skeleton" style={{ height }} />
      ))}
    </div>
  );
}

export function EmptyState({ title, children, icon }: { title: string; children?: ReactNode; icon?: ReactNode }) {
  return (
    <Notice level={2} icon={icon ?? <Inbox size={30} />} title={title}>
      {children}
    </Notice>
  );
}

/** The spec's load failure text with a retry button. */
export function ErrorState({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Notice
      level={2}
      role="alert"
      icon={<TriangleAlert size={30} />}
      title={title}
      actions={
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          <RefreshCw size={18} aria-hidden="true" />
          {m.retry}
        </button>
      }
    />
  );
}

/**
 * The end of a list with more to load: loads on its own when it scrolls into view
 * (IntersectionObserver) and keeps a button for browsers without it or readers who prefer it.
 */
export function LoadMore({
  hasMore,
  loading,
  onLoadMore,
  label = m.loadMore,
  auto = true,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  label?: string;
  auto?: boolean;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef({ loading, onLoadMore });
  latest.current = { loading, onLoadMore };

  useEffect(() => {
    const el = sentinel.current;
    if (!auto || !hasMore || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && !latest.current.loading) latest.current.onLoadMore();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [auto, hasMore]);

  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="dash-load-more">
      <button type="button" className="btn btn-outline" disabled={loading} onClick={onLoadMore}>
        {loading ? m.loadingMore : label}
      </button>
    </div>
  );
}
