import { type Comment, type Post, type PostMedia, postMessages } from '@app/contracts';
import type { Storage } from '../../platform/storage/storage.js';
import type { CommentWithAuthor, PostWithAuthor } from './content.repository.js';
import type { PostMediaRow } from './content.schema.js';

export function presentMedia(row: PostMediaRow, storage: Storage): PostMedia {
  const thumbnail = row.thumbnailKey ? storage.url(row.thumbnailKey) : null;
  return {
    id: row.id,
    file_path: storage.url(row.fileKey),
    thumbnail_path: thumbnail,
    thumbnail_url: thumbnail,
    media_type: row.mediaType,
    file_name: row.fileName,
    is_thumbnail: row.sortOrder === 0,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
  };
}

/** Row to answer, field by field, so no column reaches the client by accident. */
export function presentPost(row: PostWithAuthor, media: PostMediaRow[], isLiked: boolean, storage: Storage): Post {
  const presented = media.map((m) => presentMedia(m, storage));
  const firstImage = presented.find((m) => m.media_type === 'image');
  const firstVideo = presented.find((m) => m.media_type === 'video');
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    author: {
      id: row.authorId,
      username: row.authorUsername,
      user_type: row.authorUserType,
      profile_image: row.authorProfileImage,
      business_name: row.authorUserType === 'merchant' ? row.authorBusinessName : null,
    },
    author_id: row.authorId,
    is_announcement: row.isAnnouncement,
    media: presented,
    thumbnail_url: firstImage?.file_path ?? firstVideo?.thumbnail_url ?? null,
    has_video: row.hasVideo,
    likes_count: row.likesCount,
    comments_count: row.commentsCount,
    views_count: row.viewsCount,
    is_liked: isLiked,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentComment(row: CommentWithAuthor): Comment {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    post_id: row.postId,
    parent_id: row.parentId,
    depth: row.depth,
    content: deleted ? postMessages.deletedComment : row.content,
    author: deleted ? null : { id: row.authorId, username: row.authorUsername },
    is_deleted: deleted,
    created_at: row.createdAt.toISOString(),
  };
}

/** Orders a page of threads for reading: each comment followed by its replies, depth first, oldest first. */
export function threadOrder(rows: CommentWithAuthor[]): CommentWithAuthor[] {
  const children = new Map<number | null, CommentWithAuthor[]>();
  for (const r of rows) {
    const list = children.get(r.parentId) ?? [];
    list.push(r);
    children.set(r.parentId, list);
  }
  const out: CommentWithAuthor[] = [];
  const walk = (parent: number | null) => {
    for (const c of children.get(parent) ?? []) {
      out.push(c);
      walk(c.id);
    }
  };
  walk(null);
  return out;
}
