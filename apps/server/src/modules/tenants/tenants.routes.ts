import { errorSchema, tenantSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentTenant } from './tenants.presenter.js';

export const tenantsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tenant/current',
    {
      schema: {
        tags: ['tenant'],
        summary: '현재 주소의 테넌트 정보',
        response: { 200: tenantSchema, 404: errorSchema },
      },
    },
    async (request) => presentTenant(request.tenant),
  );
};
