import { afterEach, describe, expect, it } from 'vitest';
import {
  clearStoredSession,
  readItem,
  readSessionValue,
  removeSessionValue,
  SIGNED_IN_COOKIE,
  storageKeys,
  syncSignedInHint,
  writeItem,
  writeSessionValue,
} from './storage';

const hint = () =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${SIGNED_IN_COOKIE}=`))
    ?.slice(SIGNED_IN_COOKIE.length + 1) ?? null;

afterEach(() => {
  clearStoredSession();
  localStorage.clear();
  sessionStorage.clear();
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

describe("this tab's session values (what a payment keeps for a retry)", () => {
  it('keeps a value as JSON in session storage, not local storage, until removed', () => {
    writeSessionValue('kept', { buyer_name: '홍길동', points_used: 0 });
    expect(JSON.parse(sessionStorage.getItem('kept') ?? 'null')).toEqual({ buyer_name: '홍길동', points_used: 0 });
    expect(localStorage.getItem('kept')).toBeNull();
    expect(readSessionValue('kept')).toEqual({ buyer_name: '홍길동', points_used: 0 });
    removeSessionValue('kept');
    expect(readSessionValue('kept')).toBeUndefined();
  });

  it('reads nothing kept from an entry that is not JSON', () => {
    sessionStorage.setItem('kept', '{broken');
    expect(readSessionValue('kept')).toBeUndefined();
    expect(readSessionValue('never-written')).toBeUndefined();
  });
});
