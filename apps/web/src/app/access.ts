import type { FeatureKey } from '@app/contracts';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/session';

/** Who may open a route (spec part 1, section 2.1). */
export interface Access {
  /** The route exists only when at least one of these features is on. */
  features?: readonly FeatureKey[];
  /** What a feature-off route does: the service-preparing notice (default) or a redirect. */
  whenFeatureOff?: 'notice' | { redirect: string };
  /** A signed-in user of this type; `both` means any signed-in user. */
  userType?: 'customer' | 'merchant' | 'both';
  /** System administrators only: others signed in see the access-denied notice. */
  adminOnly?: boolean;
  /**
   * A sign-up form: it opens only with the required consents given in this sign-up's consent step
   * (handed over in navigation state); otherwise the visitor goes back to that step (/terms).
   */
  signup?: 'customer' | 'merchant';
}

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; state?: unknown }
  | { kind: 'feature-off' }
  | { kind: 'denied' };

export interface Viewer {
  isEnabled: (feature: FeatureKey) => boolean;
  user: SessionUser | null;
  isSignedIn: boolean;
  isAdmin: boolean;
  /** The required sign-up consents were given in the consent step that led here. */
  consentGiven?: boolean;
}

/** Where a signed-in user of the wrong type is sent: merchants to their dashboard, others to /main. */
export function homeFor(user: SessionUser): string {
  return user.user_type === 'merchant' ? paths.merchantDashboard.getHref() : paths.main.getHref();
}

/**
 * The guard rules in order: the feature gate first (a tenant without the feature has no such
 * page for anybody), then administrators, then the user type.
 */
export function decideAccess(access: Access, viewer: Viewer): AccessDecision {
  if (access.features?.length && !access.features.some((f) => viewer.isEnabled(f))) {
    const off = access.whenFeatureOff ?? 'notice';
    return off === 'notice' ? { kind: 'feature-off' } : { kind: 'redirect', to: off.redirect };
  }
  const user = viewer.isSignedIn ? viewer.user : null;
  if (access.adminOnly) {
    if (!user) return { kind: 'redirect', to: paths.login.getHref() };
    return viewer.isAdmin ? { kind: 'allow' } : { kind: 'denied' };
  }
  if (access.signup && !viewer.consentGiven) {
    return { kind: 'redirect', to: paths.terms.getHref(), state: { userType: access.signup } };
  }
  if (access.userType) {
    if (!user) return { kind: 'redirect', to: paths.login.getHref() };
    if (access.userType !== 'both' && user.user_type !== access.userType)
      return { kind: 'redirect', to: homeFor(user) };
  }
  return { kind: 'allow' };
}
