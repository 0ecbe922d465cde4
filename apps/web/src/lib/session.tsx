import { createContext, type ReactNode, use, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError, api, setUnauthorizedHandler } from './api-client';
import { clearStoredSession, readItem, storageKeys, userDataUpdatedEvent, writeItem } from './storage';

export type UserType = 'customer' | 'merchant' | 'superuser' | 'guest';

/**
 * The signed-in user as kept in local storage (spec part 1, section 3).
 * TODO(accounts): import the user contract from @app/contracts once the auth module publishes it.
 */
export interface SessionUser {
  id: number;
  email: string;
  username: string;
  user_type: UserType;
  is_admin?: boolean;
  phone?: string | null;
  address?: string | null;
  /** The 5-digit postcode stored with the address (the order sheet prefills it). */
  postcode?: string | null;
  profile_image?: string | null;
  merchant?: { id: number; business_name: string; business_description?: string | null } | null;
}

export interface Session {
  token: string | null;
  user: SessionUser | null;
  /** Token and user both stored. */
  isSignedIn: boolean;
  /** Signed in with a real account type (guests browse like anonymous visitors). */
  isMember: boolean;
  isAdmin: boolean;
  /** Set between a sign-out and its navigation: guards wait instead of sending the page to /login. */
  leavingTo: string | null;
  signIn: (token: string, user: SessionUser) => void;
  /**
   * Ends the session on the server (best effort) and on this device, then goes to `redirectTo`
   * in the same render, so a guarded page never sees the signed-out state and bounces to /login.
   */
  signOut: (redirectTo?: string) => Promise<void>;
  /** Merges profile changes into the stored user and broadcasts `userDataUpdated`. */
  updateUser: (changes: Partial<SessionUser>) => void;
}

export const SessionContext = createContext<Session | null>(null);

function isUser(value: unknown): value is SessionUser {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as SessionUser).user_type === 'string' &&
    (value as SessionUser).id !== undefined
  );
}

/** The stored user, or null when missing or unreadable (a broken entry counts as signed out). */
export function readStoredUser(): SessionUser | null {
  const raw = readItem(storageKeys.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

interface State {
  token: string | null;
  user: SessionUser | null;
  leavingTo?: string | null;
}

function readState(): State {
  return { token: readItem(storageKeys.token), user: readStoredUser() };
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(readState);
  const navigate = useNavigate();

  // Any 401 (spec 8): the API client has cleared storage; leave for /login inside the router.
  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        setState({ token: null, user: null });
        if (window.location.pathname !== '/login') navigate('/login', { replace: true });
      }),
    [navigate],
  );

  // Other tabs and other code paths change the stored session: follow them.
  useEffect(() => {
    const reread = () => setState(readState());
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === storageKeys.token || e.key === storageKeys.user) reread();
    };
    window.addEventListener(userDataUpdatedEvent, reread);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(userDataUpdatedEvent, reread);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  // Verify a stored token once per token: a 401 ends the session; a fresh user replaces the copy.
  useEffect(() => {
    if (!state.token) return;
    const controller = new AbortController();
    api
      .get<unknown>('/api/auth/me', { allowUnauthorized: true, signal: controller.signal })
      .then((answer) => {
        const fresh = isUser(answer)
          ? answer
          : isUser((answer as { user?: unknown })?.user)
            ? (answer as { user: SessionUser }).user
            : null;
        if (!fresh) return;
        writeItem(storageKeys.user, JSON.stringify(fresh));
        setState((s) => ({ ...s, user: fresh }));
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401) {
          clearStoredSession();
          setState({ token: null, user: null });
        } else if ((err as Error)?.name !== 'AbortError') {
          // The check could not run (offline, or the endpoint is not there): keep the session.
          console.info('[session] token check skipped:', (err as Error).message);
        }
      });
    return () => controller.abort();
  }, [state.token]);

  const signIn = useCallback((token: string, user: SessionUser) => {
    writeItem(storageKeys.token, token);
    writeItem(storageKeys.user, JSON.stringify(user));
    setState({ token, user });
  }, []);

  const signOut = useCallback(async (redirectTo?: string) => {
    if (readItem(storageKeys.token)) {
      await api.post('/api/auth/logout', undefined, { allowUnauthorized: true }).catch(() => undefined);
    }
    clearStoredSession();
    setState({ token: null, user: null, leavingTo: redirectTo ?? null });
  }, []);

  // After a sign-out with a destination: navigate there, and let the guards decide again only once
  // the new page is committed (the router renders in a transition, so the old guarded page stays
  // mounted while the next screen's chunk loads and would otherwise bounce to /login).
  const { pathname } = useLocation();
  useEffect(() => {
    if (state.leavingTo) navigate(state.leavingTo, { replace: true });
  }, [state.leavingTo, navigate]);
  useEffect(() => {
    if (state.leavingTo && pathname === new URL(state.leavingTo, window.location.origin).pathname) {
      setState((s) => ({ ...s, leavingTo: null }));
    }
  }, [state.leavingTo, pathname]);

  const updateUser = useCallback((changes: Partial<SessionUser>) => {
    const current = readStoredUser();
    if (!current) return;
    writeItem(storageKeys.user, JSON.stringify({ ...current, ...changes }));
    window.dispatchEvent(new Event(userDataUpdatedEvent));
  }, []);

  const value = useMemo<Session>(() => {
    const isSignedIn = !!state.token && !!state.user;
    return {
      token: state.token,
      user: state.user,
      isSignedIn,
      isMember: isSignedIn && state.user?.user_type !== 'guest',
      isAdmin: isSignedIn && state.user?.is_admin === true,
      leavingTo: state.leavingTo ?? null,
      signIn,
      signOut,
      updateUser,
    };
  }, [state, signIn, signOut, updateUser]);

  return <SessionContext value={value}>{children}</SessionContext>;
}

/** The session of the signed-in (or signed-out) visitor. */
export function useSession(): Session {
  const session = use(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
