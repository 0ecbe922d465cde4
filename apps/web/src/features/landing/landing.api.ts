import type { Creator, Post } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Stories shown on the landing page; a few more are asked for so posts with a picture can lead. */
export const STORIES_SHOWN = 3;
const STORIES_REQUESTED = 6;

/** One producer story: a recent post of the tenant with the name its producer trades under. */
export interface Story {
  id: number;
  title: string;
  content: string;
  createdAt: string;
  image: string | null;
  hasVideo: boolean;
  /** The merchant's business name when known, otherwise the author's username. */
  author: string;
}

/**
 * The stories from a page of posts and the creators list: posts with a picture first (keeping
 * their order), at most `STORIES_SHOWN`.
 */
export function toStories(posts: Post[], creators: Creator[]): Story[] {
  const names = new Map(creators.map((c) => [c.id, c.business_name?.trim() || c.username]));
  const withPicture = posts.filter((p) => p.thumbnail_url);
  const without = posts.filter((p) => !p.thumbnail_url);
  return [...withPicture, ...without].slice(0, STORIES_SHOWN).map((p) => ({
    id: p.id,
    title: p.title,
    content: p.content,
    createdAt: p.created_at,
    image: p.thumbnail_url,
    hasVideo: p.has_video,
    author: names.get(p.author_id) ?? p.author.username,
  }));
}

/**
 * The tenant's latest posts (not announcements) and its creators, both public and cached by the
 * server. Only asked for when the content feature is on (the API answers 404 otherwise). The
 * section is optional, so a failure is not retried: the landing simply goes without it.
 */
export const storiesQuery = queryOptions({
  queryKey: ['landing', 'stories', STORIES_REQUESTED],
  queryFn: async ({ signal }) => {
    const [feed, creators] = await Promise.all([
      api.get<{ posts?: Post[] }>('/api/main/posts', {
        query: { page: 1, size: STORIES_REQUESTED, is_announcement: false },
        signal,
      }),
      api.get<{ creators?: Creator[] }>('/api/main/creators', { signal }),
    ]);
    return toStories(feed.posts ?? [], creators.creators ?? []);
  },
  retry: false,
  staleTime: 60_000,
});
