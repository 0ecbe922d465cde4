import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

let load: ReturnType<typeof vi.fn>;

/** A fresh copy of the module (its "files are in" state is per page). */
const fonts = async () => {
  vi.resetModules();
  return import('./fonts');
};

beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  document.body.innerHTML = '<h1>오늘 아침 수확한 채소</h1>';
  load = vi.fn(async () => []);
  Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Pretendard on the first screen', () => {
  it('is used from the first paint when an earlier visit cached its files', async () => {
    localStorage.setItem('font.pretendard', '1');
    const { startFonts } = await fonts();
    startFonts();
    expect(document.documentElement.classList.contains('pretendard')).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });

  it('is not fetched on a first visit until the visitor acts, then used from the next screen on', async () => {
    const { startFonts, applyWarmedFont } = await fonts();
    startFonts();
    expect(load).not.toHaveBeenCalled();
    expect(document.documentElement.classList.contains('pretendard')).toBe(false);

    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]?.[1]).toContain('오늘 아침 수확한 채소');
    // The current screen keeps its font: nothing moves under the visitor's finger.
    await Promise.resolve();
    expect(document.documentElement.classList.contains('pretendard')).toBe(false);

    applyWarmedFont();
    expect(document.documentElement.classList.contains('pretendard')).toBe(true);
    expect(localStorage.getItem('font.pretendard')).toBe('1');
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('is fetched 5 s after the load event when nobody touches the page', async () => {
    vi.useFakeTimers();
    const { startFonts } = await fonts();
    startFonts();
    vi.advanceTimersByTime(4_900);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the system font when the files cannot load', async () => {
    load.mockRejectedValue(new Error('offline'));
    const { startFonts, applyWarmedFont } = await fonts();
    startFonts();
    document.body.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    await Promise.resolve();
    await Promise.resolve();
    applyWarmedFont();
    expect(document.documentElement.classList.contains('pretendard')).toBe(false);
    expect(localStorage.getItem('font.pretendard')).toBeNull();
  });
});
