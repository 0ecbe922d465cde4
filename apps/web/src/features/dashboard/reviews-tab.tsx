import type { DashboardReviewStats, Review } from '@app/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BarChart3, ChevronDown, MessageSquareText, Package } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { useState } from 'react';
import { Sheet } from '@/components/sheet';
import { formatNumber } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { myReviewsQuery } from './dashboard.api';
import { useDashboardParts } from './dashboard-parts';
import { EmptyState, ErrorState, ListSkeleton, LoadMore } from './list-states';
import { dashboardText as m } from './messages';

export interface ProductReviews {
  product: Review['product'];
  reviews: Review[];
  /** Mean rating of these reviews. */
  average: number;
}

/** Reviews grouped per product, in the order each product first appears (newest review first). */
export function groupReviewsByProduct(reviews: readonly Review[]): ProductReviews[] {
  const groups = new Map<number, Review[]>();
  for (const review of reviews) {
    const list = groups.get(review.product.id);
    if (list) list.push(review);
    else groups.set(review.product.id, [review]);
  }
  return [...groups.values()].flatMap((list) => {
    const first = list[0];
    if (!first) return [];
    return [
      { product: first.product, reviews: list, average: list.reduce((sum, r) => sum + r.rating, 0) / list.length },
    ];
  });
}

/** Share of `n` in `total` as a percentage (0 when there is nothing to share). */
export function percentOf(n: number, total: number): number {
  return total > 0 ? (n / total) * 100 : 0;
}

const starsDescending = [5, 4, 3, 2, 1] as const;

const emptyStats: DashboardReviewStats = {
  total_reviews: 0,
  average_rating: 0,
  products_reviewed: 0,
  total_helpful: 0,
  image_reviews: 0,
  rating_distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
};

function StatsSheet({
  stats,
  open,
  onOpenChange,
}: {
  stats: DashboardReviewStats;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { ReviewStars } = useDashboardParts();
  const total = stats.total_reviews;
  const figures = [
    { key: 'total', label: m.statTotal, value: m.countUnit(total) },
    { key: 'average', label: m.statAverage, value: stats.average_rating.toFixed(1) },
    { key: 'products', label: m.statProducts, value: m.countUnit(stats.products_reviewed) },
    { key: 'helpful', label: m.statHelpful, value: formatNumber(stats.total_helpful) },
    { key: 'image', label: m.statImage, value: m.countUnit(stats.image_reviews) },
    { key: 'text', label: m.statText, value: m.countUnit(Math.max(0, total - stats.image_reviews)) },
  ];
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title={m.statsTitle} className="sheet-wide dash-stats-sheet">
      <dl className="dash-review-figures">
        {figures.map((f) => (
          <div key={f.key} data-figure={f.key}>
            <dt>{f.label}</dt>
            <dd className="tabular">{f.value}</dd>
          </div>
        ))}
      </dl>
      <div className="dash-review-average">
        <ReviewStars value={stats.average_rating} size={18} />
      </div>
      <section aria-labelledby="dash-distribution-title">
        <h3 id="dash-distribution-title" className="dash-subtitle">
          {m.distribution}
        </h3>
        <ul className="dash-distribution">
          {starsDescending.map((star) => {
            const n = stats.rating_distribution[star];
            const share = percentOf(n, total);
            return (
              <li key={star} data-star={star}>
                <span className="dash-dist-label">{m.starLabel(star)}</span>
                <span className="dash-dist-bar" aria-hidden="true">
                  <span style={{ width: `${share}%` }} />
                </span>
                <span className="dash-dist-count tabular">{m.countUnit(n)}</span>
                <span className="dash-dist-percent tabular">{m.percent(share)}</span>
              </li>
            );
          })}
        </ul>
      </section>
    </Sheet>
  );
}

/** The user's reviews per product in an accordion, with the overall statistics (spec part 3, "Reviews tab"). */
export function ReviewsTab() {
  const { ReviewItem } = useDashboardParts();
  const list = useInfiniteQuery(myReviewsQuery);
  const [statsOpen, setStatsOpen] = useState(false);

  if (list.isPending) return <ListSkeleton rows={3} height={88} />;
  if (list.isError) return <ErrorState title={m.reviewsFailed} onRetry={() => list.refetch()} />;

  const pages = list.data.pages;
  const stats = pages[0]?.stats ?? emptyStats;
  const groups = groupReviewsByProduct(pages.flatMap((page) => page.reviews));
  return (
    <section className="dash-section" aria-labelledby="dash-reviews-title">
      <div className="dash-toolbar">
        <h2 id="dash-reviews-title" className="dash-section-title">
          {m.reviewsTitle(stats.total_reviews, stats.products_reviewed)}
        </h2>
        <button type="button" className="btn btn-outline" onClick={() => setStatsOpen(true)}>
          <BarChart3 size={18} aria-hidden="true" />
          {m.openStats}
        </button>
      </div>
      {groups.length === 0 ? (
        <EmptyState title={m.reviewsEmpty} icon={<MessageSquareText size={30} />}>
          <p>{m.reviewsEmptyHint}</p>
        </EmptyState>
      ) : (
        <Accordion.Root type="multiple" className="dash-accordion">
          {groups.map((group) => {
            const image = mediaUrl(group.product.image_url);
            return (
              <Accordion.Item
                key={group.product.id}
                value={String(group.product.id)}
                className="card dash-accordion-item"
              >
                <Accordion.Header className="dash-accordion-header">
                  <Accordion.Trigger className="dash-accordion-trigger">
                    <span className="dash-product-thumb">
                      {image ? <img src={image} alt="" loading="lazy" /> : <Package size={22} aria-hidden="true" />}
                    </span>
                    <span className="dash-product-text">
                      <span className="dash-product-title">{group.product.title}</span>
                      <span className="dash-muted tabular">
                        {m.reviewCount(group.reviews.length)} · {m.averageOf(group.average)}
                      </span>
                    </span>
                    <ChevronDown size={20} aria-hidden="true" className="dash-accordion-chevron" />
                  </Accordion.Trigger>
                </Accordion.Header>
                <Accordion.Content className="dash-accordion-content">
                  {group.reviews.map((review) => (
                    <ReviewItem key={review.id} review={review} />
                  ))}
                </Accordion.Content>
              </Accordion.Item>
            );
          })}
        </Accordion.Root>
      )}
      <LoadMore
        auto={false}
        label={m.more}
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoadMore={() => list.fetchNextPage()}
      />
      <StatsSheet stats={stats} open={statsOpen} onOpenChange={setStatsOpen} />
    </section>
  );
}
