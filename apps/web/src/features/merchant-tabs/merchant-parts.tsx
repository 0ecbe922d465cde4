import type { Product } from '@app/contracts';
import { AlertTriangle, ImageOff, ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api-client';
import { mediaUrl } from '@/lib/media';
import { commonText as m, productsText } from './messages';

/** What a non-merchant sees on a merchant tab (spec part 3, section 6). */
export function DeniedNotice({ reason = m.merchantOnly }: { reason?: string }) {
  return (
    <div className="notice" role="alert">
      <div className="notice-icon" aria-hidden="true">
        <ShieldAlert size={30} />
      </div>
      <h2>{m.deniedTitle}</h2>
      <p>{reason}</p>
    </div>
  );
}

/** True when the server refused the call for the signed-in user's role. */
export function isForbidden(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403;
}

/** A load failure shown in place of the list, with the spec's text and a retry button. */
export function LoadError({ title, onRetry, busy }: { title: string; onRetry: () => void; busy?: boolean }) {
  return (
    <div className="notice" role="alert">
      <div className="notice-icon" aria-hidden="true">
        <AlertTriangle size={30} />
      </div>
      <h2>{title}</h2>
      <div className="notice-actions">
        <button type="button" className="btn btn-primary" onClick={onRetry} disabled={busy}>
          {m.retry}
        </button>
      </div>
    </div>
  );
}

/** Skeleton rows while a list loads (DESIGN: skeletons instead of spinners). */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="mt-list" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className="mt-row mt-row-skeleton" aria-hidden="true">
          <div className="skeleton mt-thumb" />
          <div className="mt-row-body">
            <div className="skeleton" style={{ height: 18, width: '55%' }} />
            <div className="skeleton" style={{ height: 16, width: '35%' }} />
            <div className="skeleton" style={{ height: 14, width: '45%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}

/** What a product list shows before its rows: refused (403), loading, failed; null once there are rows to show. */
export function listStatus(
  list: {
    isError: boolean;
    error: unknown;
    isPending: boolean;
    data: unknown;
    isFetching: boolean;
    refetch: () => unknown;
  },
  texts: { loading: string; loadFailed: string; denied?: string },
): ReactNode {
  if (list.isError && isForbidden(list.error)) return <DeniedNotice reason={texts.denied} />;
  if (list.isPending) return <ListSkeleton label={texts.loading} />;
  if (list.isError && !list.data) {
    return <LoadError title={texts.loadFailed} onRetry={() => void list.refetch()} busy={list.isFetching} />;
  }
  return null;
}

/** The "more" button under a paged list, while there is a next page. */
export function MoreButton({
  list,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-more">
      <button
        type="button"
        className="btn btn-outline"
        onClick={() => void list.fetchNextPage()}
        disabled={list.isFetchingNextPage}
      >
        {list.isFetchingNextPage ? m.loadingMore : m.loadMore}
      </button>
    </div>
  );
}

/** A product row's picture, or a placeholder without one. */
export function ProductThumb({ product }: { product: Pick<Product, 'thumbnail_url' | 'image_url'> }) {
  const image = mediaUrl(product.thumbnail_url ?? product.image_url);
  return (
    <div className="mt-thumb">
      {image ? (
        <img src={image} alt="" loading="lazy" width={88} height={88} />
      ) : (
        <span className="mt-thumb-empty">
          <ImageOff size={22} aria-hidden="true" />
          <span className="visually-hidden">{productsText.noImage}</span>
        </span>
      )}
    </div>
  );
}
