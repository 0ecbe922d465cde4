import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useLayoutEffect, useMemo } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { LoadingScreen, StartupErrorScreen } from '@/components/start-up-screens';
import { applyWarmedFont } from '@/lib/fonts';
import { currentTenantQuery, TenantContext, toTenantInfo } from '@/lib/tenant';
import { applyTheme, themeVariables } from '@/lib/theme';
import { preloadOnLinkIntent, preloadRoute } from './route-preload';
import { buildRoutes } from './routes';

/** Tenant start-up (spec 2.2 and 4): loading, failed (reload), loaded with name, features, theme. */
function TenantGate({ children }: { children: ReactNode }) {
  const { data, error, isPending } = useQuery(currentTenantQuery);
  const info = useMemo(() => (data ? toTenantInfo(data) : null), [data]);
  // Before paint, so a tenant's colours never flash the default orange first.
  useLayoutEffect(() => {
    if (!info) return;
    applyTheme(themeVariables(info.tenant));
    document.title = info.displayName;
  }, [info]);
  if (isPending) return <LoadingScreen />;
  if (error || !info) return <StartupErrorScreen detail={error?.message} />;
  return <TenantContext value={info}>{children}</TenantContext>;
}

/** What surrounds the router in the browser (App) and in server rendering (entry-server.tsx). */
export function AppShell({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TenantGate>{children}</TenantGate>
    </QueryClientProvider>
  );
}

/** The app's router: made before React starts (start.tsx), in a task of its own on a slow phone. */
export const createAppRouter = () => createBrowserRouter(buildRoutes());
type AppRouter = ReturnType<typeof createAppRouter>;

/** The app around one query client (lib/query-client.ts), which start.tsx has already put to work. */
export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  // Every navigation starts the next screen's code and data together (start-up: main.tsx), and a
  // link about to be opened (hover, focus, touch) starts them even earlier.
  // The app has taken the page over (a server-rendered screen answers taps from now on): said on
  // <html data-app="ready"> for browser tests and tools.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  useEffect(() => {
    let lastKey = router.state.location.key;
    const stopNavigation = router.subscribe(({ location }) => {
      if (location.key === lastKey) return;
      lastKey = location.key;
      preloadRoute(location.pathname + location.search, queryClient);
      applyWarmedFont();
    });
    const stopIntent = preloadOnLinkIntent(queryClient);
    return () => {
      stopNavigation();
      stopIntent();
    };
  }, [router, queryClient]);
  return (
    <AppShell queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
