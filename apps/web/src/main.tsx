import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRouteAfterTenant } from './app/route-preload';
import { readBootData } from './lib/boot';
import { startFonts } from './lib/fonts';
import { queryClient } from './lib/query-client';
import { currentTenantQuery } from './lib/tenant';

// The tenant came with the page: no start-up round trip, and the first screen's code and data
// start now, side by side, before React renders anything.
const boot = readBootData();
if (boot.tenant) queryClient.setQueryData(currentTenantQuery.queryKey, boot.tenant);
preloadRouteAfterTenant(window.location.href, queryClient);
startFonts();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
