/** Local storage keys of the session (spec part 1, section 9). */
export const storageKeys = { token: 'token', user: 'user' } as const;

/** Fired on window whenever the stored user changes (profile edits merge into it). */
export const userDataUpdatedEvent = 'userDataUpdated';

/**
 * A cookie that only says a session is stored on this device (not a credential: the token stays in
 * local storage). The server then sends pages without a server-rendered first screen, which would
 * show the signed-out page for a moment (apps/server/src/flows/web-boot.ts).
 */
export const SIGNED_IN_COOKIE = 'signed_in';

/** Sets or clears SIGNED_IN_COOKIE to match whether a token is stored. */
export function syncSignedInHint(): void {
  if (typeof document === 'undefined') return;
  const on = readItem(storageKeys.token) !== null;
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from Firefox
  document.cookie = `${SIGNED_IN_COOKIE}=${on ? '1' : ''}; path=/; max-age=${on ? 31_536_000 : 0}; samesite=lax${secure}`;
}

function storage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): Storage | undefined {
  // Server rendering has no storage: it renders what a signed-out visitor sees.
  if (typeof window === 'undefined') return undefined;
  try {
    return globalThis[kind];
  } catch {
    // Storage can throw when disabled (privacy modes); the app then runs signed out and keeps nothing for a retry.
    return undefined;
  }
}

export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Quota or disabled storage: the session simply does not survive a reload.
  }
  if (key === storageKeys.token) syncSignedInHint();
}

export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
  if (key === storageKeys.token) syncSignedInHint();
}

/** Removes token and user: the one way a session ends on this device. */
export function clearStoredSession(): void {
  removeItem(storageKeys.token);
  removeItem(storageKeys.user);
}

/*
 * This tab's session storage, as JSON: what a payment keeps while its window is open (the cart's
 * checkout, a product's order sheet), so that a declined or cancelled payment comes back to its
 * entries. Storage that is off, full or edited by hand reads as nothing kept.
 */

/** The value kept under `key` in this tab, or undefined when there is none (or it cannot be read). */
export function readSessionValue(key: string): unknown {
  try {
    const text = storage('sessionStorage')?.getItem(key);
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

export function writeSessionValue(key: string, value: unknown): void {
  try {
    storage('sessionStorage')?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: a retry then starts from the profile's details.
  }
}

export function removeSessionValue(key: string): void {
  try {
    storage('sessionStorage')?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}
