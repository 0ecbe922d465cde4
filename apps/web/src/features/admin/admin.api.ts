import type { Tenant, TenantFeatures, TenantSettings } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const tenantListQuery = queryOptions({
  queryKey: ['admin', 'tenants'],
  queryFn: ({ signal }) => api.get<{ tenants: Tenant[] }>('/api/tenant/list', { signal }).then((a) => a.tenants),
  staleTime: 0,
});

export const localhostProcQuery = queryOptions({
  queryKey: ['admin', 'localhost-proc'],
  queryFn: ({ signal }) =>
    api.get<{ current_localhost_proc: string | null; tenant_info: Tenant | null }>('/api/tenant/debug/localhost-proc', {
      signal,
    }),
  retry: false,
});

export function updateTenantFeatures(id: number, features: Partial<TenantFeatures>) {
  return api.put<{ message: string; tenant: Tenant }>(`/api/tenant/${id}/features`, { features });
}

export function updateTenantSettings(id: number, settings: Partial<TenantSettings> & { display_name?: string }) {
  return api.put<{ message: string; tenant: Tenant }>(`/api/tenant/${id}/settings`, { settings });
}

export function setLocalhostTenant(domain: string) {
  return api.post<{ message: string; current_localhost_proc: string | null; tenant_info: Tenant | null }>(
    `/api/tenant/debug/localhost-proc/${encodeURIComponent(domain)}`,
  );
}
