import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

let purifier: Purifier = DOMPurify;

/** Server rendering only (entry-server.tsx): DOMPurify needs a DOM, which Node lacks, so it brings one. */
export function setPurifier(next: Purifier): void {
  purifier = next;
}

/**
 * Tenant hero texts may hold simple HTML (spec 2.3). Only inline formatting survives: no scripts,
 * no links, no images, no styles, so a tenant setting can never run code or break the layout.
 */
export function sanitizeInlineHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: ['b', 'strong', 'em', 'i', 'u', 'br', 'span', 'mark', 'small', 'sub', 'sup'],
    ALLOWED_ATTR: [],
  });
}
