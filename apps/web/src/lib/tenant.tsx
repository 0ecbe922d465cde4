import type { FeatureKey, Tenant, TenantFeatures } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { createContext, use } from 'react';
import { brandMessages } from '@/messages/common';
import { api } from './api-client';

/** GET /api/tenant/current: the tenant of the address the app is served from. */
export const currentTenantQuery = queryOptions({
  queryKey: ['tenant', 'current'],
  queryFn: ({ signal }) => api.get<Tenant>('/api/tenant/current', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export interface TenantInfo {
  tenant: Tenant;
  /** The configured display name, else the service name, else the default Korean brand text. */
  displayName: string;
  features: TenantFeatures;
  isEnabled: (feature: FeatureKey) => boolean;
}

export function toTenantInfo(tenant: Tenant): TenantInfo {
  const displayName =
    tenant.display_name?.trim() || tenant.settings.service_info?.service_name?.trim() || brandMessages.defaultBrand;
  return {
    tenant,
    displayName,
    features: tenant.features,
    isEnabled: (feature) => tenant.features[feature] === true,
  };
}

export const TenantContext = createContext<TenantInfo | null>(null);

/** The current tenant; only used below the start-up gate, so it is always loaded. */
export function useTenant(): TenantInfo {
  const info = use(TenantContext);
  if (!info) throw new Error('useTenant must be used inside the tenant start-up gate');
  return info;
}
