import type { Review } from '@app/contracts';
import { type ReviewSort, reviewSortValues } from '@app/contracts/plain';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareText, PenLine, RotateCw } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { toast } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Notice } from '@/components/notice';
import { useSession } from '@/lib/session';
import { reviewText as m } from './messages';
import { ReviewItem } from './review-item';
import { ReviewStatsCard } from './review-stats';
import { deleteReview, reviewEligibilityQuery, reviewKeys, reviewListQuery, reviewStatsQuery } from './reviews.api';
import './reviews.css';
import { ChoiceSelect } from '@/components/form/choice-select';

// The form (react-hook-form, zod, the photo picker) loads when someone opens it.
const ReviewFormDialog = lazy(() => import('./review-form-dialog'));

export interface ReviewSectionProps {
  productId: number;
  productTitle: string;
  /** After any write: the product's own figures (rating average and count) are stale. */
  onChanged: () => void;
}

function ListSkeleton() {
  return (
    <div className="review-skeleton" role="status" aria-live="polite">
      <span className="visually-hidden">{m.loading}</span>
      <div className="skeleton" style={{ height: 132 }} />
      {[0, 1, 2].map((n) => (
        <div key={n} className="review-skeleton-item">
          <div className="skeleton" style={{ height: 16, width: '40%' }} />
          <div className="skeleton" style={{ height: 14, width: '25%' }} />
          <div className="skeleton" style={{ height: 48 }} />
        </div>
      ))}
    </div>
  );
}

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; review: Review };

/**
 * The reviews tab of the product page (spec part 2, section 2): statistics, sort, the list in pages
 * of 10 with 더보기, the write button for a buyer who has not written one yet, and the author's own
 * edit and delete.
 */
export function ReviewSection({ productId, productTitle, onChanged }: ReviewSectionProps) {
  const sortId = useId();
  const queryClient = useQueryClient();
  const { isMember, user } = useSession();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [deleting, setDeleting] = useState<Review | null>(null);

  const stats = useQuery(reviewStatsQuery(productId));
  // Another sort keeps the current list on screen (dimmed) until its first page arrives.
  const list = useInfiniteQuery({ ...reviewListQuery(productId, sort), placeholderData: keepPreviousData });
  const eligibility = useQuery({
    ...reviewEligibilityQuery(productId, user?.id ?? 0),
    enabled: isMember && !!user,
  });
  const canWrite = isMember && eligibility.data?.can_write === true;

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.product(productId) });
    onChanged();
  };

  const remove = useMutation({
    mutationFn: (review: Review) => deleteReview(review.id),
    onSuccess: () => {
      setDeleting(null);
      toast.success(m.deleted);
      refresh();
    },
    onError: () => {
      setDeleting(null);
      toast.error(m.deleteFailed);
    },
  });

  const retry = () => {
    if (stats.isError) void stats.refetch();
    if (list.isError) void list.refetch();
  };

  const writeButton = canWrite ? (
    <button type="button" className="btn btn-primary review-write" onClick={() => setDialog({ mode: 'create' })}>
      <PenLine size={18} aria-hidden="true" />
      {m.write}
    </button>
  ) : null;
  const buyHint =
    isMember && eligibility.data && !eligibility.data.has_purchased ? (
      <p className="field-hint review-hint">{m.buyToReview}</p>
    ) : null;

  let body: ReactNode;
  if (list.isPending || (stats.isPending && !stats.isError)) {
    body = <ListSkeleton />;
  } else if (list.isError || stats.isError) {
    body = (
      <div className="review-error" role="alert">
        <p>{m.loadFailed}</p>
        <button type="button" className="btn btn-outline" onClick={retry}>
          <RotateCw size={18} aria-hidden="true" />
          {m.retry}
        </button>
      </div>
    );
  } else if (stats.data.total_count === 0 && list.data.pages[0]?.reviews.length === 0) {
    body = (
      <Notice level={2} icon={<MessageSquareText size={28} />} title={m.emptyTitle} actions={writeButton}>
        <p>{m.emptyText}</p>
      </Notice>
    );
  } else {
    const reviews = list.data.pages.flatMap((page) => page.reviews);
    body = (
      <>
        <ReviewStatsCard stats={stats.data} />
        <div className="review-toolbar">
          <label htmlFor={sortId} className="visually-hidden">
            {m.sortLabel}
          </label>
          <ChoiceSelect
            id={sortId}
            className="review-sort"
            value={sort}
            choices={reviewSortValues}
            labels={m.sorts}
            onChange={setSort}
          />
        </div>
        <ul className="review-list" aria-busy={list.isPlaceholderData || undefined}>
          {reviews.map((review) => (
            <li key={review.id}>
              <ReviewItem
                review={review}
                onEdit={(r) => setDialog({ mode: 'edit', review: r })}
                onDelete={(r) => setDeleting(r)}
              />
            </li>
          ))}
        </ul>
        {list.hasNextPage ? (
          <button
            type="button"
            className="btn btn-outline btn-block review-more"
            disabled={list.isFetchingNextPage || list.isPlaceholderData}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? m.loadingMore : m.loadMore}
          </button>
        ) : null}
        {list.isFetchNextPageError ? (
          <p className="field-error" role="alert">
            {m.loadFailed}
          </p>
        ) : null}
      </>
    );
  }

  const hasReviews = !!stats.data && stats.data.total_count > 0;
  return (
    <section className="reviews" aria-label={m.sectionTitle}>
      {hasReviews && (writeButton || buyHint) ? (
        <div className="review-head-actions">
          {buyHint}
          {writeButton}
        </div>
      ) : null}
      {body}
      {dialog.mode !== 'closed' ? (
        <Suspense fallback={null}>
          <ReviewFormDialog
            productId={productId}
            productTitle={productTitle}
            review={dialog.mode === 'edit' ? dialog.review : null}
            onClose={() => setDialog({ mode: 'closed' })}
            onSaved={refresh}
          />
        </Suspense>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={m.deleteTitle}
        text={m.deleteText}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
