import { REVIEW_RATING_MAX } from '@app/contracts/plain';
import { Star } from 'lucide-react';
import './reviews.css';

const positions = Array.from({ length: REVIEW_RATING_MAX }, (_, i) => i + 1);

/**
 * Five stars filled up to `value` (fractions too, for an average). With a `label` it is an image
 * for screen readers; without one it only decorates a number that is said elsewhere.
 */
export function ReviewStars({ value, size = 16, label }: { value: number; size?: number; label?: string }) {
  const filled = Math.max(0, Math.min(1, value / REVIEW_RATING_MAX)) * 100;
  const row = (className: string) => (
    <span className={className}>
      {positions.map((n) => (
        <Star key={n} size={size} strokeWidth={1.5} aria-hidden="true" />
      ))}
    </span>
  );
  const content = (
    <>
      {row('review-stars-base')}
      <span className="review-stars-fill" style={{ width: `${filled}%` }}>
        {row('review-stars-row')}
      </span>
    </>
  );
  return label ? (
    <span className="review-stars" role="img" aria-label={label} data-value={value}>
      {content}
    </span>
  ) : (
    <span className="review-stars" aria-hidden="true" data-value={value}>
      {content}
    </span>
  );
}
