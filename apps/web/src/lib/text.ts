// The particle helper is shared with the server's messages (one definition, in the contracts).
export { type Particle, withParticle } from '@app/contracts/plain';

/**
 * Cuts text to `max` characters (code points, so emoji and Hangul are never split) and appends
 * the ellipsis when it was cut. Whitespace runs collapse so excerpts of multi-line posts read well.
 */
export function excerpt(text: string | null | undefined, max = 100, ellipsis = '...'): string {
  const clean = (text ?? '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(clean);
  if (chars.length <= max) return clean;
  return `${chars.slice(0, max).join('').trimEnd()}${ellipsis}`;
}
