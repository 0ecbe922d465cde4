import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider, useSession } from './session';
import { userDataUpdatedEvent } from './storage';

function Probe() {
  const s = useSession();
  return (
    <div>
      <span data-testid="state">{s.isSignedIn ? `in:${s.user?.username}:${s.isAdmin}` : 'out'}</span>
      <button type="button" onClick={() => s.updateUser({ username: '새이름' })}>
        update
      </button>
      <button type="button" onClick={() => s.signOut()}>
        signout
      </button>
    </div>
  );
}

function renderWithSession() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <SessionProvider>
          <Probe />
        </SessionProvider>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

beforeEach(() => {
  localStorage.clear();
  // The token check: the accounts API is not there (404), so the stored session stays.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{"detail":"x","code":"not_found"}', { status: 404 })),
  );
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SessionProvider', () => {
  it('is signed out without token and user, or with an unreadable user', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', '{broken');
    renderWithSession();
    expect(screen.getByTestId('state').textContent).toBe('out');
  });

  it('reads token and user from local storage', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: 1, username: '민지', user_type: 'customer', is_admin: true }));
    renderWithSession();
    expect(screen.getByTestId('state').textContent).toBe('in:민지:true');
  });

  it('merges profile changes into the stored user and broadcasts userDataUpdated', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: 1, username: '민지', user_type: 'customer', phone: '010' }));
    const heard = vi.fn();
    window.addEventListener(userDataUpdatedEvent, heard);
    renderWithSession();
    await act(async () => screen.getByRole('button', { name: 'update' }).click());
    expect(heard).toHaveBeenCalledOnce();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ username: '새이름', phone: '010' });
    expect(screen.getByTestId('state').textContent).toBe('in:새이름:false');
    window.removeEventListener(userDataUpdatedEvent, heard);
  });

  it('follows a userDataUpdated event from elsewhere', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: 1, username: '민지', user_type: 'customer' }));
    renderWithSession();
    await act(async () => {
      localStorage.setItem('user', JSON.stringify({ id: 1, username: '지민', user_type: 'customer' }));
      window.dispatchEvent(new Event(userDataUpdatedEvent));
    });
    expect(screen.getByTestId('state').textContent).toBe('in:지민:false');
  });

  it('a 401 from the token check ends the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"detail":"만료","code":"unauthorized"}', { status: 401 })),
    );
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: 1, username: '민지', user_type: 'customer' }));
    renderWithSession();
    await screen.findByText('out');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('signing out ends the local session even when the server refuses the logout (401)', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return url.endsWith('/api/auth/logout')
          ? new Response('{"detail":"로그인이 만료되었습니다.","code":"session_expired"}', { status: 401 })
          : new Response('{"detail":"x","code":"not_found"}', { status: 404 });
      }),
    );
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify({ id: 1, username: '민지', user_type: 'customer' }));
    renderWithSession();
    await act(async () => screen.getByRole('button', { name: 'signout' }).click());
    await screen.findByText('out');
    expect(calls).toContain('/api/auth/logout');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
