import type { TenantFeatures, TenantSettingsPatch } from '@app/contracts';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './tenants.repository.js';
import type { TenantRow } from './tenants.schema.js';

// Other modules (administration) answer tenants the same way, through this module's service.
export { presentTenant } from './tenants.presenter.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
const MAX_CACHED_HOSTS = 10_000;

/** Normalises a Host header value: lower case, no port, no trailing dot. */
export function normaliseHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    h = end === -1 ? h : h.slice(0, end + 1);
  } else {
    const colon = h.indexOf(':');
    if (colon !== -1 && h.indexOf(':', colon + 1) === -1) h = h.slice(0, colon);
  }
  return h.endsWith('.') ? h.slice(0, -1) : h;
}

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}

export type TenantsService = ReturnType<typeof createTenantsService>;

/**
 * Tenant lookup and administration. Host resolution is cached in process (including misses) so
 * that a request does not touch the database; every change made through this service clears the
 * cache of every API node through the bus, and the TTL bounds staleness should a message be lost.
 */
export function createTenantsService(db: Db, options: { cacheTtlMs: number; bus: Bus }) {
  const cache = new Map<string, { tenant: TenantRow | null; expires: number }>();
  const clear = () => cache.clear();
  const invalidate = options.bus.topic<null>('tenants', clear, clear).bind(null, null);

  async function lookup(host: string): Promise<TenantRow | null> {
    if (isLoopbackHost(host)) {
      const domain = await repo.readLocalhostDomain(db);
      const chosen = domain ? await repo.findTenantByDomain(db, domain) : undefined;
      return chosen ?? (await repo.findFirstTenant(db)) ?? null;
    }
    return (await repo.findTenantByDomain(db, host)) ?? null;
  }

  async function requireTenant(id: number): Promise<TenantRow> {
    const row = await repo.findTenantById(db, id);
    if (!row) throw AppError.notFound('테넌트를 찾을 수 없습니다.', 'tenant_not_found');
    return row;
  }

  return {
    invalidate,

    /** A tenant by its id (jobs working across tenants), or undefined. */
    find: (id: number): Promise<TenantRow | undefined> => repo.findTenantById(db, id),

    /** The cached answer of `resolveHost` (the tenant, or null for a host that serves none); undefined when not cached. */
    cachedHost(hostHeader: string): TenantRow | null | undefined {
      const hit = cache.get(normaliseHost(hostHeader));
      return hit && hit.expires > Date.now() ? hit.tenant : undefined;
    },

    /** The active tenant served at this Host header, or null. */
    async resolveHost(hostHeader: string): Promise<TenantRow | null> {
      const host = normaliseHost(hostHeader);
      const now = Date.now();
      const hit = cache.get(host);
      if (hit && hit.expires > now) return hit.tenant;
      const found = await lookup(host);
      const tenant = found?.isActive ? found : null;
      if (cache.size >= MAX_CACHED_HOSTS) cache.clear();
      cache.set(host, { tenant, expires: now + options.cacheTtlMs });
      return tenant;
    },

    list: () => repo.listTenants(db),

    async updateFeatures(id: number, changes: Partial<TenantFeatures>): Promise<TenantRow> {
      const current = await requireTenant(id);
      const row = await repo.updateTenant(db, id, { features: { ...current.features, ...changes } });
      invalidate();
      return row ?? current;
    },

    async updateSettings(id: number, changes: TenantSettingsPatch, displayName?: string): Promise<TenantRow> {
      const current = await requireTenant(id);
      const row = await repo.updateTenant(db, id, { settings: deepMerge(current.settings, changes), displayName });
      invalidate();
      return row ?? current;
    },

    async localhostTenant(): Promise<TenantRow | null> {
      return lookup('localhost');
    },

    async setLocalhostTenant(domain: string): Promise<TenantRow> {
      const row = await repo.findTenantByDomain(db, normaliseHost(domain));
      if (!row) throw AppError.notFound('해당 도메인의 테넌트를 찾을 수 없습니다.', 'tenant_not_found');
      await repo.writeLocalhostDomain(db, row.domain);
      invalidate();
      return row;
    },
  };
}

/**
 * Merges plain objects recursively; arrays and scalars in `changes` replace what was there, and
 * null removes the key (an unset legal fee).
 */
export function deepMerge<T extends Record<string, unknown>>(base: T, changes: Record<string, unknown>): T {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    if (value === null) {
      delete out[key];
      continue;
    }
    const prev = out[key];
    out[key] = isPlainObject(value) && isPlainObject(prev) ? deepMerge(prev, value) : value;
  }
  return out as T;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
