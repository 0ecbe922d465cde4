import type { MainTab } from '@/config/paths';
import { type LazyPage, lazyPage } from './lazy-page';

/**
 * The screens of /main's tabs, each in its own chunk. Kept out of main-screen.tsx so the route
 * preloader (route-preload.ts) can start the open tab's chunk together with the page's.
 */
export const mainTabScreens: Record<MainTab, LazyPage<object>> = {
  delivery: lazyPage(() => import('@/features/products/delivery-tab').then((m) => ({ default: m.DeliveryTab }))),
  shopping: lazyPage(() => import('@/features/products/shopping-tab').then((m) => ({ default: m.ShoppingTab }))),
  video: lazyPage(() => import('@/features/content/shorts-tab').then((m) => ({ default: m.ShortsTab }))),
  post: lazyPage(() => import('@/features/content/post-tab').then((m) => ({ default: m.PostTab }))),
  wallet: lazyPage(() => import('@/features/wallet/wallet-screen').then((m) => ({ default: m.WalletScreen }))),
};
