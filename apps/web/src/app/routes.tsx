import { type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject, ScrollRestoration, useLocation } from 'react-router';
import { PlaceholderPage } from '@/components/route-notices';
import { LoadingScreen, PageErrorScreen } from '@/components/start-up-screens';
import { paths } from '@/config/paths';
import { consentGiven } from '@/features/terms/consents';
import { SessionProvider, useSession } from '@/lib/session';
import { useTenant } from '@/lib/tenant';
import { routeMessages } from '@/messages/common';
import { type Access, decideAccess } from './access';
import { GuestCartMerge } from './guest-cart-merge';
import { type LazyPage, lazyPage } from './lazy-page';
import { RouteGuard } from './route-guard';

// The navigation bar and footer, with the cart's entry plugged in.
export const generalLayout = lazyPage<{ children: ReactNode }>(() => import('./general-layout-screen'));
export const landingPage = lazyPage(() => import('@/features/landing/landing-page'));
export const homePage = lazyPage(() => import('@/features/home/home-page'));
// The main page with the catalogue tabs plugged in (features compose here, in app/).
const mainPage = lazyPage(() => import('./main-screen'));
const policyPage = lazyPage(() => import('@/features/policy/policy-page'));
const termsPage = lazyPage(() => import('@/features/terms/terms-page'));
const aboutPage = lazyPage(() => import('@/features/info/about-page'));
const contactPage = lazyPage(() => import('@/features/info/contact-page'));
const loginPage = lazyPage(() => import('@/features/auth/login-page'));
const registerCustomerPage = lazyPage(() => import('@/features/auth/register-customer-page'));
const registerMerchantPage = lazyPage(() => import('@/features/auth/register-merchant-page'));
const findEmailPage = lazyPage(() => import('@/features/auth/find-email-page'));
const resetPasswordRequestPage = lazyPage(() => import('@/features/auth/reset-password-request-page'));
const resetPasswordPage = lazyPage(() => import('@/features/auth/reset-password-page'));
const kakaoCallbackPage = lazyPage(() => import('@/features/auth/kakao-callback-page'));
const adminTenantsPage = lazyPage(() => import('@/features/admin/admin-tenants-page'));
const profileEditPage = lazyPage(() => import('@/features/account/profile-edit-page'));
// The product page with the orders feature's payment form plugged in.
const productDetailPage = lazyPage(() => import('./product-detail-screen'));
const productFormPage = lazyPage(() => import('@/features/products/product-form-page'));
const postDetailPage = lazyPage(() => import('@/features/content/post-detail-page'));
const channelPage = lazyPage(() => import('@/features/content/channel-page'));
const postFormPage = lazyPage(() => import('@/features/content/post-form-page'));
const walletPage = lazyPage(() => import('@/features/wallet/wallet-page'));
const paymentTestPage = lazyPage(() => import('@/features/wallet/payment-test-page'));
const paymentCallbackPage = lazyPage(() => import('./payment-callback-screen'));
// The user dashboard (and its merchant view) with the other features' tabs plugged in.
const dashboardPage = lazyPage(() => import('./dashboard-screen'));
const paymentAnalyticsPage = lazyPage(() => import('@/features/merchant-tabs/payment-analytics-page'));
const ordersPage = lazyPage(() => import('@/features/orders/orders-page'));
const cartPage = lazyPage(() => import('@/features/cart/cart-page'));

/** One row of the spec's route table (part 1, section 2.1). */
export interface RouteEntry {
  path: string;
  access: Access;
  /** `general`: navigation bar and footer around the screen; `bare`: the screen draws its own. */
  layout: 'general' | 'bare';
  /** The screen, or the title of a placeholder until the issue that builds it lands. */
  screen: LazyPage<object> | { placeholder: string };
}

const productFeatures = ['shopping', 'delivery'] as const;

/** The whole route table with its access rules, in one place. */
export const routeTable: RouteEntry[] = [
  { path: paths.main.path, access: {}, layout: 'bare', screen: mainPage },
  { path: paths.policy.path, access: {}, layout: 'general', screen: policyPage },
  { path: paths.terms.path, access: {}, layout: 'general', screen: termsPage },
  { path: paths.about.path, access: {}, layout: 'general', screen: aboutPage },
  { path: paths.contact.path, access: {}, layout: 'general', screen: contactPage },
  { path: paths.login.path, access: {}, layout: 'general', screen: loginPage },
  {
    path: paths.registerCustomer.path,
    access: { signup: 'customer' },
    layout: 'general',
    screen: registerCustomerPage,
  },
  {
    path: paths.registerMerchant.path,
    access: { features: ['merchant'], signup: 'merchant' },
    layout: 'general',
    screen: registerMerchantPage,
  },
  { path: paths.findEmail.path, access: {}, layout: 'general', screen: findEmailPage },
  {
    path: paths.resetPasswordRequest.path,
    access: {},
    layout: 'general',
    screen: resetPasswordRequestPage,
  },
  {
    path: paths.resetPassword.path,
    access: {},
    layout: 'general',
    screen: resetPasswordPage,
  },
  {
    path: paths.kakaoCallback.path,
    access: { features: ['social_login'], whenFeatureOff: { redirect: paths.login.getHref() } },
    layout: 'general',
    screen: kakaoCallbackPage,
  },
  {
    path: paths.adminTenants.path,
    access: { adminOnly: true },
    layout: 'general',
    screen: adminTenantsPage,
  },
  {
    path: paths.contentUpload.path,
    access: { features: ['content'], userType: 'merchant' },
    layout: 'general',
    screen: postFormPage,
  },
  {
    path: paths.contentEdit.path,
    access: { features: ['content'], userType: 'merchant' },
    layout: 'general',
    screen: postFormPage,
  },
  {
    path: paths.contentDetail.path,
    access: { features: ['content'] },
    layout: 'general',
    screen: postDetailPage,
  },
  {
    path: paths.profileEdit.path,
    access: { userType: 'both' },
    layout: 'general',
    screen: profileEditPage,
  },
  { path: paths.dashboard.path, access: { userType: 'both' }, layout: 'general', screen: dashboardPage },
  {
    path: paths.merchantDashboard.path,
    access: { features: ['merchant'], userType: 'merchant' },
    layout: 'general',
    screen: dashboardPage,
  },
  {
    path: paths.merchantChannel.path,
    access: { features: ['merchant'] },
    layout: 'general',
    screen: channelPage,
  },
  {
    path: paths.productCreate.path,
    access: { features: productFeatures, userType: 'merchant' },
    layout: 'general',
    screen: productFormPage,
  },
  {
    path: paths.productEdit.path,
    access: { features: productFeatures, userType: 'merchant' },
    layout: 'general',
    screen: productFormPage,
  },
  {
    path: paths.productDetail.path,
    access: { features: productFeatures },
    layout: 'general',
    screen: productDetailPage,
  },
  {
    path: paths.paymentCallback.path,
    access: { features: ['payment'] },
    layout: 'general',
    screen: paymentCallbackPage,
  },
  // Guests see the wallet's login prompt on the page itself (spec 2, wallet tab).
  { path: paths.wallet.path, access: { features: ['wallet'] }, layout: 'general', screen: walletPage },
  // A top-up started again; the page also needs the wallet feature and shows its notice without it.
  {
    path: paths.paymentTest.path,
    access: { features: ['payment'], userType: 'both' },
    layout: 'general',
    screen: paymentTestPage,
  },
  // The buyer's order history (spec part 3: target after a purchase): signed-in users of a shop.
  {
    path: paths.orders.path,
    access: { features: productFeatures, userType: 'both' },
    layout: 'general',
    screen: ordersPage,
  },
  // The cart (issue 40): guests keep theirs in the browser and sign in from it to order.
  { path: paths.cart.path, access: { features: productFeatures }, layout: 'general', screen: cartPage },
  {
    path: paths.paymentAnalytics.path,
    access: { features: ['analytics'] },
    layout: 'general',
    screen: paymentAnalyticsPage,
  },
];

function PageFallback() {
  return (
    <div className="container page" role="status" aria-live="polite">
      <span className="visually-hidden">{routeMessages.pageLoading}</span>
      <div className="skeleton" style={{ height: 28, width: '40%', marginBottom: 16 }} />
      <div className="skeleton" style={{ height: 160 }} />
    </div>
  );
}

function InGeneralLayout({ children }: { children: ReactNode }) {
  const Layout = generalLayout.Component;
  return (
    <Suspense fallback={<LoadingScreen label={routeMessages.pageLoading} />}>
      <Layout>
        <Suspense fallback={<PageFallback />}>{children}</Suspense>
      </Layout>
    </Suspense>
  );
}

function RouteScreen({ entry }: { entry: RouteEntry }) {
  const { isEnabled } = useTenant();
  const { user, isSignedIn, isAdmin } = useSession();
  const { state } = useLocation();
  const screen = entry.screen;
  const isPage = 'Component' in screen;
  // Start the layout and an allowed page together rather than one after the other.
  if (entry.layout === 'general') generalLayout.preload();
  const viewer = { isEnabled, user, isSignedIn, isAdmin, consentGiven: consentGiven(state) };
  if (isPage && decideAccess(entry.access, viewer).kind === 'allow') screen.preload();
  const content = isPage ? <screen.Component /> : <PlaceholderPage title={screen.placeholder} />;
  const guarded = <RouteGuard access={entry.access}>{content}</RouteGuard>;
  if (entry.layout === 'general') return <InGeneralLayout>{guarded}</InGeneralLayout>;
  return <Suspense fallback={<LoadingScreen label={routeMessages.pageLoading} />}>{guarded}</Suspense>;
}

/** `/`: the home page for signed-in users, the landing page for everybody else (spec 2.1). */
function IndexScreen() {
  const { isSignedIn } = useSession();
  if (isSignedIn) {
    homePage.preload();
    return (
      <InGeneralLayout>
        <homePage.Component />
      </InGeneralLayout>
    );
  }
  return (
    <Suspense fallback={<LoadingScreen label={routeMessages.pageLoading} />}>
      <landingPage.Component />
    </Suspense>
  );
}

function RootLayout() {
  return (
    <SessionProvider>
      <GuestCartMerge />
      <Outlet />
      <ScrollRestoration />
    </SessionProvider>
  );
}

/** The router's routes: the table above, `/`, and every other path sent home. */
export function buildRoutes(): RouteObject[] {
  const errorElement = <PageErrorScreen />;
  return [
    {
      element: <RootLayout />,
      errorElement,
      children: [
        { index: true, element: <IndexScreen />, errorElement },
        ...routeTable.map((entry) => ({ path: entry.path, element: <RouteScreen entry={entry} />, errorElement })),
        { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
      ],
    },
  ];
}
