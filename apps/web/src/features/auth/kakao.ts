import { kakaoAuthUrl } from './auth.api';

const STATE_KEY = 'kakao_oauth_state';

/** Asks the server for Kakao's authorize URL, keeps its `state` for the callback, and leaves for Kakao. */
export async function startKakaoLogin(): Promise<void> {
  const { auth_url, state } = await kakaoAuthUrl();
  try {
    sessionStorage.setItem(STATE_KEY, state);
  } catch {
    // Without session storage the state check is skipped; the server still checks the code.
  }
  window.location.assign(auth_url);
}

/** True unless a state was kept and the callback brought back a different one. */
export function kakaoStateMatches(returned: string | null): boolean {
  let kept: string | null = null;
  try {
    kept = sessionStorage.getItem(STATE_KEY);
    sessionStorage.removeItem(STATE_KEY);
  } catch {
    return true;
  }
  return !kept || !returned || kept === returned;
}
