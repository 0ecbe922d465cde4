import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type FeatureKey, featureKeys } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCatalogueTestApp,
  catalogueTenant,
  deliveryProduct,
  multipartBody,
  shoppingProduct,
} from '../modules/catalogue/catalogue.test-helpers.js';
import { creditTopup } from '../modules/wallet/points.js';
import { allFeatures, createTenant, createUser, DEFAULT_PASSWORD } from '../seed/factories.js';
import { accountsClient, TEST_PASSWORD } from '../test/accounts.js';
import { startKakaoStandIn } from '../test/kakao-stand-in.js';
import { acrossShards } from './db/citus.js';
import { SANDBOX_CARDS } from './payments/sandbox-gateway.js';

/**
 * The tenant's feature switches (spec part 1, section 1; `requireFeature` in platform/auth.ts): with
 * a feature off, every call of it answers 404 `feature_disabled` and changes nothing. The lists
 * below name every operation of the API document, so that a new route forces a decision: which
 * switch turns it off, or why no switch does.
 */

/** Which operations each switch turns off (the other features on). Products need shopping or delivery. */
const switches: { off: FeatureKey[]; operations: string[] }[] = [
  {
    off: ['content'],
    operations: [
      'listPosts',
      'listFeedPosts',
      'searchPosts',
      'createPost',
      'deletePosts',
      'getPost',
      'getFeedPost',
      'updatePost',
      'deletePost',
      'likePost',
      'unlikePost',
      'togglePostLike',
      'listComments',
      'listFeedComments',
      'createComment',
      'createCommentFromQuery',
      'deleteComment',
      'listCreators',
      'getCommunityStats',
      // Dashboard tabs of the content module (docs/decisions/018-dashboards.md).
      'listDashboardContents',
      'listDashboardComments',
      'listDashboardCommentGroups',
      'listDashboardAnnouncements',
      'listDashboardMyAnnouncements',
    ],
  },
  // With one of the two kinds off, product calls stay and serve the other kind (see the kind rules below).
  { off: ['shopping'], operations: ['getShoppingTab', 'listShoppingCategories'] },
  { off: ['delivery'], operations: ['getDeliveryTab', 'listDeliveryCategories'] },
  {
    off: ['shopping', 'delivery'],
    operations: [
      'listProducts',
      'createProduct',
      'searchProducts',
      'listPopularProducts',
      'listLatestProducts',
      'listDiscountedProducts',
      'listProductsByCategory',
      'listDeletedProducts',
      'getProduct',
      'updateProduct',
      'updateProductStock',
      'getDeliveryTerms',
      'updateDeliveryTerms',
      'deleteProduct',
      'restoreProduct',
      'listProductMedia',
      'uploadProductMedia',
      'deleteProductMediaItems',
      'deleteProductMedia',
      'reorderProductMedia',
      'getShoppingTab',
      'getDeliveryTab',
      'listShoppingCategories',
      'listDeliveryCategories',
      'listDashboardProducts',
      // Orders are sales of the catalogue: no shop, no orders (docs/decisions/016-orders.md).
      'preparePayment',
      'listMyOrders',
      'listMerchantOrders',
      'getOrder',
      'updateOrderStatus',
      'cancelOrder',
      'confirmPurchase',
      'getPurchaseStatus',
      // Parcels are shipped goods of the catalogue (issue 41).
      'setOrderShipment',
      'getOrderTracking',
      'receiveTrackingWebhook',
      // The cart holds goods of the catalogue (issue 40).
      'getCart',
      'addCartItem',
      'mergeCart',
      'updateCartItem',
      'removeCartItem',
      'checkoutCart',
    ],
  },
  {
    off: ['payment'],
    operations: [
      'preparePayment',
      'checkoutCart',
      'confirmPayment',
      'listPayments',
      'getPayment',
      'receivePaymentWebhook',
      'prepareCharge',
      'prepareTopup',
      'confirmCharge',
    ],
  },
  {
    off: ['reviews'],
    operations: [
      'listProductReviewsNewest',
      'createProductReview',
      'listProductReviews',
      'createReview',
      'getReviewStats',
      'getReviewEligibility',
      'updateReview',
      'deleteReview',
      'toggleReviewHelpful',
      'getReviewHelpfulStatus',
      'uploadReviewImage',
      'deleteReviewImage',
      'listUserReviews',
      'listMyReviews',
      'listDashboardReviews',
    ],
  },
  { off: ['social_login'], operations: ['getKakaoAuthUrl', 'loginWithKakaoCode', 'loginWithKakaoToken'] },
  // The merchant dashboard (spec: /merchant/dashboard needs the merchant feature) and its products tab.
  { off: ['merchant'], operations: ['registerMerchant', 'getMerchantChannel', 'listDashboardProducts'] },
  { off: ['analytics'], operations: ['getPaymentAnalytics'] },
  {
    off: ['wallet'],
    operations: [
      'getWalletOverview',
      'getWalletBalance',
      'createWallet',
      'listWalletTransactions',
      'simulateEarn',
      'prepareCharge',
      'prepareTopup',
      'confirmCharge',
      'transferPoints',
      'withdrawPoints',
      'getBridgeStatus',
      'searchRecipients',
    ],
  },
];

/** Operations no switch turns off, each group with the reason. */
const alwaysOn: Record<string, string[]> = {
  'probes of the process and its database': ['getLiveness', 'getReadiness'],
  'the tenant itself: the client reads the switches from it': ['getCurrentTenant'],
  'accounts exist on every tenant (merchant and Kakao sign-up are switched above)': [
    'login',
    'logout',
    'getMe',
    'registerCustomer',
    'sendVerificationEmail',
    'verifyEmail',
    'findEmail',
    'requestPasswordReset',
    'resetPassword',
    'updateProfile',
    'changePassword',
    'deleteAccount',
    'previewAccountDeletion',
  ],
  'platform administration, which switches features back on': [
    'listTenants',
    'updateTenantFeatures',
    'updateTenantSettings',
    'getLocalhostTenant',
    'setLocalhostTenant',
  ],
  'stored files by key: the records that name them are switched': ['getMediaFile'],
  'development mail list (never in production, decision 007)': ['listDevOutbox'],
  'site directory: answers follow the product kinds the tenant offers rather than switching off': [
    'listMerchants',
    'searchMerchants',
    'listFeaturedMerchants',
    'listNearbyMerchants',
    'getMerchant',
    'listCategories',
    'getCategory',
    'listBanners',
    'listEvents',
    'listNotices',
    'listRegions',
    'listPopularKeywords',
    'suggestKeywords',
    'search',
  ],
  'user look-up (comment and review authors, the channel header): not the merchant module': ['getUser'],
  'dashboard home and profile exist for every member (decision 018)': [
    'getDashboardProfile',
    'updateDashboardProfile',
    'uploadProfileImage',
    'deleteProfileImage',
    'getDashboardStats',
    'getDashboardSummary',
    'getDashboardRecentActivity',
  ],
};

type Role = 'admin' | 'seller' | 'buyer' | 'buyer2' | 'fan';
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One call of an operation, made by a user who may make it, with valid input and real ids. */
interface Call {
  method: Method;
  url: string;
  as?: Role;
  json?: unknown;
  form?: { fields?: Record<string, string>; image?: Buffer };
  raw?: { body: string; type: string };
  cookies?: Record<string, string>;
  /** What it answers with every feature on (default 200). */
  on?: number | { status: number; code: string };
  /** A write that does not write with every feature on either (the gateway refuses it). */
  readOnly?: boolean;
}

const buyerFields = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };
const goodReview = { rating: 5, title: '정말 맛있어요', content: '국물이 진하고 양도 넉넉해서 또 시킬 거예요.' };
const evmAddress = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
const KAKAO_STATE_COOKIE = 'kakao_oauth_state';
const KAKAO_APP_ID = 424242;

let app: FastifyInstance;
let kakao: Awaited<ReturnType<typeof startKakaoStandIn>>;
let storageDir: string;
let jpeg: Buffer;
let host: string;
let tenantId: number;
const tokens = {} as Record<Role, string>;
let calls: Record<string, Call>;

function send(c: Call) {
  const headers: Record<string, string> = { host };
  if (c.as) headers.authorization = `Bearer ${tokens[c.as]}`;
  const options: InjectOptions = { method: c.method, url: c.url, headers };
  if (c.json !== undefined) options.payload = c.json as object;
  if (c.form) {
    const body = multipartBody(
      c.form.image ? { data: c.form.image, filename: 'photo.jpg', contentType: 'image/jpeg' } : null,
      c.form.fields,
    );
    headers['content-type'] = body.contentType;
    options.payload = body.payload;
  }
  if (c.raw) {
    headers['content-type'] = c.raw.type;
    options.payload = c.raw.body;
  }
  if (c.cookies) options.cookies = c.cookies;
  return app.inject(options);
}

/** Every stored row (sessions aside: each request touches its own) and every stored file. */
let fingerprintQuery: string | undefined;
async function fingerprint(): Promise<Record<string, string>> {
  if (!fingerprintQuery) {
    const tables = (
      await app.db.execute<{ name: string }>(
        sql`select table_name as name from information_schema.tables
            where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'sessions'
            order by 1`,
      )
    ).rows.map((r) => r.name);
    fingerprintQuery = tables
      .map(
        (t) =>
          `select '${t}' as name, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash from "${t}" x`,
      )
      .join(' union all ');
  }
  const query = fingerprintQuery;
  const rows = (await acrossShards(app.db, (tx) => tx.execute<{ name: string; hash: string }>(sql.raw(query)))).rows;
  const files = (function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? walk(join(dir, e.name))
        : [`${relative(storageDir, join(dir, e.name))}:${statSync(join(dir, e.name)).size}`],
    );
  })(storageDir);
  return { ...Object.fromEntries(rows.map((r) => [r.name, r.hash])), files: files.sort().join(',') };
}

function changedParts(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys(after).filter((k) => before[k] !== after[k]);
}

async function setFeatures(features: Partial<Record<FeatureKey, boolean>>) {
  const res = await send({ method: 'PUT', url: `/api/tenant/${tenantId}/features`, as: 'admin', json: { features } });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  kakao = await startKakaoStandIn({ clientId: 'rest-key', clientSecret: 'secret', appId: KAKAO_APP_ID });
  storageDir = mkdtempSync(join(tmpdir(), 'feature-flags-'));
  app = await buildCatalogueTestApp(
    {
      storage: { driver: 'local', localDir: storageDir },
      kakao: {
        restApiKey: 'rest-key',
        appId: String(KAKAO_APP_ID),
        clientSecret: 'secret',
        authBaseUrl: kakao.baseUrl,
        apiBaseUrl: kakao.baseUrl,
      },
    },
    { wholePlatform: true },
  );
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e07a5f' } })
    .jpeg()
    .toBuffer();

  // One tenant with every feature on; the tests switch its features through the admin API.
  const tenant = await createTenant(app.db, {
    features: allFeatures(),
    settings: { legal_info: { free_shipping_threshold: 1 } },
  });
  tenantId = tenant.id;
  host = tenant.domain;
  const accounts = accountsClient(app, host);
  const person = async (role: Role, overrides: Parameters<typeof createUser>[2]) => {
    const made = await createUser(app.db, tenantId, overrides);
    tokens[role] = await accounts.token(made.user.email, DEFAULT_PASSWORD);
    return made;
  };
  await person('admin', { admin: true });
  const seller = await person('seller', { userType: 'merchant', merchant: { businessName: '햇살농원' } });
  const buyer = await person('buyer', {});
  const buyer2 = await person('buyer2', {});
  await person('fan', {});
  const call = async (c: Call, status = 200) => {
    const res = await send(c);
    expect(res.statusCode, `${c.method} ${c.url}: ${res.body}`).toBe(status);
    return res.json();
  };

  // Products: a shopping one (rice, with images), a pickup one (lunch, with images), one to delete, one deleted.
  const product = (input: object) => call({ method: 'POST', url: '/api/products', as: 'seller', json: input }, 201);
  const rice = await product(shoppingProduct({ original_price: 24_000, price: 18_000 }));
  const lunch = await product(deliveryProduct({ price: 9_000, is_delivery: false, display_remaining: -1 }));
  const doomed = await product(shoppingProduct({ title: '지울 상품' }));
  const gone = await product(shoppingProduct({ title: '지운 상품' }));
  await call({ method: 'DELETE', url: `/api/products/${gone.id}`, as: 'seller' });
  const image = (productId: number) =>
    call({ method: 'POST', url: `/api/products/${productId}/media`, as: 'seller', form: { image: jpeg } }, 201);
  const [riceImage1, riceImage2] = [await image(rice.id), await image(rice.id)];
  const [lunchImage1, lunchImage2] = [await image(lunch.id), await image(lunch.id)];

  // Posts and a comment.
  const post = (title: string) =>
    call(
      {
        method: 'POST',
        url: '/api/content/posts',
        as: 'seller',
        form: { fields: { title, content: '오늘은 감자를 캤습니다.' } },
      },
      201,
    );
  const diary = await post('농장 일기');
  const doomedPost = await post('지울 글');
  const bulkPost = await post('여러 개 지울 글');
  const comment = await call(
    { method: 'POST', url: `/api/content/posts/${diary.id}/comments`, as: 'buyer', json: { content: '맛있겠어요' } },
    201,
  );

  // Orders paid with points (confirmed at once), one left awaiting its callback.
  let topups = 0;
  for (const [userId, amount] of [
    [buyer.user.id, 300_000],
    [buyer2.user.id, 100_000],
  ] as const) {
    await app.db.transaction((tx) => creditTopup(tx, tenantId, { userId, amount, paymentId: `seed-${++topups}` }));
  }
  const buy = async (role: Role, item: { id: number; price: number }, pay = true) => {
    const prepared = await call({
      method: 'POST',
      url: '/api/payment/prepare',
      as: role,
      json: {
        ...buyerFields,
        product_id: item.id,
        qty: 1,
        amount: item.price,
        points_used: item.price,
        buyer_addr: '서울특별시 중구 세종대로 110',
        buyer_postcode: '04524',
      },
    });
    if (pay) {
      await call({
        method: 'POST',
        url: '/api/payment/callback',
        as: role,
        json: { merchant_uid: prepared.merchant_uid },
      });
    }
    return prepared as { order_id: number; merchant_uid: string };
  };
  const toConfirm = await buy('buyer', rice);
  const toCancel = await buy('buyer', rice);
  const onItsWay = await buy('buyer', rice);
  await call({
    method: 'PUT',
    url: '/api/delivery/status',
    as: 'seller',
    json: { order_id: onItsWay.order_id, status: 'DELIVERING' },
  });
  await buy('buyer', lunch);
  await buy('buyer2', lunch);
  await buy('buyer2', rice);
  // Another product than preparePayment's below: a new prepare of the same product replaces an unpaid one.
  const awaiting = await buy('buyer', rice, false);

  // buyer2's cart: rice to check out or change, lunch to take out.
  await call({ method: 'POST', url: '/api/cart/items', as: 'buyer2', json: { product_id: lunch.id, qty: 1 } });
  const cart = await call({
    method: 'POST',
    url: '/api/cart/items',
    as: 'buyer2',
    json: { product_id: rice.id, qty: 1 },
  });
  const cartLine = (productId: number) =>
    cart.groups
      .flatMap((g: { items: { id: number; product_id: number }[] }) => g.items)
      .find((i: { product_id: number }) => i.product_id === productId).id as number;
  const riceLine = cartLine(rice.id);
  const lunchLine = cartLine(lunch.id);
  const riceTotal = (await call({ method: 'GET', url: `/api/cart?selected=${riceLine}`, as: 'buyer2' })).total_amount;

  // Reviews: the buyer's (with an image) and buyer2's.
  const review = await call(
    { method: 'POST', url: `/api/reviews/product/${lunch.id}`, as: 'buyer', json: goodReview },
    201,
  );
  const review2 = await call(
    { method: 'POST', url: `/api/reviews/product/${lunch.id}`, as: 'buyer2', json: goodReview },
    201,
  );
  const reviewImage = await call(
    { method: 'POST', url: `/api/reviews/${review.id}/images`, as: 'buyer', form: { image: jpeg } },
    201,
  );

  // A card top-up paid at the sandbox, waiting for its callback.
  const charge = await call({
    method: 'POST',
    url: '/api/wallet/charge/prepare',
    as: 'buyer',
    json: { amount: 10_000, ...buyerFields },
  });
  const paid = await app.inject({
    method: 'POST',
    url: charge.checkout.url,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card: SANDBOX_CARDS.approve }).toString(),
  });
  expect(paid.statusCode).toBe(303);

  // A verified e-mail for a merchant sign-up, and Kakao logins started by a browser.
  await accounts.verify('newshop@example.com');
  kakao.addUser({ id: 7001, email: 'code@kakao.example', nickname: '코드' });
  kakao.addUser({ id: 7002, email: 'token@kakao.example', nickname: '토큰' });
  const start = await app.inject({ url: '/api/auth/kakao/auth-url', headers: { host } });
  expect(start.statusCode, start.body).toBe(200);
  const stateCookie = start.cookies.find((c) => c.name === KAKAO_STATE_COOKIE)?.value ?? '';
  const kakaoBack = await kakao.authorize(start.json().auth_url, 7001);

  const productForm = (title: string) => shoppingProduct({ title });
  calls = {
    // content
    listPosts: { method: 'GET', url: '/api/content/posts' },
    listFeedPosts: { method: 'GET', url: '/api/main/posts' },
    searchPosts: { method: 'GET', url: '/api/content/posts/search?q=%EA%B0%90%EC%9E%90' },
    createPost: {
      method: 'POST',
      url: '/api/content/posts',
      as: 'seller',
      form: { fields: { title: '새 글', content: '새 소식입니다.' } },
      on: 201,
    },
    deletePosts: { method: 'DELETE', url: '/api/content/posts', as: 'seller', json: { ids: [bulkPost.id] } },
    getPost: { method: 'GET', url: `/api/content/posts/${diary.id}` },
    getFeedPost: { method: 'GET', url: `/api/main/posts/${diary.id}` },
    updatePost: {
      method: 'PUT',
      url: `/api/content/posts/${diary.id}`,
      as: 'seller',
      form: { fields: { title: '농장 일기 (수정)', content: '오늘은 고구마도 캤습니다.' } },
    },
    deletePost: { method: 'DELETE', url: `/api/content/posts/${doomedPost.id}`, as: 'seller' },
    likePost: { method: 'POST', url: `/api/content/posts/${diary.id}/like`, as: 'buyer' },
    unlikePost: { method: 'DELETE', url: `/api/content/posts/${diary.id}/like`, as: 'buyer' },
    togglePostLike: { method: 'POST', url: `/api/main/posts/${diary.id}/like`, as: 'fan' },
    listComments: { method: 'GET', url: `/api/content/posts/${diary.id}/comments` },
    listFeedComments: { method: 'GET', url: `/api/main/posts/${diary.id}/comments` },
    createComment: {
      method: 'POST',
      url: `/api/content/posts/${diary.id}/comments`,
      as: 'fan',
      json: { content: '좋은 글이에요' },
      on: 201,
    },
    createCommentFromQuery: {
      method: 'POST',
      url: `/api/main/posts/${diary.id}/comments?content=${encodeURIComponent('저도 캐보고 싶어요')}`,
      as: 'fan',
      on: 201,
    },
    deleteComment: { method: 'DELETE', url: `/api/content/comments/${comment.id}`, as: 'buyer' },
    listCreators: { method: 'GET', url: '/api/main/creators' },
    getCommunityStats: { method: 'GET', url: '/api/main/stats' },
    listDashboardContents: { method: 'GET', url: '/api/dashboard/contents', as: 'seller' },
    listDashboardComments: { method: 'GET', url: '/api/dashboard/comments', as: 'buyer' },
    listDashboardCommentGroups: { method: 'GET', url: '/api/dashboard/my-comments', as: 'seller' },
    listDashboardAnnouncements: { method: 'GET', url: '/api/dashboard/announcements', as: 'buyer' },
    listDashboardMyAnnouncements: { method: 'GET', url: '/api/dashboard/my-announcements', as: 'seller' },

    // catalogue
    getShoppingTab: { method: 'GET', url: '/api/main/shopping' },
    listShoppingCategories: { method: 'GET', url: '/api/main/categories/shopping' },
    getDeliveryTab: { method: 'GET', url: '/api/main/delivery' },
    listDeliveryCategories: { method: 'GET', url: '/api/main/categories/delivery' },
    listProducts: { method: 'GET', url: '/api/products' },
    createProduct: { method: 'POST', url: '/api/products', as: 'seller', json: productForm('새 상품'), on: 201 },
    searchProducts: { method: 'GET', url: '/api/products/search?q=%ED%98%84%EB%AF%B8' },
    listPopularProducts: { method: 'GET', url: '/api/products/popular' },
    listLatestProducts: { method: 'GET', url: '/api/products/latest' },
    listDiscountedProducts: { method: 'GET', url: '/api/products/discount' },
    listProductsByCategory: { method: 'GET', url: '/api/products/category/food' },
    listDeletedProducts: { method: 'GET', url: '/api/products/deleted', as: 'seller' },
    getProduct: { method: 'GET', url: `/api/products/${rice.id}` },
    updateProduct: {
      method: 'PUT',
      url: `/api/products/${rice.id}`,
      as: 'seller',
      json: productForm('유기농 현미 5kg'),
    },
    updateProductStock: { method: 'PUT', url: `/api/products/${rice.id}/stock`, as: 'seller', json: { stock: 5 } },
    getDeliveryTerms: { method: 'GET', url: '/api/dashboard/delivery-terms', as: 'seller' },
    updateDeliveryTerms: {
      method: 'PUT',
      url: '/api/dashboard/delivery-terms',
      as: 'seller',
      json: { eta_text: '내일 오전 도착' },
    },
    deleteProduct: { method: 'DELETE', url: `/api/products/${doomed.id}`, as: 'seller' },
    restoreProduct: { method: 'POST', url: `/api/products/${gone.id}/restore`, as: 'seller' },
    listProductMedia: { method: 'GET', url: `/api/products/${rice.id}/media` },
    uploadProductMedia: {
      method: 'POST',
      url: `/api/products/${rice.id}/media`,
      as: 'seller',
      form: { image: jpeg },
      on: 201,
    },
    deleteProductMediaItems: {
      method: 'DELETE',
      url: `/api/products/${rice.id}/media`,
      as: 'seller',
      json: { ids: [riceImage1.id] },
    },
    deleteProductMedia: { method: 'DELETE', url: `/api/products/${rice.id}/media/${riceImage2.id}`, as: 'seller' },
    reorderProductMedia: {
      method: 'PUT',
      url: `/api/products/${lunch.id}/media/order`,
      as: 'seller',
      json: [
        { id: lunchImage2.id, order: 0 },
        { id: lunchImage1.id, order: 1 },
      ],
    },
    listDashboardProducts: { method: 'GET', url: '/api/dashboard/products', as: 'seller' },

    // orders and payments
    preparePayment: {
      method: 'POST',
      url: '/api/payment/prepare',
      as: 'buyer',
      json: { ...buyerFields, product_id: lunch.id, qty: 1, amount: 9_000 },
    },
    confirmPayment: {
      method: 'POST',
      url: '/api/payment/callback',
      as: 'buyer',
      json: { merchant_uid: awaiting.merchant_uid },
    },
    listPayments: { method: 'GET', url: '/api/payment/list', as: 'buyer' },
    getPayment: { method: 'GET', url: `/api/payment/${toConfirm.merchant_uid}`, as: 'buyer' },
    receivePaymentWebhook: {
      method: 'POST',
      url: '/api/payment/webhook',
      raw: { body: '{"type":"Transaction.Paid","data":{"paymentId":"x"}}', type: 'application/json' },
      // The sandbox signs no webhooks: with the feature on, the signature is what refuses it.
      on: { status: 400, code: 'webhook_invalid' },
      readOnly: true,
    },
    listMyOrders: { method: 'GET', url: '/api/delivery/user/orders', as: 'buyer' },
    listMerchantOrders: { method: 'GET', url: '/api/delivery/merchant/orders', as: 'seller' },
    getOrder: { method: 'GET', url: `/api/delivery/orders/${toConfirm.order_id}`, as: 'buyer' },
    updateOrderStatus: {
      method: 'PUT',
      url: '/api/delivery/status',
      as: 'seller',
      json: { order_id: toConfirm.order_id, status: 'CONFIRMED' },
    },
    cancelOrder: {
      method: 'POST',
      url: `/api/delivery/orders/${toCancel.order_id}/cancel`,
      as: 'buyer',
      json: { reason: '주소를 잘못 적었어요' },
    },
    setOrderShipment: {
      method: 'PUT',
      url: `/api/delivery/orders/${onItsWay.order_id}/shipment`,
      as: 'seller',
      json: { carrier: 'kr.cjlogistics', tracking_number: '640123456789' },
    },
    getOrderTracking: { method: 'GET', url: `/api/delivery/orders/${onItsWay.order_id}/tracking`, as: 'buyer' },
    receiveTrackingWebhook: {
      method: 'POST',
      url: '/api/delivery/tracking-webhook/not-a-token',
      json: { carrierId: 'kr.cjlogistics', trackingNumber: '640123456789' },
      // The sandbox sends no webhooks: with the feature on, the address is unknown.
      on: { status: 404, code: 'webhook_not_found' },
      readOnly: true,
    },
    confirmPurchase: {
      method: 'POST',
      url: '/api/delivery/confirm',
      as: 'buyer',
      json: { order_id: onItsWay.order_id },
    },
    getPurchaseStatus: { method: 'GET', url: `/api/products/${rice.id}/purchase-status`, as: 'buyer' },
    getCart: { method: 'GET', url: '/api/cart', as: 'buyer2' },
    addCartItem: { method: 'POST', url: '/api/cart/items', as: 'buyer', json: { product_id: lunch.id, qty: 1 } },
    mergeCart: {
      method: 'POST',
      url: '/api/cart/merge',
      as: 'buyer',
      json: { items: [{ product_id: lunch.id, qty: 1 }] },
    },
    updateCartItem: { method: 'PATCH', url: `/api/cart/items/${riceLine}`, as: 'buyer2', json: { qty: 1 } },
    removeCartItem: { method: 'DELETE', url: `/api/cart/items/${lunchLine}`, as: 'buyer2' },
    checkoutCart: {
      method: 'POST',
      url: '/api/cart/checkout',
      as: 'buyer2',
      json: {
        ...buyerFields,
        item_ids: [riceLine],
        amount: riceTotal,
        buyer_addr: '서울특별시 중구 세종대로 110',
        buyer_postcode: '04524',
      },
    },
    getPaymentAnalytics: { method: 'GET', url: '/api/payment/analytics/summary', as: 'seller' },

    // reviews
    listProductReviewsNewest: { method: 'GET', url: `/api/products/${lunch.id}/reviews` },
    createProductReview: {
      method: 'POST',
      url: `/api/products/${rice.id}/reviews`,
      as: 'buyer2',
      json: goodReview,
      on: 201,
    },
    listProductReviews: { method: 'GET', url: `/api/reviews/product/${lunch.id}` },
    createReview: { method: 'POST', url: `/api/reviews/product/${rice.id}`, as: 'buyer', json: goodReview, on: 201 },
    getReviewStats: { method: 'GET', url: `/api/reviews/product/${lunch.id}/stats` },
    getReviewEligibility: { method: 'GET', url: `/api/reviews/product/${lunch.id}/eligibility`, as: 'buyer' },
    updateReview: {
      method: 'PUT',
      url: `/api/reviews/${review.id}`,
      as: 'buyer',
      json: { ...goodReview, rating: 4 },
    },
    deleteReview: { method: 'DELETE', url: `/api/reviews/${review2.id}`, as: 'buyer2' },
    toggleReviewHelpful: { method: 'POST', url: `/api/reviews/${review.id}/helpful`, as: 'fan' },
    getReviewHelpfulStatus: { method: 'GET', url: `/api/reviews/${review.id}/helpful/status`, as: 'fan' },
    uploadReviewImage: {
      method: 'POST',
      url: `/api/reviews/${review.id}/images`,
      as: 'buyer',
      form: { image: jpeg },
      on: 201,
    },
    deleteReviewImage: { method: 'DELETE', url: `/api/reviews/${review.id}/images/${reviewImage.id}`, as: 'buyer' },
    listUserReviews: { method: 'GET', url: `/api/reviews/user/${buyer.user.id}` },
    listMyReviews: { method: 'GET', url: '/api/reviews/my-reviews', as: 'buyer' },
    listDashboardReviews: { method: 'GET', url: '/api/dashboard/reviews', as: 'buyer' },

    // social login
    getKakaoAuthUrl: { method: 'GET', url: '/api/auth/kakao/auth-url' },
    loginWithKakaoCode: {
      method: 'POST',
      url: '/api/auth/kakao/callback',
      json: { code: kakaoBack.code, state: kakaoBack.state },
      cookies: { [KAKAO_STATE_COOKIE]: stateCookie },
    },
    loginWithKakaoToken: {
      method: 'POST',
      url: '/api/auth/kakao/login',
      json: { access_token: kakao.issueToken(7002) },
    },

    // the merchant module: its public channel and sign-up
    getMerchantChannel: { method: 'GET', url: `/api/users/merchants/${seller.merchant?.id}` },
    registerMerchant: {
      method: 'POST',
      url: '/api/auth/register/merchant',
      json: {
        email: 'newshop@example.com',
        username: '새가게',
        password: TEST_PASSWORD,
        user_type: 'merchant',
        merchant: {
          business_name: '새벽농장',
          business_number: '123-45-67890',
          address: '경기도 양평군 농장길 1',
          phone: '031-770-1234',
        },
      },
      on: 201,
    },

    // wallet
    getWalletOverview: { method: 'GET', url: '/api/wallet/overview', as: 'buyer' },
    getWalletBalance: { method: 'GET', url: '/api/wallet/balance', as: 'buyer' },
    createWallet: { method: 'POST', url: '/api/wallet/create', as: 'buyer', json: { evm_address: evmAddress } },
    listWalletTransactions: { method: 'GET', url: '/api/wallet/transactions', as: 'buyer' },
    simulateEarn: { method: 'GET', url: '/api/wallet/earn-simulation?order_amount=10000', as: 'buyer' },
    prepareCharge: {
      method: 'POST',
      url: '/api/wallet/charge/prepare',
      as: 'buyer',
      json: { amount: 10_000, ...buyerFields },
    },
    prepareTopup: {
      method: 'POST',
      url: '/api/wallet/topup',
      as: 'buyer',
      json: { amount_fiat: 10_000, payment_method: 'card', ...buyerFields },
    },
    confirmCharge: {
      method: 'POST',
      url: '/api/wallet/charge/callback',
      as: 'buyer',
      json: { payment_id: charge.payment_id },
    },
    transferPoints: {
      method: 'POST',
      url: '/api/wallet/transfer',
      as: 'buyer',
      json: { to_user_id: seller.user.id, amount: 1_000, memo: '감사합니다' },
    },
    withdrawPoints: {
      method: 'POST',
      url: '/api/wallet/withdraw',
      as: 'buyer',
      json: { amount: 1_000, target_address: evmAddress, target_chain: 'polygon' },
    },
    getBridgeStatus: { method: 'GET', url: '/api/wallet/bridge-status', as: 'buyer' },
    searchRecipients: {
      method: 'GET',
      url: `/api/users/search?query=${encodeURIComponent(seller.user.email)}`,
      as: 'buyer',
    },
  };
});

afterAll(async () => {
  await app?.close();
  await kakao?.close();
});

const switchName = (off: FeatureKey[]) => off.join(' and ');

describe('feature switches', () => {
  it.each(switches.map((s) => ({ ...s, name: switchName(s.off) })))(
    'with $name off, every call of it answers 404 feature_disabled and changes nothing',
    async ({ off, operations }) => {
      await setFeatures(Object.fromEntries(off.map((f) => [f, false])));
      const failures: string[] = [];
      try {
        for (const op of operations) {
          const c = calls[op];
          if (!c) throw new Error(`no call for ${op}`);
          const before = await fingerprint();
          const res = await send(c);
          const code = res.headers['content-type']?.includes('json') ? res.json().code : undefined;
          if (res.statusCode !== 404 || code !== 'feature_disabled') {
            failures.push(`${op}: ${res.statusCode} ${code ?? res.body.slice(0, 80)}`);
          }
          const changed = changedParts(before, await fingerprint());
          if (changed.length > 0) failures.push(`${op} changed ${changed.join(', ')}`);
        }
      } finally {
        await setFeatures(allFeatures());
      }
      expect(failures, 'calls that do not honour the switch').toEqual([]);
    },
  );

  it('every operation of the API document is switched by a feature or listed as always on', async () => {
    await app.ready();
    const document = app.swagger() as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const documented = new Map<string, { method: string; path: string }>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.operationId) documented.set(operation.operationId, { method: method.toUpperCase(), path });
      }
    }
    const switched = new Set(switches.flatMap((s) => s.operations));
    const always = Object.values(alwaysOn).flat();
    const listed = new Set([...switched, ...always]);

    expect({
      'in no list (decide: which switch turns it off, or why none does)': [...documented.keys()].filter(
        (op) => !listed.has(op),
      ),
      'listed but not in the document': [...listed].filter((op) => !documented.has(op)),
      'both always on and switched': always.filter((op) => switched.has(op)),
      'always on twice': always.filter((op, i) => always.indexOf(op) !== i),
      'features without a switch of their own': featureKeys.filter(
        (f) => !switches.some((s) => s.off.length === 1 && s.off[0] === f),
      ),
    }).toEqual({
      'in no list (decide: which switch turns it off, or why none does)': [],
      'listed but not in the document': [],
      'both always on and switched': [],
      'always on twice': [],
      'features without a switch of their own': [],
    });
    // Each switched operation has exactly one call, and it calls that operation's method and path.
    expect(Object.keys(calls).sort()).toEqual([...switched].sort());
    for (const [op, c] of Object.entries(calls)) {
      const route = documented.get(op);
      const pattern = new RegExp(`^${route?.method} ${route?.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
      expect(`${c.method} ${c.url.split('?')[0]}`, op).toMatch(pattern);
    }
  });

  it('with one of shopping and delivery off, products of that kind are hidden and refused, the other kind stays', async () => {
    const t = await catalogueTenant(app, { settings: { legal_info: { free_shipping_threshold: 1 } } });
    const seller = await t.signIn('merchant', '두레상회');
    const buyer = await t.signIn('customer');
    const admin = await createUser(app.db, t.tenant.id, { admin: true });
    const adminToken = await accountsClient(app, t.host).token(admin.user.email, DEFAULT_PASSWORD);
    await app.db.transaction((tx) =>
      creditTopup(tx, t.tenant.id, { userId: buyer.user.id, amount: 100_000, paymentId: 'kinds-seed' }),
    );
    const ok = async (res: LightMyRequestResponse, status = 200) => {
      expect(res.statusCode, res.body).toBe(status);
      return res.json();
    };
    const make = async (input: object) => ok(await t.call('POST', '/api/products', input, seller.token), 201);
    const productIds = async () =>
      (
        await app.db.execute<{ id: number }>(sql`select id from products where tenant_id = ${t.tenant.id} order by id`)
      ).rows.map((r) => r.id);
    const buy = async (item: { id: number; price: number }) => {
      const body = {
        ...buyerFields,
        product_id: item.id,
        qty: 1,
        amount: item.price,
        points_used: item.price,
        buyer_addr: '서울특별시 중구 세종대로 110',
        buyer_postcode: '04524',
      };
      const prepared = await ok(await t.call('POST', '/api/payment/prepare', body, buyer.token));
      await ok(await t.call('POST', '/api/payment/callback', { merchant_uid: prepared.merchant_uid }, buyer.token));
      return { body, orderId: prepared.order_id as number };
    };
    const rice = await make(shoppingProduct());
    const lunch = await make(deliveryProduct({ is_delivery: false, display_remaining: -1 }));
    const oldRice = await make(shoppingProduct({ title: '지난 상품' }));
    const oldLunch = await make(deliveryProduct({ title: '지난 도시락' }));
    for (const p of [oldRice, oldLunch])
      await ok(await t.call('DELETE', `/api/products/${p.id}`, undefined, seller.token));
    const riceOrder = await buy(rice);
    const lunchOrder = await buy(lunch);

    const kinds = [
      {
        off: 'shopping',
        tab: '/api/main/shopping',
        otherTab: '/api/main/delivery',
        category: 'delivery',
        hidden: {
          product: rice,
          deleted: oldRice,
          order: riceOrder,
          input: shoppingProduct({ title: '새 쇼핑 상품' }),
        },
        shown: { product: lunch, deleted: oldLunch, order: lunchOrder, input: deliveryProduct({ title: '새 도시락' }) },
      },
      {
        off: 'delivery',
        tab: '/api/main/delivery',
        otherTab: '/api/main/shopping',
        category: 'shopping',
        hidden: {
          product: lunch,
          deleted: oldLunch,
          order: lunchOrder,
          input: deliveryProduct({ title: '새 도시락' }),
        },
        shown: { product: rice, deleted: oldRice, order: riceOrder, input: shoppingProduct({ title: '새 쇼핑 상품' }) },
      },
    ] as const;
    for (const { off, tab, otherTab, category, hidden, shown } of kinds) {
      const features = (on: boolean) =>
        t.call('PUT', `/api/tenant/${t.tenant.id}/features`, { features: { [off]: on } }, adminToken);
      await ok(await features(false));

      // Writing: a product of the switched-off kind is refused and nothing is stored; the other kind is made.
      const before = await productIds();
      const refused = await t.call('POST', '/api/products', hidden.input, seller.token);
      expect([refused.statusCode, refused.json().code], `${off} off: create`).toEqual([404, 'feature_disabled']);
      expect(await productIds()).toEqual(before);
      const made = await make(shown.input);
      const edit = await t.call('PUT', `/api/products/${hidden.product.id}`, hidden.input, seller.token);
      expect([edit.statusCode, edit.json().code], `${off} off: edit`).toEqual([404, 'product_not_found']);

      // Reading: its products, tab, categories and orders are gone; the other kind's are there.
      const page = await t.call('GET', `/api/products/${hidden.product.id}`);
      expect([page.statusCode, page.json().code], `${off} off: product page`).toEqual([404, 'product_not_found']);
      await ok(await t.call('GET', `/api/products/${shown.product.id}`));
      const listed = (await ok(await t.call('GET', '/api/products'))).products.map((p: { id: number }) => p.id);
      expect(listed.sort()).toEqual([shown.product.id, made.id].sort());
      const mine = await ok(await t.call('GET', '/api/dashboard/products', undefined, seller.token));
      expect(mine.products.map((p: { id: number }) => p.id).sort()).toEqual([shown.product.id, made.id].sort());
      const deleted = await ok(await t.call('GET', '/api/products/deleted', undefined, seller.token));
      expect(
        deleted.products.map((p: { id: number }) => p.id),
        `${off} off: deleted list`,
      ).toEqual([shown.deleted.id]);
      const closedTab = await t.call('GET', tab);
      expect([closedTab.statusCode, closedTab.json().code]).toEqual([404, 'feature_disabled']);
      await ok(await t.call('GET', otherTab));
      const categories = (await ok(await t.call('GET', '/api/categories'))).categories;
      expect(new Set(categories.map((c: { type: string }) => c.type))).toEqual(new Set([category]));
      const orders = await ok(await t.call('GET', '/api/delivery/user/orders', undefined, buyer.token));
      expect(orders.deliveries.map((o: { id: number }) => o.id)).toEqual([shown.order.orderId]);
      const order = await t.call('GET', `/api/delivery/orders/${hidden.order.orderId}`, undefined, buyer.token);
      expect([order.statusCode, order.json().code]).toEqual([404, 'order_not_found']);
      const again = await t.call('POST', '/api/payment/prepare', hidden.order.body, buyer.token);
      expect([again.statusCode, again.json().code], `${off} off: buy`).toEqual([400, 'product_unavailable']);

      // Switched back on, nothing was lost.
      await ok(await features(true));
      await ok(await t.call('GET', `/api/products/${hidden.product.id}`));
      await ok(await t.call('GET', `/api/delivery/orders/${hidden.order.orderId}`, undefined, buyer.token));
      await ok(await t.call('DELETE', `/api/products/${made.id}`, undefined, seller.token));
    }
  });

  it("the merchant's payments tab: its list needs payment alone, its analytics analytics alone (empty with payment off)", async () => {
    const analytics = { method: 'GET', url: '/api/payment/analytics/summary', as: 'seller' } as const;
    const list = { method: 'GET', url: '/api/payment/list?role=merchant', as: 'seller' } as const;
    const figures = await send(analytics);
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json().summary.total_payments).toBeGreaterThan(0);
    try {
      await setFeatures({ analytics: false });
      const payments = await send(list);
      expect(payments.statusCode, payments.body).toBe(200);
      expect(payments.json().payments.length).toBeGreaterThan(0);
      expect((await send(analytics)).json()).toMatchObject({ code: 'feature_disabled' });

      await setFeatures({ analytics: true, payment: false });
      const empty = await send(analytics);
      expect(empty.statusCode, empty.body).toBe(200);
      expect(empty.json()).toMatchObject({
        period_days: 30,
        summary: { total_payments: 0, total_revenue: 0 },
        payment_status_stats: [],
        product_stats: [],
        top_customers: [],
      });
      expect((await send(list)).json()).toMatchObject({ code: 'feature_disabled' });
    } finally {
      await setFeatures(allFeatures());
    }
  });

  // Last: these calls change the world the switched-off calls above use.
  it('with every feature on, the same calls pass their guards and do their work, so the switch is what refuses them', async () => {
    const failures: string[] = [];
    for (const [op, c] of Object.entries(calls)) {
      const before = await fingerprint();
      const res = await send(c);
      const want = typeof c.on === 'object' ? c.on : { status: c.on ?? 200, code: undefined };
      if (res.statusCode !== want.status || (want.code && res.json().code !== want.code)) {
        failures.push(`${op}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      if (c.method !== 'GET' && !c.readOnly && changedParts(before, await fingerprint()).length === 0) {
        failures.push(`${op} changed nothing`);
      }
    }
    expect(failures).toEqual([]);
  });
});
