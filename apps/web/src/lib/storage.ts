/** Local storage keys of the session (spec part 1, section 9). */
export const storageKeys = { token: 'token', user: 'user' } as const;

/** Fired on window whenever the stored user changes (profile edits merge into it). */
export const userDataUpdatedEvent = 'userDataUpdated';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage can throw when disabled (privacy modes); the app then runs signed out.
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
}

export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

/** Removes token and user: the one way a session ends on this device. */
export function clearStoredSession(): void {
  removeItem(storageKeys.token);
  removeItem(storageKeys.user);
}
