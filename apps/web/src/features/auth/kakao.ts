import { kakaoAuthUrl } from './auth.api';

/** Session-storage key of the state of the login this tab started. */
export const KAKAO_STATE_KEY = 'kakao_oauth_state';

/**
 * Asks the server for Kakao's authorize URL, keeps its `state` for the callback, and leaves for
 * Kakao. The same answer set the state in an HttpOnly cookie, which the server checks on the
 * callback. Without session storage the login does not start (it throws: "cannot start").
 */
export async function startKakaoLogin(): Promise<void> {
  const { auth_url, state } = await kakaoAuthUrl();
  sessionStorage.setItem(KAKAO_STATE_KEY, state);
  window.location.assign(auth_url);
}

/**
 * Spends the kept state and says whether the callback brought back the same one. A missing state,
 * on either side, is a refusal (login CSRF: a forged callback link must not sign this browser in).
 */
export function kakaoStateMatches(returned: string | null): boolean {
  let kept: string | null = null;
  try {
    kept = sessionStorage.getItem(KAKAO_STATE_KEY);
    sessionStorage.removeItem(KAKAO_STATE_KEY);
  } catch {
    return false;
  }
  return !!kept && !!returned && kept === returned;
}
