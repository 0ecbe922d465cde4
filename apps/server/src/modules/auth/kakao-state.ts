import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { hashSecret, sameHash } from './tokens.js';

/**
 * Binds the OAuth `state` of a Kakao login to the browser that started it (login CSRF): auth-url
 * sets it in a short-lived HttpOnly cookie, the callback must bring the same value in its body.
 * A forged callback link carries the attacker's state, which the victim's browser has no cookie
 * for. See docs/decisions/006-kakao-account-linking.md.
 */
export const KAKAO_STATE_COOKIE = 'kakao_oauth_state';
const cookiePath = '/api/auth/kakao';
const TTL_SECONDS = 10 * 60;

/** `https`: the request came over TLS, or the tenant's public address (behind a proxy) is https. */
const cookieOptions = (https: boolean) => ({
  path: cookiePath,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: https,
});

export function rememberKakaoState(reply: FastifyReply, state: string, https: boolean) {
  reply.setCookie(KAKAO_STATE_COOKIE, state, { ...cookieOptions(https), maxAge: TTL_SECONDS });
}

/** Spends the cookie (one callback per auth-url) and refuses a missing or foreign state. */
export function takeKakaoState(
  request: FastifyRequest,
  reply: FastifyReply,
  returned: string | undefined,
  https: boolean,
) {
  const kept = request.cookies[KAKAO_STATE_COOKIE];
  if (kept !== undefined) reply.clearCookie(KAKAO_STATE_COOKIE, cookieOptions(https));
  // Compared as hashes: equal lengths for timingSafeEqual, and no early exit on the first byte.
  if (!kept || !returned || !sameHash(hashSecret(kept), hashSecret(returned))) {
    throw AppError.badRequest(
      '로그인 요청을 확인할 수 없습니다. 같은 브라우저에서 카카오 로그인을 처음부터 다시 시도해주세요.',
      'social_state_invalid',
    );
  }
}
