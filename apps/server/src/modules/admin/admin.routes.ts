import {
  errorSchema,
  idParamsSchema,
  localhostProcAnswerSchema,
  localhostProcSetAnswerSchema,
  tenantAnswerSchema,
  tenantFeaturesUpdateBodySchema,
  tenantListAnswerSchema,
  tenantSettingsUpdateBodySchema,
  withParticle,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { access } from '../../platform/openapi.js';
import { effectiveTenant } from '../auth/auth.plugin.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { presentTenant } from '../tenants/tenants.service.js';

const guarded = { 401: errorSchema, 403: errorSchema };
const idParams = idParamsSchema;

/** Tenant administration (spec part 1, 2.13 and 7): platform administrators only. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every call here is administrator-only; the guard runs before the body is even validated.
  app.addHook('preValidation', async (request) => {
    requireAdmin(request);
  });
  const present = (row: TenantRow) =>
    presentTenant(effectiveTenant(row, app.auth.kakaoConfigured), app.sandboxGateway !== null);

  app.get(
    '/tenant/list',
    {
      schema: {
        operationId: 'listTenants',
        security: access.signedIn,
        tags: ['tenant admin'],
        summary: '모든 테넌트',
        response: { 200: tenantListAnswerSchema, ...guarded },
      },
    },
    async () => ({ tenants: (await app.tenants.list()).map(present) }),
  );

  app.put(
    '/tenant/:id/features',
    {
      schema: {
        operationId: 'updateTenantFeatures',
        security: access.signedIn,
        tags: ['tenant admin'],
        summary: '기능 스위치 변경 (보낸 키만)',
        params: idParams,
        body: tenantFeaturesUpdateBodySchema,
        response: { 200: tenantAnswerSchema, 400: errorSchema, ...guarded, 404: errorSchema },
      },
    },
    async (request) => {
      const changes = Object.fromEntries(Object.entries(request.body.features).filter(([, v]) => v !== undefined));
      if (changes.social_login === true && !app.auth.kakaoConfigured) {
        throw AppError.badRequest(
          '카카오 로그인이 설정되지 않아 소셜 로그인 기능을 켤 수 없습니다. (KAKAO_REST_API_KEY)',
          'social_login_unavailable',
        );
      }
      const row = await app.tenants.updateFeatures(request.params.id, changes);
      return { message: '기능 설정이 업데이트되었습니다.', tenant: present(row) };
    },
  );

  app.put(
    '/tenant/:id/settings',
    {
      schema: {
        operationId: 'updateTenantSettings',
        security: access.signedIn,
        tags: ['tenant admin'],
        summary: '설정 변경 (부분, 깊은 병합)',
        params: idParams,
        body: tenantSettingsUpdateBodySchema,
        response: { 200: tenantAnswerSchema, 400: errorSchema, ...guarded, 404: errorSchema },
      },
    },
    async (request) => {
      const { display_name: nested, ...settings } = request.body.settings;
      const row = await app.tenants.updateSettings(request.params.id, settings, request.body.display_name ?? nested);
      return { message: '설정이 업데이트되었습니다.', tenant: present(row) };
    },
  );

  app.get(
    '/tenant/debug/localhost-proc',
    {
      schema: {
        operationId: 'getLocalhostTenant',
        security: access.signedIn,
        tags: ['tenant admin'],
        summary: 'localhost에서 제공되는 테넌트',
        response: { 200: localhostProcAnswerSchema, ...guarded },
      },
    },
    async () => {
      const row = await app.tenants.localhostTenant();
      return { current_localhost_proc: row?.domain ?? null, tenant_info: row ? present(row) : null };
    },
  );

  app.post(
    '/tenant/debug/localhost-proc/:domain',
    {
      schema: {
        operationId: 'setLocalhostTenant',
        security: access.signedIn,
        tags: ['tenant admin'],
        summary: 'localhost에서 제공할 테넌트 지정',
        params: z.object({ domain: z.string().trim().min(1, '도메인을 입력해주세요.').max(253) }),
        response: { 200: localhostProcSetAnswerSchema, ...guarded, 404: errorSchema },
      },
    },
    async (request) => {
      const row = await app.tenants.setLocalhostTenant(request.params.domain);
      return {
        message: `localhost 테넌트를 ${withParticle(`${row.displayName} (${row.domain})`, '으로')} 설정했습니다.`,
        current_localhost_proc: row.domain,
        tenant_info: present(row),
      };
    },
  );
};
