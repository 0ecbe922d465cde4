import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  initialRecipientState,
  type Recipient,
  recipientReducer,
  SEARCH_DEBOUNCE_MS,
  searchTerm,
  useRecipientSearch,
} from './recipient-search';

const minji: Recipient = {
  id: 7,
  display_name: '김민지',
  user_type: 'customer',
  email: 'mi***@example.com',
  search_type: 'email',
};
const farm: Recipient = {
  id: 9,
  display_name: '햇살농장',
  user_type: 'merchant',
  email: 'fa***@example.com',
  search_type: 'business_name',
};

describe('recipient selection (spec 4, transfer modal)', () => {
  it('holds the picked user until the text is edited', () => {
    let state = recipientReducer(initialRecipientState, { kind: 'edit', text: '김민' });
    state = recipientReducer(state, { kind: 'pick', user: minji });
    expect(state.selected).toEqual(minji);
    state = recipientReducer(state, { kind: 'type', type: 'email' });
    expect(state.selected).toEqual(minji);
    state = recipientReducer(state, { kind: 'edit', text: '김민지' });
    expect(state.selected).toBeNull();
    expect(state.text).toBe('김민지');
  });

  it('searches from 2 characters, trimmed', () => {
    expect(searchTerm('a')).toBeNull();
    expect(searchTerm(' a ')).toBeNull();
    expect(searchTerm('ab')).toBe('ab');
    expect(searchTerm('  햇살 ')).toBe('햇살');
  });
});

describe('recipient search timing (spec 9: 2 characters, 500 ms pause)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const searches = () =>
    fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams).filter((q) => q.has('query'));

  function renderSearch() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    return renderHook(() => useRecipientSearch(7), { wrapper });
  }

  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    fetchMock = vi.fn(async () => Response.json({ users: [minji, farm] }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for a 500 ms pause, then asks once for the text as typed', async () => {
    const { result } = renderSearch();
    act(() => result.current.dispatch({ kind: 'edit', text: '햇' }));
    act(() => result.current.dispatch({ kind: 'edit', text: '햇살' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
    });
    expect(searches()).toHaveLength(0);
    act(() => result.current.dispatch({ kind: 'edit', text: '햇살농' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50);
    });
    expect(searches()).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(searches().map((q) => q.get('query'))).toEqual(['햇살농']);
    expect(searches()[0]?.has('search_type')).toBe(false);
    // The sender (id 7) is never offered as a recipient.
    await vi.waitFor(() => expect(result.current.users.map((u) => u.id)).toEqual([9]));
  });

  it('does not search one character, and sends the chosen search type', async () => {
    const { result } = renderSearch();
    act(() => result.current.dispatch({ kind: 'edit', text: 'f' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    });
    expect(searches()).toHaveLength(0);
    act(() => result.current.dispatch({ kind: 'type', type: 'business_number' }));
    act(() => result.current.dispatch({ kind: 'edit', text: '123-45' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    expect(searches().map((q) => [q.get('query'), q.get('search_type')])).toEqual([['123-45', 'business_number']]);
  });

  it('drops the pick when the text changes and lists results again after the pause', async () => {
    const { result } = renderSearch();
    act(() => result.current.dispatch({ kind: 'edit', text: '햇살' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    act(() => result.current.dispatch({ kind: 'pick', user: farm }));
    expect(result.current.users).toEqual([]);
    act(() => result.current.dispatch({ kind: 'edit', text: '햇살농장' }));
    expect(result.current.state.selected).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    });
    await vi.waitFor(() => expect(result.current.users.map((u) => u.display_name)).toEqual(['햇살농장']));
    expect(searches().map((q) => q.get('query'))).toEqual(['햇살', '햇살농장']);
  });
});
