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

/** A route screen in its own chunk, loaded on first render with the spec's timeout. */
export function lazyPage<P = object>(load: Loader<P>): LazyPage<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    pending ??= withTimeout(load(), CHUNK_TIMEOUT_MS).catch((err: unknown) => {
      pending = undefined; // let a later visit try again
      throw err;
    });
    return pending;
  };
  return {
    Component: lazy(start) as unknown as ComponentType<P>,
    preload: () => {
      start().catch(() => undefined);
    },
  };
}
