import { readItem, writeItem } from './storage';

/** Set once the browser has Pretendard's files for this site in its cache. */
export const FONT_CACHED_KEY = 'font.pretendard';
/** On <html>: the text uses Pretendard (styles/global.css); without it, the system's Korean font. */
export const FONT_CLASS = 'pretendard';
/** After the load event, when nobody has touched the page yet: the network is surely free. */
const WARM_DELAY_MS = 5000;
/** Signs that the visitor is about to go on (and so to a screen that may use the font). */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const;

let warmed = false;

/**
 * Pretendard without slowing or moving the first screen (docs/decisions/019-first-load.md).
 * Its files (dynamic subsets, 20-40 KB each, a dozen per Korean screen) would otherwise compete
 * with the app's code on a phone's network and swap in after the text has been laid out.
 * - Files in the cache from an earlier visit: use the font at once, before the first paint.
 * - First visit: the system's Korean font (Noto Sans KR, Apple SD Gothic Neo, Malgun Gothic);
 *   at the visitor's first touch, key or click (or 5 s after the load event), the subsets this
 *   screen needs are fetched in the background, and the font takes over at the next navigation,
 *   when the screen changes anyway.
 */
export function startFonts(doc: Document = document): void {
  if (readItem(FONT_CACHED_KEY)) {
    doc.documentElement.classList.add(FONT_CLASS);
    return;
  }
  let started = false;
  const warm = () => {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) doc.removeEventListener(type, warm, true);
    // textContent, not innerText: no layout pass for a sample of the characters on screen.
    const sample = (doc.body.textContent ?? '').slice(0, 4000);
    doc.fonts
      .load('16px "Pretendard Variable"', sample)
      .then(() => {
        warmed = true;
        writeItem(FONT_CACHED_KEY, '1');
      })
      .catch(() => undefined); // no font: the system font stays, as it looks already
  };
  for (const type of INTENT_EVENTS) doc.addEventListener(type, warm, { capture: true, passive: true });
  const later = () => setTimeout(warm, WARM_DELAY_MS);
  if (doc.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** Called on each navigation: switches to Pretendard once its files are in. */
export function applyWarmedFont(doc: Document = document): void {
  if (warmed) doc.documentElement.classList.add(FONT_CLASS);
}
