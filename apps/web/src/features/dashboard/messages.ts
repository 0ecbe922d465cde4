import { formatNumber } from '@/lib/format';
import type { DashboardTab, MerchantTab } from './dashboard-tabs';

const count = (n: number) => formatNumber(n);

/** Korean texts of the user dashboard (spec part 3: section 2 "User dashboard", 4, 5, 6, 8 and 9). */
export const dashboardText = {
  title: (isMerchant: boolean) => (isMerchant ? '판매자 대시보드' : '마이 대시보드'),
  profile: '내 프로필',
  handle: (email: string) => `@${email.split('@')[0] ?? ''}`,
  introPrompt: '아직 소개글이 없어요. 나를 소개하는 글을 작성해보세요.',
  writeIntro: '소개글 작성하기',
  editProfile: '프로필 수정',
  uploadPost: '게시글 등록',
  createProduct: '상품 등록',
  tabsLabel: '대시보드 메뉴',
  tabs: {
    home: '홈',
    posts: '게시글',
    videos: '동영상',
    notices: '공지사항',
    comments: '댓글',
    reviews: '리뷰',
    products: '상품 관리',
    'deleted-products': '삭제된 상품',
    delivery: '배송 관리',
    'delivery-terms': '배송 조건',
    payments: '결제 관리',
  } satisfies Record<DashboardTab, string>,
  swipeHint: '좌우로 밀어서 다른 탭으로 이동할 수 있어요',

  deniedTitle: '접근 권한이 없습니다',
  deniedReason: {
    products: '가맹점주만 접근 가능합니다.',
    'deleted-products': '삭제된 상품 관리는 가맹점주만 이용할 수 있습니다.',
    delivery: '배송 관리는 가맹점주만 이용할 수 있습니다.',
    'delivery-terms': '배송 조건 설정은 가맹점주만 이용할 수 있습니다.',
    payments: '가맹점주만 접근 가능합니다.',
  } satisfies Record<MerchantTab, string>,

  retry: '다시 시도',
  loading: '불러오는 중입니다…',
  loadMore: '더 보기',
  loadingMore: '더 불러오는 중…',

  // Home
  statsLabel: '내 활동 통계',
  stats: {
    total_contents: '전체 게시글',
    total_likes: '받은 좋아요',
    total_comments: '받은 댓글',
    recent_contents: '최근 7일 게시글',
  },
  recentActivity: '최근 7일 활동',
  activityTypes: { post: '게시글', comment: '댓글', review: '리뷰', order: '주문' } as Record<string, string>,
  noActivity: '최근 7일 동안의 활동이 없습니다.',
  homeFailed: '콘텐츠를 불러올 수 없습니다.',

  // Posts and videos
  sortLabel: '정렬',
  sorts: { latest: '최신순', popular: '인기순', oldest: '날짜순' },
  postsFailed: '게시글을 불러올 수 없습니다.',
  videosFailed: '동영상을 불러올 수 없습니다.',
  postsEmpty: '아직 작성한 게시글이 없습니다.',
  videosEmpty: '아직 올린 동영상이 없습니다.',
  postsEmptyHint: '첫 게시글을 올려 소식을 전해보세요.',
  announcement: '공지',
  readMore: '자세히 보기',
  moreMedia: (n: number) => `+${n}`,
  moreMediaSr: (n: number) => `사진·동영상 ${n}개 더 있음`,
  like: '좋아요',
  unlike: '좋아요 취소',
  likes: '좋아요',
  comments: '댓글',
  views: (n: string) => `조회 ${n}`,
  likeFailed: '좋아요 처리에 실패했습니다.',
  loginToLike: '좋아요를 누르려면 로그인이 필요합니다.',
  openPost: (title: string) => `${title} 게시글 보기`,

  // Notices
  noticesFailed: '공지사항을 불러올 수 없습니다.',
  noticesEmpty: '등록된 공지사항이 없습니다.',
  myNoticesEmptyHint: '게시글을 등록할 때 공지사항으로 지정하면 이곳에 모여요.',

  // Comments
  commentsFailed: '댓글을 불러올 수 없습니다.',
  commentsEmpty: '아직 받은 댓글이 없습니다.',
  commentsEmptyHint: '내 게시글에 댓글이 달리면 이곳에서 확인하고 답글을 남길 수 있어요.',
  commentCount: (n: number) => `댓글 ${count(n)}개`,
  latestActivity: '최근 활동',
  /** The delete confirmation (spec part 3, "Destructive actions"); the rest of the thread's texts are the content feature's. */
  deleteCommentTitle: '댓글 삭제',
  deleteCommentText: '정말 이 댓글을 삭제하시겠습니까? 삭제된 댓글은 복구할 수 없습니다.',

  // Reviews
  reviewsTitle: (reviews: number, products: number) => `내 리뷰 (${count(reviews)}개 리뷰 / ${count(products)}개 상품)`,
  reviewsFailed: '리뷰를 불러오는 중 오류가 발생했습니다.',
  reviewsEmpty: '아직 작성한 리뷰가 없습니다.',
  reviewsEmptyHint: '구매한 상품에 리뷰를 남기면 이곳에 모여요.',
  openStats: '전체 통계',
  statsTitle: '리뷰 전체 통계',
  statTotal: '전체 리뷰',
  statAverage: '평균 별점',
  statProducts: '리뷰한 상품',
  statHelpful: '받은 도움돼요',
  statImage: '사진 리뷰',
  statText: '텍스트 리뷰',
  distribution: '별점 분포',
  starLabel: (star: number) => `${star}점`,
  reviewCount: (n: number) => `리뷰 ${count(n)}개`,
  countUnit: (n: number) => `${count(n)}개`,
  averageOf: (avg: number) => `평균 ${avg.toFixed(1)}점`,
  percent: (p: number) => `${p.toFixed(1)}%`,
  productImage: (title: string) => `${title} 상품 이미지`,
  goToProduct: '상품 페이지에서 보기',
  more: '더보기',
  close: '닫기',
} as const;
