import { AppError } from '../errors.js';

export interface KakaoConfig {
  restApiKey?: string;
  /** Numeric id of the Kakao app the REST key belongs to; required with it (tokens of other apps are refused). */
  appId?: string;
  clientSecret?: string;
  /** Fixed redirect URI; when unset, `{origin}/auth/kakao/callback` of the request is used. */
  redirectUri?: string;
  authBaseUrl: string;
  apiBaseUrl: string;
}

/** What the product needs of a Kakao user. */
export interface KakaoProfile {
  id: string;
  /** Only an address Kakao reports as valid and verified. */
  verifiedEmail: string | null;
  nickname: string | null;
  profileImage: string | null;
}

const TIMEOUT_MS = 8_000;

/** Kakao ids (user and app) are integers in JSON. */
const isKakaoId = (value: unknown): value is number | string =>
  (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^\d+$/.test(value));

export type KakaoClient = ReturnType<typeof createKakaoClient>;

/**
 * Kakao Login (OAuth 2.0 REST): authorize URL, code for token exchange, user info. Base URLs are
 * configurable so that tests point the same code at a local stand-in server.
 */
export function createKakaoClient(config: KakaoConfig, fetchImpl: typeof fetch = fetch) {
  const configured = Boolean(config.restApiKey);
  const clientId = config.restApiKey ?? '';
  if (configured && !config.appId) throw new Error('Kakao login needs the app id (KAKAO_APP_ID) with the REST key');

  async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
    let res: Response;
    try {
      res = await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch {
      throw new AppError(
        502,
        'social_provider_unavailable',
        '카카오 서버에 연결할 수 없습니다. 잠시 후 다시 시도해주세요.',
      );
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status >= 500) {
      throw new AppError(
        502,
        'social_provider_unavailable',
        '카카오 서버에 연결할 수 없습니다. 잠시 후 다시 시도해주세요.',
      );
    }
    if (!res.ok) {
      // 4xx from Kakao: a wrong, used or expired code or token (the caller's input).
      throw AppError.badRequest('카카오 로그인 처리 중 오류가 발생했습니다.', 'social_login_failed');
    }
    return body;
  }

  return {
    configured,

    redirectUriFor(origin: string): string {
      return config.redirectUri ?? `${origin}/auth/kakao/callback`;
    },

    authorizeUrl(redirectUri: string, state: string): string {
      const url = new URL('/oauth/authorize', config.authBaseUrl);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('state', state);
      return url.toString();
    },

    /** Exchanges an authorization code for a Kakao access token. */
    async exchangeCode(code: string, redirectUri: string): Promise<string> {
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        redirect_uri: redirectUri,
        code,
      });
      if (config.clientSecret) form.set('client_secret', config.clientSecret);
      const body = await call(new URL('/oauth/token', config.authBaseUrl).toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: form,
      });
      if (typeof body.access_token !== 'string') {
        throw AppError.badRequest('카카오 로그인 처리 중 오류가 발생했습니다.', 'social_login_failed');
      }
      return body.access_token;
    },

    /**
     * The Kakao user behind an access token, only when the token was issued to this service's app:
     * Kakao accepts any app's token for the user info, so the token info (`app_id`) is checked
     * first (a token another app obtained from a user must not sign that user in here), and both
     * calls must name the same user.
     */
    async fetchProfile(accessToken: string): Promise<KakaoProfile> {
      const headers = { authorization: `Bearer ${accessToken}` };
      const info = await call(new URL('/v1/user/access_token_info', config.apiBaseUrl).toString(), {
        method: 'GET',
        headers,
      });
      if (!isKakaoId(info.id)) {
        throw AppError.badRequest('카카오 로그인 처리 중 오류가 발생했습니다.', 'social_login_failed');
      }
      if (!isKakaoId(info.app_id) || String(info.app_id) !== config.appId) {
        throw new AppError(
          401,
          'social_token_foreign_app',
          '이 서비스에서 발급된 카카오 로그인 정보가 아닙니다. 카카오 로그인을 다시 시도해주세요.',
        );
      }
      const body = await call(new URL('/v2/user/me', config.apiBaseUrl).toString(), { method: 'GET', headers });
      const id = body.id;
      if (!isKakaoId(id) || String(id) !== String(info.id)) {
        throw AppError.badRequest('카카오 로그인 처리 중 오류가 발생했습니다.', 'social_login_failed');
      }
      const account = (body.kakao_account ?? {}) as Record<string, unknown>;
      const profile = (account.profile ?? {}) as Record<string, unknown>;
      const properties = (body.properties ?? {}) as Record<string, unknown>;
      const email =
        typeof account.email === 'string' && account.is_email_valid === true && account.is_email_verified === true
          ? account.email.trim().toLowerCase()
          : null;
      const nickname = profile.nickname ?? properties.nickname;
      const image = profile.profile_image_url ?? properties.profile_image;
      return {
        id: String(id),
        verifiedEmail: email,
        nickname: typeof nickname === 'string' && nickname.trim() ? nickname.trim() : null,
        profileImage: typeof image === 'string' ? image : null,
      };
    },
  };
}
