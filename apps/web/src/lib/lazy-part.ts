import { type ComponentType, lazy } from 'react';

/**
 * A part of the page in a chunk of its own that the page can do without (the toast host, the
 * footer): when its chunk fails to load, nothing shows in its place rather than the page's error.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy<ComponentType<P>>(() =>
    load().then(
      (component) => ({ default: component }),
      () => ({ default: () => null }),
    ),
  );
}
