import type { FeatureKey } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountRow } from '../modules/users/users.service.js';
import { AppError } from './errors.js';
import { demandsBearer } from './openapi.js';

/** The signed-in account of a request, resolved from its bearer token. */
export interface CurrentUser {
  id: number;
  tenantId: number;
  email: string;
  username: string;
  userType: 'customer' | 'merchant';
  /** Holds the platform-administrator grant. */
  isAdmin: boolean;
  /** The merchant profile id (products, posts and orders hang on it), or null. */
  merchantId: number | null;
  /** The session the token belongs to (logout and password change use it). */
  sessionId: number;
  account: AccountRow;
}

/** What the auth module provides to resolve a bearer token within a tenant. */
export interface SessionResolver {
  authenticate(tenantId: number, token: string): Promise<CurrentUser | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionResolver: SessionResolver;
  }
  interface FastifyRequest {
    /** The signed-in user (inside the /api scope), or null when signed out or the token is not valid. */
    user: CurrentUser | null;
    /** A bearer token came with the request but named no live session of this tenant. */
    sessionRejected: boolean;
  }
}

/** The bearer token of the Authorization header, if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Step of the /api scope's onRequest hook, after the tenant is resolved: sets `request.user` from
 * the bearer token. A token of another tenant, an expired or revoked one, is treated as no token
 * (the route's guard then answers 401). Synchronous without a token.
 */
export function authenticateRequest(this: FastifyInstance, request: FastifyRequest): void | Promise<void> {
  request.user = null;
  request.sessionRejected = false;
  const token = bearerToken(request);
  if (!token) return;
  // Tokens are 43 base64url characters; anything far off is not worth a query.
  if (token.length > 200) {
    request.sessionRejected = true;
    return;
  }
  return this.sessionResolver.authenticate(request.tenant.id, token).then((user) => {
    request.user = user;
    request.sessionRejected = user === null;
  });
}

/**
 * The signed-in user, or 401. Only on routes whose schema declares `security: access.signedIn`, so
 * that the API document says which calls need a token (a route that forgets fails its tests).
 */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!demandsBearer(request.routeOptions.schema?.security)) {
    throw new Error(
      `${request.routeOptions.method} ${request.routeOptions.url} calls requireUser: declare access.signedIn`,
    );
  }
  if (request.user) return request.user;
  if (request.sessionRejected) {
    throw AppError.unauthorized('로그인이 만료되었습니다. 다시 로그인해주세요.', 'session_expired');
  }
  throw AppError.unauthorized('로그인이 필요합니다.', 'unauthorized');
}

const USER_TYPE_NAMES = { customer: '고객', merchant: '판매자' } as const;

/** A signed-in user of one of the given types: 401 signed out, 403 for another type. */
export function requireUserType(request: FastifyRequest, ...types: CurrentUser['userType'][]): CurrentUser {
  const user = requireUser(request);
  if (!types.includes(user.userType)) {
    const names = types.map((t) => USER_TYPE_NAMES[t]).join(' 또는 ');
    throw AppError.forbidden(`${names} 회원만 이용할 수 있습니다.`, 'wrong_user_type');
  }
  return user;
}

/** A merchant user with its profile id: 401 signed out, 403 for a customer. */
export function requireMerchant(request: FastifyRequest): CurrentUser & { merchantId: number } {
  const user = requireUserType(request, 'merchant');
  if (user.merchantId === null) throw AppError.forbidden('판매자 정보가 없습니다.', 'merchant_profile_missing');
  return user as CurrentUser & { merchantId: number };
}

/** A platform administrator: 401 signed out, 403 for anybody else. */
export function requireAdmin(request: FastifyRequest): CurrentUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw AppError.forbidden('시스템 관리자만 접근할 수 있습니다.', 'admin_only');
  return user;
}

/**
 * The tenant's feature switch: a call of a module the tenant has switched off answers 404
 * `feature_disabled` (the feature does not exist on this service), as the client shows its
 * "service preparing" notice rather than an access error.
 */
export function requireFeature(request: FastifyRequest, feature: FeatureKey): void {
  if (!request.tenant.features[feature]) {
    throw AppError.notFound('이 서비스에서 제공하지 않는 기능입니다.', 'feature_disabled');
  }
}
