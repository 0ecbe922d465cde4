import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';
import type { CurrentUser } from '../../platform/auth.js';
import { createKakaoClient } from '../../platform/oauth/kakao.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { createUsersService, type UsersService } from '../users/users.service.js';
import { type AuthService, createAuthService } from './auth.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    users: UsersService;
  }
}

/** Builds the users and auth services and lets the /api scope resolve bearer tokens through them. */
export const accountsPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig }) => {
    const users = createUsersService(app.db);
    const auth = createAuthService({
      db: app.db,
      users,
      mailer: app.mailer,
      counters: app.counters,
      kakao: createKakaoClient(opts.config.kakao),
      config: opts.config,
      log: app.log,
    });
    app.decorate('users', users);
    app.decorate('auth', auth);
    app.addHook('onClose', () => auth.settled());
    app.decorate('sessionResolver', auth);
    app.decorateRequest('user', null as CurrentUser | null);
    app.decorateRequest('sessionRejected', false);
  },
  { name: 'accounts', dependencies: ['database', 'mail', 'counters'] },
);

const withoutSocialLogin = new WeakMap<TenantRow, TenantRow>();

/**
 * The tenant as the product may offer it: social_login counts as off while no provider is
 * configured (the login button is hidden and the calls answer 404), whatever the stored switch
 * says. The copy is cached per tenant row so that the row's identity stays stable per cache entry.
 */
export function effectiveTenant(row: TenantRow, socialConfigured: boolean): TenantRow {
  if (socialConfigured || !row.features.social_login) return row;
  let copy = withoutSocialLogin.get(row);
  if (!copy) {
    copy = { ...row, features: { ...row.features, social_login: false } };
    withoutSocialLogin.set(row, copy);
  }
  return copy;
}

/** Part of the /api scope's onRequest hook (after the tenant is resolved): see `effectiveTenant`. */
export function applyFeatureAvailability(this: FastifyInstance, request: FastifyRequest) {
  request.tenant = effectiveTenant(request.tenant, this.auth.kakaoConfigured);
}
