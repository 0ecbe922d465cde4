import { productMessages } from './catalogue.js';
import { formatNumber } from './numbers.js';

/** The reviews' values without zod: reviews.ts re-exports them and builds its schemas on them. */

export const REVIEW_RATING_MAX = 5;
export const REVIEW_CONTENT_MIN = 10;
export const REVIEW_CONTENT_MAX = 1000;
export const REVIEW_TITLE_MAX = 100;
export const REVIEW_IMAGES_MAX = 5;
export const REVIEW_IMAGE_BYTES_MAX = 5 * 1024 * 1024;
/** The product page's pages (spec: 10; more exist while a full page returns). */
export const REVIEW_PAGE_SIZE = 10;
/** The dashboard's reviews tab asks for 20 at a time; no list answers more than this. */
export const REVIEW_PAGE_SIZE_MAX = 50;
/** `reviews[rating]` of a product answer: the ratings of its newest reviews, at most this many. */
export const PRODUCT_REVIEW_RATINGS_MAX = 100;

export const reviewSortValues = ['newest', 'oldest', 'highest_rating', 'lowest_rating', 'most_helpful'] as const;
export type ReviewSort = (typeof reviewSortValues)[number];

/** The spec's texts, in Korean; the client shows `detail` of an error answer. */
export const reviewMessages = {
  ratingRequired: '별점을 선택해주세요.',
  ratingRange: `별점은 1점부터 ${REVIEW_RATING_MAX}점까지 선택할 수 있습니다.`,
  contentRequired: '리뷰 내용을 입력해주세요.',
  contentTooShort: `리뷰 내용은 최소 ${REVIEW_CONTENT_MIN}자 이상 입력해주세요.`,
  contentTooLong: `리뷰 내용은 ${formatNumber(REVIEW_CONTENT_MAX)}자 이하로 입력해주세요.`,
  titleTooLong: `제목은 ${REVIEW_TITLE_MAX}자 이하로 입력해주세요.`,
  imageOnly: '이미지 파일만 업로드할 수 있습니다.',
  imageTooLarge: '파일 크기는 5MB 이하여야 합니다.',
  imagesMax: `최대 ${REVIEW_IMAGES_MAX}개의 이미지만 업로드할 수 있습니다.`,
  imageHeic: productMessages.imageHeic,
  imageUnreadable: productMessages.imageUnreadable,
  imageMissing: productMessages.imageMissing,
  imageNotFound: '이미지를 찾을 수 없습니다.',
  notFound: '리뷰를 찾을 수 없습니다.',
  notPurchased: '상품을 구매한 고객만 리뷰를 작성할 수 있습니다.',
  alreadyReviewed: '이미 이 상품에 리뷰를 작성하셨습니다.',
  editForbidden: '본인이 작성한 리뷰만 수정할 수 있습니다.',
  deleteForbidden: '본인이 작성한 리뷰만 삭제할 수 있습니다.',
  ownReviewHelpful: '내가 쓴 리뷰에는 도움돼요를 누를 수 없습니다.',
  loadFailed: '리뷰를 불러오는데 실패했습니다.',
  saveFailed: '리뷰 저장 중 오류가 발생했습니다.',
  deleteFailed: '삭제 중 오류가 발생했습니다.',
  helpfulFailed: '처리 중 오류가 발생했습니다.',
  loginRequired: '로그인이 필요합니다.',
} as const;
