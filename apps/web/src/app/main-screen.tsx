import { CartLink } from '@/features/cart/cart-link';
import MainPage from '@/features/main/main-page';
import { mainTabScreens as tabs } from './main-tab-screens';
import { inSuspense } from './tab-suspense';

/** /main with the catalogue tabs of the products feature and the cart's entry (features never import each other). */
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
      cart={<CartLink variant="header" />}
    />
  );
}
