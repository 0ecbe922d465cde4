import type { FeatureKey } from '@app/contracts';
import type { MainTab } from '@/config/paths';

export interface MainTabViewer {
  isEnabled: (feature: FeatureKey) => boolean;
  /** Signed in with a real account (a guest or an unreadable stored user is not). */
  isMember: boolean;
  /** The `tab` parameter of the address, when there is one. */
  requested?: string | null;
}

/**
 * Tabs for enabled features only, in the spec's order (2.5). The wallet tab is a member's, but an
 * address that asks for it (`?tab=wallet`) shows it to a guest too, with the wallet's login
 * prompt (spec part 3, wallet tab), instead of silently opening another tab.
 */
export function availableTabs(v: MainTabViewer): MainTab[] {
  const tabs: MainTab[] = [];
  if (v.isEnabled('delivery')) tabs.push('delivery');
  if (v.isEnabled('shopping')) tabs.push('shopping');
  if (v.isEnabled('content')) tabs.push('video', 'post');
  if (v.isEnabled('wallet') && (v.isMember || v.requested === 'wallet')) tabs.push('wallet');
  return tabs;
}

/** The `tab` query parameter when it names an available tab, otherwise the first available one. */
export function activeTab(param: string | null, tabs: readonly MainTab[]): MainTab | undefined {
  return tabs.find((t) => t === param) ?? tabs[0];
}
