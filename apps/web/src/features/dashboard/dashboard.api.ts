import {
  type CommentGroups,
  DASHBOARD_LIST_DEFAULT,
  DASHBOARD_PAGE_SIZE,
  DASHBOARD_REVIEWS_PAGE_SIZE,
  type DashboardAnnouncements,
  type DashboardContentSort,
  type DashboardContents,
  type DashboardProfileAnswer,
  type DashboardReviews,
  type DashboardStats,
  type RecentActivity,
} from '@app/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type ContentType = 'image' | 'video';

/** Everything the dashboard loads sits under `all`; the lists under `lists`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  profile: ['dashboard', 'profile'] as const,
  stats: ['dashboard', 'stats'] as const,
  activity: ['dashboard', 'recent-activity'] as const,
  lists: ['dashboard', 'list'] as const,
  contents: (type: ContentType, sort: DashboardContentSort) => ['dashboard', 'list', 'contents', type, sort] as const,
  announcements: (mine: boolean) => ['dashboard', 'list', mine ? 'my-announcements' : 'announcements'] as const,
  myComments: ['dashboard', 'list', 'my-comments'] as const,
  reviews: ['dashboard', 'list', 'reviews'] as const,
};

/**
 * An offset-paged list: the next offset while the server says there is more. Lists are dropped as
 * soon as their tab closes (gcTime 0), so switching tabs starts again at the first page (spec 4).
 */
function offsetPaging<T extends { has_more: boolean }>(itemsOf: (page: T) => unknown[]) {
  return {
    initialPageParam: 0,
    getNextPageParam: (last: T, pages: T[]) =>
      last.has_more ? pages.reduce((sum, page) => sum + itemsOf(page).length, 0) : undefined,
    gcTime: 0,
  };
}

/** GET /api/dashboard/profile: the card's image, names and business description. */
export const profileQuery = queryOptions({
  queryKey: dashboardKeys.profile,
  queryFn: ({ signal }) => api.get<DashboardProfileAnswer>('/api/dashboard/profile', { signal }),
  select: (answer) => answer.profile,
});

/** GET /api/dashboard/stats: the home tab's cards. */
export const statsQuery = queryOptions({
  queryKey: dashboardKeys.stats,
  queryFn: ({ signal }) => api.get<DashboardStats>('/api/dashboard/stats', { signal }),
});

/** GET /api/dashboard/recent-activity: the last 7 days, newest first. */
export const recentActivityQuery = queryOptions({
  queryKey: dashboardKeys.activity,
  queryFn: ({ signal }) => api.get<RecentActivity>('/api/dashboard/recent-activity', { signal }),
});

/** GET /api/dashboard/contents: the user's posts or videos, 6 at a time, in the chosen order. */
export const contentsQuery = (type: ContentType, sort: DashboardContentSort) =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.contents(type, sort),
    queryFn: ({ pageParam, signal }) =>
      api.get<DashboardContents>('/api/dashboard/contents', {
        query: { limit: DASHBOARD_PAGE_SIZE, offset: pageParam, content_type: type, sort },
        signal,
      }),
    ...offsetPaging<DashboardContents>((page) => page.contents),
  });

/** Merchants: GET my-announcements (their own); everybody else: GET announcements. */
export const announcementsQuery = (mine: boolean) =>
  infiniteQueryOptions({
    queryKey: dashboardKeys.announcements(mine),
    queryFn: ({ pageParam, signal }) =>
      api.get<DashboardAnnouncements>(`/api/dashboard/${mine ? 'my-announcements' : 'announcements'}`, {
        query: { limit: DASHBOARD_LIST_DEFAULT, offset: pageParam },
        signal,
      }),
    ...offsetPaging<DashboardAnnouncements>((page) => page.announcements),
  });

/** GET /api/dashboard/my-comments: comments on the user's posts, grouped by post. */
export const myCommentsQuery = infiniteQueryOptions({
  queryKey: dashboardKeys.myComments,
  queryFn: ({ pageParam, signal }) =>
    api.get<CommentGroups>('/api/dashboard/my-comments', {
      query: { limit: DASHBOARD_LIST_DEFAULT, offset: pageParam },
      signal,
    }),
  ...offsetPaging<CommentGroups>((page) => page.comment_groups),
});

/**
 * GET /api/dashboard/reviews, 20 at a time. Spec: another page is offered when a page returned
 * exactly 20 (and the server did not say it was the last).
 */
export const myReviewsQuery = infiniteQueryOptions({
  queryKey: dashboardKeys.reviews,
  queryFn: ({ pageParam, signal }) =>
    api.get<DashboardReviews>('/api/dashboard/reviews', {
      query: { limit: DASHBOARD_REVIEWS_PAGE_SIZE, offset: pageParam },
      signal,
    }),
  initialPageParam: 0,
  getNextPageParam: (last: DashboardReviews, pages: DashboardReviews[]) =>
    last.reviews.length === DASHBOARD_REVIEWS_PAGE_SIZE && last.has_more
      ? pages.reduce((sum, page) => sum + page.reviews.length, 0)
      : undefined,
  gcTime: 0,
});
