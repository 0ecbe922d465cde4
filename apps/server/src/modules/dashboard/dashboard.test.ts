import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  commentGroupsSchema,
  dashboardAnnouncementsSchema,
  dashboardCommentsSchema,
  dashboardContentsSchema,
  dashboardMessages,
  dashboardProductsSchema,
  dashboardProfileAnswerSchema,
  dashboardProfileUpdateAnswerSchema,
  dashboardReviewsSchema,
  dashboardStatsSchema,
  dashboardSummarySchema,
  PROFILE_IMAGE_BYTES_MAX,
  profileImageAnswerSchema,
  recentActivitySchema,
  userSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../seed/factories.js';
import {
  buildCatalogueTestApp,
  catalogueTenant,
  deliveryProduct,
  multipartBody,
} from '../catalogue/catalogue.test-helpers.js';
import { postMedia, posts } from '../content/content.schema.js';
import { reviewMedia, reviews } from '../reviews/reviews.schema.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;

const DAY = 24 * 60 * 60 * 1000;
let app: FastifyInstance;
let localDir: string;
let w: World;
let other: World;
let png: Buffer;

beforeAll(async () => {
  localDir = (await import('node:fs')).mkdtempSync(join((await import('node:os')).tmpdir(), 'dashboard-test-'));
  app = await buildCatalogueTestApp({ rateLimits: false, storage: { driver: 'local', localDir } });
  w = await catalogueTenant(app);
  other = await catalogueTenant(app);
  png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#81b29a' } })
    .png()
    .toBuffer();
});
afterAll(() => app.close());

async function get(world: World, url: string, token?: string) {
  return world.call('GET', url, undefined, token);
}

/** A post of `author`, `daysAgo` old, with optional media rows and counters. */
async function post(
  world: World,
  author: Person,
  opts: {
    title?: string;
    daysAgo?: number;
    video?: boolean;
    media?: number;
    likes?: number;
    announcement?: boolean;
  } = {},
) {
  const [row] = await app.db
    .insert(posts)
    .values({
      tenantId: world.tenant.id,
      authorId: author.user.id,
      title: opts.title ?? '게시글',
      content: '본문입니다',
      hasVideo: opts.video ?? false,
      isAnnouncement: opts.announcement ?? false,
      likesCount: opts.likes ?? 0,
      createdAt: new Date(Date.now() - (opts.daysAgo ?? 0) * DAY),
    })
    .returning();
  const id = (row as { id: number }).id;
  for (let i = 0; i < (opts.media ?? 0); i++) {
    const video = opts.video && i === 0;
    await app.db.insert(postMedia).values({
      tenantId: world.tenant.id,
      postId: id,
      mediaType: video ? 'video' : 'image',
      fileKey: `tenants/${world.tenant.id}/posts/${id}/${i}.${video ? 'mp4' : 'webp'}`,
      thumbnailKey: `tenants/${world.tenant.id}/posts/${id}/${i}-thumb.webp`,
      fileName: `${i}.webp`,
      contentType: video ? 'video/mp4' : 'image/webp',
      sizeBytes: 100,
      sortOrder: i,
    });
  }
  return id;
}

async function comment(world: World, person: Person, postId: number, content: string, parentId?: number) {
  const res = await world.call(
    'POST',
    `/api/content/posts/${postId}/comments`,
    { content, ...(parentId ? { parent_id: parentId } : {}) },
    person.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

function uploadImage(world: World, person: Person, data: Buffer, filename = 'me.png', contentType = 'image/png') {
  const body = multipartBody({ data, filename, contentType, field: 'profile_image' });
  return app.inject({
    method: 'POST',
    url: '/api/dashboard/profile/image',
    headers: { host: world.host, authorization: `Bearer ${person.token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const keyOf = (url: string) => url.replace(/^\/api\/media\//, '');

describe('sign-in, roles and features', () => {
  it('answers 401 to every call signed out', async () => {
    for (const path of [
      'profile',
      'stats',
      'summary',
      'recent-activity',
      'contents',
      'comments',
      'my-comments',
      'announcements',
      'my-announcements',
      'reviews',
      'products',
    ]) {
      const res = await get(w, `/api/dashboard/${path}`);
      expect(res.statusCode, path).toBe(401);
      expect(res.json().code).toBe('unauthorized');
    }
    expect((await w.call('PUT', '/api/dashboard/profile', { username: '누구' })).statusCode).toBe(401);
    expect((await w.call('DELETE', '/api/dashboard/profile/image')).statusCode).toBe(401);
  });

  it('keeps merchant calls to merchants (403 merchant_only) and answers 404 with a feature off', async () => {
    const customer = await w.signIn('customer');
    for (const path of ['my-announcements', 'products']) {
      const res = await get(w, `/api/dashboard/${path}`, customer.token);
      expect(res.statusCode, path).toBe(403);
      expect(res.json()).toEqual({ detail: dashboardMessages.merchantOnly, code: 'merchant_only' });
    }
    const off = await catalogueTenant(app, {
      features: { ...allFeatures(), content: false, reviews: false, shopping: false, delivery: false },
    });
    const seller = await off.signIn('merchant');
    for (const path of [
      'contents',
      'comments',
      'my-comments',
      'announcements',
      'my-announcements',
      'reviews',
      'products',
    ]) {
      const res = await get(off, `/api/dashboard/${path}`, seller.token);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code).toBe('feature_disabled');
    }
    // The merchant switch turns off the merchant dashboard's products tab, and only that.
    const noMerchant = await catalogueTenant(app, { features: { ...allFeatures(), merchant: false } });
    const shopkeeper = await noMerchant.signIn('merchant');
    const closed = await get(noMerchant, '/api/dashboard/products', shopkeeper.token);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().code).toBe('feature_disabled');
    for (const path of ['contents', 'my-announcements', 'reviews']) {
      expect((await get(noMerchant, `/api/dashboard/${path}`, shopkeeper.token)).statusCode, path).toBe(200);
    }
    // The profile and the figures stay.
    expect((await get(off, '/api/dashboard/profile', seller.token)).statusCode).toBe(200);
    const activity = recentActivitySchema.parse(
      (await get(off, '/api/dashboard/recent-activity', seller.token)).json(),
    );
    expect(activity.activities).toEqual([]);
  });

  it('refuses bad paging with 400', async () => {
    const seller = await w.signIn('merchant');
    for (const q of ['limit=0', 'limit=51', 'offset=-1', 'offset=100001', 'content_type=audio', 'sort=best']) {
      expect((await get(w, `/api/dashboard/contents?${q}`, seller.token)).statusCode, q).toBe(400);
    }
    expect((await get(w, '/api/dashboard/products?limit=101', seller.token)).statusCode).toBe(400);
    expect((await get(w, '/api/dashboard/products?limit=100', seller.token)).statusCode).toBe(200);
  });
});

describe('profile', () => {
  it('answers the profile, business number as ddd-dd-ddddd for merchants and null fields for customers', async () => {
    const seller = await w.signIn('merchant', '양평해장국집');
    const profile = dashboardProfileAnswerSchema.parse(
      (await get(w, '/api/dashboard/profile', seller.token)).json(),
    ).profile;
    expect(profile).toMatchObject({
      id: seller.user.id,
      username: seller.user.username,
      email: seller.user.email,
      user_type: 'merchant',
      business_name: '양평해장국집',
      profile_image: null,
    });
    expect(profile.business_number).toMatch(/^\d{3}-\d{2}-\d{5}$/);
    const customer = await w.signIn('customer');
    const mine = dashboardProfileAnswerSchema.parse((await get(w, '/api/dashboard/profile', customer.token)).json());
    expect(mine.profile).toMatchObject({
      user_type: 'customer',
      business_name: null,
      business_number: null,
      business_description: null,
    });
  });

  it('changes only the fields sent and answers the session user', async () => {
    const seller = await w.signIn('merchant', '첫 가게');
    const res = await w.call(
      'PUT',
      '/api/dashboard/profile',
      { phone: '010-9876-5432', business_number: '123-45-67890', business_description: '새벽까지 영업합니다' },
      seller.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = dashboardProfileUpdateAnswerSchema.parse(res.json());
    expect(answer.profile).toMatchObject({
      username: seller.user.username,
      phone: '01098765432',
      address: seller.user.address,
      business_name: '첫 가게',
      business_number: '123-45-67890',
      business_description: '새벽까지 영업합니다',
    });
    const me = userSchema.parse((await get(w, '/api/auth/me', seller.token)).json());
    expect(answer.user).toEqual(me);
    expect(me.merchant?.business_number).toBe('1234567890');

    // The postcode goes with the address, on the profile and in the session's user.
    const zip = dashboardProfileUpdateAnswerSchema.parse(
      (await w.call('PUT', '/api/dashboard/profile', { postcode: '04524' }, seller.token)).json(),
    );
    expect(zip.profile.postcode).toBe('04524');
    expect(zip.user.postcode).toBe('04524');
    const blank = await w.call('PUT', '/api/dashboard/profile', { postcode: '' }, seller.token);
    expect(dashboardProfileUpdateAnswerSchema.parse(blank.json()).profile.postcode).toBeNull();
    expect((await w.call('PUT', '/api/dashboard/profile', { postcode: '4524' }, seller.token)).statusCode).toBe(400);

    // Only the username now: everything else stays.
    const again = dashboardProfileUpdateAnswerSchema.parse(
      (await w.call('PUT', '/api/dashboard/profile', { username: '새이름가게' }, seller.token)).json(),
    );
    expect(again.profile).toEqual({ ...answer.profile, username: '새이름가게' });
  });

  it('refuses a taken username (409), a bad business number (400) and business fields from customers (403)', async () => {
    const first = await w.signIn('customer');
    const second = await w.signIn('customer');
    const taken = await w.call('PUT', '/api/dashboard/profile', { username: first.user.username }, second.token);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ detail: '이미 사용중인 사용자명입니다.', code: 'username_taken' });
    // The same name in another tenant is free.
    const elsewhere = await other.signIn('customer');
    const free = await other.call('PUT', '/api/dashboard/profile', { username: first.user.username }, elsewhere.token);
    expect(free.statusCode, free.body).toBe(200);

    const business = await w.call('PUT', '/api/dashboard/profile', { business_name: '몰래 가게' }, second.token);
    expect(business.statusCode).toBe(403);
    expect(business.json().code).toBe('merchant_only');

    const seller = await w.signIn('merchant');
    const bad = await w.call('PUT', '/api/dashboard/profile', { business_number: '12-345-67890' }, seller.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe(dashboardMessages.businessNumberFormat);
    const profile = dashboardProfileAnswerSchema.parse((await get(w, '/api/dashboard/profile', second.token)).json());
    expect(profile.profile.username).toBe(second.user.username);
  });

  it('gives a new username to one of two users asking for it at once (409 for the other)', async () => {
    const people = await Promise.all([w.signIn('customer'), w.signIn('customer')]);
    const name = `동시${Date.now().toString(36)}`;
    const answers = await Promise.all(
      people.map((p) => w.call('PUT', '/api/dashboard/profile', { username: name }, p.token)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const names = await Promise.all(
      people.map(async (p) =>
        dashboardProfileAnswerSchema.parse((await get(w, '/api/dashboard/profile', p.token)).json()),
      ),
    );
    expect(names.filter((n) => n.profile.username === name)).toHaveLength(1);
  });
});

describe('profile image', () => {
  it('stores a 300x300 WebP, removes the replaced file, and removes it again on DELETE', async () => {
    const person = await w.signIn('customer');
    const first = await uploadImage(w, person, png);
    expect(first.statusCode, first.body).toBe(200);
    const a = profileImageAnswerSchema.parse(first.json());
    expect(a.user.profile_image).toBe(a.profile_image);
    const file = await app.inject({ method: 'GET', url: a.profile_image as string, headers: { host: w.host } });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 300, 300]);
    expect(existsSync(join(localDir, keyOf(a.profile_image as string)))).toBe(true);

    const second = profileImageAnswerSchema.parse((await uploadImage(w, person, png)).json());
    expect(second.profile_image).not.toBe(a.profile_image);
    expect(existsSync(join(localDir, keyOf(a.profile_image as string)))).toBe(false);
    expect(existsSync(join(localDir, keyOf(second.profile_image as string)))).toBe(true);

    const removed = await w.call('DELETE', '/api/dashboard/profile/image', undefined, person.token);
    expect(removed.statusCode).toBe(200);
    expect(profileImageAnswerSchema.parse(removed.json())).toMatchObject({
      profile_image: null,
      user: { profile_image: null },
    });
    expect(existsSync(join(localDir, keyOf(second.profile_image as string)))).toBe(false);
    const profile = dashboardProfileAnswerSchema.parse((await get(w, '/api/dashboard/profile', person.token)).json());
    expect(profile.profile.profile_image).toBeNull();
  });

  it('refuses a file that is not an image (400) and one over 30 MB, changing nothing', async () => {
    const person = await w.signIn('customer');
    const text = await uploadImage(w, person, Buffer.from('이것은 그림이 아닙니다'.repeat(300)), 'me.png');
    expect(text.statusCode).toBe(400);
    expect(text.json().detail).toBe(dashboardMessages.imageOnly);
    const huge = Buffer.concat([png, Buffer.alloc(PROFILE_IMAGE_BYTES_MAX + 1 - png.length)]);
    const big = await uploadImage(w, person, huge);
    expect([400, 413]).toContain(big.statusCode);
    expect(big.json().detail).toBe(dashboardMessages.imageTooLarge);
    const profile = dashboardProfileAnswerSchema.parse((await get(w, '/api/dashboard/profile', person.token)).json());
    expect(profile.profile.profile_image).toBeNull();
  });

  it('keeps exactly one file when uploads of the same user meet (a race on PostgreSQL)', async () => {
    const person = await w.signIn('customer');
    const answers = await Promise.all([1, 2, 3, 4].map(() => uploadImage(w, person, png)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const profile = dashboardProfileAnswerSchema.parse((await get(w, '/api/dashboard/profile', person.token)).json());
    const kept = keyOf(profile.profile.profile_image as string);
    // Every replaced upload was removed: the user's folder holds only the file the profile names.
    const folder = join(localDir, 'tenants', String(w.tenant.id), 'profiles', String(person.user.id));
    expect(readdirSync(folder).map((f) => join(folder, f))).toEqual([join(localDir, kept)]);
  });

  it('never removes a file that is not this user’s own profile image', async () => {
    const owner = await w.signIn('customer');
    const mine = profileImageAnswerSchema.parse((await uploadImage(w, owner, png)).json());
    const thief = await w.signIn('customer');
    // Pointing one's own profile at another user's file and deleting it leaves the file alone.
    const set = await w.call('PUT', '/api/auth/profile', { profile_image: mine.profile_image }, thief.token);
    expect(set.statusCode, set.body).toBe(200);
    expect((await w.call('DELETE', '/api/dashboard/profile/image', undefined, thief.token)).statusCode).toBe(200);
    expect(existsSync(join(localDir, keyOf(mine.profile_image as string)))).toBe(true);
  });
});

describe('content figures and lists', () => {
  let seller: Person;
  let fan: Person;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    seller = await w.signIn('merchant', '콘텐츠 가게');
    fan = await w.signIn('customer');
    ids.old = await post(w, seller, { title: '오래된 글', daysAgo: 30, likes: 5 });
    ids.video = await post(w, seller, { title: '영상 글', daysAgo: 3, video: true, media: 2, likes: 9 });
    ids.gallery = await post(w, seller, { title: '사진 글', daysAgo: 1, media: 3, likes: 1 });
    ids.notice = await post(w, seller, { title: '공지 글', daysAgo: 2, announcement: true });
    // Other people's posts never appear in the seller's own lists.
    await post(w, await w.signIn('merchant'), { title: '남의 공지', announcement: true, daysAgo: 0.5 });
    await post(other, await other.signIn('merchant'), { title: '다른 테넌트 공지', announcement: true });
    await comment(w, fan, ids.gallery, '사진 멋져요');
  });

  it('counts posts, likes, comments and the last 7 days', async () => {
    const stats = dashboardStatsSchema.parse((await get(w, '/api/dashboard/stats', seller.token)).json());
    expect(stats).toEqual({ total_contents: 4, total_likes: 15, total_comments: 1, recent_contents: 3 });
    const summary = dashboardSummarySchema.parse((await get(w, '/api/dashboard/summary', seller.token)).json());
    expect(summary.stats).toEqual(stats);
    expect(summary.recent_contents.map((c) => c.title)).toEqual(['사진 글', '공지 글', '영상 글']);
  });

  it('pages the posts by offset with has_more, sorts and filters by type', async () => {
    const page = async (q: string) =>
      dashboardContentsSchema.parse((await get(w, `/api/dashboard/contents${q}`, seller.token)).json());
    const all = await page('');
    expect(all.contents.map((c) => c.title)).toEqual(['사진 글', '공지 글', '영상 글', '오래된 글']);
    expect(all.has_more).toBe(false);
    const gallery = all.contents[0];
    expect(gallery).toMatchObject({ content_type: 'image', media_count: 3, comments_count: 1 });
    expect(gallery?.media).toHaveLength(2);
    expect(gallery?.author).toEqual({ id: seller.user.id, username: seller.user.username, profile_image: null });

    const first = await page('?limit=3');
    expect([first.contents.length, first.has_more]).toEqual([3, true]);
    const edge = await page('?limit=3&offset=1');
    expect([edge.contents.length, edge.has_more]).toEqual([3, false]);
    expect((await page('?limit=3&offset=3')).contents.map((c) => c.title)).toEqual(['오래된 글']);

    expect((await page('?sort=popular')).contents.map((c) => c.title)).toEqual([
      '영상 글',
      '오래된 글',
      '사진 글',
      '공지 글',
    ]);
    expect((await page('?sort=oldest')).contents[0]?.title).toBe('오래된 글');
    const videos = await page('?content_type=video');
    expect(videos.contents.map((c) => [c.title, c.content_type])).toEqual([['영상 글', 'video']]);
    expect((await page('?content_type=image')).contents).toHaveLength(3);

    const stranger = await w.signIn('merchant');
    expect((await get(w, '/api/dashboard/contents', stranger.token)).json()).toEqual({ contents: [], has_more: false });
  });

  it('says which posts the reader liked', async () => {
    const liked = await w.call('POST', `/api/content/posts/${ids.video}/like`, undefined, seller.token);
    expect(liked.statusCode, liked.body).toBe(200);
    const list = dashboardContentsSchema.parse((await get(w, '/api/dashboard/contents', seller.token)).json());
    expect(list.contents.filter((c) => c.is_liked).map((c) => c.title)).toEqual(['영상 글']);
    await w.call('DELETE', `/api/content/posts/${ids.video}/like`, undefined, seller.token);
  });

  it('lists the tenant’s announcements, and the merchant’s own', async () => {
    const all = dashboardAnnouncementsSchema.parse((await get(w, '/api/dashboard/announcements', fan.token)).json());
    expect(all.announcements.map((a) => a.title)).toEqual(['남의 공지', '공지 글']);
    expect(all.announcements.every((a) => a.is_announcement)).toBe(true);
    const mine = dashboardAnnouncementsSchema.parse(
      (await get(w, '/api/dashboard/my-announcements', seller.token)).json(),
    );
    expect(mine).toEqual({ announcements: [expect.objectContaining({ title: '공지 글' })], has_more: false });
    const paged = dashboardAnnouncementsSchema.parse(
      (await get(w, '/api/dashboard/announcements?limit=1', fan.token)).json(),
    );
    expect([paged.announcements.length, paged.has_more]).toEqual([1, true]);
  });
});

describe('comments', () => {
  it('lists the comments I wrote, newest first, with their post', async () => {
    const author = await w.signIn('merchant');
    const me = await w.signIn('customer');
    const p1 = await post(w, author, { title: '첫 글' });
    const p2 = await post(w, author, { title: '둘째 글' });
    await comment(w, me, p1, '하나');
    await comment(w, me, p2, '둘');
    await comment(w, author, p2, '작성자 댓글');
    const list = dashboardCommentsSchema.parse((await get(w, '/api/dashboard/comments', me.token)).json());
    expect(list.comments.map((c) => [c.content, c.post.title])).toEqual([
      ['둘', '둘째 글'],
      ['하나', '첫 글'],
    ]);
    expect(list.has_more).toBe(false);
    const page = dashboardCommentsSchema.parse((await get(w, '/api/dashboard/comments?limit=1', me.token)).json());
    expect([page.comments.length, page.has_more]).toEqual([1, true]);
  });

  it('groups the comments on my posts by post, newest activity first, threaded with depth', async () => {
    const author = await w.signIn('merchant');
    const a = await w.signIn('customer');
    const b = await w.signIn('customer');
    const quiet = await post(w, author, { title: '조용한 글' });
    const busy = await post(w, author, { title: '바쁜 글' });
    await post(w, author, { title: '댓글 없는 글' });
    await comment(w, a, quiet, '조용한 댓글');
    const root = await comment(w, a, busy, '첫 댓글');
    const reply = await comment(w, b, busy, '답글', root);
    await comment(w, a, busy, '답글의 답글', reply);
    await comment(w, b, busy, '둘째 댓글');
    const deleted = await comment(w, b, busy, '지울 댓글');
    expect((await w.call('DELETE', `/api/content/comments/${deleted}`, undefined, b.token)).statusCode).toBe(200);

    const groups = commentGroupsSchema.parse((await get(w, '/api/dashboard/my-comments', author.token)).json());
    expect(groups.has_more).toBe(false);
    expect(groups.comment_groups.map((g) => [g.post_info.title, g.comment_count])).toEqual([
      ['바쁜 글', 4],
      ['조용한 글', 1],
    ]);
    const [first] = groups.comment_groups[0]?.comments.slice(-1) ?? [];
    expect(groups.comment_groups[0]?.comments.map((c) => c.content)).toEqual(['둘째 댓글', '첫 댓글']);
    expect(first).toMatchObject({
      content: '첫 댓글',
      depth: 0,
      comment_author: { id: a.user.id, username: a.user.username },
      replies: [
        {
          content: '답글',
          depth: 1,
          comment_author: { id: b.user.id },
          replies: [{ content: '답글의 답글', depth: 2, replies: [] }],
        },
      ],
    });
    const paged = commentGroupsSchema.parse((await get(w, '/api/dashboard/my-comments?limit=1', author.token)).json());
    expect([paged.comment_groups.length, paged.has_more]).toEqual([1, true]);
    const rest = commentGroupsSchema.parse(
      (await get(w, '/api/dashboard/my-comments?limit=1&offset=1', author.token)).json(),
    );
    expect([rest.comment_groups[0]?.post_info.title, rest.has_more]).toEqual(['조용한 글', false]);
    // The commenters have no posts: no groups.
    expect((await get(w, '/api/dashboard/my-comments', a.token)).json()).toEqual({
      comment_groups: [],
      has_more: false,
    });
  });
});

describe('reviews and products', () => {
  it('lists my reviews with their product and the figures of all of them', async () => {
    const seller = await w.signIn('merchant');
    const me = await w.signIn('customer');
    const made: { id: number }[] = [];
    for (const title of ['김치찌개', '된장찌개', '순두부']) {
      const res = await w.call('POST', '/api/products', deliveryProduct({ title }), seller.token);
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json());
    }
    const ratings = [5, 4, 2];
    const rows = [];
    for (const [i, product] of made.entries()) {
      const [row] = await app.db
        .insert(reviews)
        .values({
          tenantId: w.tenant.id,
          productId: product.id,
          userId: me.user.id,
          rating: ratings[i] as number,
          content: '맛있게 잘 먹었습니다. 또 주문할게요.',
          helpfulCount: i,
          createdAt: new Date(Date.now() - (3 - i) * 1000),
        })
        .returning();
      rows.push(row as { id: number });
    }
    await app.db.insert(reviewMedia).values({
      tenantId: w.tenant.id,
      reviewId: rows[0]?.id as number,
      fileKey: 'tenants/x/a.webp',
      thumbnailKey: 'tenants/x/a-thumb.webp',
      fileName: 'a.webp',
      width: 10,
      height: 10,
      sizeBytes: 10,
    });
    // Somebody else's review never counts.
    const someone = await w.signIn('customer');
    await app.db.insert(reviews).values({
      tenantId: w.tenant.id,
      productId: made[0]?.id as number,
      userId: someone.user.id,
      rating: 1,
      content: '별로였어요 다음엔 안 시킬래요.',
    });

    const page = dashboardReviewsSchema.parse((await get(w, '/api/dashboard/reviews?limit=2', me.token)).json());
    expect(page.reviews.map((r) => r.product.title)).toEqual(['순두부', '된장찌개']);
    expect(page.has_more).toBe(true);
    expect(page.stats).toEqual({
      total_reviews: 3,
      average_rating: 3.7,
      products_reviewed: 3,
      total_helpful: 3,
      image_reviews: 1,
      rating_distribution: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 1 },
    });
    const rest = dashboardReviewsSchema.parse(
      (await get(w, '/api/dashboard/reviews?limit=2&offset=2', me.token)).json(),
    );
    expect([rest.reviews.map((r) => r.product.title), rest.has_more]).toEqual([['김치찌개'], false]);
    expect(rest.stats).toEqual(page.stats);
    const none = dashboardReviewsSchema.parse((await get(w, '/api/dashboard/reviews', seller.token)).json());
    expect(none.stats.average_rating).toBe(0);
    expect(none.reviews).toEqual([]);

    const activity = recentActivitySchema.parse((await get(w, '/api/dashboard/recent-activity', me.token)).json());
    expect(activity.activities.map((a) => [a.type, a.link])).toEqual([
      ['review', `/products/${made[2]?.id}#reviews`],
      ['review', `/products/${made[1]?.id}#reviews`],
      ['review', `/products/${made[0]?.id}#reviews`],
    ]);
  });

  it('lists the merchant’s own products, unavailable included, deleted not', async () => {
    const seller = await w.signIn('merchant');
    const ids: number[] = [];
    for (const [title, available] of [
      ['판매중 상품', true],
      ['판매중지 상품', false],
      ['삭제할 상품', true],
    ] as const) {
      const res = await w.call(
        'POST',
        '/api/products',
        deliveryProduct({ title, is_available: available }),
        seller.token,
      );
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    expect((await w.call('DELETE', `/api/products/${ids[2]}`, undefined, seller.token)).statusCode).toBe(200);
    await w.call('POST', '/api/products', deliveryProduct({ title: '남의 상품' }), (await w.signIn('merchant')).token);

    const list = dashboardProductsSchema.parse((await get(w, '/api/dashboard/products', seller.token)).json());
    expect(list.products.map((p) => [p.title, p.is_available])).toEqual([
      ['판매중지 상품', false],
      ['판매중 상품', true],
    ]);
    expect([list.total, list.has_more]).toEqual([2, false]);
    const first = dashboardProductsSchema.parse((await get(w, '/api/dashboard/products?limit=1', seller.token)).json());
    expect([first.products.length, first.has_more, first.total]).toEqual([1, true, 2]);
  });
});

describe('recent activity', () => {
  it('merges my posts and comments of the last 7 days, newest first, with app links', async () => {
    const me = await w.signIn('merchant');
    await post(w, me, { title: '지난달 글', daysAgo: 20 });
    const recent = await post(w, me, { title: '이번 주 글', daysAgo: 2 });
    await comment(w, me, recent, '내 글에 내가 단 댓글');
    const activity = recentActivitySchema.parse((await get(w, '/api/dashboard/recent-activity', me.token)).json());
    expect(activity.activities.map((a) => [a.type, a.link])).toEqual([
      ['comment', `/content/${recent}`],
      ['post', `/content/${recent}`],
    ]);
    expect(activity.activities[1]?.title).toBe('이번 주 글');
  });
});
