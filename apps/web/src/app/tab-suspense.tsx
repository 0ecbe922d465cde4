import { type ReactNode, Suspense } from 'react';
import { routeMessages } from '@/messages/common';

function TabFallback() {
  return (
    <div role="status" aria-live="polite" style={{ paddingTop: 16 }}>
      <span className="visually-hidden">{routeMessages.pageLoading}</span>
      <div className="skeleton" style={{ height: 48, marginBottom: 16 }} />
      <div className="skeleton" style={{ height: 240 }} />
    </div>
  );
}

/** A tab whose code is a chunk of its own: a skeleton until the chunk arrives. */
export function inSuspense(node: ReactNode) {
  return <Suspense fallback={<TabFallback />}>{node}</Suspense>;
}
