import type { Tenant } from '@app/contracts';
import type { DehydratedState } from '@tanstack/react-query';

/** The id of the JSON block the server writes into index.html (apps/server/src/platform/web-boot.ts). */
export const BOOT_ELEMENT_ID = 'app-boot';

/**
 * What the server already knows when it sends the page: the answer of /api/tenant/current, and
 * when it rendered the first screen (entry-server.tsx), the answers that screen was drawn from and
 * the chunks it needs.
 */
export interface BootData {
  tenant?: Tenant;
  queries?: DehydratedState;
  /** The built chunks that screen needs to come alive (`/assets/…js`), fetched once it shows. */
  modules?: string[];
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
    const { tenant, queries, modules } = data as BootData;
    if (!tenant || typeof tenant !== 'object' || !tenant.features) return {};
    if (!Array.isArray(queries?.queries)) return { tenant };
    const chunks = Array.isArray(modules)
      ? modules.filter((m) => typeof m === 'string' && m.startsWith('/assets/'))
      : [];
    return { tenant, queries, modules: chunks };
  } catch {
    return {};
  }
}
