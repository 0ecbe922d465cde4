import type { ReviewMedia } from '@app/contracts';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { KeyboardEvent } from 'react';
import { mediaUrl } from '@/lib/media';
import { reviewText as m } from './messages';
import './reviews.css';

/** A review's photos shown large, one at a time, with previous/next (buttons and arrow keys). */
export function PhotoViewer({
  photos,
  index,
  onIndexChange,
}: {
  photos: ReviewMedia[];
  /** The photo shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}) {
  const total = photos.length;
  const current = index === null ? undefined : photos[index];
  const go = (delta: number) => {
    if (index === null || total < 2) return;
    onIndexChange((index + delta + total) % total);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') go(-1);
    else if (e.key === 'ArrowRight') go(1);
  };
  return (
    <Dialog.Root open={current !== undefined} onOpenChange={(open) => (open ? undefined : onIndexChange(null))}>
      <Dialog.Portal>
        <Dialog.Overlay className="photo-viewer-overlay" />
        <Dialog.Content className="photo-viewer" aria-describedby={undefined} onKeyDown={onKeyDown}>
          <Dialog.Title className="visually-hidden">{m.photoViewer}</Dialog.Title>
          {current && index !== null ? (
            <>
              <figure className="photo-viewer-figure">
                <img
                  src={mediaUrl(current.file_path) ?? ''}
                  alt={m.photoAlt(index + 1, total)}
                  width={current.width || undefined}
                  height={current.height || undefined}
                />
              </figure>
              {total > 1 ? (
                <>
                  <button
                    type="button"
                    className="photo-viewer-nav is-previous"
                    aria-label={m.previousPhoto}
                    onClick={() => go(-1)}
                  >
                    <ChevronLeft size={26} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="photo-viewer-nav is-next"
                    aria-label={m.nextPhoto}
                    onClick={() => go(1)}
                  >
                    <ChevronRight size={26} aria-hidden="true" />
                  </button>
                  <p className="photo-viewer-position tabular" aria-live="polite">
                    {m.photoPosition(index + 1, total)}
                  </p>
                </>
              ) : null}
            </>
          ) : null}
          <Dialog.Close className="photo-viewer-close" aria-label={m.close}>
            <X size={24} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
