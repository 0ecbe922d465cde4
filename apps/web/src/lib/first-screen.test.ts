import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, nextTask } from './first-screen';

let readyState: DocumentReadyState;
let visibility: DocumentVisibilityState;

beforeEach(() => {
  vi.useFakeTimers();
  readyState = 'interactive';
  visibility = 'visible';
  vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => setTimeout(() => frame(0), 16));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('afterFirstScreen', () => {
  it('runs after the load event and the next painted frame, once', () => {
    const run = vi.fn();
    afterFirstScreen(run, 3000);
    vi.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(16);
    expect(run).not.toHaveBeenCalled(); // the frame's callback, not yet its paint
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('does not wait past its limit for a page that keeps loading', () => {
    const run = vi.fn();
    afterFirstScreen(run, 3000);
    vi.advanceTimersByTime(2999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('starts a page that has already loaded after its next frame, and a hidden tab at once', () => {
    readyState = 'complete';
    const shown = vi.fn();
    afterFirstScreen(shown);
    expect(shown).not.toHaveBeenCalled();
    vi.advanceTimersByTime(17);
    expect(shown).toHaveBeenCalledTimes(1);

    visibility = 'hidden';
    const hidden = vi.fn();
    afterFirstScreen(hidden);
    expect(hidden).toHaveBeenCalledTimes(1);
  });
});

describe('nextTask', () => {
  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldNow = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldNow });
    await nextTask();
    expect(yieldNow).toHaveBeenCalledOnce();
  });

  it('otherwise resolves in a later task, not waiting for timers (slowed in background tabs)', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const done = nextTask().then(() => order.push('task'));
    void Promise.resolve().then(() => order.push('microtask'));
    await done;
    expect(order).toEqual(['microtask', 'task']);
  });
});
