import { CARD_MIN_AMOUNT, DELIVERY_MEMO_MAX } from '@app/contracts/plain';
import { formatNumber } from '@/lib/format';

const n = formatNumber;

/**
 * Texts of the parts every payment form shares (components/checkout): the buyer, the address, the
 * points and the summary. The buy-now sheet and the cart's checkout add their own beside them.
 */
export const checkoutPartsText = {
  receive: '받는 방법',
  delivery: '배달',
  pickup: '픽업',
  buyer: '주문자 정보',
  buyerName: '이름',
  buyerTel: '휴대폰 번호',
  buyerTelPlaceholder: '010-1234-5678',
  buyerEmail: '이메일',
  shipping: '배송지',
  deliveryAddress: '배달 주소',
  postcode: '우편번호',
  postcodePlaceholder: '5자리 숫자',
  findPostcode: '우편번호 찾기',
  findingPostcode: '여는 중…',
  postcodeFailed: '우편번호 찾기를 불러오지 못했어요. 우편번호와 주소를 직접 입력해주세요.',
  address: '주소',
  addressPlaceholder: '도로명 또는 지번 주소',
  addressDetail: '상세 주소',
  addressDetailPlaceholder: '동·호수 등 상세 주소',
  addressMax: '주소는 300자 이하로 입력해주세요.',
  memo: '요청사항 (선택)',
  memoPlaceholder: '예) 문 앞에 놓아주세요',
  memoMax: `요청사항은 ${DELIVERY_MEMO_MAX}자 이하로 입력해주세요.`,
  points: '포인트 사용',
  pointsLabel: '사용할 포인트',
  pointsAvailable: (v: number) => `사용 가능 ${n(v)}P`,
  pointsLoading: '포인트 잔액을 불러오는 중…',
  pointsFailed: '포인트 잔액을 불러오지 못했어요. 카드로만 결제할 수 있어요.',
  retry: '다시 시도',
  useAll: '전액 사용',
  pointsHint: `1P = 1원. 카드 결제 금액이 남는다면 ${n(CARD_MIN_AMOUNT)}원 이상이어야 해요.`,
  summary: '결제 금액',
  itemsTotal: '상품금액',
  shippingFee: '배송비',
  deliveryFee: '배달비',
  free: '무료',
  pointsUsed: '포인트 사용',
  cardAmount: '카드 결제 금액',
  earned: '적립 예정 포인트',
  won: (v: number) => `${n(v)}원`,
  minusWon: (v: number) => (v > 0 ? `-${n(v)}원` : '0원'),
  plusPoints: (v: number) => `+${n(v)}P`,
  pay: (v: number) => `${n(v)}원 결제하기`,
  payWithPoints: '포인트로 결제하기',
  paying: '결제를 준비하는 중…',
  opening: '결제창을 여는 중…',
  noCheckout: '결제창을 열 수 없습니다. 잠시 후 다시 시도해주세요.',
} as const;
