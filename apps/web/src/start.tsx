/**
 * The app's start (loaded by main.tsx): boot data into the query client, the first screen's code
 * and data on their way, then React on the page.
 */
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createAppRouter } from './app/app';
import { screensLoaded } from './app/lazy-page';
import { preloadRouteAfterTenant } from './app/route-preload';
import { readBootData } from './lib/boot';
import { nextTask } from './lib/first-screen';
import { startFonts } from './lib/fonts';
import { queryClient } from './lib/query-client';
import { readItem, storageKeys, syncSignedInHint } from './lib/storage';
import { currentTenantQuery } from './lib/tenant';

async function start(root: HTMLElement) {
  // The tenant came with the page: no start-up round trip, and the first screen's code and data
  // start now, side by side, before React renders anything.
  const boot = readBootData();
  if (boot.tenant) queryClient.setQueryData(currentTenantQuery.queryKey, boot.tenant);
  if (boot.queries) hydrate(queryClient, boot.queries);
  preloadRouteAfterTenant(window.location.href, queryClient);
  startFonts();
  // The server renders the first screen only for browsers without a stored session (a cookie says so).
  syncSignedInHint();
  // The router, then React on the page, each in a task of its own (a slow phone spends 30 ms on each).
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>
  );
  // The first screen the server rendered for a signed-out visitor is taken over as it is (in a
  // transition: React hydrates it in short slices, so the page answers input meanwhile); anything
  // else (no server rendering, or a session stored since) is drawn anew.
  // The screen's code (layout, page, open tab) is awaited first, so that React takes the whole
  // screen over in one pass and <html data-app="ready"> (app.tsx) means every part of it answers.
  const serverRendered = boot.queries !== undefined && root.firstElementChild !== null;
  if (serverRendered && readItem(storageKeys.token) === null) {
    await screensLoaded();
    startTransition(() => void hydrateRoot(root, app));
  } else createRoot(root).render(app);
}

const root = document.getElementById('root');
if (root) void start(root);
