import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_MAX } from './catalogue.js';
import { optionalNumber } from './common.js';
import { deliveryTermsSchema } from './delivery-terms.js';
import {
  COMMENT_CONTENT_MAX,
  COMMENT_DEPTH_MAX,
  POST_CONTENT_MAX,
  POST_FILES_MAX,
  POST_TITLE_MAX,
  postMessages,
} from './plain/content.js';
import { requiredText } from './users.js';

// The limits and texts need no zod (`@app/contracts/plain`).
export * from './plain/content.js';

// ---------------------------------------------------------------------------------------------
// Posts, comments, likes (spec part 2, sections 3, 5, 7, 8, 9)
// ---------------------------------------------------------------------------------------------

const NUL = (v: string) => !v.includes('\u0000');
const NUL_MESSAGE = '올바르지 않은 문자가 포함되어 있습니다.';

/** The text fields of the create and edit forms (multipart), validated after the upload is read. */
export const postFieldsSchema = z.object({
  title: requiredText(postMessages.titleRequired, 100_000)
    .max(POST_TITLE_MAX, postMessages.titleTooLong)
    .refine(NUL, NUL_MESSAGE),
  content: requiredText(postMessages.contentRequired, 100_000)
    .max(POST_CONTENT_MAX, postMessages.contentTooLong)
    .refine(NUL, NUL_MESSAGE),
  is_announcement: z
    .enum(['true', 'false', '1', '0', 'on', 'off', ''])
    .optional()
    .transform((v) => v === 'true' || v === '1' || v === 'on'),
});
export type PostFields = z.output<typeof postFieldsSchema>;

/** custom_thumbnails: a client-made image (data URL or base64) for an uploaded file, by its name. */
export const customThumbnailsSchema = z
  .array(z.object({ fileName: z.string().max(255), thumbnailData: z.string().max(4_000_000) }))
  .max(POST_FILES_MAX);
/** existing_media_thumbnails (edit): a new thumbnail for media already on the post. */
export const existingMediaThumbnailsSchema = z
  .array(
    z.object({ mediaId: z.coerce.number().int().min(1).max(2_147_483_647), thumbnailData: z.string().max(4_000_000) }),
  )
  .max(POST_FILES_MAX);
/** remove_media_ids (edit). */
export const removeMediaIdsSchema = z.array(z.coerce.number().int().min(1).max(2_147_483_647)).max(100);

/** Documents the multipart forms in the OpenAPI document (the route reads the parts itself). */
export const postFormSchema = z
  .object({
    title: z.string(),
    content: z.string(),
    is_announcement: z.string().optional(),
    custom_thumbnails: z.string().optional().describe('JSON [{fileName, thumbnailData}]'),
    existing_media_thumbnails: z.string().optional().describe('수정 시: JSON [{mediaId, thumbnailData}]'),
    remove_media_ids: z.string().optional().describe('수정 시: JSON [mediaId, ...]'),
    files: z.array(z.string().meta({ format: 'binary' })).optional(),
  })
  .meta({ id: 'PostForm' });

export const postAuthorSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    user_type: z.enum(['customer', 'merchant']),
    profile_image: z.string().nullable(),
    /** A merchant's shop name, which post cards and the post page show; null for customers. */
    business_name: z.string().nullable(),
  })
  .meta({ id: 'PostAuthor' });

export const postMediaSchema = z
  .object({
    id: z.number().int(),
    file_path: z.string(),
    thumbnail_path: z.string().nullable(),
    thumbnail_url: z.string().nullable(),
    media_type: z.enum(['image', 'video']),
    file_name: z.string(),
    is_thumbnail: z.boolean(),
    content_type: z.string(),
    size_bytes: z.number().int(),
  })
  .meta({ id: 'PostMedia' });
export type PostMedia = z.infer<typeof postMediaSchema>;

export const postSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    author: postAuthorSchema,
    author_id: z.number().int(),
    is_announcement: z.boolean(),
    media: z.array(postMediaSchema),
    /** The card image: the first image, else the first video's thumbnail; null without media. */
    thumbnail_url: z.string().nullable(),
    has_video: z.boolean(),
    likes_count: z.number().int(),
    comments_count: z.number().int(),
    views_count: z.number().int(),
    is_liked: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Post' });
export type Post = z.infer<typeof postSchema>;

export const postSortValues = ['latest', 'oldest', 'popular'] as const;

const optionalBool = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

export const postListQuerySchema = z.object({
  page: optionalNumber(z.number().int().min(1).max(PAGE_MAX)).default(1),
  size: optionalNumber(z.number().int().min(1).max(PAGE_SIZE_MAX)).default(20),
  /** A user id (the author of the channel page). */
  author_id: optionalNumber(z.number().int().min(1).max(2_147_483_647)),
  is_announcement: optionalBool,
  /** `video`: posts with a video (shorts, the channel's videos tab); `image`: posts without one. */
  media_type: z.enum(['video', 'image']).optional(),
  sort: z.enum(postSortValues).optional(),
});
export type PostListQuery = z.output<typeof postListQuerySchema>;

export const postSearchQuerySchema = postListQuerySchema.extend({
  q: z.string().max(100, '검색어는 100자 이하로 입력해주세요.').refine(NUL, NUL_MESSAGE).optional(),
});
export type PostSearchQuery = z.output<typeof postSearchQuerySchema>;

export const postListSchema = z
  .object({
    posts: z.array(postSchema),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'PostList' });
export type PostList = z.infer<typeof postListSchema>;

export const postBulkDeleteSchema = z.object({
  ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(100),
});
export const postBulkDeleteResultSchema = z.object({ deleted: z.array(z.number().int()) });

export const likeStateSchema = z
  .object({ post_id: z.number().int(), is_liked: z.boolean(), likes_count: z.number().int() })
  .meta({ id: 'LikeState' });
export type LikeState = z.infer<typeof likeStateSchema>;

// --- comments --------------------------------------------------------------------------------

export const commentSchema = z
  .object({
    id: z.number().int(),
    post_id: z.number().int(),
    parent_id: z.number().int().nullable(),
    depth: z.number().int().min(0).max(COMMENT_DEPTH_MAX),
    /** '삭제된 댓글입니다.' for a deleted comment kept because it has replies. */
    content: z.string(),
    /** null for a deleted comment. */
    author: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    is_deleted: z.boolean(),
    created_at: z.string(),
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

export const commentInputSchema = z.object({
  content: requiredText(postMessages.commentRequired, 100_000)
    .max(COMMENT_CONTENT_MAX, postMessages.commentTooLong)
    .refine(NUL, NUL_MESSAGE),
  parent_id: z
    .preprocess(
      (v) => (v === '' || v === 'null' ? null : v),
      z.coerce.number().int().min(1).max(2_147_483_647).nullable(),
    )
    .optional(),
});
export type CommentInput = z.input<typeof commentInputSchema>;

export const commentListQuerySchema = z.object({
  page: optionalNumber(z.number().int().min(1).max(PAGE_MAX)).default(1),
  /** Top-level comments per page; each comes with all its replies. */
  size: optionalNumber(z.number().int().min(1).max(PAGE_SIZE_MAX)).default(20),
});

export const commentListSchema = z
  .object({
    /** Threads in reading order: each top-level comment followed by its replies, depth first. */
    comments: z.array(commentSchema),
    /** Top-level comments of the post (what page and pages count). */
    total: z.number().int(),
    comments_count: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
  })
  .meta({ id: 'CommentList' });
export type CommentList = z.infer<typeof commentListSchema>;

export const commentDeleteResultSchema = z.object({
  id: z.number().int(),
  /** `soft`: kept as '삭제된 댓글입니다.' because replies hang on it; `hard`: removed. */
  mode: z.enum(['soft', 'hard']),
  comments_count: z.number().int(),
});

// --- main feed: creators and stats ------------------------------------------------------------

export const creatorSchema = z
  .object({
    /** The user id (the channel page is /merchant/{id}). */
    id: z.number().int(),
    merchant_id: z.number().int().nullable(),
    username: z.string(),
    business_name: z.string().nullable(),
    profile_image: z.string().nullable(),
    posts_count: z.number().int(),
    likes_count: z.number().int(),
    latest_post_at: z.string(),
  })
  .meta({ id: 'Creator' });
export const creatorListSchema = z.object({ creators: z.array(creatorSchema) });
export type Creator = z.infer<typeof creatorSchema>;

export const contentStatsSchema = z
  .object({
    posts_count: z.number().int(),
    videos_count: z.number().int(),
    creators_count: z.number().int(),
    likes_count: z.number().int(),
    comments_count: z.number().int(),
    views_count: z.number().int(),
  })
  .meta({ id: 'ContentStats' });
export type ContentStats = z.infer<typeof contentStatsSchema>;

// --- channel page lookups ---------------------------------------------------------------------

export const publicUserSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    user_type: z.enum(['customer', 'merchant']),
    profile_image: z.string().nullable(),
    merchant_id: z.number().int().nullable(),
    business_name: z.string().nullable(),
    business_description: z.string().nullable(),
    posts_count: z.number().int(),
    /** The channel header's totals: every post (videos included), the video posts, likes received. */
    counts: z.object({
      posts: z.number().int(),
      videos: z.number().int(),
      likes: z.number().int(),
    }),
    created_at: z.string(),
  })
  .meta({ id: 'PublicUser' });
export type PublicUser = z.infer<typeof publicUserSchema>;

export const merchantChannelSchema = z
  .object({
    /** The merchant id. */
    id: z.number().int(),
    /** The owner's user id (posts' author_id). */
    user_id: z.number().int(),
    owner_id: z.number().int(),
    business_name: z.string(),
    business_description: z.string().nullable(),
    username: z.string(),
    profile_image: z.string().nullable(),
    delivery_terms: deliveryTermsSchema,
    counts: z.object({
      posts: z.number().int(),
      videos: z.number().int(),
      likes: z.number().int(),
    }),
  })
  .meta({ id: 'MerchantChannel' });
export type MerchantChannel = z.infer<typeof merchantChannelSchema>;
