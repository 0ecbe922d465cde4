import type { Bus } from './bus.js';

/** How long a list total is kept: a write of the tenant drops them sooner, on every node. */
export const TOTALS_TTL_MS = 5_000;
/** Filters kept per tenant; past it the tenant's totals start again empty. */
const KEYS_PER_TENANT = 500;

/**
 * List totals per tenant and filter, kept a few seconds: a count walks every matching row, which
 * costs more than the page itself on a large catalogue or feed. `drop(tenantId)` (after a write
 * that adds or removes rows) clears the tenant's totals on every node through the bus.
 */
export function createTotals(bus: Bus, topic: string) {
  const totals = new Map<number, Map<string, { n: number; until: number }>>();
  const drop = bus.topic<number>(
    topic,
    (tenantId) => totals.delete(tenantId),
    () => totals.clear(),
  );
  return {
    drop,
    /** The total of the filter (`key` names it within the tenant), counted when not kept. */
    async get(tenantId: number, key: string, count: () => Promise<number>): Promise<number> {
      const now = Date.now();
      const hit = totals.get(tenantId)?.get(key);
      if (hit && hit.until > now) return hit.n;
      const n = await count();
      let perTenant = totals.get(tenantId);
      if (!perTenant) {
        perTenant = new Map();
        totals.set(tenantId, perTenant);
      }
      if (perTenant.size >= KEYS_PER_TENANT) perTenant.clear();
      perTenant.set(key, { n, until: now + TOTALS_TTL_MS });
      return n;
    },
  };
}

/** Paging of every list: the page asked, its size, and the page count of the total. */
export function paged(page: number, size: number, total: number) {
  return { total, page, size, pages: Math.max(1, Math.ceil(total / size)) };
}
