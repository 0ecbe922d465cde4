import { afterEach, describe, expect, it } from 'vitest';
import { clearStoredSession, readItem, SIGNED_IN_COOKIE, storageKeys, syncSignedInHint, writeItem } from './storage';

const hint = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${SIGNED_IN_COOKIE}=`))
    ?.slice(SIGNED_IN_COOKIE.length + 1) ?? null;

afterEach(() => {
  clearStoredSession();
  localStorage.clear();
});

describe('the signed_in cookie follows the stored session (the server renders no signed-out screen for it)', () => {
  it('is set when a token is stored and gone when the session ends', () => {
    expect(hint()).toBeNull();
    writeItem(storageKeys.token, 'abc');
    expect(hint()).toBe('1');
    // Other items leave it alone.
    writeItem(storageKeys.user, '{}');
    expect(hint()).toBe('1');
    clearStoredSession();
    expect(readItem(storageKeys.token)).toBeNull();
    expect(hint()).toBeNull();
  });

  it('is put right at start-up when storage and cookie disagree (a session stored before the cookie existed)', () => {
    localStorage.setItem(storageKeys.token, 'old');
    expect(hint()).toBeNull();
    syncSignedInHint();
    expect(hint()).toBe('1');
    localStorage.removeItem(storageKeys.token);
    syncSignedInHint();
    expect(hint()).toBeNull();
  });
});
