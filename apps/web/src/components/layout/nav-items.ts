import type { FeatureKey } from '@app/contracts';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/session';
import { navMessages as m } from '@/messages/common';

export type NavKey = 'home' | 'delivery' | 'shopping' | 'content' | 'wallet' | 'myContent' | 'admin';

export interface NavItem {
  key: NavKey;
  label: string;
  href: string;
}

export interface NavViewer {
  isEnabled: (feature: FeatureKey) => boolean;
  user: SessionUser | null;
  /** Signed in with a real account (not a guest). */
  isMember: boolean;
  isAdmin: boolean;
}

/** The most entries the mobile bottom bar shows before the profile menu or login entry (spec 9). */
export const MOBILE_NAV_LIMIT = 4;

function primaryEntries(v: NavViewer): NavItem[] {
  const items: NavItem[] = [{ key: 'home', label: m.home, href: paths.home.getHref() }];
  if (v.isEnabled('delivery')) items.push({ key: 'delivery', label: m.delivery, href: paths.main.getHref('delivery') });
  if (v.isEnabled('shopping')) items.push({ key: 'shopping', label: m.shopping, href: paths.main.getHref('shopping') });
  if (v.isEnabled('content')) items.push({ key: 'content', label: m.content, href: paths.main.getHref('video') });
  if (v.isMember && v.isEnabled('wallet'))
    items.push({ key: 'wallet', label: m.wallet, href: paths.main.getHref('wallet') });
  return items;
}

function roleEntries(v: NavViewer): NavItem[] {
  const items: NavItem[] = [];
  if (v.isMember && v.user?.user_type === 'merchant' && v.isEnabled('merchant')) {
    items.push({ key: 'myContent', label: m.myContent, href: paths.merchantDashboard.getHref() });
  }
  if (v.isAdmin) items.push({ key: 'admin', label: m.admin, href: paths.adminTenants.getHref() });
  return items;
}

/** Links of the wide navigation bar, feature-gated (spec 2.6). */
export function desktopNavItems(v: NavViewer): NavItem[] {
  return [...primaryEntries(v), ...roleEntries(v)];
}

/**
 * Entries of the bottom bar at 768 px and below (spec 2.6): home and the feature entries, with the
 * merchant's "my content" and the administrator entry inserted before the last item, then at most
 * the first four. The profile menu or login entry follows them.
 */
export function mobileNavItems(v: NavViewer): NavItem[] {
  const items = primaryEntries(v);
  const extras = roleEntries(v);
  if (extras.length) items.splice(Math.max(items.length - 1, 1), 0, ...extras);
  return items.slice(0, MOBILE_NAV_LIMIT);
}
