import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useMemo, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { LoadingScreen, StartupErrorScreen } from '@/components/start-up-screens';
import { currentTenantQuery, TenantContext, toTenantInfo } from '@/lib/tenant';
import { applyTheme, themeVariables } from '@/lib/theme';
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

export function App() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 30_000 } } }),
  );
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  return (
    <QueryClientProvider client={queryClient}>
      <TenantGate>
        <RouterProvider router={router} />
      </TenantGate>
    </QueryClientProvider>
  );
}
