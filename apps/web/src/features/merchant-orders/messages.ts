import { type OrderType, orderMessages } from '@app/contracts';
import { formatNumber } from '@/lib/format';
import { trackingMessages } from '@/messages/tracking';

const n = formatNumber;

/** What an order type is called in the lists and messages: delivery orders are 배송 in the spec's texts. */
const typeNoun: Record<OrderType, string> = { delivery: '배송', pickup: '픽업' };

/** Texts of the merchant's order management (spec part 3: delivery tab, sections 4, 8 and 9). */
export const ordersText = {
  title: '주문 관리',
  typeSwitch: '주문 유형',
  types: { delivery: '배달', pickup: '픽업' } satisfies Record<OrderType, string>,
  /** The kind badge on a card: a shopping parcel is shipped (배송), a pickup-category order delivered (배달). */
  kinds: { parcel: '배송', delivery: '배달', pickup: '픽업' },
  loadFailed: (type: OrderType) => `${typeNoun[type]} 목록을 불러오는데 실패했습니다.`,
  loading: (type: OrderType) => `${typeNoun[type]} 주문을 불러오는 중입니다…`,
  retry: '다시 시도',
  emptyTitle: (type: OrderType) => `아직 ${typeNoun[type]} 주문이 없습니다`,
  emptyText: (type: OrderType) =>
    type === 'pickup'
      ? '손님이 픽업으로 주문하면 이곳에 나타나요. 상품의 픽업 안내가 잘 보이는지 확인해보세요.'
      : '배달·택배 주문이 들어오면 이곳에 나타나요. 상품이 판매중인지 확인해보세요.',
  noMatchTitle: '검색 결과가 없습니다',
  noMatchText: '이 페이지의 주문 중 조건에 맞는 주문이 없어요. 검색어나 기간을 바꿔보세요.',
  resetFilters: '필터 초기화',
  deniedTitle: '접근 권한이 없습니다',
  deniedText: '가맹점주만 접근 가능합니다.',

  search: '주문 검색',
  searchPlaceholder: '주문번호, 주소, 연락처, 상품명',
  searchHint: '현재 페이지의 주문에서 찾아요.',
  dateRange: '기간',
  dateRanges: { all: '전체', today: '오늘', week: '7일', month: '1개월' },
  sort: '정렬',
  sorts: { latest: '최신순', oldest: '오래된순', status: '상태순' },
  shown: (shown: number, total: number) => `이 페이지 ${n(total)}건 중 ${n(shown)}건`,
  totalCount: (total: number) => `전체 ${n(total)}건`,

  pagination: '주문 목록 페이지',
  previous: '이전',
  next: '다음',
  pageOf: (page: number, pages: number) => `${n(page)} / ${n(pages)} 페이지`,

  orderNumber: (id: number) => `주문번호 #${id}`,
  orderedAt: '주문일시',
  /** `배송완료 일시` or `픽업완료 일시`. */
  deliveredAt: (doneLabel: string) => `${doneLabel} 일시`,
  buyer: '주문자',
  phone: '연락처',
  address: '배송지',
  pickupAddress: '수령 방법',
  pickupAtStore: '매장 픽업',
  memo: '요청사항',
  noMemo: '없음',
  items: '주문 상품',
  quantity: (q: number) => `${n(q)}개`,
  itemsTotal: '상품 금액',
  totalPrice: '총 결제금액',
  pointsUsed: '포인트 사용',
  cardAmount: '카드 결제',
  points: (v: number) => `${n(v)}P`,
  minusPoints: (v: number) => `-${n(v)}P`,
  changeStatus: '상태 변경',
  changeStatusFor: (id: number) => `주문번호 #${id} 상태 변경`,

  dialogTitle: '주문 상태 변경',
  currentStatus: '현재 상태',
  newStatus: '변경할 상태',
  current: '현재',
  notAllowed: '변경 불가',
  statusHint: '지금 이 주문에서 바꿀 수 있는 상태만 선택할 수 있어요.',
  finalState: '완료되었거나 취소·환불된 주문이라 더 이상 상태를 바꿀 수 없어요.',
  refundPendingState: '카드사에서 환불을 처리하는 중이라 상태를 바꿀 수 없어요. 환불이 끝나면 자동으로 바뀝니다.',
  refundFailed: '카드 환불 실패',
  statusMemo: '메모 (선택)',
  statusMemoPlaceholder: '예: 포장 완료, 오후 3시 출발',
  memoCount: (length: number, max: number) => `${n(length)}/${n(max)}`,
  submit: '변경',
  submitting: '변경 중…',
  cancel: '닫기',
  back: '돌아가기',
  confirmCancelTitle: '주문을 취소할까요?',
  confirmRefundTitle: '주문을 환불할까요?',
  confirmCancel: '취소 확정',
  confirmRefund: '환불 확정',
  /** What goes back to the buyer when an order is cancelled or refunded (the server does it, all at once). */
  returnsToBuyer: (points: number, card: number) => {
    if (points > 0 && card > 0) return `사용한 포인트 ${n(points)}P와 카드 결제 ${n(card)}원이 구매자에게 돌아갑니다.`;
    if (points > 0) return `사용한 포인트 ${n(points)}P가 구매자에게 돌아갑니다.`;
    if (card > 0) return `카드 결제 ${n(card)}원이 구매자에게 돌아갑니다.`;
    return '구매자에게 돌려줄 결제 금액이 없습니다.';
  },
  rewardTakenBack: (points: number) => `이 주문으로 적립된 ${n(points)}P는 구매자에게서 회수됩니다.`,
  cannotUndo: '이 작업은 되돌릴 수 없습니다.',
  updated: orderMessages.statusUpdated,
  updateFailed: orderMessages.statusFailed,

  carrier: '택배사',
  carrierPlaceholder: '택배사 선택',
  trackingNumber: '송장번호',
  trackingNumberPlaceholder: '숫자만 입력',
  shipmentSection: '송장 정보 (선택)',
  shipmentOptionalHint: "비워두면 주문이 '송장 미등록'으로 표시돼요. 송장은 나중에 주문 카드에서 등록할 수 있어요.",
  shipmentNumberHint: '하이픈(-)은 빼고 입력해도 돼요.',
  shipment: '송장',
  shipmentMissing: trackingMessages.missing,
  shipmentMissingText: '송장번호를 등록하면 구매자가 배송조회를 할 수 있어요.',
  registerShipment: '송장 등록',
  registerShipmentFor: (id: number) => `주문번호 #${id} 송장 등록`,
  editShipment: '송장 수정',
  editShipmentFor: (id: number) => `주문번호 #${id} 송장 수정`,
  track: trackingMessages.open,
  trackFor: (id: number) => `주문번호 #${id} 배송조회`,
  shipmentTitles: { register: '송장 등록', edit: '송장 수정' },
  shipmentSubmit: { register: '등록', edit: '수정' },
  shipmentSaving: '저장 중…',
  shipmentFailed: '송장을 저장하지 못했습니다.',
  shipmentSaved: { register: '송장이 등록되었습니다.', edit: '송장이 수정되었습니다.' },

  history: '변경 이력',
  historyLoading: '변경 이력을 불러오는 중입니다…',
  historyFailed: '변경 이력을 불러오지 못했습니다.',
  historyEmpty: '아직 변경 이력이 없어요.',
  actors: { buyer: '구매자', merchant: '가맹점', system: '자동 처리' },
  dismiss: '알림 닫기',
} as const;
