import type { FeatureKey } from '@app/contracts';

/** The dashboard's tabs in the order of the tab bar (spec part 3, section 2). */
export const dashboardTabs = [
  'home',
  'posts',
  'videos',
  'notices',
  'comments',
  'reviews',
  'products',
  'deleted-products',
  'delivery',
  'delivery-terms',
  'payments',
] as const;
export type DashboardTab = (typeof dashboardTabs)[number];

/** The tabs only merchants use. */
export const merchantTabs = ['products', 'deleted-products', 'delivery', 'delivery-terms', 'payments'] as const;
export type MerchantTab = (typeof merchantTabs)[number];

export function isMerchantTab(tab: DashboardTab): tab is MerchantTab {
  return (merchantTabs as readonly string[]).includes(tab);
}

export interface DashboardViewer {
  isEnabled: (feature: FeatureKey) => boolean;
  isMerchant: boolean;
}

/**
 * A tab exists only while its feature is on (home always). The merchant tabs are the merchant
 * dashboard, which the merchant switch turns off (spec: /merchant/dashboard needs the merchant
 * feature), so they also need it: a merchant on /dashboard of such a tenant sees none of them.
 */
function featureAllows(tab: DashboardTab, isEnabled: DashboardViewer['isEnabled']): boolean {
  if (isMerchantTab(tab) && !isEnabled('merchant')) return false;
  switch (tab) {
    case 'home':
      return true;
    case 'posts':
    case 'videos':
    case 'notices':
    case 'comments':
      return isEnabled('content');
    case 'reviews':
      return isEnabled('reviews');
    case 'products':
    case 'deleted-products':
    case 'delivery':
    case 'delivery-terms':
      return isEnabled('shopping') || isEnabled('delivery');
    case 'payments':
      return isEnabled('payment');
  }
}

/** The tabs of the tab bar: features that are on, and the merchant tabs for merchants only. */
export function visibleTabs(v: DashboardViewer): DashboardTab[] {
  return dashboardTabs.filter((t) => featureAllows(t, v.isEnabled) && (v.isMerchant || !isMerchantTab(t)));
}

/**
 * The tab the `tab` parameter asks for. A merchant tab of a feature that is on stays selected for
 * a customer (who is then told why it is closed); anything else unknown or hidden opens home.
 */
export function resolveTab(param: string | null, v: DashboardViewer): DashboardTab {
  const tab = dashboardTabs.find((t) => t === param);
  if (!tab || !featureAllows(tab, v.isEnabled)) return 'home';
  return tab;
}

/** The neighbour of `current` in the tab bar (`step` 1 next, -1 previous), or null at either end. */
export function neighbourTab(tabs: readonly DashboardTab[], current: DashboardTab, step: 1 | -1): DashboardTab | null {
  const index = tabs.indexOf(current);
  if (index < 0) return null;
  return tabs[index + step] ?? null;
}
