import { randomUUID } from 'node:crypto';
import {
  type Activity,
  COMMENT_GROUP_THREADS_MAX,
  type CommentGroups,
  type ContentItem,
  type DashboardComments,
  type DashboardContentSort,
  type DashboardProducts,
  type DashboardReviews,
  type DashboardStats,
  type DashboardSummary,
  dashboardMessages,
  type dashboardProfileUpdateSchema,
  PROFILE_IMAGE_SIDE,
  RECENT_ACTIVITY_MAX,
  RECENT_DAYS,
  type RecentActivity,
  ratingAverage,
  SUMMARY_RECENT_MAX,
} from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { CurrentUser } from '../../platform/auth.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { makeSquareImage, UnreadableImageError } from '../../platform/media/images.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { AuthService } from '../auth/auth.service.js';
import type { ProductsService } from '../catalogue/products.service.js';
import type { ContentService } from '../content/content.service.js';
import type { ReviewsService } from '../reviews/reviews.service.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import type { AccountRow, UsersService } from '../users/users.service.js';
import { presentContentItem, presentThreads } from './dashboard.presenter.js';
import * as repo from './dashboard.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Page {
  limit: number;
  offset: number;
}

/** The first `limit` of `limit + 1` rows, and whether there were more. */
function paged<T>(rows: T[], limit: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}

export function merchantOnly(user: CurrentUser): asserts user is CurrentUser & { merchantId: number } {
  if (user.userType !== 'merchant' || user.merchantId === null) {
    throw AppError.forbidden(dashboardMessages.merchantOnly, 'merchant_only');
  }
}

/** `tenants/{tenant}/profiles/{user}/…`: the only files a user's profile image calls remove. */
export const profilePrefix = (tenantId: number, userId: number) => `tenants/${tenantId}/profiles/${userId}/`;

/**
 * The dashboard of spec part 3: the signed-in user's profile, figures and lists, always about
 * that user inside the request's tenant (docs/decisions/018-dashboards.md).
 */
export function createDashboardService(deps: {
  db: Db;
  storage: Storage;
  auth: AuthService;
  reviews: ReviewsService;
  users: UsersService;
  content: ContentService;
  products: ProductsService;
  log: FastifyBaseLogger;
}) {
  const { db, storage } = deps;
  const since = () => new Date(Date.now() - RECENT_DAYS * DAY_MS);

  /** A window of posts as dashboard cards (their media in one query). */
  async function cards(
    viewer: CurrentUser,
    tenantId: number,
    filter: { authorId?: number; isAnnouncement?: boolean; hasVideo?: boolean },
    sort: DashboardContentSort,
    limit: number,
    offset: number,
  ): Promise<ContentItem[]> {
    const posts = await deps.content.postWindow(tenantId, filter, sort, limit, offset, viewer);
    return posts.map(presentContentItem);
  }

  /** The storage key of an image address this user's profile calls stored, or null for any other address. */
  function ownProfileKey(tenantId: number, userId: number, url: string | null): string | null {
    if (!url) return null;
    const base = storage.url('');
    if (!url.startsWith(base)) return null;
    const key = url.slice(base.length);
    return key.startsWith(profilePrefix(tenantId, userId)) && !key.includes('..') ? key : null;
  }

  async function removeReplaced(tenantId: number, userId: number, old: string | null) {
    const key = ownProfileKey(tenantId, userId, old);
    if (!key) return;
    // The row no longer names it; a failure here leaves a file the orphan sweep removes later.
    await storage
      .delete([key])
      .catch((err) => deps.log.warn({ err, key }, 'could not remove a replaced profile image'));
  }

  async function stats(user: CurrentUser): Promise<DashboardStats> {
    const row = await repo.postStats(db, user.tenantId, user.id, since());
    return {
      total_contents: row.total,
      total_likes: row.likes,
      total_comments: row.comments,
      recent_contents: row.recent,
    };
  }

  return {
    stats,

    /**
     * Only the fields sent change, through the same update as PUT /api/auth/profile (username
     * unique per tenant, 409; phone normalised). A customer sending a business field: 403.
     */
    async updateProfile(user: CurrentUser, body: z.output<typeof dashboardProfileUpdateSchema>): Promise<AccountRow> {
      const business = {
        business_name: body.business_name,
        business_number: body.business_number,
        business_description: body.business_description,
      };
      const sendsBusiness = Object.values(business).some((v) => v !== undefined);
      if (sendsBusiness) merchantOnly(user);
      return deps.auth.updateProfile(user, {
        username: body.username,
        phone: body.phone,
        address: body.address,
        postcode: body.postcode,
        ...(sendsBusiness ? { merchant: business } : {}),
      });
    },

    /** The account as stored now (after an image change). */
    async account(user: CurrentUser): Promise<AccountRow> {
      const account = await deps.users.findAccount(user.tenantId, user.id);
      if (!account) throw AppError.unauthorized('로그인이 필요합니다.', 'unauthorized');
      return account;
    },

    /** Re-encodes the upload to a WebP square, stores it, points the account at it, then removes the old file. */
    async setProfileImage(user: CurrentUser, data: Buffer): Promise<{ image: string }> {
      let square: Awaited<ReturnType<typeof makeSquareImage>>;
      try {
        square = await makeSquareImage(data, PROFILE_IMAGE_SIDE);
      } catch (err) {
        if (err instanceof UnreadableImageError)
          throw AppError.badRequest(dashboardMessages.imageOnly, 'image_unreadable');
        throw err;
      }
      const key = `${profilePrefix(user.tenantId, user.id)}${randomUUID()}.webp`;
      await storage.put(key, square.data, { contentType: square.contentType });
      const image = storage.url(key);
      let old: string | null;
      try {
        old = await repo.swapProfileImage(db, user.tenantId, user.id, image);
      } catch (err) {
        await storage.delete([key]).catch(() => undefined);
        throw err;
      }
      await removeReplaced(user.tenantId, user.id, old);
      return { image };
    },

    async deleteProfileImage(user: CurrentUser): Promise<void> {
      const old = await repo.swapProfileImage(db, user.tenantId, user.id, null);
      await removeReplaced(user.tenantId, user.id, old);
    },

    async summary(user: CurrentUser): Promise<DashboardSummary> {
      const from = since();
      const [figures, newest] = await Promise.all([
        stats(user),
        cards(user, user.tenantId, { authorId: user.id }, 'latest', SUMMARY_RECENT_MAX, 0),
      ]);
      // The newest 5, of which those of the last 7 days.
      const recent = newest.filter((p) => new Date(p.created_at) >= from);
      return { stats: figures, recent_contents: recent };
    },

    /** Posts, comments, reviews and orders of the last 7 days, newest first, at most 20; only of the features on. */
    async recentActivity(tenant: TenantRow, user: CurrentUser): Promise<RecentActivity> {
      const from = since();
      const max = RECENT_ACTIVITY_MAX;
      const f = tenant.features;
      const none = Promise.resolve([] as never[]);
      const [posts, comments, reviews, orders] = await Promise.all([
        f.content ? repo.recentPosts(db, tenant.id, user.id, from, max) : none,
        f.content ? repo.recentComments(db, tenant.id, user.id, from, max) : none,
        f.reviews ? repo.recentReviews(db, tenant.id, user.id, from, max) : none,
        f.shopping || f.delivery ? repo.recentOrders(db, tenant.id, user.id, from, max) : none,
      ]);
      const titles = await repo.postTitles(db, tenant.id, [...new Set(comments.map((c) => c.postId))]);
      const productTitles = await repo.productTitles(db, tenant.id, [...new Set(reviews.map((r) => r.productId))]);
      const activities: (Activity & { at: Date })[] = [
        ...posts.map((p) => ({
          type: 'post' as const,
          id: p.id,
          title: p.title,
          at: p.createdAt,
          link: `/content/${p.id}`,
        })),
        ...comments.map((c) => ({
          type: 'comment' as const,
          id: c.id,
          title: `${titles.get(c.postId) ?? '게시글'}에 댓글: ${short(c.content)}`,
          at: c.createdAt,
          link: `/content/${c.postId}`,
        })),
        ...reviews.map((r) => ({
          type: 'review' as const,
          id: r.id,
          title: `${productTitles.get(r.productId) ?? '상품'} 리뷰: ${short(r.title ?? r.content)}`,
          at: r.createdAt,
          link: `/products/${r.productId}#reviews`,
        })),
        ...orders.map((o) => ({
          type: 'order' as const,
          id: o.id,
          title:
            o.titles.length > 1
              ? `${o.titles[0]} 외 ${o.titles.length - 1}건 주문`
              : `${o.titles[0] ?? `주문 #${o.id}`} 주문`,
          at: o.createdAt,
          link: '/orders',
        })),
      ].map((a) => ({ ...a, created_at: a.at.toISOString() }));
      activities.sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id);
      return { activities: activities.slice(0, max).map(({ at: _at, ...a }) => a) };
    },

    async contents(
      user: CurrentUser,
      query: Page & { content_type?: 'image' | 'video'; sort: DashboardContentSort },
    ): Promise<{ contents: ContentItem[]; has_more: boolean }> {
      const hasVideo = query.content_type === undefined ? undefined : query.content_type === 'video';
      const rows = await cards(
        user,
        user.tenantId,
        { authorId: user.id, hasVideo },
        query.sort,
        query.limit + 1,
        query.offset,
      );
      const { items, hasMore } = paged(rows, query.limit);
      return { contents: items, has_more: hasMore };
    },

    /** Announcements of the tenant (everyone's) or only the user's own (`mine`), newest first. */
    async announcements(user: CurrentUser, query: Page, mine: boolean) {
      const filter = { isAnnouncement: true, ...(mine ? { authorId: user.id } : {}) };
      const rows = await cards(user, user.tenantId, filter, 'latest', query.limit + 1, query.offset);
      const { items, hasMore } = paged(rows, query.limit);
      return { announcements: items, has_more: hasMore };
    },

    async comments(user: CurrentUser, query: Page): Promise<DashboardComments> {
      const rows = await repo.commentsBy(db, user.tenantId, user.id, query.limit + 1, query.offset);
      const { items, hasMore } = paged(rows, query.limit);
      return {
        comments: items.map((c) => ({
          id: c.id,
          content: c.content,
          created_at: c.createdAt.toISOString(),
          post: { id: c.postId, title: c.postTitle },
        })),
        has_more: hasMore,
      };
    },

    /** Comments on the user's posts, grouped by post (newest activity first), each with its 50 newest threads. */
    async commentGroups(user: CurrentUser, query: Page): Promise<CommentGroups> {
      const groups = await repo.commentGroups(db, user.tenantId, user.id, query.limit + 1, query.offset);
      const { items, hasMore } = paged(groups, query.limit);
      const rows = await repo.threadsOf(
        db,
        user.tenantId,
        items.map((g) => g.postId),
        COMMENT_GROUP_THREADS_MAX,
      );
      const people = await repo.peopleOf(db, user.tenantId, [...new Set(rows.map((r) => r.authorId))]);
      const byPost = new Map<number, repo.ThreadRow[]>();
      for (const r of rows) byPost.set(r.postId, [...(byPost.get(r.postId) ?? []), r]);
      return {
        comment_groups: items.map((g) => ({
          post_info: { id: g.postId, title: g.title },
          comment_count: g.commentCount,
          latest_activity: g.latest.toISOString(),
          comments: presentThreads(byPost.get(g.postId) ?? [], people),
        })),
        has_more: hasMore,
      };
    },

    /** The user's reviews (the reviews contract, with product) and the figures of all of them. */
    async reviews(tenant: TenantRow, user: CurrentUser, query: Page): Promise<DashboardReviews> {
      const [list, figures] = await Promise.all([
        deps.reviews.listByUser(tenant, user.id, { skip: query.offset, limit: query.limit + 1 }, user),
        repo.reviewStats(db, tenant.id, user.id),
      ]);
      const { items, hasMore } = paged(list.reviews, query.limit);
      return {
        reviews: items,
        has_more: hasMore,
        stats: {
          total_reviews: figures.total,
          average_rating: ratingAverage(figures.ratingSum, figures.total),
          products_reviewed: figures.products,
          total_helpful: figures.helpful,
          image_reviews: figures.images,
          rating_distribution: { 1: figures.r1, 2: figures.r2, 3: figures.r3, 4: figures.r4, 5: figures.r5 },
        },
      };
    },

    /** The merchant's products that are not deleted, available or not, newest first (products_merchant_idx). */
    async products(tenant: TenantRow, merchant: { merchantId: number }, query: Page): Promise<DashboardProducts> {
      const window = await deps.products.merchantWindow(tenant, merchant.merchantId, query.limit + 1, query.offset);
      const { items, hasMore } = paged(window.products, query.limit);
      return { products: items, has_more: hasMore, total: window.total };
    },
  };
}

/** A line of text for an activity title: whitespace collapsed, at most 40 characters. */
function short(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 40 ? `${line.slice(0, 40)}…` : line;
}

export type DashboardService = ReturnType<typeof createDashboardService>;
