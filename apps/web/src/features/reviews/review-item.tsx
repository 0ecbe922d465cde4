import type { Review } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, ThumbsUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/app-toaster';
import { paths } from '@/config/paths';
import { formatReviewDate } from '@/lib/dates';
import { formatNumber } from '@/lib/format';
import { mediaUrl } from '@/lib/media';
import { useSession } from '@/lib/session';
import { purchaseMessages } from '@/messages/purchases';
import { reviewText as m } from './messages';
import { PhotoViewer } from './photo-viewer';
import { ReviewStars } from './review-stars';
import { patchCachedReview, reviewKeys, toggleReviewHelpful } from './reviews.api';
// Its own styles: the dashboard's reviews tab shows it without the product page's review section.
import './reviews.css';

/**
 * 도움돼요 (spec 2, 4): flips at once, takes the server's answer when it comes, and goes back to
 * what it was if the call fails. Signed-out readers are sent to log in and come back here.
 */
function useHelpfulToggle(review: Review) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { isMember } = useSession();
  const productId = review.product_id;
  const mutation = useMutation({
    mutationFn: () => toggleReviewHelpful(review.id),
    onMutate: async () => {
      // A list refetch already under way would bring back the state before this click.
      await queryClient.cancelQueries({ queryKey: reviewKeys.lists(productId) });
      const before = {
        is_helpful_by_current_user: review.is_helpful_by_current_user,
        helpful_count: review.helpful_count,
      };
      patchCachedReview(queryClient, productId, review.id, {
        is_helpful_by_current_user: !before.is_helpful_by_current_user,
        helpful_count: Math.max(0, before.helpful_count + (before.is_helpful_by_current_user ? -1 : 1)),
      });
      return before;
    },
    onSuccess: (answer) =>
      patchCachedReview(queryClient, productId, answer.review_id, {
        is_helpful_by_current_user: answer.is_helpful,
        helpful_count: answer.helpful_count,
      }),
    onError: (_err, _vars, before) => {
      if (before) patchCachedReview(queryClient, productId, review.id, before);
      toast.error(m.helpfulFailed);
    },
  });
  return () => {
    if (!isMember) {
      navigate(paths.login.getHref(), {
        state: { returnUrl: paths.productDetail.getHref(productId, 'reviews'), message: m.loginRequired },
      });
      return;
    }
    // One vote in flight at a time: the answer of the first settles what the second would flip.
    if (!mutation.isPending) mutation.mutate();
  };
}

/**
 * One review: author, date, stars, the option bought, title, text, photos, and 도움돼요 or the
 * author's own actions.
 */
export function ReviewItem({
  review,
  onEdit,
  onDelete,
}: {
  review: Review;
  onEdit: (review: Review) => void;
  onDelete: (review: Review) => void;
}) {
  const headingId = useId();
  const { user } = useSession();
  const mine = !!user && user.id === review.user_id;
  const toggleHelpful = useHelpfulToggle(review);
  const [photo, setPhoto] = useState<number | null>(null);
  const username = review.user.username;
  const avatar = mediaUrl(review.user.profile_image);

  return (
    <article className="review" aria-labelledby={headingId} data-review-id={review.id}>
      <header className="review-head">
        <span className="review-avatar" aria-hidden="true">
          {avatar ? <img src={avatar} alt="" loading="lazy" /> : username.slice(0, 1)}
        </span>
        <div className="review-byline">
          <p className="review-author">
            <span id={headingId}>
              <span className="visually-hidden">{m.reviewBy(username)}</span>
              <span aria-hidden="true">{username}</span>
            </span>
            {mine ? <span className="review-mine">{m.mine}</span> : null}
          </p>
          <p className="review-meta">
            <ReviewStars value={review.rating} size={14} label={m.rating(review.rating)} />
            <time dateTime={review.created_at} className="review-date">
              {formatReviewDate(review.created_at)}
            </time>
          </p>
        </div>
      </header>
      {review.option_name ? <p className="review-option">{purchaseMessages.reviewOption(review.option_name)}</p> : null}
      {review.title ? <h3 className="review-title">{review.title}</h3> : null}
      <p className="review-content">{review.content}</p>
      {review.media.length > 0 ? (
        <ul className="review-photos" aria-label={m.photos}>
          {review.media.map((media, i) => (
            <li key={media.id}>
              <button
                type="button"
                className="review-photo"
                aria-label={m.openPhoto(i + 1, review.media.length)}
                onClick={() => setPhoto(i)}
              >
                <img src={mediaUrl(media.thumbnail_url) ?? ''} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <footer className="review-foot">
        {mine ? (
          <>
            <span className="review-helpful-own tabular">{m.helpfulOwn(review.helpful_count)}</span>
            <div className="review-own-actions">
              <button type="button" className="review-action" aria-label={m.editReview} onClick={() => onEdit(review)}>
                <Pencil size={16} aria-hidden="true" />
                {m.edit}
              </button>
              <button
                type="button"
                className="review-action is-danger"
                aria-label={m.deleteReview}
                onClick={() => onDelete(review)}
              >
                <Trash2 size={16} aria-hidden="true" />
                {m.delete}
              </button>
            </div>
          </>
        ) : (
          <button
            type="button"
            className="review-helpful"
            aria-pressed={review.is_helpful_by_current_user}
            onClick={toggleHelpful}
          >
            <ThumbsUp size={16} aria-hidden="true" />
            {m.helpful}
            <span className="tabular">{formatNumber(review.helpful_count)}</span>
          </button>
        )}
      </footer>
      <PhotoViewer photos={review.media} index={photo} onIndexChange={setPhoto} />
    </article>
  );
}
