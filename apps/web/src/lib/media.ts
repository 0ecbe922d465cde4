/** The API's base address: empty because the app and the API share one origin (spec 7). */
export const apiBase: string = import.meta.env.VITE_API_BASE ?? '';

/**
 * Media paths from the API are relative (`/uploads/…`); anything not starting with http gets the
 * API base prefix (spec 9). Browser-local URLs (blob:, data:) are left alone for previews.
 */
export function mediaUrl(path: string | null | undefined, base: string = apiBase): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|blob:|data:)/i.test(path)) return path;
  const trimmedBase = base.replace(/\/+$/, '');
  return `${trimmedBase}${path.startsWith('/') ? '' : '/'}${path}`;
}
