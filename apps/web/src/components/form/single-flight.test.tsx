import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { type FormEvent, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LATCH_FALLBACK_MS, useBusyLatch, useSingleFlight } from './single-flight';
import { SubmitButton } from './submit-button';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A form whose submission waits for `release`; counts how often it was sent. */
function SlowForm({ sent }: { sent: () => Promise<void> }) {
  const flight = useSingleFlight();
  const [text] = useState('안녕하세요');
  const submit = flight.guard((e: FormEvent) => {
    e.preventDefault();
    if (!text) return;
    return sent();
  });
  return (
    <form onSubmit={submit}>
      <SubmitButton pending={flight.pending} pendingLabel="등록 중…">
        등록
      </SubmitButton>
    </form>
  );
}

describe('SubmitButton and useSingleFlight', () => {
  it('two clicks in the same task submit once; the button is disabled and busy until the answer', async () => {
    let release: () => void = () => {};
    const sent = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    render(<SlowForm sent={sent} />);
    const button = screen.getByRole('button', { name: '등록' }) as HTMLButtonElement;
    act(() => {
      button.click();
      button.click();
    });
    expect(sent).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe('등록 중…');
    await act(async () => release());
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(button.textContent).toBe('등록');
    act(() => button.click());
    expect(sent).toHaveBeenCalledTimes(2);
  });

  it('a failed submission frees the guard for another try', async () => {
    const { result } = renderHook(() => useSingleFlight());
    const task = vi.fn(() => Promise.reject(new Error('offline')));
    await act(async () => {
      await result.current.guard(task)();
    });
    await act(async () => {
      await result.current.guard(task)();
    });
    expect(task).toHaveBeenCalledTimes(2);
    expect(result.current.pending).toBe(false);
  });

  it('a handler that sends nothing holds nothing', () => {
    const { result } = renderHook(() => useSingleFlight());
    const task = vi.fn(() => undefined);
    act(() => {
      result.current.guard(task)();
      result.current.guard(task)();
    });
    expect(task).toHaveBeenCalledTimes(2);
    expect(result.current.pending).toBe(false);
  });
});

describe('useBusyLatch', () => {
  it('lets the first click through until busy has risen and fallen, or the scope changes', () => {
    const { result, rerender } = renderHook(({ busy, scope }) => useBusyLatch(busy, scope), {
      initialProps: { busy: false, scope: 1 },
    });
    expect(result.current()).toBe(true);
    expect(result.current()).toBe(false);
    rerender({ busy: true, scope: 1 });
    expect(result.current()).toBe(false);
    rerender({ busy: false, scope: 1 });
    expect(result.current()).toBe(true);
    rerender({ busy: false, scope: 2 });
    expect(result.current()).toBe(true);
  });

  it('when busy never rises, frees itself after the fallback time', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useBusyLatch(false));
    expect(result.current()).toBe(true);
    expect(result.current()).toBe(false);
    act(() => vi.advanceTimersByTime(LATCH_FALLBACK_MS));
    expect(result.current()).toBe(true);
  });
});
