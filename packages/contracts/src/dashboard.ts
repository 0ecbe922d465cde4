import { z } from 'zod';
import { productSchema } from './catalogue.js';
import { optionalNumber } from './common.js';
import { COMMENT_DEPTH_MAX, postMediaSchema } from './content.js';
import { reviewSchema } from './reviews.js';
import { phoneSchema, postcodeSchema, requiredText, usernameSchema, userSchema, userTypeSchema } from './users.js';

// ---------------------------------------------------------------------------------------------
// The user dashboard and the profile edit screen (spec part 3, sections 2-9;
// docs/decisions/018-dashboards.md)
// ---------------------------------------------------------------------------------------------

/** Posts, videos (and notices) tabs: items per page. */
export const DASHBOARD_PAGE_SIZE = 6;
/** Default of comments, my-comments, announcements, my-announcements and reviews. */
export const DASHBOARD_LIST_DEFAULT = 10;
/** The reviews tab asks for this many at a time. */
export const DASHBOARD_REVIEWS_PAGE_SIZE = 20;
/** Default (and largest) page of the products tab. */
export const DASHBOARD_PRODUCTS_DEFAULT = 100;
/** The largest `limit` of every dashboard list except products. */
export const DASHBOARD_LIMIT_MAX = 50;
export const DASHBOARD_OFFSET_MAX = 100_000;
/** 30 MB. */
export const PROFILE_IMAGE_BYTES_MAX = 31_457_280;
/** The stored profile image is a WebP square of this side. */
export const PROFILE_IMAGE_SIDE = 300;
/** "Recent" is the last 7 days (stats, summary, recent activity). */
export const RECENT_DAYS = 7;
/** At most this many posts in the summary's recent_contents. */
export const SUMMARY_RECENT_MAX = 5;
/** At most this many rows of recent activity. */
export const RECENT_ACTIVITY_MAX = 20;
/** Threads (top-level comments) per post in a my-comments group. */
export const COMMENT_GROUP_THREADS_MAX = 50;
/** Replies are offered below this depth (a top-level comment is depth 0). */
export const REPLY_DEPTH_MAX = COMMENT_DEPTH_MAX;
/** Pixels of indentation per reply depth in the comments tab. */
export const REPLY_INDENT_PX = 20;

/** The spec's texts (quoted ones exactly). */
export const dashboardMessages = {
  merchantOnly: '가맹점주만 접근 가능합니다.',
  merchantNotFound: '가맹점 정보를 찾을 수 없습니다.',
  imageOnly: '이미지 파일만 업로드할 수 있습니다.',
  imageTooLarge: '이미지 파일 크기는 30MB 이하여야 합니다.',
  imageMissing: '업로드할 이미지 파일을 선택해주세요.',
  imageRecommendation: '권장: 300×300 픽셀, 3MB 이하',
  businessNumberFormat: '올바른 사업자등록번호 형식이 아닙니다. (예: 123-45-67890)',
  businessNameRequired: '상호명을 입력해주세요.',
  profileLoadFailed: '프로필 정보를 불러오는데 실패했습니다.',
  profileSaveFailed: '프로필 저장에 실패했습니다. 다시 시도해주세요.',
  profileSaved: '프로필이 성공적으로 수정되었습니다.',
  imageUploadFailed: '프로필 이미지 업로드에 실패했습니다.',
  imageDeleteFailed: '프로필 이미지 삭제에 실패했습니다.',
  imageUploaded: '프로필 이미지가 변경되었습니다.',
  imageDeleted: '프로필 이미지가 삭제되었습니다.',
  usernameHelp: '다른 사용자와 중복되지 않는 이름을 입력해주세요.',
  emailReadOnly: '이메일은 변경할 수 없습니다.',
  reviewsLoadFailed: '리뷰를 불러오는 중 오류가 발생했습니다.',
  loadFailed: '데이터를 불러오는데 실패했습니다.',
  noAccess: '접근 권한이 없습니다',
} as const;

/** `ddd-dd-ddddd`, what the profile edit screen shows and checks. */
export const BUSINESS_NUMBER_PATTERN = /^\d{3}-\d{2}-\d{5}$/;

export { formatBusinessNumber, formatBusinessNumberInput } from './plain.js';

/** `ddd-dd-ddddd` (or the 10 digits alone); stored as the 10 digits. */
export const dashboardBusinessNumberSchema = requiredText(dashboardMessages.businessNumberFormat, 20)
  .regex(/^(?:\d{3}-\d{2}-\d{5}|\d{10})$/, dashboardMessages.businessNumberFormat)
  .transform((v) => v.replace(/-/g, ''));

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

// --- profile ---------------------------------------------------------------------------------

export const dashboardProfileSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    /** "base, detail" (split at the last comma by the edit screen). */
    address: z.string().nullable(),
    /** The 5-digit postcode of `address`, when given. */
    postcode: z.string().nullable(),
    /** null for customers. */
    business_name: z.string().nullable(),
    /** `ddd-dd-ddddd`; null for customers. */
    business_number: z.string().nullable(),
    business_description: z.string().nullable(),
    profile_image: z.string().nullable(),
    user_type: userTypeSchema,
  })
  .meta({ id: 'DashboardProfile' });
export type DashboardProfile = z.infer<typeof dashboardProfileSchema>;

export const dashboardProfileAnswerSchema = z
  .object({ profile: dashboardProfileSchema })
  .meta({ id: 'DashboardProfileAnswer' });
export type DashboardProfileAnswer = z.infer<typeof dashboardProfileAnswerSchema>;

/** PUT /api/dashboard/profile: only the fields sent change; blank phone, address or description clear them. */
export const dashboardProfileUpdateSchema = z.object({
  username: usernameSchema.optional(),
  phone: z.preprocess(blankToNull, phoneSchema.nullable()).optional(),
  address: z.string().trim().max(300, '300자 이하로 입력해주세요.').nullable().optional(),
  /** The address's postcode (5 digits); blank clears it, and clearing the address clears it too. */
  postcode: postcodeSchema.optional(),
  /** Merchants only (a customer sending a business field gets 403 merchant_only). */
  business_name: requiredText(dashboardMessages.businessNameRequired, 100).optional(),
  business_number: dashboardBusinessNumberSchema.optional(),
  business_description: z.string().trim().max(2000, '소개는 2000자 이하로 입력해주세요.').nullable().optional(),
});
export type DashboardProfileUpdate = z.input<typeof dashboardProfileUpdateSchema>;

export const dashboardProfileUpdateAnswerSchema = z
  .object({
    message: z.string(),
    profile: dashboardProfileSchema,
    /** The session's user object (as /api/auth/me answers it), to merge into the stored user. */
    user: userSchema,
  })
  .meta({ id: 'DashboardProfileUpdateAnswer' });
export type DashboardProfileUpdateAnswer = z.infer<typeof dashboardProfileUpdateAnswerSchema>;

/** Documents the image upload form in the OpenAPI document (the route reads the part itself). */
export const profileImageFormSchema = z
  .object({ profile_image: z.string().meta({ format: 'binary' }) })
  .meta({ id: 'ProfileImageForm' });

/** POST and DELETE /api/dashboard/profile/image. */
export const profileImageAnswerSchema = z
  .object({
    message: z.string(),
    /** The new 300x300 WebP address, or null after DELETE. */
    profile_image: z.string().nullable(),
    user: userSchema,
  })
  .meta({ id: 'ProfileImageAnswer' });
export type ProfileImageAnswer = z.infer<typeof profileImageAnswerSchema>;

// --- stats, summary, recent activity ------------------------------------------------------------

const count = z.number().int();

export const dashboardStatsSchema = z
  .object({
    /** The user's posts. */
    total_contents: count,
    /** Likes on the user's posts. */
    total_likes: count,
    /** Comments on the user's posts (not deleted). */
    total_comments: count,
    /** The user's posts of the last 7 days. */
    recent_contents: count,
  })
  .meta({ id: 'DashboardStats' });
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

export const contentItemSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    content: z.string(),
    /** `video` when the post has a video, otherwise `image`. */
    content_type: z.enum(['image', 'video']),
    thumbnail_url: z.string().nullable(),
    created_at: z.string(),
    views_count: count,
    likes_count: count,
    comments_count: count,
    /** Whether the signed-in user liked it. */
    is_liked: z.boolean(),
    is_announcement: z.boolean(),
    /** The first 2 media of the post. */
    media: z.array(postMediaSchema),
    media_count: count,
    author: z.object({ id: z.number().int(), username: z.string(), profile_image: z.string().nullable() }),
  })
  .meta({ id: 'ContentItem' });
export type ContentItem = z.infer<typeof contentItemSchema>;

export const dashboardSummarySchema = z
  .object({
    stats: dashboardStatsSchema,
    /** At most 5 posts of the last 7 days, newest first. */
    recent_contents: z.array(contentItemSchema),
  })
  .meta({ id: 'DashboardSummary' });
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

export const activityTypeValues = ['post', 'comment', 'review', 'order'] as const;
export type ActivityType = (typeof activityTypeValues)[number];

export const recentActivitySchema = z
  .object({
    activities: z.array(
      z.object({
        type: z.enum(activityTypeValues),
        id: z.number().int(),
        title: z.string(),
        created_at: z.string(),
        /** An app path: `/content/{id}`, `/products/{id}#reviews`, `/orders`. */
        link: z.string(),
      }),
    ),
  })
  .meta({ id: 'RecentActivity' });
export type RecentActivity = z.infer<typeof recentActivitySchema>;
export type Activity = RecentActivity['activities'][number];

// --- lists -----------------------------------------------------------------------------------

const offsetSchema = optionalNumber(z.number().int().min(0).max(DASHBOARD_OFFSET_MAX)).default(0);
const limitSchema = (fallback: number, max = DASHBOARD_LIMIT_MAX) =>
  optionalNumber(z.number().int().min(1).max(max)).default(fallback);

export const dashboardContentSortValues = ['latest', 'popular', 'oldest'] as const;
export type DashboardContentSort = (typeof dashboardContentSortValues)[number];

/** GET /api/dashboard/contents. */
export const dashboardContentsQuerySchema = z.object({
  limit: limitSchema(DASHBOARD_PAGE_SIZE),
  offset: offsetSchema,
  content_type: z.enum(['image', 'video']).optional(),
  sort: z.enum(dashboardContentSortValues).default('latest'),
});
export type DashboardContentsQuery = z.input<typeof dashboardContentsQuerySchema>;

/** comments, my-comments, announcements, my-announcements, reviews. */
export const dashboardListQuerySchema = z.object({
  limit: limitSchema(DASHBOARD_LIST_DEFAULT),
  offset: offsetSchema,
});
export type DashboardListQuery = z.input<typeof dashboardListQuerySchema>;

/** GET /api/dashboard/products: limit 1-100, default 100. */
export const dashboardProductsQuerySchema = z.object({
  limit: limitSchema(DASHBOARD_PRODUCTS_DEFAULT, DASHBOARD_PRODUCTS_DEFAULT),
  offset: offsetSchema,
});
export type DashboardProductsQuery = z.input<typeof dashboardProductsQuerySchema>;

export const dashboardContentsSchema = z
  .object({ contents: z.array(contentItemSchema), has_more: z.boolean() })
  .meta({ id: 'DashboardContents' });
export type DashboardContents = z.infer<typeof dashboardContentsSchema>;

export const dashboardAnnouncementsSchema = z
  .object({ announcements: z.array(contentItemSchema), has_more: z.boolean() })
  .meta({ id: 'DashboardAnnouncements' });
export type DashboardAnnouncements = z.infer<typeof dashboardAnnouncementsSchema>;

/** A comment the user wrote, with its post. */
export const dashboardCommentSchema = z
  .object({
    id: z.number().int(),
    content: z.string(),
    created_at: z.string(),
    post: z.object({ id: z.number().int(), title: z.string() }),
  })
  .meta({ id: 'DashboardComment' });
export type DashboardComment = z.infer<typeof dashboardCommentSchema>;

export const dashboardCommentsSchema = z
  .object({ comments: z.array(dashboardCommentSchema), has_more: z.boolean() })
  .meta({ id: 'DashboardComments' });
export type DashboardComments = z.infer<typeof dashboardCommentsSchema>;

export type ThreadComment = {
  id: number;
  /** '삭제된 댓글입니다.' for a deleted comment kept because it has replies. */
  content: string;
  created_at: string;
  /** 0 for a top-level comment. */
  depth: number;
  is_deleted: boolean;
  /** null for a deleted comment. */
  comment_author: { id: number; username: string; profile_image: string | null } | null;
  /** Oldest first. */
  replies: ThreadComment[];
};

/** A comment of a thread on one of the user's posts, with its replies (recursive). */
export const threadCommentSchema: z.ZodType<ThreadComment> = z
  .object({
    id: z.number().int(),
    content: z.string(),
    created_at: z.string(),
    depth: z.number().int().min(0).max(COMMENT_DEPTH_MAX),
    is_deleted: z.boolean(),
    comment_author: z
      .object({ id: z.number().int(), username: z.string(), profile_image: z.string().nullable() })
      .nullable(),
    get replies() {
      return z.array(threadCommentSchema);
    },
  })
  .meta({ id: 'ThreadComment' });

export const commentGroupSchema = z
  .object({
    post_info: z.object({ id: z.number().int(), title: z.string() }),
    /** Comments on the post that are not deleted. */
    comment_count: count,
    /** The newest comment's time. */
    latest_activity: z.string(),
    /** The post's 50 newest threads, newest first; replies oldest first. */
    comments: z.array(threadCommentSchema),
  })
  .meta({ id: 'CommentGroup' });
export type CommentGroup = z.infer<typeof commentGroupSchema>;

export const commentGroupsSchema = z
  .object({ comment_groups: z.array(commentGroupSchema), has_more: z.boolean() })
  .meta({ id: 'CommentGroups' });
export type CommentGroups = z.infer<typeof commentGroupsSchema>;

export const dashboardReviewStatsSchema = z
  .object({
    total_reviews: count,
    /** One decimal; 0 without reviews. */
    average_rating: z.number(),
    products_reviewed: count,
    total_helpful: count,
    /** Reviews with at least one image. */
    image_reviews: count,
    rating_distribution: z.object({ 1: count, 2: count, 3: count, 4: count, 5: count }),
  })
  .meta({ id: 'DashboardReviewStats' });
export type DashboardReviewStats = z.infer<typeof dashboardReviewStatsSchema>;

export const dashboardReviewsSchema = z
  .object({
    /** The user's reviews, newest first, each with its product. */
    reviews: z.array(reviewSchema),
    has_more: z.boolean(),
    /** Every review of the user, not only this page. */
    stats: dashboardReviewStatsSchema,
  })
  .meta({ id: 'DashboardReviews' });
export type DashboardReviews = z.infer<typeof dashboardReviewsSchema>;

export const dashboardProductsSchema = z
  .object({
    /** The merchant's products that are not deleted, available or not, newest first. */
    products: z.array(productSchema),
    has_more: z.boolean(),
    /** Every such product (not only this page). */
    total: count,
  })
  .meta({ id: 'DashboardProducts' });
export type DashboardProducts = z.infer<typeof dashboardProductsSchema>;
