import type { Tenant } from '@app/contracts';

/** The id of the JSON block the server writes into index.html (apps/server/src/platform/web-boot.ts). */
export const BOOT_ELEMENT_ID = 'app-boot';

/** What the server already knows when it sends the page: today the answer of /api/tenant/current. */
export interface BootData {
  tenant?: Tenant;
}

/**
 * The boot data of the page, read once: the tenant arrives with the HTML, so the first screen
 * renders without waiting for a round trip. Empty on the Vite dev server and on anything unreadable.
 */
export function readBootData(doc: Document = document): BootData {
  const text = doc.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const data: unknown = JSON.parse(text);
    if (!data || typeof data !== 'object') return {};
    const tenant = (data as BootData).tenant;
    return tenant && typeof tenant === 'object' && tenant.features ? { tenant } : {};
  } catch {
    return {};
  }
}
