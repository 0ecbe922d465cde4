import DOMPurify from 'dompurify';

/**
 * Tenant hero texts may hold simple HTML (spec 2.3). Only inline formatting survives: no scripts,
 * no links, no images, no styles, so a tenant setting can never run code or break the layout.
 */
export function sanitizeInlineHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ['b', 'strong', 'em', 'i', 'u', 'br', 'span', 'mark', 'small', 'sub', 'sup'],
    ALLOWED_ATTR: [],
  });
}
