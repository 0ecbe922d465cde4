import {
  productDetailSchema,
  productListSchema,
  REVIEW_IMAGE_BYTES_MAX,
  type Review,
  reviewEligibilitySchema,
  reviewHelpfulSchema,
  reviewListSchema,
  reviewMediaSchema,
  reviewMessages,
  reviewSchema,
  reviewStatsSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD } from '../../seed/factories.js';
import { accountsClient } from '../../test/accounts.js';
import {
  buildCatalogueTestApp,
  catalogueTenant,
  deliveryProduct,
  heicBytes,
  multipartBody,
} from '../catalogue/catalogue.test-helpers.js';
import { creditTopup } from '../wallet/points.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;

const buyerFields = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };
const goodReview = { rating: 5, title: '정말 맛있어요', content: '국물이 진하고 양도 넉넉해서 또 시킬 거예요.' };

let app: FastifyInstance;
let png: Buffer;
let w: World;
let seller: Person;
let topups = 0;

beforeAll(async () => {
  // Answers are cached as in production: the tests must see every write at once all the same.
  // Dozens of buyers sign in from one address: the per-minute login limit is lifted.
  app = await buildCatalogueTestApp({ rateLimits: false });
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e07a5f' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Artist: '리뷰 작성자 위치' } } })
    .toBuffer();
  w = await catalogueTenant(app);
  seller = await w.signIn('merchant', '양평해장국집');
});
afterAll(() => app.close());

/** A pickup product of the world's seller (or of `owner` in another world). */
async function newProduct(world: World = w, owner: Person = seller, overrides = {}) {
  const res = await world.call(
    'POST',
    '/api/products',
    deliveryProduct({ price: 9_000, is_delivery: false, display_remaining: -1, ...overrides }),
    owner.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; price: number };
}

/** Pays for the product with points (confirmed at once), as the browser does; answers the order id. */
async function buy(buyer: Person, product: { id: number; price: number }, world: World = w) {
  await app.db.transaction((tx) =>
    creditTopup(tx, world.tenant.id, { userId: buyer.user.id, amount: product.price, paymentId: `seed-${++topups}` }),
  );
  const prepared = await world.call(
    'POST',
    '/api/payment/prepare',
    { ...buyerFields, product_id: product.id, qty: 1, amount: product.price, points_used: product.price },
    buyer.token,
  );
  expect(prepared.statusCode, prepared.body).toBe(200);
  const paid = await world.call(
    'POST',
    '/api/payment/callback',
    { merchant_uid: prepared.json().merchant_uid, status: 'paid' },
    buyer.token,
  );
  expect(paid.statusCode, paid.body).toBe(200);
  return prepared.json().order_id as number;
}

async function buyer(product: { id: number; price: number }) {
  const person = await w.signIn('customer');
  await buy(person, product);
  return person;
}

async function write(person: Person, productId: number, body: object = goodReview, world: World = w) {
  const res = await world.call('POST', `/api/reviews/product/${productId}`, body, person.token);
  expect(res.statusCode, res.body).toBe(201);
  return reviewSchema.parse(res.json());
}

const stats = async (productId: number) =>
  reviewStatsSchema.parse((await w.call('GET', `/api/reviews/product/${productId}/stats`)).json());
const list = async (productId: number, query = '', token?: string) => {
  const res = await w.call('GET', `/api/reviews/product/${productId}${query}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return reviewListSchema.parse(res.json());
};

function uploadImage(person: Person, reviewId: number, data: Buffer, filename = 'photo.jpg', world: World = w) {
  const body = multipartBody({ data, filename, contentType: 'image/jpeg' });
  return app.inject({
    method: 'POST',
    url: `/api/reviews/${reviewId}/images`,
    headers: { host: world.host, authorization: `Bearer ${person.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('writing a review is for buyers, once per product', () => {
  it('refuses a user without a paid order, then accepts the buyer, and refuses a second review', async () => {
    const soup = await newProduct();
    const visitor = await w.signIn('customer');
    const refused = await w.call('POST', `/api/reviews/product/${soup.id}`, goodReview, visitor.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: reviewMessages.notPurchased, code: 'not_purchased' });
    const gate = await w.call('GET', `/api/reviews/product/${soup.id}/eligibility`, undefined, visitor.token);
    expect(reviewEligibilitySchema.parse(gate.json())).toEqual({
      has_purchased: false,
      review_id: null,
      can_write: false,
    });

    await buy(visitor, soup);
    const before = reviewEligibilitySchema.parse(
      (await w.call('GET', `/api/reviews/product/${soup.id}/eligibility`, undefined, visitor.token)).json(),
    );
    expect(before).toEqual({ has_purchased: true, review_id: null, can_write: true });

    const review = await write(visitor, soup.id);
    expect(review).toMatchObject({
      product_id: soup.id,
      user_id: visitor.user.id,
      user: { id: visitor.user.id, username: visitor.user.username },
      rating: 5,
      title: '정말 맛있어요',
      content: goodReview.content,
      helpful_count: 0,
      is_helpful_by_current_user: false,
      media: [],
      product: { id: soup.id, title: '한우 불고기 도시락', price: 9_000 },
    });
    const after = reviewEligibilitySchema.parse(
      (await w.call('GET', `/api/reviews/product/${soup.id}/eligibility`, undefined, visitor.token)).json(),
    );
    expect(after).toEqual({ has_purchased: true, review_id: review.id, can_write: false });
    // The product's list shows it with the same product card as the answer to the write.
    const listed = reviewListSchema.parse((await w.call('GET', `/api/reviews/product/${soup.id}`)).json());
    expect(listed.reviews.map((r) => [r.id, r.product])).toEqual([[review.id, review.product]]);

    // Both spellings of the write call refuse the second review.
    for (const path of [`/api/reviews/product/${soup.id}`, `/api/products/${soup.id}/reviews`]) {
      const again = await w.call('POST', path, { ...goodReview, rating: 1 }, visitor.token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: reviewMessages.alreadyReviewed, code: 'already_reviewed' });
    }
    expect((await stats(soup.id)).total_count).toBe(1);
  });

  it('refuses a buyer whose only order was cancelled or refunded, and a merchant of the product', async () => {
    const soup = await newProduct();
    const person = await w.signIn('customer');
    const orderId = await buy(person, soup);
    const cancelled = await w.call('POST', `/api/delivery/orders/${orderId}/cancel`, {}, person.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const res = await w.call('POST', `/api/products/${soup.id}/reviews`, goodReview, person.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_purchased');
    const refundedBuyer = await w.signIn('customer');
    const refund = { order_id: await buy(refundedBuyer, soup), status: 'REFUNDED' };
    const refunded = await w.call('PUT', '/api/delivery/status', refund, seller.token);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const late = await w.call('POST', `/api/products/${soup.id}/reviews`, goodReview, refundedBuyer.token);
    expect(late.statusCode).toBe(403);
    expect(late.json().code).toBe('not_purchased');
    const own = await w.call('POST', `/api/products/${soup.id}/reviews`, goodReview, seller.token);
    expect(own.statusCode).toBe(403);
  });

  it('does not unlock a review with an unpaid order: awaiting payment, failed or expired', async () => {
    const soup = await newProduct();
    const person = await w.signIn('customer');
    const refusedNow = async (label: string) => {
      const status = await w.call('GET', `/api/products/${soup.id}/purchase-status`, undefined, person.token);
      expect(status.json(), label).toEqual({ has_purchased: false });
      const gate = await w.call('GET', `/api/reviews/product/${soup.id}/eligibility`, undefined, person.token);
      expect(reviewEligibilitySchema.parse(gate.json()), label).toMatchObject({
        has_purchased: false,
        can_write: false,
      });
      const res = await w.call('POST', `/api/reviews/product/${soup.id}`, goodReview, person.token);
      expect(res.statusCode, label).toBe(403);
      expect(res.json().code, label).toBe('not_purchased');
    };
    const prepare = () =>
      w.call(
        'POST',
        '/api/payment/prepare',
        { ...buyerFields, product_id: soup.id, qty: 1, amount: soup.price },
        person.token,
      );
    // awaiting payment: the card window is open, nothing is paid
    const awaiting = await prepare();
    expect(awaiting.statusCode, awaiting.body).toBe(200);
    await refusedNow('awaiting payment');
    // failed: the buyer closed the window
    const closed = await w.call(
      'POST',
      '/api/payment/callback',
      { merchant_uid: awaiting.json().merchant_uid, status: 'cancelled' },
      person.token,
    );
    expect(closed.statusCode).toBe(400);
    await refusedNow('failed');
    // expired: never paid, closed by the reconciliation job
    expect((await prepare()).statusCode).toBe(200);
    await app.payments.reconcile({ now: new Date(Date.now() + 24 * 60 * 60_000), tenantIds: [w.tenant.id] });
    await refusedNow('expired');
    expect((await stats(soup.id)).total_count).toBe(0);
  });

  it('lets a signed-out visitor read but not write (401), and answers 404 for a missing or deleted product', async () => {
    const soup = await newProduct();
    expect((await w.call('POST', `/api/reviews/product/${soup.id}`, goodReview)).statusCode).toBe(401);
    expect((await w.call('GET', `/api/reviews/product/${soup.id}`)).statusCode).toBe(200);
    expect((await w.call('GET', '/api/reviews/product/999999')).statusCode).toBe(404);
    const person = await buyer(soup);
    await w.call('DELETE', `/api/products/${soup.id}`, undefined, seller.token);
    const res = await w.call('POST', `/api/reviews/product/${soup.id}`, goodReview, person.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('product_not_found');
  });

  it('accepts one of ten identical submissions sent at once', async () => {
    const soup = await newProduct();
    const person = await buyer(soup);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => w.call('POST', `/api/reviews/product/${soup.id}`, goodReview, person.token)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, ...Array(9).fill(409)]);
    expect(await stats(soup.id)).toMatchObject({ total_count: 1, average_rating: 5 });
  });
});

describe('a review whose purchase was cancelled or refunded', () => {
  const product = async (id: number) => productDetailSchema.parse((await w.call('GET', `/api/products/${id}`)).json());
  const own = async (person: Person) =>
    reviewListSchema.parse((await w.call('GET', '/api/reviews/my-reviews', undefined, person.token)).json());
  const publicList = async (person: Person) =>
    reviewListSchema.parse((await w.call('GET', `/api/reviews/user/${person.user.id}`)).json());

  it("leaves the product's list and figures once its only purchase is cancelled, and stays the author's", async () => {
    const soup = await newProduct();
    const steady = await buyer(soup);
    await write(steady, soup.id, { ...goodReview, rating: 5 });
    const fickle = await w.signIn('customer');
    const orderId = await buy(fickle, soup);
    const review = await write(fickle, soup.id, { ...goodReview, rating: 1 });
    expect(await stats(soup.id)).toMatchObject({ total_count: 2, average_rating: 3 });

    const cancelled = await w.call('POST', `/api/delivery/orders/${orderId}/cancel`, {}, fickle.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stats(soup.id)).toEqual({
      total_count: 1,
      average_rating: 5,
      rating_distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
    });
    expect((await list(soup.id)).reviews.map((r) => r.id)).not.toContain(review.id);
    expect((await list(soup.id)).total).toBe(1);
    expect(await product(soup.id)).toMatchObject({ rating_count: 1, rating_average: 5 });
    // others no longer see it; the author still finds it (and may delete it)
    expect(await publicList(fickle)).toMatchObject({ total: 0, reviews: [] });
    expect((await own(fickle)).reviews.map((r) => r.id)).toEqual([review.id]);
    const gate = await w.call('GET', `/api/reviews/product/${soup.id}/eligibility`, undefined, fickle.token);
    expect(gate.json()).toEqual({ has_purchased: false, review_id: review.id, can_write: false });
    const removed = await w.call('DELETE', `/api/reviews/${review.id}`, undefined, fickle.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await stats(soup.id)).total_count).toBe(1);
  });

  it('stays while another purchase of the product holds, leaves with the last refund, and counts again after buying again', async () => {
    const soup = await newProduct();
    const person = await w.signIn('customer');
    const first = await buy(person, soup);
    const second = await buy(person, soup);
    const review = await write(person, soup.id, { ...goodReview, rating: 2 });
    const refund = (orderId: number) =>
      w.call('PUT', '/api/delivery/status', { order_id: orderId, status: 'REFUNDED' }, seller.token);
    expect((await refund(first)).statusCode).toBe(200);
    expect(await stats(soup.id)).toMatchObject({ total_count: 1, average_rating: 2 });
    expect((await refund(second)).statusCode).toBe(200);
    expect(await stats(soup.id)).toMatchObject({ total_count: 0, average_rating: 0 });
    expect(await product(soup.id)).toMatchObject({ rating_count: 0 });

    // bought again: the review counts again once its author stands by it (an edit)
    await buy(person, soup);
    const edited = await w.call('PUT', `/api/reviews/${review.id}`, { ...goodReview, rating: 4 }, person.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stats(soup.id)).toMatchObject({ total_count: 1, average_rating: 4 });
    expect((await list(soup.id)).reviews.map((r) => r.id)).toEqual([review.id]);
    expect(await product(soup.id)).toMatchObject({ rating_count: 1, rating_average: 4 });
  });
});

describe('validation', () => {
  it.each([
    [{ ...goodReview, rating: undefined }, reviewMessages.ratingRequired],
    [{ ...goodReview, rating: 0 }, reviewMessages.ratingRequired],
    [{ ...goodReview, rating: 6 }, reviewMessages.ratingRange],
    [{ ...goodReview, rating: 4.5 }, reviewMessages.ratingRange],
    [{ ...goodReview, rating: '5' }, reviewMessages.ratingRange],
    [{ ...goodReview, content: undefined }, reviewMessages.contentRequired],
    [{ ...goodReview, content: '   ' }, reviewMessages.contentRequired],
    [{ ...goodReview, content: '맛있어요 최고  ' }, reviewMessages.contentTooShort],
    [{ ...goodReview, content: '가'.repeat(1001) }, reviewMessages.contentTooLong],
    [{ ...goodReview, title: '제'.repeat(101) }, reviewMessages.titleTooLong],
  ])('%j answers 400 with the spec message and writes nothing', async (body, message) => {
    const soup = await newProduct();
    const person = await buyer(soup);
    const res = await w.call('POST', `/api/reviews/product/${soup.id}`, body, person.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ detail: message, code: 'validation_error' });
    expect((await stats(soup.id)).total_count).toBe(0);
  });

  it('refuses NUL in the text (400) and writes nothing', async () => {
    const soup = await newProduct();
    const person = await buyer(soup);
    const body = { ...goodReview, content: '정말 맛있어요\u0000 또 주문할게요' };
    const res = await w.call('POST', `/api/reviews/product/${soup.id}`, body, person.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_text');
    expect((await stats(soup.id)).total_count).toBe(0);
  });

  it('keeps the limits exactly: 10 and 1,000 characters of content, 100 of title; a blank title is none', async () => {
    const soup = await newProduct();
    const a = await write(await buyer(soup), soup.id, { rating: 3, title: '  ', content: '가'.repeat(10) });
    expect(a.title).toBeNull();
    const b = await write(await buyer(soup), soup.id, {
      rating: 3,
      title: '제'.repeat(100),
      content: `  ${'나'.repeat(1000)}  `,
    });
    expect(b.content).toBe('나'.repeat(1000));
    expect(b.title).toHaveLength(100);
  });
});

describe('edit and delete', () => {
  it('lets only the author edit and delete; the figures follow', async () => {
    const soup = await newProduct();
    const author = await buyer(soup);
    const other = await buyer(soup);
    const mine = await write(author, soup.id, { ...goodReview, rating: 2 });
    const theirs = await write(other, soup.id, { ...goodReview, rating: 4 });
    expect(await stats(soup.id)).toEqual({
      total_count: 2,
      average_rating: 3,
      rating_distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 },
    });

    const edit = { rating: 5, title: '다시 먹어보니', content: '두 번째 주문은 훨씬 맛있었어요. 별점 올립니다.' };
    for (const token of [other.token, seller.token]) {
      const res = await w.call('PUT', `/api/reviews/${mine.id}`, edit, token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: reviewMessages.editForbidden, code: 'not_author' });
      const del = await w.call('DELETE', `/api/reviews/${mine.id}`, undefined, token);
      expect(del.statusCode).toBe(403);
      expect(del.json().detail).toBe(reviewMessages.deleteForbidden);
    }
    expect((await w.call('PUT', `/api/reviews/${mine.id}`, edit)).statusCode).toBe(401);

    const edited = await w.call('PUT', `/api/reviews/${mine.id}`, edit, author.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(reviewSchema.parse(edited.json())).toMatchObject({ id: mine.id, rating: 5, title: '다시 먹어보니' });
    expect(await stats(soup.id)).toEqual({
      total_count: 2,
      average_rating: 4.5,
      rating_distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
    });
    // Cards and the product page show the same figures at once (their cached answers are dropped).
    const detail = productDetailSchema.parse((await w.call('GET', `/api/products/${soup.id}`)).json());
    expect(detail).toMatchObject({ rating_average: 4.5, rating_count: 2 });
    expect(detail.reviews.map((r) => r.rating).sort()).toEqual([4, 5]);

    const removed = await w.call('DELETE', `/api/reviews/${theirs.id}`, undefined, other.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await stats(soup.id)).toEqual({
      total_count: 1,
      average_rating: 5,
      rating_distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
    });
    const cards = productListSchema.parse(
      (await w.call('GET', `/api/products?merchant_id=${detail.merchant.id}&size=100`)).json(),
    );
    expect(cards.products.find((p) => p.id === soup.id)).toMatchObject({ rating_average: 5, rating_count: 1 });
    expect((await w.call('DELETE', `/api/reviews/${theirs.id}`, undefined, other.token)).statusCode).toBe(404);
    // The buyer whose review is gone may write again.
    await write(other, soup.id, { ...goodReview, rating: 1 });
    expect((await stats(soup.id)).rating_distribution).toEqual({ 1: 1, 2: 0, 3: 0, 4: 0, 5: 1 });
  });

  it('keeps the figures exact when many buyers review one product at once', async () => {
    const soup = await newProduct();
    const people = await Promise.all(Array.from({ length: 12 }, () => buyer(soup)));
    const written = await Promise.all(
      people.map((p, i) =>
        w.call('POST', `/api/reviews/product/${soup.id}`, { ...goodReview, rating: (i % 5) + 1 }, p.token),
      ),
    );
    expect(written.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    const ids = written.map((r) => r.json().id as number);
    await Promise.all([
      ...people
        .slice(0, 4)
        .map((p, i) => w.call('PUT', `/api/reviews/${ids[i]}`, { ...goodReview, rating: 5 }, p.token)),
      ...people.slice(4, 7).map((p, i) => w.call('DELETE', `/api/reviews/${ids[i + 4]}`, undefined, p.token)),
    ]);
    // Left: 1-4 now 5 stars; 5,6,7 deleted; 8..12 as written (ratings 3,4,5,1,2).
    expect(await stats(soup.id)).toEqual({
      total_count: 9,
      average_rating: Math.round(((4 * 5 + 3 + 4 + 5 + 1 + 2) / 9) * 10) / 10,
      rating_distribution: { 1: 1, 2: 1, 3: 1, 4: 1, 5: 5 },
    });
    expect((await list(soup.id, '?limit=50')).total).toBe(9);
  });
});

describe('lists and sorts', () => {
  it('sorts newest, oldest, by rating and by helpful votes, ties broken by id, in pages of 10', async () => {
    const soup = await newProduct();
    const people = [];
    for (let i = 0; i < 12; i++) people.push(await buyer(soup));
    const ratings = [3, 5, 1, 5, 4, 2, 3, 5, 1, 4, 2, 3];
    const reviews: Review[] = [];
    for (const [i, p] of people.entries()) reviews.push(await write(p, soup.id, { ...goodReview, rating: ratings[i] }));
    // Three votes for the 3rd review, two for the 7th, one for the 10th.
    const voters = await Promise.all(Array.from({ length: 3 }, () => w.signIn('customer')));
    for (const [reviewIndex, votes] of [
      [2, 3],
      [6, 2],
      [9, 1],
    ] as const) {
      for (const v of voters.slice(0, votes)) {
        const res = await w.call('POST', `/api/reviews/${reviews[reviewIndex]?.id}/helpful`, undefined, v.token);
        expect(res.statusCode, res.body).toBe(200);
      }
    }
    const ids = reviews.map((r) => r.id);
    const byId = new Map(reviews.map((r) => [r.id, r]));
    const all = async (sort: string) => {
      const first = await list(soup.id, `?sort_by=${sort}`);
      expect(first.reviews).toHaveLength(10);
      expect(first).toMatchObject({ total: 12, skip: 0, limit: 10, has_more: true });
      const second = await list(soup.id, `?sort_by=${sort}&skip=10`);
      expect(second).toMatchObject({ has_more: false });
      return [...first.reviews, ...second.reviews].map((r) => r.id);
    };
    expect(await all('newest')).toEqual([...ids].reverse());
    expect(await all('oldest')).toEqual(ids);
    const rating = (id: number) => byId.get(id)?.rating ?? 0;
    expect(await all('highest_rating')).toEqual([...ids].sort((a, b) => rating(b) - rating(a) || b - a));
    expect(await all('lowest_rating')).toEqual([...ids].sort((a, b) => rating(a) - rating(b) || b - a));
    const votes = new Map([
      [ids[2], 3],
      [ids[6], 2],
      [ids[9], 1],
    ]);
    expect(await all('most_helpful')).toEqual(
      [...ids].sort((a, b) => (votes.get(b) ?? 0) - (votes.get(a) ?? 0) || b - a),
    );
    // The product's own list: newest first with skip/limit, default 10.
    const productList = reviewListSchema.parse((await w.call('GET', `/api/products/${soup.id}/reviews`)).json());
    expect(productList.reviews.map((r) => r.id)).toEqual([...ids].reverse().slice(0, 10));
    expect((await w.call('GET', `/api/reviews/product/${soup.id}?sort_by=best`)).statusCode).toBe(400);
    expect((await w.call('GET', `/api/reviews/product/${soup.id}?limit=51`)).statusCode).toBe(400);
    // A reader's own votes come with the signed-in list.
    const seen = await list(soup.id, '?sort_by=most_helpful', voters[0]?.token);
    expect(seen.reviews.filter((r) => r.is_helpful_by_current_user).map((r) => r.id)).toEqual([ids[2], ids[6], ids[9]]);
  });

  it('lists a user’s reviews and my own, newest first, with the product', async () => {
    const [soup, bread] = [await newProduct(), await newProduct(w, seller, { title: '우리밀 통밀 식빵' })];
    const person = await w.signIn('customer');
    await buy(person, soup);
    await buy(person, bread);
    const first = await write(person, soup.id, { ...goodReview, rating: 4 });
    const second = await write(person, bread.id, { ...goodReview, rating: 2 });
    const mine = reviewListSchema.parse(
      (await w.call('GET', '/api/reviews/my-reviews', undefined, person.token)).json(),
    );
    expect(mine.reviews.map((r) => [r.id, r.product.title])).toEqual([
      [second.id, '우리밀 통밀 식빵'],
      [first.id, '한우 불고기 도시락'],
    ]);
    expect(mine.total).toBe(2);
    const theirs = reviewListSchema.parse((await w.call('GET', `/api/reviews/user/${person.user.id}?limit=1`)).json());
    expect(theirs).toMatchObject({ total: 2, has_more: true });
    expect(theirs.reviews.map((r) => r.id)).toEqual([second.id]);
    expect((await w.call('GET', '/api/reviews/my-reviews')).statusCode).toBe(401);
    expect((await w.call('GET', '/api/reviews/user/999999')).statusCode).toBe(404);
  });
});

describe('helpful votes', () => {
  it('toggles one vote per user, even for 50 toggles at once, and refuses the author and visitors', async () => {
    const soup = await newProduct();
    const author = await buyer(soup);
    const review = await write(author, soup.id);
    const reader = await w.signIn('customer');

    const on = await w.call('POST', `/api/reviews/${review.id}/helpful`, undefined, reader.token);
    expect(reviewHelpfulSchema.parse(on.json())).toEqual({ review_id: review.id, is_helpful: true, helpful_count: 1 });
    const status = await w.call('GET', `/api/reviews/${review.id}/helpful/status`, undefined, reader.token);
    expect(status.json()).toEqual({ review_id: review.id, is_helpful: true, helpful_count: 1 });
    const off = await w.call('POST', `/api/reviews/${review.id}/helpful`, undefined, reader.token);
    expect(off.json()).toEqual({ review_id: review.id, is_helpful: false, helpful_count: 0 });

    const burst = await Promise.all(
      Array.from({ length: 50 }, () => w.call('POST', `/api/reviews/${review.id}/helpful`, undefined, reader.token)),
    );
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    // 50 toggles from "off" end "off", and each answer is a state the count agrees with.
    const states = burst.map((r) => reviewHelpfulSchema.parse(r.json()));
    expect(states.every((s) => s.helpful_count === (s.is_helpful ? 1 : 0))).toBe(true);
    expect(states.filter((s) => s.is_helpful)).toHaveLength(25);
    const after = await w.call('GET', `/api/reviews/${review.id}/helpful/status`, undefined, reader.token);
    expect(after.json()).toEqual({ review_id: review.id, is_helpful: false, helpful_count: 0 });

    // Many readers at once: the count is the number of votes.
    const readers = await Promise.all(Array.from({ length: 8 }, () => w.signIn('customer')));
    await Promise.all(readers.map((r) => w.call('POST', `/api/reviews/${review.id}/helpful`, undefined, r.token)));
    expect((await w.call('GET', `/api/reviews/${review.id}/helpful/status`)).json()).toEqual({
      review_id: review.id,
      is_helpful: false,
      helpful_count: 8,
    });

    const own = await w.call('POST', `/api/reviews/${review.id}/helpful`, undefined, author.token);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: reviewMessages.ownReviewHelpful, code: 'own_review' });
    expect((await w.call('POST', `/api/reviews/${review.id}/helpful`)).statusCode).toBe(401);
    expect((await w.call('POST', '/api/reviews/999999/helpful', undefined, reader.token)).statusCode).toBe(404);
  });
});

describe('review images', () => {
  it('re-encodes up to five images of the author, refuses others, and removes them with the review', async () => {
    const soup = await newProduct();
    const author = await buyer(soup);
    const review = await write(author, soup.id);

    const first = await uploadImage(author, review.id, png, 'bowl.jpg');
    expect(first.statusCode, first.body).toBe(201);
    const media = reviewMediaSchema.parse(first.json());
    expect(media.file_path).toMatch(/^\/api\/media\/tenants\/\d+\/reviews\/\d+\/[\w-]+-display\.webp$/);
    const served = await w.call('GET', media.file_path);
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();

    const other = await buyer(soup);
    const stranger = await uploadImage(other, review.id, png);
    expect(stranger.statusCode).toBe(403);
    const heic = await uploadImage(author, review.id, heicBytes(), 'IMG_0001.jpg');
    expect(heic.statusCode).toBe(415);
    expect(heic.json().code).toBe('heic_not_supported');
    const text = await uploadImage(author, review.id, Buffer.from('리뷰 사진인 척하는 글'.repeat(300)), 'a.png');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ detail: reviewMessages.imageOnly, code: 'unsupported_media_type' });
    const big = await uploadImage(author, review.id, Buffer.concat([png, Buffer.alloc(REVIEW_IMAGE_BYTES_MAX)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ detail: reviewMessages.imageTooLarge, code: 'file_too_large' });

    // Four more at once reach five; a sixth is refused.
    const more = await Promise.all([1, 2, 3, 4, 5].map(() => uploadImage(author, review.id, png)));
    expect(more.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 400]);
    const sixth = await uploadImage(author, review.id, png);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual({ detail: reviewMessages.imagesMax, code: 'too_many_images' });
    const shown = (await list(soup.id)).reviews.find((r) => r.id === review.id);
    expect(shown?.media).toHaveLength(5);

    const strangerDelete = await w.call(
      'DELETE',
      `/api/reviews/${review.id}/images/${media.id}`,
      undefined,
      other.token,
    );
    expect(strangerDelete.statusCode).toBe(403);
    const removed = await w.call('DELETE', `/api/reviews/${review.id}/images/${media.id}`, undefined, author.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(reviewSchema.parse(removed.json()).media.map((m) => m.id)).not.toContain(media.id);
    expect((await w.call('GET', media.file_path)).statusCode).toBe(404);
    expect(
      (await w.call('DELETE', `/api/reviews/${review.id}/images/${media.id}`, undefined, author.token)).statusCode,
    ).toBe(404);

    const rest = reviewSchema.parse(removed.json()).media;
    await w.call('DELETE', `/api/reviews/${review.id}`, undefined, author.token);
    for (const m of rest) expect((await w.call('GET', m.file_path)).statusCode).toBe(404);
  });
});

describe('tenants and the reviews feature', () => {
  it('answers 404 for another tenant’s product, review and image on every call', async () => {
    const soup = await newProduct();
    const author = await buyer(soup);
    const review = await write(author, soup.id);
    const image = reviewMediaSchema.parse((await uploadImage(author, review.id, png)).json());

    const other = await catalogueTenant(app);
    const stranger = await other.signIn('customer');
    const calls: [string, string, object?][] = [
      ['GET', `/api/products/${soup.id}/reviews`],
      ['POST', `/api/products/${soup.id}/reviews`, goodReview],
      ['GET', `/api/reviews/product/${soup.id}`],
      ['GET', `/api/reviews/product/${soup.id}/stats`],
      ['GET', `/api/reviews/product/${soup.id}/eligibility`],
      ['POST', `/api/reviews/product/${soup.id}`, goodReview],
      ['PUT', `/api/reviews/${review.id}`, goodReview],
      ['DELETE', `/api/reviews/${review.id}`],
      ['POST', `/api/reviews/${review.id}/helpful`],
      ['GET', `/api/reviews/${review.id}/helpful/status`],
      ['DELETE', `/api/reviews/${review.id}/images/${image.id}`],
      ['GET', `/api/reviews/user/${author.user.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await other.call(method as 'GET', url, body, stranger.token);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    const upload = await uploadImage(stranger, review.id, png, 'x.jpg', other);
    expect(upload.statusCode).toBe(404);
    // Nothing changed at home.
    const still = (await list(soup.id)).reviews.find((r) => r.id === review.id);
    expect(still).toMatchObject({ helpful_count: 0, media: [{ id: image.id }] });
  });

  it('answers every review call 404 feature_disabled while the tenant’s reviews are off', async () => {
    const t = await catalogueTenant(app);
    const owner = await t.signIn('merchant');
    const soup = await newProduct(t, owner);
    const person = await t.signIn('customer');
    await buy(person, soup, t);
    const review = await write(person, soup.id, goodReview, t);
    const admin = await createUser(app.db, t.tenant.id, { admin: true });
    const adminToken = await accountsClient(app, t.host).token(admin.user.email, DEFAULT_PASSWORD);
    const switched = await t.call(
      'PUT',
      `/api/tenant/${t.tenant.id}/features`,
      { features: { reviews: false } },
      adminToken,
    );
    expect(switched.statusCode, switched.body).toBe(200);
    const calls: [string, string, object?][] = [
      ['GET', `/api/products/${soup.id}/reviews`],
      ['POST', `/api/products/${soup.id}/reviews`, goodReview],
      ['GET', `/api/reviews/product/${soup.id}`],
      ['GET', `/api/reviews/product/${soup.id}/stats`],
      ['GET', `/api/reviews/product/${soup.id}/eligibility`],
      ['POST', `/api/reviews/product/${soup.id}`, goodReview],
      ['PUT', `/api/reviews/${review.id}`, goodReview],
      ['DELETE', `/api/reviews/${review.id}`],
      ['POST', `/api/reviews/${review.id}/helpful`],
      ['GET', `/api/reviews/${review.id}/helpful/status`],
      ['POST', `/api/reviews/${review.id}/images`],
      ['DELETE', `/api/reviews/${review.id}/images/1`],
      ['GET', `/api/reviews/user/${person.user.id}`],
      ['GET', '/api/reviews/my-reviews'],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.call(method as 'GET', url, body, person.token);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('feature_disabled');
    }
  });
});
