import {
  type ContentItem,
  type DashboardProfile,
  formatBusinessNumber,
  type Post,
  postMessages,
  type ThreadComment,
} from '@app/contracts';
import type { AccountRow } from '../users/users.service.js';
import type { ThreadRow } from './dashboard.repository.js';

/** The profile card and edit form: business fields null for customers, the number as ddd-dd-ddddd. */
export function presentProfile({ user, merchant }: AccountRow): DashboardProfile {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone ?? merchant?.phone ?? null,
    address: user.address ?? merchant?.address ?? null,
    postcode: user.postcode ?? null,
    business_name: merchant?.businessName ?? null,
    business_number: merchant?.businessNumber ? formatBusinessNumber(merchant.businessNumber) : null,
    business_description: merchant?.businessDescription ?? null,
    profile_image: user.profileImage,
    user_type: user.userType,
  };
}

/** A post as a dashboard card: the post's card fields, its first 2 media and how many it has. */
export function presentContentItem(post: Post): ContentItem {
  return {
    id: post.id,
    title: post.title,
    content: post.content,
    content_type: post.has_video ? 'video' : 'image',
    thumbnail_url: post.thumbnail_url,
    created_at: post.created_at,
    views_count: post.views_count,
    likes_count: post.likes_count,
    comments_count: post.comments_count,
    is_liked: post.is_liked,
    is_announcement: post.is_announcement,
    media: post.media.slice(0, 2),
    media_count: post.media.length,
    author: { id: post.author.id, username: post.author.username, profile_image: post.author.profile_image },
  };
}

type Person = { id: number; username: string; profileImage: string | null };

/**
 * Threads of one post as trees: top-level comments newest first, replies oldest first under their
 * parent. A reply whose parent is not in the set (cannot happen with whole threads) is dropped.
 */
export function presentThreads(rows: ThreadRow[], people: Map<number, Person>): ThreadComment[] {
  const nodes = new Map<number, ThreadComment>();
  for (const r of rows) {
    const deleted = r.deletedAt !== null;
    const author = people.get(r.authorId);
    nodes.set(r.id, {
      id: r.id,
      content: deleted ? postMessages.deletedComment : r.content,
      created_at: r.createdAt.toISOString(),
      depth: r.depth,
      is_deleted: deleted,
      comment_author:
        deleted || !author ? null : { id: author.id, username: author.username, profile_image: author.profileImage },
      replies: [],
    });
  }
  const roots: { row: ThreadRow; node: ThreadComment }[] = [];
  const replies = rows.filter((r) => r.parentId !== null).sort(byTime);
  for (const r of rows) if (r.parentId === null) roots.push({ row: r, node: nodes.get(r.id) as ThreadComment });
  for (const r of replies) nodes.get(r.parentId as number)?.replies.push(nodes.get(r.id) as ThreadComment);
  roots.sort((a, b) => -byTime(a.row, b.row));
  return roots.map((r) => r.node);
}

function byTime(a: ThreadRow, b: ThreadRow): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id;
}
