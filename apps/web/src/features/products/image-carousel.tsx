import { ChevronLeft, ChevronRight, ImageOff } from 'lucide-react';
import { type PointerEvent, useRef, useState } from 'react';
import { detailMessages as m } from './messages';

/** Spec 9: a swipe of at least 50 px changes the image. */
export const SWIPE_THRESHOLD_PX = 50;

/** -1 previous, 1 next, 0 stay, from the horizontal distance of a swipe. */
export function swipeDirection(deltaX: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (deltaX <= -threshold) return 1;
  if (deltaX >= threshold) return -1;
  return 0;
}

export interface CarouselImage {
  key: string | number;
  src: string;
}

/** The product detail's images: swipe (pointer or touch), arrows on wide screens, and dots. */
export function ImageCarousel({ images, title }: { images: CarouselImage[]; title: string }) {
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const go = (next: number) => setIndex(Math.min(count - 1, Math.max(0, next)));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = e.clientX - from.x;
    // A mostly vertical gesture is a page scroll, not a swipe.
    if (Math.abs(e.clientY - from.y) > Math.abs(dx)) return;
    const dir = swipeDirection(dx);
    if (dir !== 0) go(index + dir);
  };

  if (count === 0) {
    return (
      <div className="carousel">
        <div className="carousel-frame carousel-empty">
          <ImageOff size={40} aria-hidden="true" />
          <span className="visually-hidden">{m.images}</span>
        </div>
      </div>
    );
  }

  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={m.images}>
      <div
        className="carousel-frame"
        data-testid="carousel-frame"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        <div className="carousel-track" style={{ transform: `translateX(-${index * 100}%)` }}>
          {images.map((img, i) => (
            <div key={img.key} className="carousel-slide" aria-hidden={i !== index}>
              <img
                src={img.src}
                alt={`${title} (${m.imageN(i + 1, count)})`}
                draggable={false}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            </div>
          ))}
        </div>
        {count > 1 ? (
          <>
            <button
              type="button"
              className="carousel-arrow carousel-prev"
              aria-label={m.previous}
              disabled={index === 0}
              onClick={() => go(index - 1)}
            >
              <ChevronLeft size={22} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="carousel-arrow carousel-next"
              aria-label={m.next}
              disabled={index === count - 1}
              onClick={() => go(index + 1)}
            >
              <ChevronRight size={22} aria-hidden="true" />
            </button>
            <span className="carousel-counter tabular" aria-hidden="true">
              {index + 1} / {count}
            </span>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="carousel-dots">
          {images.map((img, i) => (
            <button
              key={img.key}
              type="button"
              className="carousel-dot"
              aria-label={m.imageN(i + 1, count)}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
