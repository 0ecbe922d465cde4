import { walletMessages } from './wallet.js';

/** The orders' values without zod: orders.ts re-exports them and builds its schemas on them. */

/** Quantity of one order line: at least 1 (spec), at most 99 (ours: a bulk buyer calls the shop). */
export const ORDER_QTY_MAX = 99;
/** Card payments below this are refused by Korean card acquirers: use points for the whole amount instead. */
export const CARD_MIN_AMOUNT = 100;
export const ORDERS_PAGE_SIZE = 20;
export const DELIVERY_MEMO_MAX = 200;
export const ORDER_STATUS_MEMO_MAX = 200;
/** Payments list: default 100 (spec), the dashboard asks 10. */
export const PAYMENT_LIST_DEFAULT = 100;

/** Spec part 1, sections 5 and 9: the policy's shipping fee and free-shipping threshold when legal_info leaves them empty or 0. */
export const DEFAULT_SHIPPING_FEE = 3_000;
export const DEFAULT_FREE_SHIPPING_THRESHOLD = 50_000;

const positiveOr = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : fallback;

/** The tenant's shipping terms as its policy page states them (the defaults when unset). */
export function shippingTerms(legal: { shipping_fee?: number; free_shipping_threshold?: number } | undefined) {
  return {
    shippingFee: positiveOr(legal?.shipping_fee, DEFAULT_SHIPPING_FEE),
    freeShippingThreshold: positiveOr(legal?.free_shipping_threshold, DEFAULT_FREE_SHIPPING_THRESHOLD),
  };
}

/**
 * The shipping fee of a shopping order: the policy's fee below its free-shipping threshold, 0 from
 * there up. Delivery and pickup orders of the delivery module pay none (the spec's "배달비 2,500원"
 * is fixed display text).
 */
export function shippingFeeFor(
  legal: { shipping_fee?: number; free_shipping_threshold?: number } | undefined,
  itemsTotal: number,
): number {
  const terms = shippingTerms(legal);
  return itemsTotal >= terms.freeShippingThreshold ? 0 : terms.shippingFee;
}

/** Texts of the payment form and order management (spec part 3, sections 5 and 8), in Korean. */
export const orderMessages = {
  required: walletMessages.required,
  email: walletMessages.email,
  address: '배송지 주소를 입력해주세요.',
  postcode: '우편번호는 5자리 숫자로 입력해주세요.',
  qty: '올바른 수량을 입력해주세요.',
  qtyMax: `한 번에 ${ORDER_QTY_MAX}개까지 주문할 수 있습니다.`,
  pointsShort: '사용 가능한 포인트가 부족합니다.',
  pointsOverTotal: '사용 포인트가 결제 금액보다 많습니다.',
  cardMin: `카드 결제 금액은 ${CARD_MIN_AMOUNT}원 이상이어야 합니다. 포인트 사용 금액을 조정해주세요.`,
  priceChanged: '상품 가격이 변경되었습니다. 다시 확인한 뒤 결제해주세요.',
  soldOut: '품절된 상품입니다.',
  optionRequired: '옵션을 선택해주세요.',
  optionSoldOut: '선택한 옵션이 품절되었습니다. 다른 옵션을 선택해주세요.',
  optionUnavailable: '선택한 옵션은 지금 구매할 수 없습니다. 다른 옵션을 선택해주세요.',
  stockShort: '남은 재고보다 많이 주문할 수 없습니다.',
  unavailable: '지금은 구매할 수 없는 상품입니다.',
  ownProduct: '자신의 상품은 구매할 수 없습니다.',
  noDelivery: '배달을 지원하지 않는 상품입니다. 픽업으로 주문해주세요.',
  pointFailed: '포인트 결제에 실패했습니다.',
  verificationFailed: '결제 검증에 실패했습니다.',
  statusRequired: '변경할 상태를 선택해주세요.',
  statusUpdated: '배송 상태가 업데이트되었습니다.',
  statusFailed: '배송 상태 업데이트에 실패했습니다.',
  memoMax: `메모는 ${ORDER_STATUS_MEMO_MAX}자 이하로 입력해주세요.`,
} as const;
