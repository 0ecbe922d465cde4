import { RefreshCw, TriangleAlert } from 'lucide-react';
import { routeMessages, startupMessages } from '@/messages/common';
import { Notice } from './notice';

/** Shown while /api/tenant/current loads (spec 2.2). */
export function LoadingScreen({ label = startupMessages.loading }: { label?: string }) {
  return (
    <div className="screen-center" role="status" aria-live="polite">
      <div style={{ display: 'grid', justifyItems: 'center', gap: 16 }}>
        <div className="spinner" aria-hidden="true" />
        <p style={{ color: 'var(--text-muted)' }}>{label}</p>
      </div>
    </div>
  );
}

/** Tenant load failure (spec 8): the message and a reload button. */
export function StartupErrorScreen({ detail }: { detail?: string }) {
  return (
    <main className="screen-center">
      <Notice
        role="alert"
        icon={<TriangleAlert size={30} />}
        title={startupMessages.errorTitle}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            <RefreshCw size={18} aria-hidden="true" />
            {startupMessages.reload}
          </button>
        }
      >
        <p>{startupMessages.errorText}</p>
        {detail ? <p style={{ fontSize: 14 }}>{detail}</p> : null}
      </Notice>
    </main>
  );
}

/** A route chunk that failed to load (offline, or a new deployment replaced the files). */
export function PageErrorScreen() {
  return (
    <main id="main" className="container page">
      <Notice
        role="alert"
        icon={<TriangleAlert size={30} />}
        title={routeMessages.pageErrorTitle}
        actions={
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            <RefreshCw size={18} aria-hidden="true" />
            {routeMessages.reload}
          </button>
        }
      >
        <p>{routeMessages.pageErrorText}</p>
      </Notice>
    </main>
  );
}
