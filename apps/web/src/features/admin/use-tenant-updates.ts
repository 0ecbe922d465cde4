import type { FeatureKey, Tenant, TenantSettings } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '@/components/app-toaster';
import { ApiError } from '@/lib/api-client';
import { currentTenantQuery, useTenant } from '@/lib/tenant';
import {
  localhostProcQuery,
  setLocalhostTenant,
  tenantListQuery,
  updateTenantFeatures,
  updateTenantSettings,
} from './admin.api';
import { adminMessages as m } from './messages';
import { fieldMessage } from './settings-values';

function detail(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  const d = (err.data as { detail?: unknown } | undefined)?.detail;
  return typeof d === 'string' ? d : undefined;
}

/**
 * Feature switches and settings save at once; the card updates from the server's answer only after
 * success (spec 2.13). A change to the tenant this page is served from also refreshes the app's
 * own tenant (navigation, theme).
 */
export function useTenantUpdates() {
  const queryClient = useQueryClient();
  const { tenant: current } = useTenant();

  const applyAnswer = useCallback(
    (updated: Tenant) => {
      queryClient.setQueryData(tenantListQuery.queryKey, (list) =>
        list?.map((t) => (t.id === updated.id ? updated : t)),
      );
      if (updated.id === current.id) void queryClient.invalidateQueries({ queryKey: currentTenantQuery.queryKey });
    },
    [queryClient, current.id],
  );

  const saveFeature = useCallback(
    async (tenant: Tenant, key: FeatureKey, value: boolean) => {
      try {
        const answer = await updateTenantFeatures(tenant.id, { [key]: value });
        applyAnswer(answer.tenant);
        toast.success(m.featureUpdated);
        return true;
      } catch (err) {
        toast.error(m.featureFailed, { description: detail(err) });
        return false;
      }
    },
    [applyAnswer],
  );

  const saveSettings = useCallback(
    async (tenant: Tenant, patch: Partial<TenantSettings> & { display_name?: string }) => {
      try {
        const answer = await updateTenantSettings(tenant.id, patch);
        applyAnswer(answer.tenant);
        toast.success(m.settingsUpdated);
        return answer.tenant;
      } catch (err) {
        toast.error(m.settingsFailed, { description: detail(err) });
        return null;
      }
    },
    [applyAnswer],
  );

  /**
   * One field of the settings modal: success is a toast; a refusal is answered to the field (in
   * Korean, without the raw path) so it can show it next to the input with the value kept.
   */
  const saveField = useCallback(
    async (
      tenant: Tenant,
      patch: Partial<TenantSettings> & { display_name?: string },
    ): Promise<{ tenant: Tenant } | { error: string }> => {
      try {
        const answer = await updateTenantSettings(tenant.id, patch);
        applyAnswer(answer.tenant);
        toast.success(m.settingsUpdated);
        return { tenant: answer.tenant };
      } catch (err) {
        const text = detail(err);
        if (err instanceof ApiError && err.status === 400 && text) return { error: fieldMessage(text) };
        toast.error(m.settingsFailed, { description: text });
        return { error: m.settingsFailed };
      }
    },
    [applyAnswer],
  );

  const setLocalhost = useCallback(
    async (tenant: Tenant) => {
      try {
        const answer = await setLocalhostTenant(tenant.domain);
        queryClient.setQueryData(localhostProcQuery.queryKey, {
          current_localhost_proc: answer.current_localhost_proc,
          tenant_info: answer.tenant_info,
        });
        toast.success(m.localhostSet(answer.tenant_info?.display_name ?? tenant.display_name, tenant.domain));
      } catch (err) {
        toast.error(m.localhostFailed, { description: detail(err) });
      }
    },
    [queryClient],
  );

  return { saveFeature, saveSettings, saveField, setLocalhost };
}
