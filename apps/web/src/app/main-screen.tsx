import { type ReactNode, Suspense } from 'react';
import MainPage from '@/features/main/main-page';
import { routeMessages } from '@/messages/common';
import { mainTabScreens as tabs } from './main-tab-screens';

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
        delivery: inSuspense(<tabs.delivery.Component />),
        shopping: inSuspense(<tabs.shopping.Component />),
        video: inSuspense(<tabs.video.Component />),
        post: inSuspense(<tabs.post.Component />),
        wallet: inSuspense(<tabs.wallet.Component />),
      }}
    />
  );
}
