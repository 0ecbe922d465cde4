import {
  REVIEW_CONTENT_MAX,
  REVIEW_IMAGES_MAX,
  REVIEW_RATING_MAX,
  REVIEW_TITLE_MAX,
  type ReviewSort,
  reviewMessages,
} from '@app/contracts/plain';
import { formatNumber } from '@/lib/format';
import { withParticle } from '@/lib/text';

const count = (n: number) => formatNumber(n);

/** Korean texts of the product page's review tab and the review modal (spec part 2, sections 2, 5, 8). */
export const reviewText = {
  ...reviewMessages,
  sectionTitle: '상품 리뷰',
  loading: '리뷰를 불러오는 중입니다…',
  retry: '다시 시도',
  emptyTitle: '아직 작성된 리뷰가 없어요',
  emptyText: '이 상품을 구매하셨다면 첫 리뷰를 남겨주세요.',
  write: '리뷰 작성하기',
  buyToReview: '상품을 구매한 고객만 리뷰를 작성할 수 있어요.',

  // Statistics
  statsLabel: '리뷰 통계',
  averageOutOf: `/ ${REVIEW_RATING_MAX}`,
  averageSr: (average: number) => `평균 별점 ${REVIEW_RATING_MAX}점 만점에 ${average.toFixed(1)}점`,
  totalCount: (n: number) => `리뷰 ${count(n)}개`,
  distributionLabel: '별점별 리뷰 수',
  starLabel: (star: number) => `${star}점`,
  starCountSr: (star: number, n: number) => `${star}점 리뷰 ${count(n)}개`,

  // List
  sortLabel: '정렬',
  sorts: {
    newest: '최신순',
    oldest: '오래된순',
    highest_rating: '별점 높은순',
    lowest_rating: '별점 낮은순',
    most_helpful: '도움순',
  } satisfies Record<ReviewSort, string>,
  loadMore: '더보기',
  loadingMore: '불러오는 중…',
  reviewBy: (username: string) => `${username}님의 리뷰`,
  rating: (n: number) => `별점 ${REVIEW_RATING_MAX}점 중 ${n}점`,
  mine: '내 리뷰',
  helpful: '도움돼요',
  helpfulOwn: (n: number) => (n > 0 ? `${count(n)}명에게 도움이 됐어요` : ''),
  edit: '수정',
  delete: '삭제',
  editReview: '내 리뷰 수정',
  deleteReview: '내 리뷰 삭제',
  deleteTitle: '리뷰를 삭제할까요?',
  deleteText: '삭제한 리뷰와 사진은 되돌릴 수 없어요.',
  deleted: '리뷰를 삭제했어요.',
  photos: '리뷰 사진',
  openPhoto: (n: number, total: number) => `리뷰 사진 ${total}장 중 ${n}번째 크게 보기`,
  photoViewer: '리뷰 사진 보기',
  photoAlt: (n: number, total: number) => `리뷰 사진 ${total}장 중 ${n}번째`,
  previousPhoto: '이전 사진',
  nextPhoto: '다음 사진',
  photoPosition: (n: number, total: number) => `${n} / ${total}`,
  close: '닫기',

  // Modal
  createTitle: '리뷰 작성',
  editTitle: '리뷰 수정',
  ratingLabel: '별점',
  ratingOption: (n: number) => `${n}점`,
  ratingWords: { 1: '별로예요', 2: '그저 그래요', 3: '보통이에요', 4: '좋아요', 5: '최고예요' } as Record<
    number,
    string
  >,
  ratingPrompt: '상품은 어떠셨나요?',
  titleLabel: '제목 (선택)',
  titlePlaceholder: '한 줄로 요약해주세요',
  titleCounter: (n: number) => `${count(n)} / ${REVIEW_TITLE_MAX}`,
  contentLabel: '리뷰 내용',
  contentPlaceholder: '맛, 품질, 포장 상태 등 솔직한 후기를 10자 이상 남겨주세요.',
  counter: (n: number) => `${count(n)} / ${count(REVIEW_CONTENT_MAX)}`,
  counterSr: (n: number) => `${count(REVIEW_CONTENT_MAX)}자 중 ${count(n)}자 입력`,
  photosLabel: '사진 (선택)',
  photosHint: `최대 ${REVIEW_IMAGES_MAX}장, 한 장에 5MB 이하 (JPG, PNG, GIF, WebP)`,
  photoCount: (n: number) => `${n}/${REVIEW_IMAGES_MAX}`,
  addPhoto: '사진 추가',
  removePhoto: (n: number) => `${n}번째 사진 삭제`,
  photoPreview: (n: number) => `${n}번째 사진`,
  submitCreate: '리뷰 등록하기',
  submitEdit: '수정 완료',
  cancel: '취소',
  saving: '저장하는 중…',
  uploading: (done: number, total: number) => `사진 올리는 중 (${done}/${total})`,
  uploadProgress: (name: string) => `${name} 업로드 진행률`,
  imageUploadFailed: (name: string, reason: string) =>
    `리뷰는 저장했지만 사진 ${withParticle(`"${name}"`, '을')} 올리지 못했어요. ${reason} 다시 저장하면 남은 사진을 올려요.`,
  imageDeleteFailed: (reason: string) =>
    `리뷰는 저장했지만 지운 사진을 삭제하지 못했어요. ${reason} 다시 저장해주세요.`,
  created: '리뷰를 등록했어요. 소중한 후기 고마워요!',
  updated: '리뷰를 수정했어요.',
} as const;
