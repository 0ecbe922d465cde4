import { useCallback, useEffect, useRef, useState } from 'react';

type Task<A extends unknown[]> = (...args: A) => unknown;

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | undefined)?.then === 'function';

/**
 * One submission at a time. `guard(handler)` wraps a submit handler (a react-hook-form
 * `handleSubmit(...)` result or a plain one that returns its promise): a call while that promise is
 * pending is dropped, its event's default prevented. A handler that returns no promise (it had
 * nothing to send) holds nothing. The guard is a ref, so two clicks in the same task,
 * before React re-renders the disabled button, still submit once. `pending` is for the button.
 */
export function useSingleFlight() {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const guard = useCallback(
    <A extends unknown[]>(handler: Task<A>) =>
      (...args: A): Promise<void> | undefined => {
        if (running.current) {
          (args[0] as { preventDefault?: () => void } | undefined)?.preventDefault?.();
          return undefined;
        }
        running.current = true;
        let result: unknown;
        try {
          result = handler(...args);
        } finally {
          // A handler that decided synchronously (nothing to send) frees the guard at once.
          if (!isPromise(result)) running.current = false;
        }
        if (!isPromise(result)) return undefined;
        setPending(true);
        return result
          .then(
            () => undefined,
            () => undefined,
          )
          .finally(() => {
            running.current = false;
            setPending(false);
          });
      },
    [],
  );
  return { pending, guard };
}

/** How long a latch waits for `busy` to rise before it lets the next click through. */
export const LATCH_FALLBACK_MS = 1000;

/**
 * For buttons that start a mutation with `mutate()` (no promise to await): `enter()` is true for
 * the first click only, until the caller's `busy` flag has risen and fallen again (or, if it never
 * rises, for LATCH_FALLBACK_MS), or until `scope` changes (a dialog opened again). Covers a double
 * click before the button is re-rendered disabled.
 */
export function useBusyLatch(busy: boolean | undefined, scope?: unknown) {
  const latched = useRef(false);
  const sawBusy = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (busy) {
      sawBusy.current = true;
      clearTimeout(timer.current);
    } else if (sawBusy.current) {
      sawBusy.current = false;
      latched.current = false;
    }
  }, [busy]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new scope (the dialog reopened) frees the latch
  useEffect(() => {
    latched.current = false;
    sawBusy.current = false;
    clearTimeout(timer.current);
  }, [scope]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    if (latched.current || busy) return false;
    latched.current = true;
    timer.current = setTimeout(() => {
      if (!sawBusy.current) latched.current = false;
    }, LATCH_FALLBACK_MS);
    return true;
  }, [busy]);
}
