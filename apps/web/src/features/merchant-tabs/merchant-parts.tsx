import { AlertTriangle, ShieldAlert } from 'lucide-react';
import { ApiError } from '@/lib/api-client';
import { commonText as m } from './messages';

/** What a non-merchant sees on a merchant tab (spec part 3, section 6). */
export function DeniedNotice({ reason = m.merchantOnly }: { reason?: string }) {
  return (
    <div className="notice" role="alert">
      <div className="notice-icon" aria-hidden="true">
        <ShieldAlert size={30} />
      </div>
      <h2>{m.deniedTitle}</h2>
      <p>{reason}</p>
    </div>
  );
}

/** True when the server refused the call for the signed-in user's role. */
export function isForbidden(err: unknown): boolean {
  return err instanceof ApiError && err.status === 403;
}

/** A load failure shown in place of the list, with the spec's text and a retry button. */
export function LoadError({ title, onRetry, busy }: { title: string; onRetry: () => void; busy?: boolean }) {
  return (
    <div className="notice" role="alert">
      <div className="notice-icon" aria-hidden="true">
        <AlertTriangle size={30} />
      </div>
      <h2>{title}</h2>
      <div className="notice-actions">
        <button type="button" className="btn btn-primary" onClick={onRetry} disabled={busy}>
          {m.retry}
        </button>
      </div>
    </div>
  );
}

/** Skeleton rows while a list loads (DESIGN: skeletons instead of spinners). */
export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="mt-list" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <div key={i} className="mt-row mt-row-skeleton" aria-hidden="true">
          <div className="skeleton mt-thumb" />
          <div className="mt-row-body">
            <div className="skeleton" style={{ height: 18, width: '55%' }} />
            <div className="skeleton" style={{ height: 16, width: '35%' }} />
            <div className="skeleton" style={{ height: 14, width: '45%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}
