import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { createTenantsService, type TenantsService } from '../modules/tenants/tenants.service.js';
import { AppError } from './errors.js';
import { type PublicAddress, tenantOrigin } from './public-address.js';

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantsService;
    /** The tenant's absolute origin from its domain and PUBLIC_SCHEME/PUBLIC_PORT (see tenantOrigin). */
    tenantOrigin(tenant: Pick<TenantRow, 'domain'>): string;
  }
  interface FastifyRequest {
    /** The tenant this request is served for; set on every route inside the tenant scope. */
    tenant: TenantRow;
  }
}

/** Decorates the app with the tenants service and the request with its tenant slot. */
export const tenancyPlugin = fp(
  async (app: FastifyInstance, opts: { cacheTtlMs: number; publicAddress: PublicAddress }) => {
    app.decorate('tenants', createTenantsService(app.db, { cacheTtlMs: opts.cacheTtlMs, bus: app.bus }));
    app.decorate('tenantOrigin', (tenant: Pick<TenantRow, 'domain'>) => tenantOrigin(tenant, opts.publicAddress));
    app.decorateRequest('tenant', null as unknown as TenantRow);
  },
  { name: 'tenancy', dependencies: ['database', 'counters'] },
);

/**
 * Step of the tenant scope's onRequest hook: resolves the tenant from the Host header (port
 * ignored, case-insensitive). An unknown or inactive host answers 404 before any route runs.
 * Synchronous when the host is cached, as it nearly always is; a promise only for a look-up.
 */
export function resolveTenant(this: FastifyInstance, request: FastifyRequest): void | Promise<void> {
  const cached = this.tenants.cachedHost(request.host);
  if (cached !== undefined) return useTenant(request, cached);
  return this.tenants.resolveHost(request.host).then((tenant) => useTenant(request, tenant));
}

function useTenant(request: FastifyRequest, tenant: TenantRow | null) {
  if (!tenant) throw AppError.notFound('이 주소에서 제공되는 서비스를 찾을 수 없습니다.', 'tenant_not_found');
  request.tenant = tenant;
}

// A DNS name (letters, digits, hyphens in dot-separated labels, punycode included; IPv4 fits too).
const HOST_NAME =
  /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const HOST_AND_PORT = /^(\[[^\]]*\]|[^:[\]]*)(?::(\d{1,5}))?$/;

/** A Host header of the form `host[:port]`: a DNS name, IPv4 or bracketed IPv6, port 1-65535. */
export function isValidHostHeader(value: string | undefined): boolean {
  const match = value ? HOST_AND_PORT.exec(value) : null;
  if (!match) return false;
  const [, host = '', port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  return host.startsWith('[') ? isIPv6(host.slice(1, -1)) : HOST_NAME.test(host);
}

/** Probes may come without a usable Host (HTTP/1.0, an address of the pod): they need no tenant. */
const HOSTLESS_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Global onRequest hook: a Host header that is not a plain `host[:port]` (userinfo, a path,
 * spaces, a bad port) answers 400 before anything reads it, tenant resolution included.
 * A callback hook, as it does nothing asynchronous.
 */
export function rejectInvalidHost(request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) {
  const host = request.host;
  if (validHosts.has(host)) return done();
  if (isValidHostHeader(host)) {
    if (validHosts.size >= MAX_VALID_HOSTS) validHosts.clear();
    validHosts.add(host);
    return done();
  }
  if (HOSTLESS_PATHS.has(request.url.split('?', 1)[0] ?? '')) return done();
  done(AppError.badRequest('요청의 호스트(Host) 헤더가 올바르지 않습니다.', 'invalid_host'));
}

/** Host headers found valid lately: nearly every request names one of a few hosts. */
const validHosts = new Set<string>();
const MAX_VALID_HOSTS = 1_000;
