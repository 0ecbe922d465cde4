import { type RefObject, type TouchEvent, useEffect, useState } from 'react';
import { readItem, writeItem } from '@/lib/storage';

/** Spec 9: the phone layout up to 768 px, swipes over 50 px, a 50 ms buzz, the hint after 1 s for 2 s. */
export const MOBILE_MAX_WIDTH = 768;
export const SWIPE_THRESHOLD_PX = 50;
export const SWIPE_VIBRATION_MS = 50;
export const SWIPE_HINT_DELAY_MS = 1000;
export const SWIPE_HINT_DURATION_MS = 2000;
export const SWIPE_HINT_KEY = 'dashboardSwipeHintSeen';

export function isMobileWidth(): boolean {
  return typeof window !== 'undefined' && window.innerWidth <= MOBILE_MAX_WIDTH;
}

/**
 * Horizontal swipes on a phone: more than 50 px sideways (and more sideways than down) moves to
 * the next tab (finger to the left) or the previous one (to the right), with a short vibration.
 */
export function useTabSwipe(onSwipe: (step: 1 | -1) => boolean) {
  return {
    onTouchStart: (e: TouchEvent) => {
      const t = e.touches[0];
      if (!t || !isMobileWidth()) return;
      const from = { x: t.clientX, y: t.clientY };
      // Heard on the touched element itself: when a tab's content replaces its skeleton during the
      // swipe, that element leaves the page and its touchend no longer bubbles up to the panel.
      const target = e.target;
      const end = (ev: Event) => {
        target.removeEventListener('touchend', end);
        target.removeEventListener('touchcancel', end);
        const last = ev.type === 'touchend' ? (ev as globalThis.TouchEvent).changedTouches[0] : undefined;
        if (!last) return;
        const dx = last.clientX - from.x;
        const dy = last.clientY - from.y;
        if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return;
        if (onSwipe(dx < 0 ? 1 : -1)) navigator.vibrate?.(SWIPE_VIBRATION_MS);
      };
      target.addEventListener('touchend', end);
      target.addEventListener('touchcancel', end);
    },
  };
}

/** The swipe hint: once per device, on a phone, 1 s after opening and for 2 s. */
export function useSwipeHint(): boolean {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!isMobileWidth() || readItem(SWIPE_HINT_KEY)) return;
    let hide: number | undefined;
    const show = window.setTimeout(() => {
      writeItem(SWIPE_HINT_KEY, 'true');
      setVisible(true);
      hide = window.setTimeout(() => setVisible(false), SWIPE_HINT_DURATION_MS);
    }, SWIPE_HINT_DELAY_MS);
    return () => {
      window.clearTimeout(show);
      window.clearTimeout(hide);
    };
  }, []);
  return visible;
}

/** On a desktop the mouse wheel scrolls the tab bar sideways (it has no scroll bar to drag). */
export function useWheelScroll(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (isMobileWidth() || e.deltaY === 0 || el.scrollWidth <= el.clientWidth) return;
      e.preventDefault();
      el.scrollLeft += e.deltaY;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [ref]);
}
