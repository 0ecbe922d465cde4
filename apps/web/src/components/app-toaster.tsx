import { Suspense } from 'react';
import type { ExternalToast } from 'sonner';
import { lazyPart } from '@/lib/lazy-part';

// sonner comes in a chunk of its own, after the first screen: a toast only ever answers something
// the person did. The server renders the host as before, and the browser takes it over once loaded.
let sonner: Promise<typeof import('sonner')> | undefined;
const loadSonner = () => {
  sonner ??= import('sonner');
  return sonner;
};

const Toaster = lazyPart(() => loadSonner().then((m) => m.Toaster));

/**
 * The one toast host of the app: top centre, coloured by kind. Its text colours are darkened in
 * global.css (`[data-sonner-toaster]`) so that every kind reads at 4.5:1 or more.
 */
export function AppToaster() {
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors />
    </Suspense>
  );
}

const show =
  (kind: 'success' | 'error' | 'info') =>
  (message: string, options?: ExternalToast): void => {
    loadSonner().then(
      (m) => m.toast[kind](message, options),
      () => undefined,
    );
  };

/** The app's toasts (shown by the AppToaster on the page), in place of sonner's `toast`. */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
