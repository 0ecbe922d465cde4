import type { CartUnavailableReason } from '@app/contracts';
import { formatNumber } from '@/lib/format';
import { checkoutPartsText } from '@/messages/checkout';

const n = formatNumber;

/**
 * The cart page, its lines and the header's cart entry. No contract texts here (they come with zod,
 * which the header's entry must not load): the screens take those from `cartMessages` themselves.
 */
export const cartText = {
  title: '장바구니',
  entry: '장바구니',
  entryCount: (count: number) => `장바구니 ${n(count)}개`,
  loading: '장바구니를 불러오는 중입니다…',
  failed: '장바구니를 불러오지 못했습니다.',
  failedText: '잠시 후 다시 시도해주세요.',
  retry: '다시 시도',
  unavailableTitle: '장바구니를 쓸 수 없어요',
  unavailableText: '이 서비스에서는 장바구니를 제공하지 않아요.',
  empty: '장바구니가 비어 있어요',
  emptyText: '마음에 드는 상품을 담아보세요.',
  toShopping: '쇼핑하러 가기',
  toDelivery: '배달 주문하러 가기',
  selectAll: '전체 선택',
  selectedOf: (selected: number, all: number) => `${n(selected)}/${n(all)}`,
  removeSelected: '선택 삭제',
  removing: '삭제하는 중…',
  select: (title: string) => `${title} 선택`,
  remove: (title: string) => `${title} 삭제`,
  removed: '장바구니에서 삭제했습니다.',
  changeFailed: '장바구니를 바꾸지 못했습니다. 잠시 후 다시 시도해주세요.',
  quantity: (title: string) => `${title} 수량`,
  decrease: (title: string) => `${title} 수량 줄이기`,
  increase: (title: string) => `${title} 수량 늘리기`,
  option: (name: string) => `옵션: ${name}`,
  unitPrice: (v: number) => `개당 ${n(v)}원`,
  qtyCount: (v: number) => `${n(v)}개`,
  won: (v: number) => `${n(v)}원`,
  kinds: { shopping: '택배', delivery: '배달', pickup: '픽업' },
  receive: (merchant: string) => `${merchant} 받는 방법`,
  delivery: checkoutPartsText.delivery,
  pickup: checkoutPartsText.pickup,
  itemsTotal: '상품금액',
  shippingFee: '배송비',
  deliveryFee: '배달비',
  fee: '배송비',
  free: '무료',
  groupTotal: '주문금액',
  freeShippingGap: (v: number) => `${n(v)}원 더 담으면 무료배송`,
  freeDeliveryGap: (v: number) => `${n(v)}원 더 담으면 배달비 무료`,
  minOrderGap: (v: number) => `최소주문금액까지 ${n(v)}원 남았어요`,
  minOrderBlocked: (merchant: string, v: number) => `${merchant}: 최소주문금액까지 ${n(v)}원 남았어요.`,
  partialFee: '일부 상품만 고르면 배송비가 달라질 수 있어요. 결제할 때 다시 확인해요.',
  summary: '주문 금액',
  payable: '결제예정금액',
  orderSelected: (v: number, count: number) => `${n(v)}원 주문하기 (${n(count)}개)`,
  reasons: {
    unavailable: '판매 중지',
    sold_out: '품절',
    option_removed: '옵션 변경됨',
    option_required: '옵션 선택 필요',
    price_changed: '가격 변경',
    stock_short: '재고 부족',
  } satisfies Record<CartUnavailableReason, string>,
  optionRemoved: '선택한 옵션을 더 이상 판매하지 않아요.',
  optionRequired: '옵션을 다시 선택해주세요.',
  chooseOption: '옵션 다시 선택하기',
  priceChange: (before: number, now: number) => `이전 ${n(before)}원 → ${n(now)}원`,
  acceptPrice: '변경된 가격으로 담기',
  remaining: (v: number) => `${n(v)}개 남음`,
  fitToStock: (v: number) => `${n(v)}개로 바꾸기`,
  lowStock: (v: number) => `${n(v)}개 남음`,
  // Guests
  guestLead: '로그인하면 담은 상품이 내 장바구니로 옮겨져요.',
  guestFees: '배송비는 로그인한 뒤 주문할 때 계산돼요.',
  loginToOrder: '로그인하고 주문하기',
  loginRequired: '주문하려면 로그인이 필요합니다.',
  // Adding from a product page
  viewCart: '장바구니 보기',
  addFailed: '장바구니에 담지 못했습니다. 잠시 후 다시 시도해주세요.',
} as const;

/** The cart's checkout sheet; the shared parts' texts are checkoutPartsText. */
export const cartCheckoutText = {
  ...checkoutPartsText,
  title: '주문하기',
  products: '주문 상품',
  lines: (first: string, more: number) => (more > 0 ? `${first} 외 ${n(more)}건` : first),
  groupKind: (merchant: string, kind: string) => `${merchant} · ${kind}`,
  fees: '배송비',
  failed: '주문을 준비하지 못했습니다. 잠시 후 다시 시도해주세요.',
} as const;
