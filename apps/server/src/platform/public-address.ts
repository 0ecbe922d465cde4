import type { TenantRow } from '../modules/tenants/tenants.schema.js';

/** Scheme and port under which people reach the tenants (PUBLIC_SCHEME, PUBLIC_PORT). */
export interface PublicAddress {
  scheme: 'http' | 'https';
  /** Left out of URLs when it is the scheme's default (80, 443) or 0 (not known). */
  port: number;
}

const DEFAULT_PORTS = { http: 80, https: 443 } as const;

/**
 * The absolute origin of a tenant (`https://shop.example.kr`, `http://farm.localhost:3000`): its
 * configured domain with the configured public scheme and port. Every absolute URL the server
 * hands out (mail links, OAuth redirect URIs) starts with it; none is ever built from request
 * headers, which an attacker chooses (`Host: farm.localhost:@evil.example`).
 */
export function tenantOrigin(tenant: Pick<TenantRow, 'domain'>, address: PublicAddress): string {
  const port = address.port === 0 || address.port === DEFAULT_PORTS[address.scheme] ? '' : `:${address.port}`;
  return `${address.scheme}://${tenant.domain}${port}`;
}
