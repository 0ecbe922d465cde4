import type { ReviewStats } from '@app/contracts';
import { formatNumber } from '@/lib/format';
import { reviewText as m } from './messages';
import { ReviewStars } from './review-stars';

const starsDescending = [5, 4, 3, 2, 1] as const;

/** The average to one decimal with its stars and the total, then one bar per star from 5 to 1. */
export function ReviewStatsCard({ stats }: { stats: ReviewStats }) {
  const total = stats.total_count;
  return (
    <section className="review-stats" aria-label={m.statsLabel}>
      <div className="review-average">
        <p className="review-average-figure tabular">
          <span className="visually-hidden">{m.averageSr(stats.average_rating)}</span>
          <strong aria-hidden="true">{stats.average_rating.toFixed(1)}</strong>
          <span aria-hidden="true" className="review-average-out-of">
            {m.averageOutOf}
          </span>
        </p>
        <ReviewStars value={stats.average_rating} size={20} />
        <p className="review-total tabular">{m.totalCount(total)}</p>
      </div>
      <ul className="review-distribution" aria-label={m.distributionLabel}>
        {starsDescending.map((star) => {
          const n = stats.rating_distribution[star];
          const share = total > 0 ? (n / total) * 100 : 0;
          return (
            <li key={star} className="review-bar-row" data-star={star}>
              <span className="visually-hidden">{m.starCountSr(star, n)}</span>
              <span aria-hidden="true" className="review-bar-label">
                {m.starLabel(star)}
              </span>
              <span aria-hidden="true" className="review-bar">
                <span className="review-bar-fill" style={{ width: `${share}%` }} />
              </span>
              <span aria-hidden="true" className="review-bar-count tabular">
                {formatNumber(n)}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
