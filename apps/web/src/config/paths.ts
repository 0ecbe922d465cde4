/** Every route path of the app in one place (spec part 1, section 2.1), with href builders. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  main: {
    path: '/main',
    getHref: (tab?: string) => (tab ? `/main?tab=${encodeURIComponent(tab)}` : '/main'),
  },
  policy: { path: '/policy', getHref: () => '/policy' },
  terms: { path: '/terms', getHref: () => '/terms' },
  login: { path: '/login', getHref: () => '/login' },
  registerCustomer: { path: '/register/customer', getHref: () => '/register/customer' },
  registerMerchant: { path: '/register/merchant', getHref: () => '/register/merchant' },
  findEmail: { path: '/find-email', getHref: () => '/find-email' },
  resetPasswordRequest: { path: '/reset-password-request', getHref: () => '/reset-password-request' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  kakaoCallback: { path: '/auth/kakao/callback', getHref: () => '/auth/kakao/callback' },
  adminTenants: { path: '/admin/tenants', getHref: () => '/admin/tenants' },
  contentUpload: { path: '/content/upload', getHref: () => '/content/upload' },
  contentEdit: { path: '/content/:id/edit', getHref: (id: string | number) => `/content/${id}/edit` },
  contentDetail: { path: '/content/:id', getHref: (id: string | number) => `/content/${id}` },
  profileEdit: { path: '/profile/edit', getHref: () => '/profile/edit' },
  /** The signed-in user's dashboard (spec part 3); `tab` is kept in the query. */
  dashboard: {
    path: '/dashboard',
    getHref: (tab?: string) => (tab ? `/dashboard?tab=${encodeURIComponent(tab)}` : '/dashboard'),
  },
  /** The same dashboard in its merchant view. */
  merchantDashboard: {
    path: '/merchant/dashboard',
    getHref: (tab?: string) => (tab ? `/merchant/dashboard?tab=${encodeURIComponent(tab)}` : '/merchant/dashboard'),
  },
  merchantChannel: {
    path: '/merchant/:id',
    getHref: (id: string | number, useMerchantId = false) => `/merchant/${id}${useMerchantId ? '?use_mid=true' : ''}`,
  },
  productCreate: { path: '/products/create', getHref: () => '/products/create' },
  productEdit: { path: '/products/edit/:id', getHref: (id: string | number) => `/products/edit/${id}` },
  productDetail: {
    path: '/products/:id',
    /** `reviews` opens the page on its reviews tab (after logging in to mark a review helpful). */
    getHref: (id: string | number, tab?: 'reviews') => `/products/${id}${tab ? `#${tab}` : ''}`,
  },
  paymentCallback: {
    path: '/payment/callback',
    /** With the query the payment window answers with (paymentId, code, message, type, txId). */
    getHref: (query?: Record<string, string | undefined>) => {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') qs.set(k, v);
      const s = qs.toString();
      return s ? `/payment/callback?${s}` : '/payment/callback';
    },
  },
  paymentTest: { path: '/payment/test', getHref: () => '/payment/test' },
  wallet: { path: '/wallet', getHref: () => '/wallet' },
  // Target after a purchase (spec part 3, 2): the buyer's order history.
  orders: { path: '/orders', getHref: () => '/orders' },
  // The cart (issue 40): the account's for members, the browser's for guests.
  cart: { path: '/cart', getHref: () => '/cart' },
  paymentAnalytics: { path: '/payment/analytics', getHref: () => '/payment/analytics' },
  // Linked from the /main top bar (spec 2.5); built from the tenant's settings (issue 10).
  about: { path: '/about', getHref: () => '/about' },
  contact: { path: '/contact', getHref: () => '/contact' },
} as const;

/** The tab values /main understands (spec 2.5). */
export const mainTabs = ['delivery', 'shopping', 'video', 'post', 'wallet'] as const;
export type MainTab = (typeof mainTabs)[number];
