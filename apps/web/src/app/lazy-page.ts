import { type ComponentType, lazy } from 'react';

/** Spec 9: a route's script chunk that has not arrived after 120 seconds counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

export interface LazyPage<P> {
  Component: ComponentType<P>;
  /** Starts the download early (layout and page in parallel, no waterfall). */
  preload: () => void;
}

type Module<P> = { default: ComponentType<P> };

/** Screens whose code is on its way (see `screensLoaded`). */
const loading = new Set<Promise<unknown>>();

/**
 * Resolves once every screen whose code has been asked for has arrived (or failed). start.tsx waits
 * for it before taking over a page the server rendered: React hydrates each Suspense boundary in a
 * pass of its own, and at once when it is tapped, which a screen whose code is still on its way
 * cannot do, so the tap would be lost after the app has already said it is ready.
 */
export async function screensLoaded(): Promise<void> {
  await Promise.allSettled([...loading]);
}

/**
 * A thenable that answers at once. React.lazy reads a promise's value only in a later microtask, so
 * even a module already loaded suspends its first render; this one it reads on the spot.
 */
function settled<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose; React.lazy calls its then.
  return { then: (resolve: (v: T) => void) => resolve(value) } as unknown as Promise<T>;
}

/** A route screen in its own chunk, loaded on first render with the spec's timeout. */
export function lazyPage<P = object>(load: Loader<P>): LazyPage<P> {
  let pending: Promise<Module<P>> | undefined;
  let loaded: Module<P> | undefined;
  const start = () => {
    if (!pending) {
      const request = withTimeout(load(), CHUNK_TIMEOUT_MS).then(
        (module) => {
          loaded = module;
          return module;
        },
        (err: unknown) => {
          pending = undefined; // let a later visit try again
          throw err;
        },
      );
      loading.add(request);
      request.then(
        () => loading.delete(request),
        () => loading.delete(request),
      );
      pending = request;
    }
    return pending;
  };
  return {
    Component: lazy(() => (loaded ? settled(loaded) : start())) as unknown as ComponentType<P>,
    preload: () => {
      start().catch(() => undefined);
    },
  };
}
