/**
 * Tenant isolation of every operation that names something by id (issue 17): one table, keyed by
 * the API document's operationIds, says how tenant A's user asks for tenant B's thing and what the
 * product answers; a completeness test fails when an operation that takes an id is missing from it.
 *
 * The two tenants are twins where that makes a missing tenant condition show: every row is keyed
 * by (tenant_id, id), so ids of two tenants may be equal, and here they are on purpose. A's
 * merchant, customer and neighbour have the same user and merchant ids as B's, so "is it yours?"
 * checks pass and only the tenant keeps B's things out of reach; A's product and post share their
 * ids with one of B's, so a lookup of a sub-resource (an image, a parent comment) that forgets the
 * tenant finds B's. Everything of B carries MARK in its text: no answer on A's host may show it.
 *
 * After every call: B's rows (every table with tenant_id, and B's tenant row) and stored files are
 * exactly as after the setup, and A's too when the call was refused. Reads are replayed by B's
 * twin on B's host (`onB`), proving that the id names something B can see.
 */

import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogueTestApp, deliveryProduct, multipartBody } from '../modules/catalogue/catalogue.test-helpers.js';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { creditTopup } from '../modules/wallet/points.js';
import { createTenant, createUser, DEFAULT_PASSWORD } from '../seed/factories.js';
import { accountsClient } from '../test/accounts.js';
import { acrossShards } from './db/citus.js';
import { SANDBOX_CARDS } from './payments/sandbox-gateway.js';

const MARK = 'Bonly7q';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Role = 'merchant' | 'customer' | 'neighbour';
type Person = { userId: number; merchantId: number | null; token: string };

interface Call {
  /** A's persona making the call (the twin of B's); none: signed out. */
  as?: Role;
  method: Method;
  url: string;
  body?: object;
  /** A multipart form (text fields and one image in `fileField`). */
  form?: { fields: Record<string, string>; fileField?: string };
  /** The answer expected: 404 unless told, with this error code. */
  status?: number;
  code?: string;
  /** More checks of the answer (lists and counts answer 200 with A's things only). */
  check?: (res: LightMyRequestResponse) => void | Promise<void>;
  /**
   * A read replayed by B's twin on B's host: 'mark' answers 2xx showing B's data, 'ok' answers
   * 2xx, a function checks the answer.
   */
  onB?: 'mark' | 'ok' | ((res: LightMyRequestResponse) => void);
}

let app: FastifyInstance;
let png: Buffer;
let tA: TenantRow;
let tB: TenantRow;
let a: Record<Role, Person>;
let b: Record<Role, Person>;
/** B's things (and A's own, named with a B id inside). */
const id = {
  bOnlyUser: 0,
  bOnlyMerchant: 0,
  aProduct: 0,
  aMedia: 0,
  bTwinMedia: 0,
  bProduct: 0,
  bOption: 0,
  bMedia1: 0,
  bMedia2: 0,
  bDeleted: 0,
  aPost: 0,
  bTwinPost: 0,
  bPost: 0,
  bPostMedia: 0,
  bComment: 0,
  bReview: 0,
  bReviewMedia: 0,
  bOrder: 0,
  bPaymentNo: 0,
  bCartLine: 0,
};
const key = { bPaid: '', bPending: '', bTopup: '', bProductFile: '', bPostFile: '', bReviewFile: '' };

const buyerFields = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };
const bReviewBody = {
  rating: 5,
  title: `${MARK} 맛있어요`,
  content: `${MARK} 국물이 진하고 양도 넉넉해서 또 시킬 거예요.`,
};
/** What A's customer writes (B's review carries MARK; A's calls never send it). */
const aReview = { rating: 4, title: '', content: '양이 넉넉하고 맛있어요. 또 주문할게요.' };
const lunch = (title: string) => deliveryProduct({ title, price: 9_000, is_delivery: false, display_remaining: -1 });
const order = (productId: number) => ({
  ...buyerFields,
  product_id: productId,
  qty: 1,
  amount: 9_000,
  points_used: 9_000,
});
const postForm = (fields: Record<string, string> = {}) => ({
  fields: { title: '바뀐 제목', content: '바뀐 내용', ...fields },
});

/**
 * How A's persona names B's thing, per operationId of the API document. Evaluated after the setup.
 */
const table: Record<string, () => Call[]> = {
  // --- catalogue -------------------------------------------------------------------------------
  listProducts: () => [
    {
      as: 'merchant',
      method: 'GET',
      url: `/api/products?merchant_id=${a.merchant.merchantId}`,
      status: 200,
      check: onlyProducts(() => [id.aProduct]),
      onB: 'mark',
    },
  ],
  searchProducts: () => [
    {
      method: 'GET',
      url: `/api/products/search?q=${MARK}&merchant_id=${a.merchant.merchantId}`,
      status: 200,
      check: onlyProducts(() => []),
      onB: 'mark',
    },
  ],
  listPopularProducts: () => [productList('/api/products/popular')],
  listLatestProducts: () => [productList('/api/products/latest')],
  listDiscountedProducts: () => [productList('/api/products/discount')],
  listProductsByCategory: () => [productList('/api/products/category/korean')],
  getProduct: () => [{ method: 'GET', url: `/api/products/${id.bProduct}`, code: 'product_not_found', onB: 'mark' }],
  updateProduct: () => [
    {
      as: 'merchant',
      method: 'PUT',
      url: `/api/products/${id.bProduct}`,
      body: lunch('바꾼 제목'),
      code: 'product_not_found',
    },
  ],
  // A new product naming B's option as one of its own: refused, nothing made.
  createProduct: () => [
    {
      as: 'merchant',
      method: 'POST',
      url: '/api/products',
      body: deliveryProduct({
        title: '우리 사과',
        price: undefined,
        options: [{ id: id.bOption, name: '3kg', price: 1_000 }],
      }),
      status: 400,
      code: 'option_unknown',
    },
  ],
  updateProductStock: () => [
    {
      as: 'merchant',
      method: 'PUT',
      url: `/api/products/${id.bProduct}/stock`,
      body: { stock: 0 },
      code: 'product_not_found',
    },
  ],
  deleteProduct: () => [
    { as: 'merchant', method: 'DELETE', url: `/api/products/${id.bProduct}`, code: 'product_not_found' },
  ],
  restoreProduct: () => [
    { as: 'merchant', method: 'POST', url: `/api/products/${id.bDeleted}/restore`, code: 'product_not_found' },
  ],
  listProductMedia: () => [
    { method: 'GET', url: `/api/products/${id.bProduct}/media`, code: 'product_not_found', onB: 'ok' },
  ],
  uploadProductMedia: () => [
    {
      as: 'merchant',
      method: 'POST',
      url: `/api/products/${id.bProduct}/media`,
      form: { fields: { is_thumbnail: 'true' }, fileField: 'file' },
      code: 'product_not_found',
    },
  ],
  deleteProductMediaItems: () => [
    {
      as: 'merchant',
      method: 'DELETE',
      url: `/api/products/${id.bProduct}/media`,
      body: { ids: [id.bMedia1, id.bMedia2] },
      code: 'product_not_found',
    },
    {
      as: 'merchant',
      method: 'DELETE',
      url: `/api/products/${id.aProduct}/media`,
      body: { ids: [id.bTwinMedia] },
      code: 'media_not_found',
    },
  ],
  deleteProductMedia: () => [
    {
      as: 'merchant',
      method: 'DELETE',
      url: `/api/products/${id.bProduct}/media/${id.bMedia1}`,
      code: 'product_not_found',
    },
    {
      as: 'merchant',
      method: 'DELETE',
      url: `/api/products/${id.aProduct}/media/${id.bTwinMedia}`,
      code: 'media_not_found',
    },
  ],
  reorderProductMedia: () => [
    {
      as: 'merchant',
      method: 'PUT',
      url: `/api/products/${id.bProduct}/media/order`,
      body: [
        { id: id.bMedia2, order: 0 },
        { id: id.bMedia1, order: 1 },
      ],
      code: 'product_not_found',
    },
    {
      as: 'merchant',
      method: 'PUT',
      url: `/api/products/${id.aProduct}/media/order`,
      body: [
        { id: id.bTwinMedia, order: 0, is_thumbnail: true },
        { id: id.aMedia, order: 1 },
      ],
      code: 'media_not_found',
    },
  ],
  getMerchant: () => [
    { method: 'GET', url: `/api/merchants/${id.bOnlyMerchant}`, code: 'merchant_not_found', onB: 'mark' },
    {
      method: 'GET',
      url: `/api/merchants/${a.merchant.merchantId}`,
      status: 200,
      check: (res) => expect(res.json()).toMatchObject({ id: a.merchant.merchantId, product_count: 1 }),
      onB: (res) => expect(res.json()).toMatchObject({ product_count: 2 }),
    },
  ],
  getCategory: () => [
    {
      method: 'GET',
      url: '/api/categories/korean',
      status: 200,
      check: (res) => expect(res.json()).toMatchObject({ value: 'korean', product_count: 1 }),
      onB: (res) => expect(res.json()).toMatchObject({ value: 'korean', product_count: 2 }),
    },
  ],

  // --- content ---------------------------------------------------------------------------------
  listPosts: () => [postList('/api/content/posts')],
  listFeedPosts: () => [postList('/api/main/posts')],
  searchPosts: () => [postList('/api/content/posts/search', `q=${MARK}&`)],
  createPost: () => [
    {
      // remove_media_ids belongs to the edit form (shared schema): a new post ignores it.
      as: 'merchant',
      method: 'POST',
      url: '/api/content/posts',
      form: postForm({ remove_media_ids: JSON.stringify([id.bPostMedia]) }),
      status: 201,
    },
  ],
  deletePosts: () => [
    { as: 'merchant', method: 'DELETE', url: '/api/content/posts', body: { ids: [id.bPost] }, code: 'post_not_found' },
    {
      // All or nothing: A's own post stays too.
      as: 'merchant',
      method: 'DELETE',
      url: '/api/content/posts',
      body: { ids: [id.aPost, id.bPost] },
      code: 'post_not_found',
    },
  ],
  getPost: () => [
    { as: 'customer', method: 'GET', url: `/api/content/posts/${id.bPost}`, code: 'post_not_found', onB: 'mark' },
    { method: 'GET', url: `/api/content/posts/${id.bPost}`, code: 'post_not_found', onB: 'mark' },
  ],
  getFeedPost: () => [
    { as: 'customer', method: 'GET', url: `/api/main/posts/${id.bPost}`, code: 'post_not_found', onB: 'mark' },
  ],
  updatePost: () => [
    {
      as: 'merchant',
      method: 'PUT',
      url: `/api/content/posts/${id.bPost}`,
      form: postForm(),
      code: 'post_not_found',
    },
    {
      as: 'merchant',
      method: 'PUT',
      url: `/api/content/posts/${id.aPost}`,
      form: postForm({ remove_media_ids: JSON.stringify([id.bPostMedia]) }),
      code: 'media_not_found',
    },
  ],
  deletePost: () => [
    { as: 'merchant', method: 'DELETE', url: `/api/content/posts/${id.bPost}`, code: 'post_not_found' },
  ],
  likePost: () => [
    { as: 'customer', method: 'POST', url: `/api/content/posts/${id.bPost}/like`, code: 'post_not_found' },
  ],
  unlikePost: () => [
    // B's twin likes this post: a like looked up without the tenant would be taken back.
    { as: 'customer', method: 'DELETE', url: `/api/content/posts/${id.bPost}/like`, code: 'post_not_found' },
  ],
  togglePostLike: () => [
    { as: 'customer', method: 'POST', url: `/api/main/posts/${id.bPost}/like`, code: 'post_not_found' },
  ],
  listComments: () => commentLists('/api/content/posts'),
  listFeedComments: () => commentLists('/api/main/posts'),
  createComment: () => [
    {
      as: 'customer',
      method: 'POST',
      url: `/api/content/posts/${id.bPost}/comments`,
      body: { content: '좋아요' },
      code: 'post_not_found',
    },
    {
      // A reply on A's post (whose id B's post shares) to B's comment.
      as: 'customer',
      method: 'POST',
      url: `/api/content/posts/${id.aPost}/comments`,
      body: { content: '답글', parent_id: id.bComment },
      code: 'comment_not_found',
    },
  ],
  createCommentFromQuery: () => [
    {
      as: 'customer',
      method: 'POST',
      url: `/api/main/posts/${id.bPost}/comments?content=${encodeURIComponent('좋아요')}`,
      code: 'post_not_found',
    },
    {
      as: 'customer',
      method: 'POST',
      url: `/api/main/posts/${id.aPost}/comments?content=${encodeURIComponent('답글')}&parent_id=${id.bComment}`,
      code: 'comment_not_found',
    },
  ],
  deleteComment: () => [
    // B's comment is by A's customer's twin, on the post whose id A's post shares.
    { as: 'customer', method: 'DELETE', url: `/api/content/comments/${id.bComment}`, code: 'comment_not_found' },
  ],
  getMerchantChannel: () => [
    { method: 'GET', url: `/api/users/merchants/${id.bOnlyMerchant}`, code: 'merchant_not_found', onB: 'mark' },
    {
      method: 'GET',
      url: `/api/users/merchants/${a.merchant.merchantId}`,
      status: 200,
      check: async (res) =>
        expect(res.json()).toMatchObject({
          id: a.merchant.merchantId,
          counts: { posts: await postsOf(tA, a.merchant) },
        }),
      onB: 'mark',
    },
  ],
  getUser: () => [
    { method: 'GET', url: `/api/users/${id.bOnlyUser}`, code: 'user_not_found', onB: 'mark' },
    {
      method: 'GET',
      url: `/api/users/${a.merchant.userId}`,
      status: 200,
      check: async (res) =>
        expect(res.json()).toMatchObject({ id: a.merchant.userId, posts_count: await postsOf(tA, a.merchant) }),
      onB: 'mark',
    },
  ],

  // --- reviews ---------------------------------------------------------------------------------
  listProductReviewsNewest: () => [
    {
      as: 'customer',
      method: 'GET',
      url: `/api/products/${id.bProduct}/reviews`,
      code: 'product_not_found',
      onB: 'mark',
    },
  ],
  createProductReview: () => [
    {
      as: 'customer',
      method: 'POST',
      url: `/api/products/${id.bProduct}/reviews`,
      body: aReview,
      code: 'product_not_found',
    },
  ],
  listProductReviews: () => [
    { method: 'GET', url: `/api/reviews/product/${id.bProduct}`, code: 'product_not_found', onB: 'mark' },
  ],
  createReview: () => [
    {
      as: 'customer',
      method: 'POST',
      url: `/api/reviews/product/${id.bProduct}`,
      body: aReview,
      code: 'product_not_found',
    },
  ],
  getReviewStats: () => [
    { method: 'GET', url: `/api/reviews/product/${id.bProduct}/stats`, code: 'product_not_found', onB: 'ok' },
  ],
  getReviewEligibility: () => [
    {
      as: 'customer',
      method: 'GET',
      url: `/api/reviews/product/${id.bProduct}/eligibility`,
      code: 'product_not_found',
      onB: (res) => expect(res.json()).toEqual({ has_purchased: true, review_id: id.bReview, can_write: false }),
    },
  ],
  updateReview: () => [
    {
      as: 'customer',
      method: 'PUT',
      url: `/api/reviews/${id.bReview}`,
      body: { rating: 1, title: '', content: '다시 생각해보니 별로였어요. 양이 적어요.' },
      code: 'review_not_found',
    },
  ],
  deleteReview: () => [
    { as: 'customer', method: 'DELETE', url: `/api/reviews/${id.bReview}`, code: 'review_not_found' },
  ],
  toggleReviewHelpful: () => [
    // B's neighbour found it helpful: a vote looked up without the tenant would be taken back.
    { as: 'neighbour', method: 'POST', url: `/api/reviews/${id.bReview}/helpful`, code: 'review_not_found' },
  ],
  getReviewHelpfulStatus: () => [
    {
      as: 'neighbour',
      method: 'GET',
      url: `/api/reviews/${id.bReview}/helpful/status`,
      code: 'review_not_found',
      onB: (res) => expect(res.json()).toEqual({ review_id: id.bReview, is_helpful: true, helpful_count: 1 }),
    },
  ],
  uploadReviewImage: () => [
    {
      as: 'customer',
      method: 'POST',
      url: `/api/reviews/${id.bReview}/images`,
      form: { fields: {}, fileField: 'file' },
      code: 'review_not_found',
    },
  ],
  deleteReviewImage: () => [
    {
      as: 'customer',
      method: 'DELETE',
      url: `/api/reviews/${id.bReview}/images/${id.bReviewMedia}`,
      code: 'review_not_found',
    },
  ],
  listUserReviews: () => [
    { method: 'GET', url: `/api/reviews/user/${id.bOnlyUser}`, code: 'user_not_found', onB: 'ok' },
    {
      method: 'GET',
      url: `/api/reviews/user/${a.customer.userId}`,
      status: 200,
      check: (res) => expect(res.json()).toMatchObject({ reviews: [], total: 0 }),
      onB: 'mark',
    },
  ],

  // --- buying ----------------------------------------------------------------------------------
  preparePayment: () => [
    {
      as: 'customer',
      method: 'POST',
      url: '/api/payment/prepare',
      body: order(id.bProduct),
      code: 'product_not_found',
    },
  ],
  confirmPayment: () => [
    // B's order waits for this points-only payment of A's customer's twin.
    {
      as: 'customer',
      method: 'POST',
      url: '/api/payment/callback',
      body: { merchant_uid: key.bPending, status: 'paid' },
      code: 'payment_not_found',
    },
  ],
  getPayment: () => [
    { as: 'customer', method: 'GET', url: `/api/payment/${id.bPaymentNo}`, code: 'payment_not_found', onB: 'mark' },
    { as: 'customer', method: 'GET', url: `/api/payment/${key.bPaid}`, code: 'payment_not_found', onB: 'mark' },
  ],
  updateOrderStatus: () => [
    {
      as: 'merchant',
      method: 'PUT',
      url: '/api/delivery/status',
      body: { order_id: id.bOrder, status: 'CANCELLED', memo: null },
      code: 'order_not_found',
    },
  ],
  confirmPurchase: () => [
    {
      as: 'customer',
      method: 'POST',
      url: '/api/delivery/confirm',
      body: { order_id: id.bOrder },
      code: 'order_not_found',
    },
  ],
  cancelOrder: () => [
    {
      as: 'customer',
      method: 'POST',
      url: `/api/delivery/orders/${id.bOrder}/cancel`,
      body: { reason: '마음이 바뀌었어요' },
      code: 'order_not_found',
    },
  ],
  setOrderShipment: () => [
    {
      as: 'merchant',
      method: 'PUT',
      url: `/api/delivery/orders/${id.bOrder}/shipment`,
      body: { carrier: 'kr.cjlogistics', tracking_number: '640123456789' },
      code: 'order_not_found',
    },
  ],
  getOrderTracking: () => [
    { as: 'customer', method: 'GET', url: `/api/delivery/orders/${id.bOrder}/tracking`, code: 'order_not_found' },
    { as: 'merchant', method: 'GET', url: `/api/delivery/orders/${id.bOrder}/tracking`, code: 'order_not_found' },
  ],
  getOrder: () => [
    { as: 'customer', method: 'GET', url: `/api/delivery/orders/${id.bOrder}`, code: 'order_not_found', onB: 'mark' },
    { as: 'merchant', method: 'GET', url: `/api/delivery/orders/${id.bOrder}`, code: 'order_not_found', onB: 'mark' },
  ],
  addCartItem: () => [
    {
      as: 'customer',
      method: 'POST',
      url: '/api/cart/items',
      body: { product_id: id.bProduct, qty: 1 },
      code: 'product_not_found',
    },
  ],
  mergeCart: () => [
    // B's product is skipped as one that cannot be bought: A's cart stays empty.
    {
      as: 'customer',
      method: 'POST',
      url: '/api/cart/merge',
      body: { items: [{ product_id: id.bProduct, qty: 1 }] },
      status: 200,
      check: (res) => expect(res.json()).toMatchObject({ groups: [], count: 0 }),
    },
  ],
  updateCartItem: () => [
    {
      as: 'customer',
      method: 'PATCH',
      url: `/api/cart/items/${id.bCartLine}`,
      body: { qty: 2 },
      code: 'cart_item_not_found',
    },
  ],
  removeCartItem: () => [
    { as: 'customer', method: 'DELETE', url: `/api/cart/items/${id.bCartLine}`, code: 'cart_item_not_found' },
  ],
  checkoutCart: () => [
    // Not a line of A's customer's cart: the cart changed, answered as it is (empty), nothing placed.
    {
      as: 'customer',
      method: 'POST',
      url: '/api/cart/checkout',
      body: {
        ...buyerFields,
        item_ids: [id.bCartLine],
        amount: 9_000,
        order_types: [{ merchant_id: id.bOnlyMerchant, order_type: 'pickup' }],
      },
      status: 409,
      code: 'price_changed',
      check: (res) => expect(res.json().cart).toMatchObject({ groups: [], count: 0 }),
    },
  ],
  getPurchaseStatus: () => [
    {
      as: 'customer',
      method: 'GET',
      url: `/api/products/${id.bProduct}/purchase-status`,
      status: 200,
      check: (res) => expect(res.json()).toEqual({ has_purchased: false }),
      onB: (res) => expect(res.json()).toEqual({ has_purchased: true }),
    },
  ],

  // --- wallet ----------------------------------------------------------------------------------
  confirmCharge: () => [
    // Paid at the gateway, not yet confirmed by B's customer (A's customer's twin).
    {
      as: 'customer',
      method: 'POST',
      url: '/api/wallet/charge/callback',
      body: { payment_id: key.bTopup },
      code: 'payment_not_found',
    },
  ],
  transferPoints: () => [
    {
      as: 'customer',
      method: 'POST',
      url: '/api/wallet/transfer',
      body: { to_user_id: id.bOnlyUser, amount: 1_000, memo: '점심값' },
      code: 'receiver_not_found',
    },
  ],

  // --- stored files: keys start with tenants/{tenantId}/ (docs/decisions/008) -------------------
  getMediaFile: () => [
    { method: 'GET', url: key.bProductFile, code: 'media_not_found', onB: 'ok' },
    { method: 'GET', url: key.bPostFile, code: 'media_not_found', onB: 'ok' },
    { method: 'GET', url: key.bReviewFile, code: 'media_not_found', onB: 'ok' },
  ],

  // --- tenant administration: platform administrators manage every tenant by design; a tenant's
  // own users (its merchant included) cannot touch another tenant ------------------------------
  updateTenantFeatures: () => [
    {
      as: 'merchant',
      method: 'PUT',
      url: `/api/tenant/${tB.id}/features`,
      body: { features: { content: false } },
      status: 403,
      code: 'admin_only',
    },
  ],
  updateTenantSettings: () => [
    {
      as: 'merchant',
      method: 'PUT',
      url: `/api/tenant/${tB.id}/settings`,
      body: { settings: { point_reward_rate: 9 }, display_name: '빼앗긴 마켓' },
      status: 403,
      code: 'admin_only',
    },
  ],
  setLocalhostTenant: () => [
    {
      as: 'merchant',
      method: 'POST',
      url: `/api/tenant/debug/localhost-proc/${tB.domain}`,
      status: 403,
      code: 'admin_only',
    },
  ],
};

/**
 * Operations that take an id but name nothing a tenant owns, each with its reason. Empty today:
 * every such operation is in the table above.
 */
const exempt: Record<string, string> = {
  receiveTrackingWebhook:
    'its token is a signature of its tenant, served only with tracker.delivery: another tenant’s token on this host is 404 in shipments.tracker-delivery.test.ts',
};

// --- answers of lists ----------------------------------------------------------------------------

function onlyProducts(ids: () => number[]) {
  return (res: LightMyRequestResponse) =>
    expect((res.json() as { products: { id: number }[] }).products.map((p) => p.id)).toEqual(ids());
}

/** A product list filtered by the merchant id A's and B's merchants share: A's product only. */
function productList(path: string): Call {
  return {
    method: 'GET',
    url: `${path}?merchant_id=${a.merchant.merchantId}`,
    status: 200,
    check: onlyProducts(() => [id.aProduct]),
    onB: 'mark',
  };
}

/** A post list filtered by the author id A's and B's merchants share: A's posts only. */
function postList(path: string, search = ''): Call {
  return {
    as: 'customer',
    method: 'GET',
    url: `${path}?${search}author_id=${a.merchant.userId}`,
    status: 200,
    check: (res) => {
      const ids = (res.json() as { posts: { id: number }[] }).posts.map((p) => p.id);
      expect(ids).not.toContain(id.bPost);
      if (search) expect(ids).toEqual([]);
      else expect(ids).toContain(id.aPost);
    },
    onB: 'mark',
  };
}

function commentLists(path: string): Call[] {
  return [
    { method: 'GET', url: `${path}/${id.bPost}/comments`, code: 'post_not_found', onB: 'mark' },
    {
      // A's post, whose id B's post shares: A's comment only.
      method: 'GET',
      url: `${path}/${id.aPost}/comments`,
      status: 200,
      check: (res) =>
        expect(res.json()).toMatchObject({ comments: [{ content: '우리 농장 멋져요' }], comments_count: 1 }),
      onB: 'mark',
    },
  ];
}

async function postsOf(tenant: TenantRow, author: Person): Promise<number> {
  const res = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from posts where tenant_id = ${tenant.id} and author_id = ${author.userId}`,
  );
  return Number(res.rows[0]?.n);
}

// --- the API document ----------------------------------------------------------------------------

interface Operation {
  operationId: string;
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: unknown }> };
}
interface ApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
}

/** Names of properties and parameters that name a thing: id, ids, *_id, *_ids (and *_uid, a payment's). */
const ID_NAME = /^(id|ids|.+_ids?|.+_uid)$/;

/** What of the operation names a thing: each path parameter, id-like query parameters and body properties. */
function idsTaken(doc: ApiDocument, op: Operation): string[] {
  const found: string[] = [];
  for (const p of op.parameters ?? []) {
    if (p.in === 'path' || (p.in === 'query' && ID_NAME.test(p.name))) found.push(`${p.in} ${p.name}`);
  }
  const seen = new Set<unknown>();
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const schema = node as Record<string, unknown>;
    if (typeof schema.$ref === 'string') {
      walk(doc.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')], at);
      return;
    }
    for (const k of ['anyOf', 'oneOf', 'allOf'] as const) {
      for (const s of (schema[k] as unknown[] | undefined) ?? []) walk(s, at);
    }
    walk(schema.items, `${at}[]`);
    for (const [name, s] of Object.entries((schema.properties as Record<string, unknown> | undefined) ?? {})) {
      if (ID_NAME.test(name)) found.push(`${at}.${name}`);
      walk(s, `${at}.${name}`);
    }
  };
  for (const media of Object.values(op.requestBody?.content ?? {})) walk(media.schema, 'body');
  return found;
}

function operationsTakingIds(doc: ApiDocument): Map<string, string> {
  const ops = new Map<string, string>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const ids = idsTaken(doc, op);
      if (ids.length > 0) ops.set(op.operationId, `${method.toUpperCase()} ${path} (${ids.join(', ')})`);
    }
  }
  return ops;
}

// --- the two tenants -----------------------------------------------------------------------------

let lastOperation: string | undefined;
let tenantTables: string[];
let baselineB: Snapshot;

type Snapshot = { rows: Record<string, string[]>; files: string[] };

/**
 * Everything the tenant holds: its rows in every table with tenant_id, its tenant row and its stored
 * files. Counters and stamps that reads move are left out (views, a session's last use, searches).
 */
async function snapshot(tenant: TenantRow): Promise<Snapshot> {
  const parts = tenantTables.map(
    (t) =>
      `select '${t}' as t, (to_jsonb(x) - '{views_count,last_seen_at}'::text[])::text as r from "${t}" x where tenant_id = ${tenant.id}`,
  );
  parts.push(`select 'tenants' as t, to_jsonb(x)::text as r from tenants x where id = ${tenant.id}`);
  const res = await app.db.execute<{ t: string; r: string }>(sql.raw(`${parts.join(' union all ')} order by 1, 2`));
  const rows: Record<string, string[]> = {};
  for (const { t, r } of res.rows) rows[t] = [...(rows[t] ?? []), r];
  const files: string[] = [];
  for await (const f of app.storage.list(`tenants/${tenant.id}/`)) files.push(f.key);
  return { rows, files: files.sort() };
}

const isJson = (res: LightMyRequestResponse) => String(res.headers['content-type']).includes('json');
/** An answer for a failure message: JSON as text, a file by its type and size. */
const shown = (res: LightMyRequestResponse) =>
  isJson(res) ? res.body : `(${res.headers['content-type']}, ${res.rawPayload.length} bytes)`;

/** What differs between two snapshots: `- table row` gone, `+ table row` new (a changed row is both). */
function differences(before: Snapshot, after: Snapshot): string[] {
  const lines = (snap: Snapshot) =>
    new Set([
      ...Object.entries(snap.rows).flatMap(([t, rows]) => rows.map((r) => `${t} ${r}`)),
      ...snap.files.map((f) => `file ${f}`),
    ]);
  const [was, now] = [lines(before), lines(after)];
  return [
    ...[...was].filter((l) => !now.has(l)).map((l) => `- ${l}`),
    ...[...now].filter((l) => !was.has(l)).map((l) => `+ ${l}`),
  ];
}

function send(tenant: TenantRow, call: Omit<Call, 'as'> & { token?: string }) {
  const headers: Record<string, string> = { host: tenant.domain };
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  if (call.form) {
    const file = call.form.fileField
      ? { data: png, filename: 'photo.png', contentType: 'image/png', field: call.form.fileField }
      : null;
    const body = multipartBody(file, call.form.fields);
    headers['content-type'] = body.contentType;
    return app.inject({ method: call.method, url: call.url, headers, payload: body.payload });
  }
  return app.inject({
    method: call.method,
    url: call.url,
    headers,
    ...(call.body === undefined ? {} : { payload: call.body }),
  });
}

async function ok(res: LightMyRequestResponse | Promise<LightMyRequestResponse>, status = 200) {
  const answer = await res;
  if (answer.statusCode !== status) throw new Error(`setup: ${answer.statusCode} ${answer.body}`);
  return answer.json();
}

async function person(tenant: TenantRow, role: 'merchant' | 'customer', name: string): Promise<Person> {
  const made = await createUser(app.db, tenant.id, {
    userType: role,
    username: name,
    ...(role === 'merchant' ? { merchant: { businessName: name } } : {}),
  });
  const token = await accountsClient(app, tenant.domain).token(made.user.email, DEFAULT_PASSWORD);
  return { userId: made.user.id, merchantId: made.merchant?.id ?? null, token };
}

/**
 * Makes B's things, then A's with the same ids: the tables' id sequences are set back in between
 * (rows are keyed by tenant and id, so equal ids of two tenants are legal), then past both.
 */
async function twins<T>(tables: string[], makeB: () => Promise<T>, makeA: () => Promise<T>): Promise<[T, T]> {
  const next = async (t: string) =>
    Number(
      (
        await acrossShards(app.db, (tx) =>
          tx.execute<{ n: number }>(sql.raw(`select coalesce(max(id), 0) + 1 as n from "${t}"`)),
        )
      ).rows[0]?.n,
    );
  const restart = (t: string, n: number) =>
    app.db.execute(sql.raw(`select setval(pg_get_serial_sequence('"${t}"', 'id'), ${n}, false)`));
  const start = new Map<string, number>();
  for (const t of tables) start.set(t, await next(t));
  for (const t of tables) await restart(t, start.get(t) as number);
  const bThings = await makeB();
  for (const t of tables) await restart(t, start.get(t) as number);
  const aThings = await makeA();
  for (const t of tables) await restart(t, await next(t));
  return [bThings, aThings];
}

beforeAll(async () => {
  app = await buildCatalogueTestApp(
    {
      rateLimits: false,
      payments: { gateway: 'sandbox', reconcileIntervalMs: 0, expireAfterMs: 30 * 60_000, sandboxPendingSettleMs: 0 },
    },
    { wholePlatform: true },
  );
  app.addHook('onRequest', async (request) => {
    lastOperation = (request.routeOptions.schema as { operationId?: string } | undefined)?.operationId;
  });
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  tB = await createTenant(app.db, { displayName: `${MARK} 마켓` });
  tA = await createTenant(app.db, { displayName: '우리 마켓' });

  // People: A's are B's twins (same user and merchant ids); B has one more nobody in A shares.
  [b, a] = await twins(
    ['users', 'merchants'],
    async () => ({
      merchant: await person(tB, 'merchant', `${MARK} 상회`),
      customer: await person(tB, 'customer', `${MARK} 손님`),
      neighbour: await person(tB, 'customer', `${MARK} 이웃`),
    }),
    async () => ({
      merchant: await person(tA, 'merchant', '우리 상회'),
      customer: await person(tA, 'customer', '우리 손님'),
      neighbour: await person(tA, 'customer', '우리 이웃'),
    }),
  );
  for (const role of ['merchant', 'customer', 'neighbour'] as const) {
    expect([a[role].userId, a[role].merchantId]).toEqual([b[role].userId, b[role].merchantId]);
  }
  const bOnly = await person(tB, 'merchant', `${MARK} 옆가게`);
  id.bOnlyUser = bOnly.userId;
  id.bOnlyMerchant = bOnly.merchantId as number;

  // Products: A's one shares its id with one of B's; each has an image.
  const product = async (tenant: TenantRow, owner: Person, title: string) =>
    (await ok(send(tenant, { method: 'POST', url: '/api/products', body: lunch(title), token: owner.token }), 201))
      .id as number;
  const image = async (tenant: TenantRow, owner: Person, productId: number) =>
    (await ok(
      send(tenant, {
        method: 'POST',
        url: `/api/products/${productId}/media`,
        form: { fields: {}, fileField: 'file' },
        token: owner.token,
      }),
      201,
    )) as { id: number; file_path: string };
  const [bTwinProduct, aProduct] = await twins(
    ['products'],
    () => product(tB, b.merchant, `${MARK} 불고기 도시락`),
    () => product(tA, a.merchant, '우리 불고기 도시락'),
  );
  expect(aProduct).toBe(bTwinProduct);
  id.aProduct = aProduct;
  id.aMedia = (await image(tA, a.merchant, aProduct)).id;
  id.bTwinMedia = (await image(tB, b.merchant, bTwinProduct)).id;
  id.bProduct = await product(tB, b.merchant, `${MARK} 비빔밥`);
  const first = await image(tB, b.merchant, id.bProduct);
  id.bMedia1 = first.id;
  key.bProductFile = first.file_path;
  id.bMedia2 = (await image(tB, b.merchant, id.bProduct)).id;
  id.bDeleted = await product(tB, b.merchant, `${MARK} 단종 도시락`);
  // B's discontinued product was sold by options: one of them is the option id A's calls name.
  const sized = await ok(
    send(tB, {
      method: 'PUT',
      url: `/api/products/${id.bDeleted}`,
      token: b.merchant.token,
      body: { ...lunch(`${MARK} 단종 도시락`), price: undefined, options: [{ name: '곱빼기', price: 9_000 }] },
    }),
  );
  id.bOption = (sized as { options: { id: number }[] }).options[0]?.id ?? 0;
  await ok(send(tB, { method: 'DELETE', url: `/api/products/${id.bDeleted}`, token: b.merchant.token }));

  // Posts: A's one shares its id with one of B's, on which B's customer commented.
  const post = async (tenant: TenantRow, author: Person, title: string, withImage = false) =>
    (await ok(
      send(tenant, {
        method: 'POST',
        url: '/api/content/posts',
        form: {
          fields: { title, content: `${title}: 오늘은 감자를 캤습니다.` },
          fileField: withImage ? 'files' : undefined,
        },
        token: author.token,
      }),
      201,
    )) as { id: number; media: { id: number; file_path: string }[] };
  const [bTwinPost, aPost] = await twins(
    ['posts'],
    () => post(tB, b.merchant, `${MARK} 농장 일기`),
    () => post(tA, a.merchant, '우리 농장 일기'),
  );
  expect(aPost.id).toBe(bTwinPost.id);
  id.aPost = aPost.id;
  id.bTwinPost = bTwinPost.id;
  const comment = (tenant: TenantRow, who: Person, postId: number, content: string) =>
    ok(
      send(tenant, {
        method: 'POST',
        url: `/api/content/posts/${postId}/comments`,
        body: { content },
        token: who.token,
      }),
      201,
    );
  id.bComment = (await comment(tB, b.customer, bTwinPost.id, `${MARK} 감자 맛있겠어요`)).id;
  await comment(tA, a.customer, aPost.id, '우리 농장 멋져요');
  const bPost = await post(tB, b.merchant, `${MARK} 수확`, true);
  id.bPost = bPost.id;
  id.bPostMedia = bPost.media[0]?.id as number;
  key.bPostFile = bPost.media[0]?.file_path as string;
  await comment(tB, b.customer, bPost.id, `${MARK} 축하해요`);
  await ok(send(tB, { method: 'POST', url: `/api/content/posts/${bPost.id}/like`, token: b.customer.token }));

  // Buying: B's customer paid for one order (received by B's merchant) and left one unpaid.
  for (const [tenant, who] of [
    [tB, b.customer],
    [tA, a.customer],
  ] as const) {
    await app.db.transaction((tx) =>
      creditTopup(tx, tenant.id, { userId: who.userId, amount: 50_000, paymentId: `seed-${tenant.id}` }),
    );
  }
  const paid = await ok(
    send(tB, { method: 'POST', url: '/api/payment/prepare', body: order(id.bProduct), token: b.customer.token }),
  );
  await ok(
    send(tB, {
      method: 'POST',
      url: '/api/payment/callback',
      body: { merchant_uid: paid.merchant_uid, status: 'paid' },
      token: b.customer.token,
    }),
  );
  id.bOrder = paid.order_id;
  key.bPaid = paid.merchant_uid;
  const number = await app.db.execute<{ id: number }>(
    sql`select id from payments where tenant_id = ${tB.id} and payment_id = ${key.bPaid}`,
  );
  id.bPaymentNo = Number(number.rows[0]?.id);
  // A line in the cart of B's customer (A's customer is its twin: same user id).
  const bCart = await ok(
    send(tB, {
      method: 'POST',
      url: '/api/cart/items',
      body: { product_id: id.bProduct, qty: 1 },
      token: b.customer.token,
    }),
  );
  id.bCartLine = bCart.groups[0].items[0].id;
  key.bPending = (
    await ok(
      send(tB, { method: 'POST', url: '/api/payment/prepare', body: order(id.bProduct), token: b.customer.token }),
    )
  ).merchant_uid;

  // A review with an image, found helpful by B's neighbour.
  id.bReview = (
    await ok(
      send(tB, {
        method: 'POST',
        url: `/api/reviews/product/${id.bProduct}`,
        body: bReviewBody,
        token: b.customer.token,
      }),
      201,
    )
  ).id;
  const reviewImage = await ok(
    send(tB, {
      method: 'POST',
      url: `/api/reviews/${id.bReview}/images`,
      form: { fields: {}, fileField: 'file' },
      token: b.customer.token,
    }),
    201,
  );
  id.bReviewMedia = reviewImage.id;
  key.bReviewFile = reviewImage.file_path;
  await ok(send(tB, { method: 'POST', url: `/api/reviews/${id.bReview}/helpful`, token: b.neighbour.token }));

  // A card top-up paid at the gateway that B's customer has not confirmed yet.
  const topup = await ok(
    send(tB, {
      method: 'POST',
      url: '/api/wallet/charge/prepare',
      body: { amount: 10_000, ...buyerFields },
      token: b.customer.token,
    }),
  );
  key.bTopup = topup.payment_id;
  const paidAtGateway = await app.inject({
    method: 'POST',
    url: topup.checkout.url,
    headers: { host: tB.domain, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card: SANDBOX_CARDS.approve }).toString(),
  });
  expect(paidAtGateway.statusCode).toBe(303);

  const tables = await app.db.execute<{ table_name: string }>(
    sql`select distinct table_name from information_schema.columns
        where column_name = 'tenant_id' and table_schema = current_schema() order by 1`,
  );
  // Searched keywords are counted by reads (the replays on B's host search too).
  tenantTables = tables.rows.map((r) => r.table_name).filter((t) => t !== 'search_keywords');
  baselineB = await snapshot(tB);
}, 120_000);
afterAll(() => app?.close());

describe('tenant isolation', () => {
  it('the table covers every operation of the API document that takes an id, and nothing else', () => {
    const taking = operationsTakingIds(app.swagger() as unknown as ApiDocument);
    const missing = [...taking]
      .filter(([op]) => !(op in table) && !(op in exempt))
      .map(([op, what]) => `${op}: ${what}`);
    expect
      .soft(missing, 'operations that take an id: add each to the table (or to exempt, with the reason)')
      .toEqual([]);
    const stale = [...Object.keys(table), ...Object.keys(exempt)].filter((op) => !taking.has(op));
    expect.soft(stale, 'entries whose operationId no longer exists or no longer takes an id').toEqual([]);
    const both = Object.keys(exempt).filter((op) => op in table);
    expect(both, 'operations both tested and exempt').toEqual([]);
  });

  it.each(Object.keys(table))("%s: tenant A's user cannot reach tenant B's thing", async (operationId) => {
    const calls = table[operationId]?.() ?? [];
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) {
      const what = `${call.as ?? 'signed out'}: ${call.method} ${call.url}`;
      const status = call.status ?? 404;
      const beforeA = await snapshot(tA);
      lastOperation = undefined;
      const res = await send(tA, { ...call, token: call.as && a[call.as].token });
      const reached = lastOperation;
      // B's state is compared with the last one seen, so that only the call that changed it fails.
      const expectedB = baselineB;
      baselineB = await snapshot(tB);
      const afterA = await snapshot(tA);
      expect(reached, what).toBe(operationId);
      // Soft: a failing call reports all it did (its answer, B's and A's changes) at once.
      expect.soft(res.statusCode, `${what}\n${shown(res)}`).toBe(status);
      if (call.code) expect.soft(isJson(res) ? res.json() : shown(res), what).toMatchObject({ code: call.code });
      expect.soft(res.body, `${what}: the answer shows B's data`).not.toContain(MARK);
      expect.soft(res.body, `${what}: the answer names B's files`).not.toContain(`tenants/${tB.id}/`);
      expect.soft(differences(expectedB, baselineB), `${what}: B's data changed`).toEqual([]);
      if (status >= 400) {
        expect.soft(differences(beforeA, afterA), `${what}: refused, yet A's data changed`).toEqual([]);
      }
      await call.check?.(res);

      if (call.onB) {
        expect(call.method, 'only reads are replayed on B').toBe('GET');
        lastOperation = undefined;
        const there = await send(tB, { ...call, token: call.as && b[call.as].token });
        expect(lastOperation, `${what} on B`).toBe(operationId);
        expect(there.statusCode, `${what} on B\n${shown(there)}`).toBeLessThan(300);
        if (call.onB === 'mark') expect(there.body, `${what} on B`).toContain(MARK);
        else if (typeof call.onB === 'function') call.onB(there);
      }
    }
  });
});
