import { ApiError } from '@/lib/api-client';
import { authMessages as m } from './messages';

/** The `detail` of an API error answer, when there is one. */
export function errorDetail(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const detail = (err.data as { detail?: unknown } | undefined)?.detail;
  return typeof detail === 'string' && detail.trim() ? detail : undefined;
}

/** The stable `code` of an API error answer (`invalid_credentials`, `email_taken`, …). */
export function errorCode(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const code = (err.data as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

export type LoginFailure = { kind: 'message'; text: string } | { kind: 'social'; provider: string; text: string };

/** The display name of a social-login provider from the `x-social-login` header (spec 2.8). */
export function providerName(provider: string | null | undefined): string {
  const key = (provider ?? 'kakao').trim().toLowerCase();
  return m.providers[key] ?? (key || m.kakaoName);
}

/**
 * Spec 8, login: a 400 saying the account was made through social login becomes the notice
 * naming the provider; otherwise the server's detail, else the generic failure text.
 */
export function loginFailure(err: unknown): LoginFailure {
  if (err instanceof ApiError) {
    const header = err.headers?.get('x-social-login');
    const detail = errorDetail(err);
    const social = errorCode(err) === 'social_login_account' || (!!detail && /소셜|social/i.test(detail));
    if (err.status === 400 && (header || social)) {
      const provider = (header ?? 'kakao').toLowerCase();
      return { kind: 'social', provider, text: m.login.socialAccount(providerName(provider)) };
    }
    if (detail) return { kind: 'message', text: detail };
  }
  return { kind: 'message', text: m.login.failed };
}

export type RegistrationField = 'email' | 'username' | 'password';

/**
 * Spec 8, registration: the two conflict texts in Korean (with the field they belong to); a
 * password the server refused (a common one: the list is checked on the server only) on the
 * password field with the server's text; else the fallback.
 */
export function registrationFailure(err: unknown): { field?: RegistrationField; text: string } {
  const detail = errorDetail(err);
  if (detail === 'Email already registered' || errorCode(err) === 'email_taken') {
    return { field: 'email', text: m.register.emailTaken };
  }
  if (detail === 'Username already exists' || errorCode(err) === 'username_taken') {
    return { field: 'username', text: m.register.usernameTaken };
  }
  if (errorCode(err) === 'email_not_verified' && detail) return { field: 'email', text: detail };
  if (errorCode(err) === 'weak_password' && detail) return { field: 'password', text: detail };
  return { text: m.register.failed };
}

/** Sending the code: a taken e-mail and a too-early resend say so; anything else is the spec's failure text. */
export function sendCodeFailure(err: unknown): string {
  const detail = errorDetail(err);
  if (detail === 'Email already registered' || errorCode(err) === 'email_taken') return m.register.emailTaken;
  if (err instanceof ApiError && err.status === 429 && detail) return detail;
  return m.verify.sendFailed;
}

/**
 * Checking the code: a registered address is told only here, to the owner who entered its code
 * (sending answers alike for every address); expiry and too many attempts keep the server's
 * text; anything else is "wrong code".
 */
export function verifyCodeFailure(err: unknown): string {
  const code = errorCode(err);
  const detail = errorDetail(err);
  if (code === 'email_taken') return m.register.emailTaken;
  if ((code === 'code_expired' || code === 'code_attempts_exceeded') && detail) return detail;
  return m.verify.wrongCode;
}

export function findEmailFailure(err: unknown): string {
  if (err instanceof ApiError && err.status === 404) return m.findEmail.notFound;
  return errorDetail(err) ?? m.findEmail.failed;
}

/** Kakao callback: the four messages of spec 8 and how long to wait before /login (spec 4, 9). */
export function kakaoCallbackProblem(params: URLSearchParams): { text: string; delayMs: number } | null {
  const error = params.get('error');
  if (error) {
    const cancelled = error === 'access_denied' || /cancel/i.test(params.get('error_description') ?? '');
    return cancelled ? { text: m.kakao.cancelled, delayMs: 2000 } : { text: m.kakao.failed, delayMs: 3000 };
  }
  if (!params.get('code')) return { text: m.kakao.noCode, delayMs: 2000 };
  return null;
}

/** Where a successful login goes: a safe same-site returnUrl, else by user type (spec 2.8). */
export function afterLoginTarget(userType: string, returnUrl?: unknown): string {
  if (typeof returnUrl === 'string' && returnUrl.startsWith('/') && !returnUrl.startsWith('//')) return returnUrl;
  return userType === 'merchant' ? '/merchant/dashboard' : '/main';
}
