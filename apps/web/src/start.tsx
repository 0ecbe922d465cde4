/**
 * The app's start (loaded by main.tsx): boot data into the query client, the first screen's code
 * and data on their way, then React on the page.
 */
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRouteAfterTenant } from './app/route-preload';
import { readBootData } from './lib/boot';
import { startFonts } from './lib/fonts';
import { queryClient } from './lib/query-client';
import { readItem, storageKeys, syncSignedInHint } from './lib/storage';
import { currentTenantQuery } from './lib/tenant';

// The tenant came with the page: no start-up round trip, and the first screen's code and data
// start now, side by side, before React renders anything.
const boot = readBootData();
if (boot.tenant) queryClient.setQueryData(currentTenantQuery.queryKey, boot.tenant);
if (boot.queries) hydrate(queryClient, boot.queries);
preloadRouteAfterTenant(window.location.href, queryClient);
startFonts();
// The server renders the first screen only for browsers without a stored session (a cookie says so).
syncSignedInHint();

const root = document.getElementById('root');
if (root) {
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  // The first screen the server rendered for a signed-out visitor is taken over as it is (in a
  // transition: React hydrates it in short slices, so the page answers input meanwhile); anything
  // else (no server rendering, or a session stored since) is drawn anew.
  const serverRendered = boot.queries !== undefined && root.firstElementChild !== null;
  if (serverRendered && readItem(storageKeys.token) === null) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
}
