import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { createTenantsService, type TenantsService } from '../modules/tenants/tenants.service.js';
import { AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    tenants: TenantsService;
  }
  interface FastifyRequest {
    /** The tenant this request is served for; set on every route inside the tenant scope. */
    tenant: TenantRow;
  }
}

/** Decorates the app with the tenants service and the request with its tenant slot. */
export const tenancyPlugin = fp(
  async (app: FastifyInstance, opts: { cacheTtlMs: number }) => {
    app.decorate('tenants', createTenantsService(app.db, opts));
    app.decorateRequest('tenant', null as unknown as TenantRow);
  },
  { name: 'tenancy', dependencies: ['database'] },
);

/**
 * onRequest hook of the tenant scope: resolves the tenant from the Host header (port ignored,
 * case-insensitive). An unknown or inactive host answers 404 before any route runs.
 */
export async function resolveTenant(this: FastifyInstance, request: FastifyRequest) {
  const tenant = await this.tenants.resolveHost(request.host);
  if (!tenant) throw AppError.notFound('이 주소에서 제공되는 서비스를 찾을 수 없습니다.', 'tenant_not_found');
  request.tenant = tenant;
}
