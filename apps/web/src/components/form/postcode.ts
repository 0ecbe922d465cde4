/**
 * The Daum/Kakao postcode widget (loaded from its own script, never bundled). Always https: a
 * protocol-relative address would load it over http on an http page, which the CSP refuses.
 */
export const POSTCODE_SCRIPT = 'https://t1.daumcdn.net/mapjsapi/bundle/postcode/prod/postcode.v2.js';
/** Without internet the script never arrives: give up after this and offer manual entry. */
export const POSTCODE_TIMEOUT_MS = 6000;

export interface PostcodeResult {
  roadAddress?: string;
  jibunAddress?: string;
  address?: string;
  zonecode?: string;
  buildingName?: string;
}

interface PostcodeConstructor {
  new (options: { oncomplete: (data: PostcodeResult) => void }): { open: () => void };
}

declare global {
  interface Window {
    daum?: { Postcode?: PostcodeConstructor };
    kakao?: { Postcode?: PostcodeConstructor };
  }
}

function widget(): PostcodeConstructor | undefined {
  return window.daum?.Postcode ?? window.kakao?.Postcode;
}

let loading: Promise<PostcodeConstructor> | undefined;

/** Loads the script once; rejects when it fails or times out (a later call tries again). */
export function loadPostcode(timeoutMs = POSTCODE_TIMEOUT_MS): Promise<PostcodeConstructor> {
  const ready = widget();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<PostcodeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = POSTCODE_SCRIPT;
    script.async = true;
    const timer = setTimeout(() => fail(new Error('postcode script timed out')), timeoutMs);
    function fail(err: Error) {
      clearTimeout(timer);
      script.remove();
      loading = undefined;
      reject(err);
    }
    script.onload = () => {
      clearTimeout(timer);
      const found = widget();
      if (found) resolve(found);
      else fail(new Error('postcode script loaded without the widget'));
    };
    script.onerror = () => fail(new Error('postcode script failed to load'));
    document.head.append(script);
  });
  return loading;
}

/** The base address the widget chose: the road address, else the lot-number one. */
export function baseAddressOf(result: PostcodeResult): string {
  const base = result.roadAddress || result.address || result.jibunAddress || '';
  return result.buildingName ? `${base} (${result.buildingName})` : base;
}
