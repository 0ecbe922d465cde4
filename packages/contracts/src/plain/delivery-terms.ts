import { formatNumber } from './numbers.js';
import { shippingTerms } from './orders.js';

/**
 * A merchant's delivery terms (docs/decisions/038-delivery-terms.md): local delivery (배달) and
 * pickup with the `delivery` module, parcel shipping (택배) with `shopping`. `parcel_*` null means
 * the tenant's policy (legal_info); "free over" means at or above the amount.
 */
export interface DeliveryTerms {
  /** 배달비 of a local delivery, won (0: free). */
  delivery_fee: number;
  /** 최소주문금액 of a local delivery (goods only), won; 0: none. Pickup has no minimum. */
  min_order_amount: number;
  /** Local delivery is free at or above this goods total; null: never free. */
  free_delivery_over: number | null;
  /** What the buyer is told about timing, e.g. "40~60분" or "내일 오전 도착"; null: nothing shown. */
  eta_text: string | null;
  offers_pickup: boolean;
  pickup_address: string | null;
  pickup_hours: string | null;
  /** The merchant's own parcel fee; null: the tenant's policy fee. */
  parcel_fee: number | null;
  /** Parcel shipping is free at or above this goods total; null: the tenant's policy threshold. */
  parcel_free_over: number | null;
}

/** Terms of a merchant who never set any: free local delivery, pickup offered, the tenant's parcel policy. */
export const DEFAULT_DELIVERY_TERMS: DeliveryTerms = {
  delivery_fee: 0,
  min_order_amount: 0,
  free_delivery_over: null,
  eta_text: null,
  offers_pickup: true,
  pickup_address: null,
  pickup_hours: null,
  parcel_fee: null,
  parcel_free_over: null,
};

export const DELIVERY_TERMS_TEXT_MAX = { eta_text: 30, pickup_address: 200, pickup_hours: 100 } as const;
/** The largest fee, minimum or threshold a merchant may enter, won. */
export const DELIVERY_TERMS_WON_MAX = 10_000_000;

export type OrderKind = 'shopping' | 'pickup';
export type ReceiveType = 'delivery' | 'pickup';

/** What the tenant's policy says about parcels (legal_info's shipping fee and free-shipping threshold). */
type Legal = { shipping_fee?: number; free_shipping_threshold?: number } | undefined;

/** The parcel fee and threshold that apply to a merchant's shopping goods (its own, else the tenant's). */
export function parcelTermsOf(terms: DeliveryTerms, legal: Legal) {
  const tenant = shippingTerms(legal);
  return {
    fee: terms.parcel_fee ?? tenant.shippingFee,
    freeOver: terms.parcel_free_over ?? tenant.freeShippingThreshold,
  };
}

/**
 * The delivery fee an order of `itemsTotal` won of goods pays, exactly as charged: parcel shipping
 * for shopping goods, the local delivery fee for a delivery of the delivery module's goods, nothing
 * for a pickup. `refusal` says why such an order cannot be placed (below the minimum, no pickup).
 */
export function orderFeeFor(
  terms: DeliveryTerms,
  legal: Legal,
  kind: OrderKind,
  receive: ReceiveType,
  itemsTotal: number,
): { fee: number; refusal: null | 'below_minimum' | 'pickup_not_offered' } {
  if (kind === 'shopping') {
    const parcel = parcelTermsOf(terms, legal);
    return { fee: itemsTotal >= parcel.freeOver ? 0 : parcel.fee, refusal: null };
  }
  if (receive === 'pickup') return { fee: 0, refusal: terms.offers_pickup ? null : 'pickup_not_offered' };
  const free = terms.free_delivery_over !== null && itemsTotal >= terms.free_delivery_over;
  return {
    fee: free ? 0 : terms.delivery_fee,
    refusal: itemsTotal < terms.min_order_amount ? 'below_minimum' : null,
  };
}

/** "배달비 2,500원" / "배달비 무료" / "배달비 2,500원 (30,000원 이상 무료)". */
export function deliveryFeeText(terms: DeliveryTerms): string {
  if (terms.delivery_fee === 0) return '배달비 무료';
  const base = `배달비 ${formatNumber(terms.delivery_fee)}원`;
  return terms.free_delivery_over === null ? base : `${base} (${formatNumber(terms.free_delivery_over)}원 이상 무료)`;
}

export const deliveryTermsMessages = {
  belowMinimum: (min: number) => `최소주문금액 ${formatNumber(min)}원 이상부터 배달 주문할 수 있습니다.`,
  pickupNotOffered: '이 판매자는 픽업 주문을 받지 않습니다. 배달로 주문해주세요.',
  wonInvalid: `금액은 0원부터 ${formatNumber(DELIVERY_TERMS_WON_MAX)}원 사이의 정수로 입력해주세요.`,
  textTooLong: (max: number) => `${max}자 이하로 입력해주세요.`,
  pickupAddressRequired: '픽업을 받으려면 픽업 주소를 입력해주세요.',
  saved: '배송 조건을 저장했습니다.',
} as const;
