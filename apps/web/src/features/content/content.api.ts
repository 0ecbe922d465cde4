import type { CommentList, LikeState, MerchantChannel, Post, PostList, PublicUser } from '@app/contracts';
import { PAGE_MAX } from '@app/contracts/plain';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ProductCardData } from '@/components/cards/product-card';
import { api } from '@/lib/api-client';

/** Spec: the post tab loads 20 posts, the channel up to 50 posts and 50 products. */
export const POST_TAB_SIZE = 20;
export const CHANNEL_SIZE = 50;
export const BEST_STRIP_SIZE = 4;
export const COMMENT_PAGE_SIZE = 50;

export const contentKeys = {
  all: ['content'] as const,
  feed: (page: number) => ['content', 'feed', page] as const,
  detail: (id: number) => ['content', 'post', id] as const,
  comments: (id: number) => ['content', 'comments', id] as const,
  channel: (id: number, byMerchant: boolean) => ['content', 'channel', id, byMerchant] as const,
};

/** A list answer with its defaults filled in, so a partial answer reads as an empty page. */
function toPostList(res: Partial<PostList> | null | undefined, size: number): PostList {
  const posts = Array.isArray(res?.posts) ? res.posts : [];
  return {
    posts,
    total: res?.total ?? posts.length,
    page: res?.page ?? 1,
    size: res?.size ?? size,
    pages: res?.pages ?? 1,
  };
}

export const postFeedQuery = (page = 1) =>
  queryOptions({
    queryKey: contentKeys.feed(page),
    queryFn: async ({ signal }) =>
      toPostList(
        await api.get<Partial<PostList>>('/api/main/posts', {
          query: { page, size: POST_TAB_SIZE, is_announcement: false },
          signal,
        }),
        POST_TAB_SIZE,
      ),
  });

/** The best-products strip of the feed (shopping feature only). */
export const bestProductsQuery = queryOptions({
  queryKey: ['content', 'best-products', BEST_STRIP_SIZE],
  queryFn: async ({ signal }) => {
    const res = await api.get<{ categories?: { all?: ProductCardData[] } }>('/api/main/shopping', {
      query: { size: BEST_STRIP_SIZE },
      signal,
    });
    return (res.categories?.all ?? []).slice(0, BEST_STRIP_SIZE);
  },
});

export const postDetailQuery = (id: number) =>
  queryOptions({
    queryKey: contentKeys.detail(id),
    queryFn: ({ signal }) => api.get<Post>(`/api/content/posts/${id}`, { signal }),
  });

export const commentsQuery = (postId: number) =>
  queryOptions({
    queryKey: contentKeys.comments(postId),
    queryFn: ({ signal }) =>
      api.get<CommentList>(`/api/content/posts/${postId}/comments`, {
        query: { page: 1, size: COMMENT_PAGE_SIZE },
        signal,
      }),
  });

export function setLike(postId: number, liked: boolean): Promise<LikeState> {
  return liked
    ? api.post<LikeState>(`/api/content/posts/${postId}/like`)
    : api.delete<LikeState>(`/api/content/posts/${postId}/like`);
}

/** POST a comment with the form's idempotency key: a repeated request answers the same comment. */
export function addComment(postId: number, content: string, parentId: number | null, idempotencyKey: string) {
  return api.post<unknown>(
    `/api/content/posts/${postId}/comments`,
    { content, parent_id: parentId },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export function deleteComment(commentId: number) {
  return api.delete<unknown>(`/api/content/comments/${commentId}`);
}

export function deletePost(postId: number) {
  return api.delete<unknown>(`/api/content/posts/${postId}`);
}

/** The channel: `GET /api/users/merchants/{id}` for a merchant id, `GET /api/users/{id}` otherwise. */
export interface ChannelInfo {
  userId: number;
  merchantId: number | null;
  name: string;
  username: string;
  profileImage: string | null;
  description: string | null;
  /** The author's totals from the server (every post, video posts); null when the look-up failed. */
  counts: ChannelCounts | null;
}

export interface ChannelCounts {
  posts: number;
  videos: number;
}

type UserAnswer = Pick<
  PublicUser,
  'id' | 'username' | 'profile_image' | 'merchant_id' | 'business_name' | 'business_description' | 'counts'
>;
type MerchantAnswer = Pick<
  MerchantChannel,
  'id' | 'user_id' | 'business_name' | 'business_description' | 'username' | 'profile_image' | 'counts'
>;

/** The placeholder channel of a user whose look-up failed (spec: 'user {id}'): posts still load by id. */
export function fallbackChannel(userId: number, name: string): ChannelInfo {
  return {
    userId,
    merchantId: null,
    name,
    username: name,
    profileImage: null,
    description: null,
    counts: null,
  };
}

export const channelQuery = (id: number, byMerchant: boolean) =>
  queryOptions({
    queryKey: contentKeys.channel(id, byMerchant),
    queryFn: async ({ signal }): Promise<ChannelInfo> => {
      if (byMerchant) {
        const m = await api.get<MerchantAnswer>(`/api/users/merchants/${id}`, { signal });
        return {
          userId: m.user_id,
          merchantId: m.id,
          name: m.business_name?.trim() || m.username,
          username: m.username,
          profileImage: m.profile_image,
          description: m.business_description,
          counts: m.counts ? { posts: m.counts.posts, videos: m.counts.videos } : null,
        };
      }
      const u = await api.get<UserAnswer>(`/api/users/${id}`, { signal });
      return {
        userId: u.id,
        merchantId: u.merchant_id,
        name: u.business_name?.trim() || u.username,
        username: u.username,
        profileImage: u.profile_image,
        description: u.business_description,
        counts: u.counts ? { posts: u.counts.posts, videos: u.counts.videos } : null,
      };
    },
  });

export const channelPostsQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: ['content', 'channel-posts', userId],
    queryFn: async ({ signal }) =>
      toPostList(
        await api.get<Partial<PostList>>('/api/content/posts', {
          query: { author_id: userId, size: CHANNEL_SIZE },
          signal,
        }),
        CHANNEL_SIZE,
      ),
    enabled: userId !== undefined,
  });

export const channelProductsQuery = (merchantId: number | null | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: ['content', 'channel-products', merchantId],
    queryFn: async ({ signal }) => {
      const res = await api.get<{ products?: ProductCardData[]; total?: number }>('/api/products', {
        query: { merchant_id: merchantId, size: CHANNEL_SIZE },
        signal,
      });
      const products = res.products ?? [];
      // The list's total counts every product of the merchant, not only the page shown.
      return { products, total: res.total ?? products.length };
    },
    enabled: enabled && typeof merchantId === 'number',
  });

/** Spec: shorts are fetched 5 per page, more as the viewer scrolls. */
export const SHORTS_PAGE_SIZE = 5;

export const shortsQuery = infiniteQueryOptions({
  queryKey: ['content', 'shorts', SHORTS_PAGE_SIZE],
  queryFn: async ({ pageParam, signal }) =>
    toPostList(
      await api.get<Partial<PostList>>('/api/main/posts', {
        query: { page: pageParam, size: SHORTS_PAGE_SIZE, media_type: 'video' },
        signal,
      }),
      SHORTS_PAGE_SIZE,
    ),
  initialPageParam: 1,
  getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
});

/** The feed page of the `page` query parameter: a whole number from 1 (at most PAGE_MAX), else 1. */
export function feedPageFrom(param: string | null): number {
  const page = Number(param);
  return Number.isInteger(page) && page >= 1 && page <= PAGE_MAX ? page : 1;
}
