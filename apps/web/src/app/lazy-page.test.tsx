import { Suspense } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { lazyPage, screensLoaded } from './lazy-page';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const Screen = () => <p>화면</p>;

describe('lazyPage', () => {
  it('renders a screen whose code has arrived at once, without its loading state', async () => {
    const page = lazyPage(async () => ({ default: Screen }));
    page.preload();
    await screensLoaded();
    const container = document.createElement('div');
    const root = createRoot(container);
    // One synchronous render: a screen that suspended here would show its fallback (and, taking
    // over server markup, stay dead markup after the app said it was ready).
    flushSync(() =>
      root.render(
        <Suspense fallback={<p>로딩</p>}>
          <page.Component />
        </Suspense>,
      ),
    );
    expect(container.textContent).toBe('화면');
    root.unmount();
  });

  it('screensLoaded waits for every screen asked for, and for failed ones to fail', async () => {
    const layout = deferred<{ default: typeof Screen }>();
    const page = deferred<{ default: typeof Screen }>();
    lazyPage(() => layout.promise).preload();
    lazyPage(() => page.promise).preload();
    let done = false;
    const waiting = screensLoaded().then(() => {
      done = true;
    });
    layout.resolve({ default: Screen });
    await new Promise((r) => setTimeout(r, 0));
    expect(done).toBe(false);
    page.reject(new Error('chunk failed'));
    await waiting;
    expect(done).toBe(true);
  });
});
