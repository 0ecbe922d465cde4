import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AccessDeniedNotice, FeatureOffNotice } from '@/components/route-notices';
import { consentGiven } from '@/features/terms/consents';
import { useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { type Access, decideAccess } from './access';

/** Applies a route's access rule before its screen (and its chunk) is loaded. */
export function RouteGuard({ access, children }: { access: Access; children: ReactNode }) {
  const { isEnabled } = useTenant();
  const { user, isSignedIn, isAdmin, leavingTo } = useSession();
  const { state } = useLocation();
  if (leavingTo) return null;
  const decision = decideAccess(access, { isEnabled, user, isSignedIn, isAdmin, consentGiven: consentGiven(state) });
  switch (decision.kind) {
    case 'allow':
      return children;
    case 'redirect':
      return <Navigate to={decision.to} state={decision.state} replace />;
    case 'feature-off':
      return <FeatureOffNotice />;
    case 'denied':
      return <AccessDeniedNotice />;
  }
}
