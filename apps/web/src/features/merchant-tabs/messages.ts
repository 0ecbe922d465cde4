import { analyticsMessages, dashboardMessages } from '@app/contracts';
import { formatNumber } from '@/lib/format';
import type { AvailabilityFilter, DeliveryFilter, ProductSort } from './product-filters';
import type { StockFilter } from './stock-values';

const n = formatNumber;

/** Shared by the merchant tabs: access and retry. */
export const commonText = {
  deniedTitle: dashboardMessages.noAccess,
  merchantOnly: dashboardMessages.merchantOnly,
  deletedMerchantOnly: '가맹점주만 삭제된 상품을 관리할 수 있습니다.',
  retry: analyticsMessages.retry,
  loadMore: '더 보기',
  loadingMore: '불러오는 중…',
} as const;

/** The products tab (spec part 3, section 2 "Products tab" and section 8). */
export const productsText = {
  title: '상품 관리',
  create: '상품 등록',
  edit: '수정',
  editFor: (title: string) => `${title} 수정`,
  delete: '삭제',
  deleteFor: (title: string) => `${title} 삭제`,
  deleteTitle: '상품 삭제',
  deleteConfirm: '정말 이 상품을 삭제하시겠습니까?',
  deleteHint: (title: string) => `"${title}" 상품은 삭제된 상품 탭에서 다시 복구할 수 있어요.`,
  deleted: '상품이 삭제되었습니다.',
  deleteFailed: '상품 삭제에 실패했습니다.',
  loadFailed: '상품을 불러오는데 실패했습니다.',
  loading: '상품을 불러오는 중입니다…',
  emptyTitle: '등록된 상품이 없습니다',
  emptyText: '첫 상품을 등록하고 판매를 시작해보세요.',
  noMatchTitle: '검색 결과가 없습니다',
  noMatchText: '조건에 맞는 상품이 없어요. 검색어나 필터를 바꿔보세요.',
  resetFilters: '필터 초기화',

  filters: '상품 필터',
  search: '상품 검색',
  searchPlaceholder: '상품명 또는 설명으로 검색',
  category: '카테고리',
  allCategories: '전체 카테고리',
  shoppingGroup: '쇼핑',
  deliveryGroup: '배달·픽업',
  delivery: '배달 여부',
  deliveryOptions: { all: '전체', delivery: '배달가능', pickup: '픽업전용' } satisfies Record<DeliveryFilter, string>,
  availability: '판매 상태',
  availabilityOptions: { all: '전체', available: '판매중', unavailable: '판매중지' } satisfies Record<
    AvailabilityFilter,
    string
  >,
  sort: '정렬',
  sorts: {
    latest: '최신순',
    price_asc: '낮은 가격순',
    price_desc: '높은 가격순',
    views: '조회순',
    orders: '주문순',
  } satisfies Record<ProductSort, string>,
  shown: (shown: number, total: number) => `전체 ${n(total)}개 중 ${n(shown)}개`,
  total: (total: number) => `전체 ${n(total)}개`,

  available: '판매중',
  unavailable: '판매중지',
  deliverable: '배달가능',
  pickupOnly: '픽업전용',
  parcel: '택배배송',
  price: '판매가',
  originalPrice: '정가',
  unlimited: '재고 무제한',
  soldOut: '품절',
  lowStock: '재고 부족',
  stock: (count: number) => `재고 ${n(count)}개`,
  partlySoldOut: '일부 품절',
  optionCount: (count: number) => `옵션 ${n(count)}개`,
  optionStocks: (title: string) => `${title} 옵션별 재고`,
  /** One option in the compact list: `5kg · 12개`, `10kg · 품절`, `3kg · 무제한`. */
  optionStock: (stock: number | null) => (stock === null ? '무제한' : stock === 0 ? '품절' : `${n(stock)}개`),
  optionLow: '재고 부족',

  stockFilter: '재고 상태',
  /** The chips above the list, with how many products each would show. */
  stockFilters: {
    low: (count: number) => `재고 부족 ${n(count)}`,
    sold_out: (count: number) => `품절 ${n(count)}`,
  } satisfies Record<Exclude<StockFilter, 'all'>, (count: number) => string>,
  stockFilterHints: {
    low: '재고가 10개 이하로 남은 상품(옵션)만 보기',
    sold_out: '품절된 상품(옵션)이 있는 상품만 보기',
  } satisfies Record<Exclude<StockFilter, 'all'>, string>,

  stockEdit: '재고',
  stockEditFor: (title: string) => `${title} 재고 수정`,
  stockEditTitle: '재고 수정',
  stockCount: '재고 수량',
  stockPlaceholder: '무제한',
  stockHint: '비워두면 무제한, 0을 입력하면 품절로 표시돼요.',
  stockSave: '저장',
  stockSaving: '저장 중…',
  stockCancel: '취소',
  stockSaved: (title: string) => `${title} 재고를 저장했습니다.`,
  stockSaveFailed: '재고를 저장하지 못했습니다. 잠시 후 다시 시도해주세요.',
  views: (count: number) => `조회 ${n(count)}`,
  orders: (count: number) => `주문 ${n(count)}`,
  noImage: '이미지 없음',
} as const;

/** The deleted products tab (spec part 3, section 2 "Deleted products tab" and section 8). */
export const deletedText = {
  title: '삭제된 상품',
  intro: '삭제한 상품은 이곳에서 다시 판매 목록으로 복구할 수 있어요.',
  sort: '정렬',
  sorts: {
    deleted_desc: '최근 삭제순',
    deleted_asc: '오래된 삭제순',
    title: '상품명순',
    price: '가격순',
  },
  deletedAt: (date: string) => `${date} 삭제`,
  restore: '복구',
  restoreFor: (title: string) => `${title} 복구`,
  restoreTitle: '상품 복구',
  restoreConfirm: (title: string) => `"${title}" 상품을 복구하시겠습니까?`,
  restoreHint: '복구한 상품은 삭제 전 판매 상태 그대로 상품 목록에 돌아갑니다.',
  restored: '상품이 성공적으로 복구되었습니다.',
  restoreFailed: '상품 복구에 실패했습니다.',
  loadFailed: '삭제된 상품을 불러오는데 실패했습니다.',
  loading: '삭제된 상품을 불러오는 중입니다…',
  emptyTitle: '삭제된 상품이 없습니다',
  emptyText: '상품을 삭제하면 이곳에서 복구할 수 있어요.',
  total: (total: number) => `${n(total)}개`,
} as const;

/** Payment statuses as the payments screens show them (spec part 3, section 3); others are shown raw. */
export const paymentStatusLabels: Record<string, string> = {
  paid: '결제완료',
  pending: '대기중',
  failed: '실패',
  cancelled: '취소',
  virtual_account_issued: '가상계좌 발급',
};
export const paymentStatusLabel = (status: string) => paymentStatusLabels[status] ?? status;

/** The payments tab and the analytics screen (spec part 3, sections 2, 3, 8 and 9). */
export const paymentsText = {
  title: '결제 관리',
  views: { analytics: '분석', list: '목록' },
  viewSwitch: '보기 방식',
  loadFailed: analyticsMessages.paymentsLoadFailed,
  loading: '결제 데이터를 불러오는 중입니다…',
  empty: analyticsMessages.noPayments,
  emptyText: '결제가 들어오면 이곳에서 매출과 고객 흐름을 확인할 수 있어요.',
  period: (days: number) => `최근 ${n(days)}일`,
  periodRange: (start: string, end: string) => `${start} ~ ${end}`,

  summary: '요약',
  totalPayments: '총 결제 건수',
  totalRevenue: '총 매출',
  successRate: '결제 성공률',
  avgOrderValue: '평균 주문 금액',
  uniqueCustomers: '구매 고객',
  uniqueProducts: '판매 상품',
  /** The delivery fees (배달비, 택배비) buyers paid, part of the total revenue. */
  deliveryFeeTotal: '배송비 수입',
  count: (v: number) => `${n(v)}건`,
  people: (v: number) => `${n(v)}명`,
  kinds: (v: number) => `${n(v)}개`,
  percent: (v: number) => `${v.toFixed(1)}%`,
  days: (v: number) => `${n(v)}일`,

  statusStats: '결제 상태별 통계',
  status: '상태',
  countHeader: '건수',
  amount: '금액',
  totalAmount: '합계',
  avgAmount: '평균',
  minMax: '최소 ~ 최대',

  daily: '최근 7일 매출',
  dailyCaption: '날짜별 결제완료 금액과 건수',
  date: '날짜',
  revenue: '매출',

  methods: '결제 수단',
  methodLabels: { card: '카드', points: '포인트' } as Record<string, string>,
  methodShare: (label: string, percent: number) => `${label} ${percent.toFixed(1)}%`,

  hourly: '시간대별 결제',
  hourlyCaption: '시간대(한국 시간)별 결제완료 건수',
  hour: '시간',
  hourLabel: (h: number) => `${h}시`,
  peakHour: (h: number, count: number) => `가장 많은 시간대: ${h}시 (${n(count)}건)`,
  noPeak: '아직 결제가 없어요.',

  topProducts: '인기 상품 TOP 5',
  product: '상품',
  category: '카테고리',
  quantity: '수량',
  perUnit: '개당 매출',
  salesLine: (count: number, quantity: number) => `결제 ${n(count)}건 · ${n(quantity)}개`,
  /** A product's option row in the products table: `사과 3kg의 옵션` before the option's name, for screen readers. */
  optionOf: (product: string) => `${product} 옵션`,

  categories: '카테고리별 매출',
  categoryLine: (count: number, products: number) => `결제 ${n(count)}건 · 상품 ${n(products)}개`,

  topCustomers: '우수 고객 TOP 5',
  customer: '고객',
  customerLine: (purchases: number, products: number, days: number) =>
    `구매 ${n(purchases)}회 · 상품 ${n(products)}종 · 구매 기간 ${n(days)}일`,
  spent: '구매 금액',

  failures: '실패·취소 분석',
  reason: '사유',
  unknownReason: analyticsMessages.unknownReason,

  weekday: '요일별 결제',
  weekdayCaption: '요일별 결제완료 건수',
  weekdayLabel: (name: string) => `${name}요일`,

  infoTitle: '데이터 활용 안내',
  infoText:
    '결제 통계는 판매 분석과 함께 수요 예측·상품 추천 모델 학습에 활용될 수 있으며, 개인을 식별할 수 있는 정보는 학습에 쓰지 않아요.',
  infoPeriod: '분석 기간',
  infoPoints: '데이터 포인트',

  listTitle: '최근 결제 내역',
  listCaption: '최근 결제 10건',
  listDate: '결제일시',
  listProduct: '상품명',
  listBuyer: '구매자',
  listAmount: '금액',
  listStatus: '상태',
} as const;

/** The /payment/analytics screen. */
export const analyticsPageText = {
  title: '결제 통계',
  intro: (days: number) => `최근 ${n(days)}일 동안의 결제 현황이에요.`,
  loadFailed: analyticsMessages.loadFailed,
  loading: '통계를 불러오는 중입니다…',
  login: '로그인',
  daily: '일별 결제 (30일)',
  dailyTable: '일별 결제 표',
  products: '상품별 매출',
  topFlag: (rank: number) => `TOP ${rank}`,
  noProducts: '기간 안에 판매된 상품이 없어요.',
  noStatus: '기간 안에 결제가 없어요.',
} as const;

/** The delivery terms tab (배송 조건): what ordering from this merchant costs and how it arrives. */
export const deliveryTermsText = {
  title: '배송 조건',
  intro: '손님이 주문할 때 보는 배달비, 최소주문금액, 픽업 안내와 택배비를 정해요.',
  loading: '배송 조건을 불러오는 중입니다…',
  loadFailed: '배송 조건을 불러오는데 실패했습니다.',
  noSections: '이 쇼핑몰에서는 배달이나 택배 상품을 팔지 않아 정할 배송 조건이 없어요.',

  local: '배달·픽업',
  localIntro: '가게에서 직접 배달하거나 손님이 가지러 오는 주문의 조건이에요.',
  deliveryFee: '배달비',
  deliveryFeeHint: '0원이면 무료 배달이에요.',
  deliveryFeeRequired: '배달비를 입력해주세요. 무료 배달이면 0을 입력하세요.',
  minOrder: '최소주문금액',
  minOrderHint: '배달 주문에만 적용돼요. 최소 금액이 없으면 0을 입력하세요.',
  minOrderRequired: '최소주문금액을 입력해주세요. 없으면 0을 입력하세요.',
  freeOver: '무료배달 기준 금액',
  freeOverHint: '이 금액 이상 주문하면 배달비를 받지 않아요. 비워두면 항상 배달비를 받아요.',
  freeOverPlaceholder: '없음',
  eta: '예상 도착 시간',
  etaPlaceholder: '예) 40~60분, 내일 오전 도착',
  etaHint: '주문 화면에 그대로 보여요. 비워두면 표시하지 않아요.',
  pickup: '픽업 가능',
  pickupHint: '손님이 가게에 와서 직접 가져갈 수 있어요. 픽업 주문은 최소주문금액과 배달비가 없어요.',
  pickupAddress: '픽업 주소',
  pickupAddressPlaceholder: '예) 서울 마포구 월드컵북로 12, 1층 햇살농장',
  pickupHours: '픽업 시간',
  pickupHoursPlaceholder: '예) 매일 10:00~19:00',

  parcel: '택배',
  parcelIntro: '택배로 보내는 쇼핑 상품의 배송비예요. 비워두면 쇼핑몰 기본 정책을 따라요.',
  parcelFee: '택배비',
  parcelFreeOver: '무료배송 기준 금액',
  policy: '쇼핑몰 기본 정책 따름',
  policyFee: (fee: number) => `쇼핑몰 기본 ${n(fee)}원`,
  policyFreeOver: (won: number) => `쇼핑몰 기본 ${n(won)}원 이상`,
  policyLine: (fee: number, freeOver: number) =>
    `쇼핑몰 기본 정책: 택배비 ${n(fee)}원, ${n(freeOver)}원 이상 구매 시 무료배송`,
  followsPolicy: '비워두면 쇼핑몰 기본 정책을 따라요.',

  preview: '손님에게 보이는 안내',
  minOrderLine: (won: number) => (won > 0 ? `최소주문 ${n(won)}원` : '최소주문금액 없음'),
  etaLine: (text: string) => `예상 도착 ${text}`,
  pickupLine: (on: boolean) => (on ? '픽업 가능' : '픽업 안 함'),
  parcelLine: (fee: number, freeOver: number) =>
    fee === 0 ? '택배비 무료' : `택배비 ${n(fee)}원 (${n(freeOver)}원 이상 무료배송)`,

  save: '저장',
  saving: '저장 중…',
  saveFailed: '배송 조건을 저장하지 못했습니다. 잠시 후 다시 시도해주세요.',
} as const;
