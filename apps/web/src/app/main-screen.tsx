import { lazy, type ReactNode, Suspense } from 'react';
import MainPage from '@/features/main/main-page';
import { routeMessages } from '@/messages/common';

// Each tab's screen in its own chunk, loaded when its tab opens.
const DeliveryTab = lazy(() => import('@/features/products/delivery-tab').then((m) => ({ default: m.DeliveryTab })));
const ShoppingTab = lazy(() => import('@/features/products/shopping-tab').then((m) => ({ default: m.ShoppingTab })));
const ShortsTab = lazy(() => import('@/features/content/shorts-tab').then((m) => ({ default: m.ShortsTab })));
const PostTab = lazy(() => import('@/features/content/post-tab').then((m) => ({ default: m.PostTab })));
const WalletTab = lazy(() => import('@/features/wallet/wallet-screen').then((m) => ({ default: m.WalletScreen })));

function TabFallback() {
  return (
    <div role="status" aria-live="polite" style={{ paddingTop: 16 }}>
      <span className="visually-hidden">{routeMessages.pageLoading}</span>
      <div className="skeleton" style={{ height: 48, marginBottom: 16 }} />
      <div className="skeleton" style={{ height: 240 }} />
    </div>
  );
}

function inSuspense(node: ReactNode) {
  return <Suspense fallback={<TabFallback />}>{node}</Suspense>;
}

/** /main with the catalogue tabs of the products feature (features never import each other). */
export default function MainScreen() {
  return (
    <MainPage
      tabContent={{
        delivery: inSuspense(<DeliveryTab />),
        shopping: inSuspense(<ShoppingTab />),
        video: inSuspense(<ShortsTab />),
        post: inSuspense(<PostTab />),
        wallet: inSuspense(<WalletTab />),
      }}
    />
  );
}
