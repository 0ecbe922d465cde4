import type { Tenant } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Globe, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { AppToaster } from '@/components/app-toaster';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Notice } from '@/components/notice';
import { localhostProcQuery, tenantListQuery } from './admin.api';
import { FeatureSwitches } from './feature-switches';
import { adminMessages as m } from './messages';
import { TenantSettingsDialog } from './tenant-settings-dialog';
import { useTenantUpdates } from './use-tenant-updates';
import '@/components/form/form.css';
import './admin.css';

function TenantCard({
  tenant,
  isLocalhost,
  currentLocalhost,
}: {
  tenant: Tenant;
  isLocalhost: boolean;
  /** The domain localhost serves now, when known. */
  currentLocalhost: string | null;
}) {
  const { setLocalhost } = useTenantUpdates();
  // It changes what everybody opening localhost sees: asked once more, never on one click.
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingId = `tenant-${tenant.id}-name`;
  return (
    <li className="card tenant-card" aria-labelledby={headingId} data-domain={tenant.domain}>
      <div className="tenant-head">
        <div className="tenant-title">
          <h2 id={headingId}>{tenant.display_name}</h2>
          <p className="tenant-domain">
            <Globe size={14} aria-hidden="true" />
            {tenant.domain}
          </p>
        </div>
        <div className="tenant-badges">
          <span className={tenant.is_active ? 'badge badge-on' : 'badge badge-off'}>
            {tenant.is_active ? m.active : m.inactive}
          </span>
          {isLocalhost ? <span className="badge badge-local">{m.currentLocalhost}</span> : null}
        </div>
      </div>
      <h3 className="tenant-section-title">{m.features}</h3>
      <FeatureSwitches tenant={tenant} />
      <div className="tenant-actions">
        <button type="button" className="btn btn-ghost" disabled={isLocalhost} onClick={() => setConfirming(true)}>
          <MonitorSmartphone size={18} aria-hidden="true" />
          {m.setLocalhost}
        </button>
        <TenantSettingsDialog tenant={tenant} />
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={m.localhostConfirmTitle}
          text={m.localhostConfirmText(tenant.display_name, tenant.domain, currentLocalhost)}
          confirmLabel={m.localhostConfirm}
          busy={busy}
          onConfirm={() => {
            setBusy(true);
            void setLocalhost(tenant).finally(() => {
              setBusy(false);
              setConfirming(false);
            });
          }}
        />
      </div>
    </li>
  );
}

/** /admin/tenants (spec 2.13): one card per tenant. The route guard admits administrators only. */
export default function AdminTenantsPage() {
  const list = useQuery(tenantListQuery);
  const proc = useQuery(localhostProcQuery);
  return (
    <main id="main" className="container page admin-page">
      <AppToaster />
      <header className="admin-header">
        <h1>{m.title}</h1>
        <p>{m.lead}</p>
      </header>
      {list.isPending ? (
        <div role="status" className="tenant-grid">
          <span className="visually-hidden">{m.loading}</span>
          <div className="skeleton" style={{ height: 320 }} />
          <div className="skeleton" style={{ height: 320 }} />
        </div>
      ) : list.isError ? (
        <Notice
          level={2}
          role="alert"
          title={m.loadFailed}
          actions={
            <button type="button" className="btn btn-primary" onClick={() => void list.refetch()}>
              {m.retry}
            </button>
          }
        >
          <p>{list.error.message}</p>
        </Notice>
      ) : list.data.length === 0 ? (
        <Notice level={2} title={m.empty} />
      ) : (
        <ul className="tenant-grid">
          {list.data.map((tenant) => (
            <TenantCard
              key={tenant.id}
              tenant={tenant}
              isLocalhost={proc.data?.current_localhost_proc === tenant.domain}
              currentLocalhost={proc.data?.current_localhost_proc ?? null}
            />
          ))}
        </ul>
      )}
    </main>
  );
}
