import type { FeatureKey } from '@app/contracts';
import { paths } from '@/config/paths';
import type { SessionUser } from '@/lib/session';
import { navMessages as m } from '@/messages/common';

export type NavKey =
  | 'home'
  | 'delivery'
  | 'shopping'
  | 'content'
  | 'wallet'
  | 'myContent'
  | 'productCreate'
  | 'contentUpload'
  | 'admin';

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

const isMerchant = (v: NavViewer) => v.isMember && v.user?.user_type === 'merchant';

/** The merchant's dashboard ("my content", feature merchant) and the administrator entry. */
function roleEntries(v: NavViewer): NavItem[] {
  const items: NavItem[] = [];
  if (isMerchant(v) && v.isEnabled('merchant')) {
    items.push({ key: 'myContent', label: m.myContent, href: paths.merchantDashboard.getHref() });
  }
  if (v.isAdmin) items.push({ key: 'admin', label: m.admin, href: paths.adminTenants.getHref() });
  return items;
}

/**
 * A merchant's shortcuts to register a product (shopping or delivery on) and a post (content on),
 * the same gates as the routes they open.
 */
export function merchantActionItems(v: NavViewer): NavItem[] {
  if (!isMerchant(v)) return [];
  const items: NavItem[] = [];
  if (v.isEnabled('shopping') || v.isEnabled('delivery'))
    items.push({ key: 'productCreate', label: m.productCreate, href: paths.productCreate.getHref() });
  if (v.isEnabled('content'))
    items.push({ key: 'contentUpload', label: m.contentUpload, href: paths.contentUpload.getHref() });
  return items;
}

/** Links of the wide navigation bar, feature-gated (spec 2.6). */
export function desktopNavItems(v: NavViewer): NavItem[] {
  const [dashboard, admin] = splitRoles(roleEntries(v));
  return [...primaryEntries(v), ...dashboard, ...merchantActionItems(v), ...admin];
}

function splitRoles(items: NavItem[]): [NavItem[], NavItem[]] {
  return [items.filter((i) => i.key !== 'admin'), items.filter((i) => i.key === 'admin')];
}

/**
 * Entries of the bottom bar at 768 px and below (spec 2.6): at most the first four of home and the
 * feature entries, with the merchant's "my content" and the administrator entry inserted before
 * the last item. Those entries always stay: feature entries before them give way so that the bar
 * keeps four. The merchant's register shortcuts live in the bar's profile menu.
 */
export function mobileNavItems(v: NavViewer): NavItem[] {
  const items = primaryEntries(v).slice(0, MOBILE_NAV_LIMIT);
  const extras = roleEntries(v).slice(0, MOBILE_NAV_LIMIT - 1);
  if (!extras.length) return items;
  const last = items.length > 1 ? items.pop() : undefined;
  const room = Math.max(MOBILE_NAV_LIMIT - extras.length - (last ? 1 : 0), 1);
  return [...items.slice(0, room), ...extras, ...(last ? [last] : [])].slice(0, MOBILE_NAV_LIMIT);
}
