import type { ReactNode } from 'react';

interface NoticeProps {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** The page's main heading (h1) or a section's (h2). */
  level?: 1 | 2;
  role?: 'alert' | 'status';
}

/** A centred message with an icon and actions: notices, empty states, error screens. */
export function Notice({ icon, title, children, actions, level = 1, role }: NoticeProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="notice" role={role}>
      {icon ? (
        <div className="notice-icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading>{title}</Heading>
      {children}
      {actions ? <div className="notice-actions">{actions}</div> : null}
    </div>
  );
}
