/** Korean texts shared across the app. Feature screens keep theirs in their own messages module. */
export const brandMessages = {
  defaultBrand: '로컬마켓',
  defaultSupportEmail: 'support@localmarket.kr',
} as const;

export const apiMessages = {
  httpError: (status: number) => `HTTP error! status: ${status}`,
  networkError: '서버에 연결할 수 없습니다. 네트워크 연결을 확인해주세요.',
  uploadServerError: '서버 내부 오류가 발생했습니다. 파일이 너무 크거나 지원하지 않는 형식일 수 있습니다.',
  uploadOtherError: (status: number) => `서버 오류가 발생했습니다 (상태: ${status}). 잠시 후 다시 시도해주세요.`,
} as const;

export const sheetMessages = {
  close: '닫기',
} as const;

export const startupMessages = {
  loading: '서비스 정보를 불러오는 중입니다…',
  errorTitle: '서비스 정보를 불러올 수 없습니다',
  errorText: '잠시 후 다시 시도해주세요.',
  reload: '새로고침',
} as const;

export const routeMessages = {
  featureOffTitle: '서비스 준비 중입니다',
  featureOffText: '현재 이 서비스에서는 제공하지 않는 기능입니다.',
  accessDeniedTitle: '접근 권한이 없습니다',
  accessDeniedText: '시스템 관리자만 접근할 수 있는 페이지입니다.',
  back: '뒤로 가기',
  home: '홈으로',
  pageLoading: '화면을 불러오는 중입니다…',
  pageErrorTitle: '화면을 불러오지 못했습니다',
  pageErrorText: '네트워크 상태를 확인한 뒤 새로고침해주세요.',
  reload: '새로고침',
  placeholderText: '이 화면은 곧 제공될 예정입니다. 조금만 기다려주세요.',
} as const;

/** Titles of the screens that later issues build; the route table shows them on a placeholder. */
export const screenTitles = {
  login: '로그인',
  registerCustomer: '고객 회원가입',
  registerMerchant: '판매자 회원가입',
  findEmail: '이메일 찾기',
  resetPasswordRequest: '비밀번호 재설정 요청',
  resetPassword: '비밀번호 재설정',
  kakaoCallback: '카카오 로그인',
  adminTenants: '테넌트 관리',
  contentUpload: '게시글 등록',
  contentEdit: '게시글 수정',
  contentDetail: '게시글',
  profileEdit: '프로필 설정',
  merchantDashboard: '판매자 대시보드',
  merchantChannel: '판매자 채널',
  productCreate: '상품 등록',
  productEdit: '상품 수정',
  productDetail: '상품 상세',
  paymentCallback: '결제 결과',
  paymentAnalytics: '결제 통계',
} as const;

export const navMessages = {
  mainNav: '주 메뉴',
  mobileNav: '하단 메뉴',
  home: '홈',
  delivery: '배달·픽업',
  shopping: '쇼핑',
  content: '콘텐츠',
  wallet: '지갑',
  myContent: '내 콘텐츠',
  productCreate: '상품 등록',
  contentUpload: '게시물 등록',
  admin: '관리자',
  greeting: (username: string) => `안녕하세요, ${username}님`,
  adminTag: '[관리자]',
  menu: '메뉴',
  profileSettings: '프로필 설정',
  myPage: '마이페이지',
  orders: '주문 내역',
  tenantManagement: '테넌트 관리',
  logout: '로그아웃',
  login: '로그인',
  signUp: '회원가입',
  my: '내 정보',
  brandHome: (name: string) => `${name} 홈`,
} as const;

export const footerMessages = {
  defaultPhone: '1588-0000',
  defaultAddress: '서울특별시 중구 세종대로 110',
  companyName: '상호',
  ceo: '대표',
  businessNumber: '사업자등록번호',
  phone: '고객센터',
  address: '주소',
  salesReport: '통신판매업 신고번호',
  email: '이메일',
  footerNav: '약관 및 정책',
  policy: '배송·교환·환불 정책',
  terms: '이용약관',
  copyright: (company: string, year: number) => `© ${year} ${company}. All rights reserved.`,
} as const;

export const cardMessages = {
  defaultMerchant: '판매자 정보 없음',
  noImage: '이미지 없음',
  likes: '좋아요',
  comments: '댓글',
  discount: '할인율',
  price: '판매가',
  originalPrice: '정가',
  soldOut: '품절',
  remaining: (n: number) => `${n}개 남음`,
  rating: (average: number, count: number) => `별점 ${average.toFixed(1)}, 리뷰 ${count}개`,
  pickup: '픽업',
  delivery: '배달',
  /** After the cheapest price of a product whose options cost different amounts: "12,000원부터". */
  priceFrom: '부터',
  /** Read before the merchant's ETA text ("40~60분", "내일 오전 도착") on delivery cards. */
  eta: '배달 예상 시간',
} as const;

export const dateMessages = {
  justNow: '방금 전',
  today: '오늘',
  yesterday: '어제',
  hoursAgo: (n: number) => `${n}시간 전`,
  daysAgo: (n: number) => `${n}일 전`,
  weeksAgo: (n: number) => `${n}주 전`,
  monthsAgo: (n: number) => `${n}개월 전`,
} as const;

/** The shared confirmation dialog (src/components/confirm-dialog.tsx). */
export const confirmMessages = {
  delete: '삭제',
  cancel: '취소',
} as const;
