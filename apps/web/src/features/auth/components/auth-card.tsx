import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { authMessages as m } from '../messages';
import '@/components/form/form.css';
import '../auth.css';

/** The frame of every account screen: back icon, heading, lead text, then the form. */
export function AuthCard({
  title,
  lead,
  badge,
  children,
  footer,
}: {
  title: string;
  lead?: ReactNode;
  badge?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <main id="main" className="container page auth-page">
      <div className="card auth-card">
        <button
          type="button"
          className="auth-back"
          aria-label={m.back}
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/', { replace: true }))}
        >
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
