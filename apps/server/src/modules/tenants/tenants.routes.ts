import { errorSchema, tenantSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../platform/json-reply.js';
import { access } from '../../platform/openapi.js';
import { presentTenantJson } from './tenants.presenter.js';

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tenant/current',
    {
      schema: {
        operationId: 'getCurrentTenant',
        security: access.public,
        tags: ['tenant'],
        summary: '현재 주소의 테넌트 정보',
        response: { 200: tenantSchema, 404: errorSchema },
      },
    },
    // JSON text and its tag made once per tenant (see presentTenantJson).
    async (request, reply) => sendJsonText(reply, presentTenantJson(request.tenant, app.sandboxGateway !== null)),
  );
};
