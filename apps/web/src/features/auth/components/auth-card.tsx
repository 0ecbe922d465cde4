import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useGoBack } from '@/components/back-button';
import { authMessages as m } from '../messages';
import '@/components/form/form.css';
import '../auth.css';

/**
 * The frame of every account screen: back icon, heading, lead text, then the form. The back icon
 * goes one step back in the app, or to `backTo` (home unless given) on a page opened directly.
 */
export function AuthCard({
  title,
  lead,
  badge,
  children,
  footer,
  backTo,
}: {
  title: string;
  lead?: ReactNode;
  badge?: string;
  children: ReactNode;
  footer?: ReactNode;
  backTo?: string;
}) {
  const goBack = useGoBack(backTo);
  return (
    <main id="main" className="container page auth-page">
      <div className="card auth-card">
        <button type="button" className="auth-back" aria-label={m.back} onClick={goBack}>
          <ArrowLeft size={22} aria-hidden="true" />
        </button>
        {badge ? <p className="auth-badge">{badge}</p> : null}
        <h1 className="auth-title">{title}</h1>
        {lead ? <p className="auth-lead">{lead}</p> : null}
        {children}
      </div>
      {footer ? <div className="auth-footer">{footer}</div> : null}
    </main>
  );
}
