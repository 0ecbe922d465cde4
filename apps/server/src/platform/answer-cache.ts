import type { Bus } from './bus.js';
import { type JsonAnswer, jsonAnswer } from './json-reply.js';

/**
 * Public catalogue answers (feeds, lists, product pages) as JSON text with its entity tag, per tenant, for a short
 * time: many visitors ask the same page within a second. A write drops the tenant's entries at
 * once on this node and, through the bus (`name` is its topic), on every other node; a lost
 * message leaves another node stale for the TTL at most. See docs/decisions/011-catalogue-answers.md.
 */
export function createAnswerCache(ttlMs: number, shared: { bus: Bus; name: string }, maxPerTenant = 1000) {
  const tenants = new Map<number, Map<string, { answer: JsonAnswer; until: number }>>();
  const invalidate = shared.bus.topic<number>(
    `answers:${shared.name}`,
    (tenantId) => tenants.delete(tenantId),
    () => tenants.clear(),
  );
  // Loads in flight, so that a burst of identical requests makes one answer.
  const pending = new Map<string, Promise<JsonAnswer>>();

  return {
    async get(tenantId: number, key: string, make: () => Promise<unknown>): Promise<JsonAnswer> {
      if (ttlMs <= 0) return jsonAnswer(await make());
      const now = Date.now();
      const hit = tenants.get(tenantId)?.get(key);
      if (hit && hit.until > now) return hit.answer;
      const slot = `${tenantId}\u0000${key}`;
      const inFlight = pending.get(slot);
      if (inFlight) return inFlight;
      const loading = (async () => {
        const answer = jsonAnswer(await make());
        let entries = tenants.get(tenantId);
        if (!entries) {
          entries = new Map();
          tenants.set(tenantId, entries);
        }
        if (entries.size >= maxPerTenant) entries.clear();
        entries.set(key, { answer, until: Date.now() + ttlMs });
        return answer;
      })().finally(() => pending.delete(slot));
      pending.set(slot, loading);
      return loading;
    },
    /** Drops the tenant's answers on every node. */
    invalidate,
  };
}

export type AnswerCache = ReturnType<typeof createAnswerCache>;
