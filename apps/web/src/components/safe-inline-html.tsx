import { sanitizeInlineHtml } from '@/lib/sanitize';

/**
 * Renders tenant-configured text that may hold simple HTML (hero subtitle and description).
 * The only place the app injects HTML: it always goes through DOMPurify first.
 */
export function SafeInlineHtml({ html, className }: { html: string; className?: string }) {
  const clean = sanitizeInlineHtml(html);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify to inline formatting tags
  return <p className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
