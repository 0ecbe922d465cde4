/**
 * Parcel tracking (택배 배송조회, issue 41) without zod: the carriers, their tracking-number formats
 * and pages, and the tracking service's event statuses (tracker.delivery's TrackEventStatusCode).
 */

/** The Korean carriers a merchant can ship with, by their tracker.delivery ids (stable: stored on orders). */
export const carrierIds = ['kr.cjlogistics', 'kr.epost', 'kr.hanjin', 'kr.lotte', 'kr.logen', 'kr.coupangls'] as const;
export type CarrierId = (typeof carrierIds)[number];

interface Carrier {
  name: string;
  /** How many digits its numbers have (hyphens and spaces are left out). */
  lengths: readonly number[];
  /** The carrier's own tracking page for a number. */
  url: (trackingNumber: string) => string;
}

const q = encodeURIComponent;

export const CARRIERS: Record<CarrierId, Carrier> = {
  'kr.cjlogistics': {
    name: 'CJ대한통운',
    lengths: [10, 12],
    url: (n) => `https://trace.cjlogistics.com/next/tracking.html?wblNo=${q(n)}`,
  },
  'kr.epost': {
    name: '우체국택배',
    lengths: [13],
    url: (n) => `https://service.epost.go.kr/trace.RetrieveDomRigiTraceList.comm?sid1=${q(n)}`,
  },
  'kr.hanjin': {
    name: '한진택배',
    lengths: [10, 12],
    url: (n) =>
      `https://www.hanjin.com/kor/CMS/DeliveryMgr/WaybillResult.do?mCode=MN038&schLang=KR&wblnumText2=${q(n)}`,
  },
  'kr.lotte': {
    name: '롯데택배',
    lengths: [12, 13],
    url: (n) => `https://www.lotteglogis.com/home/reservation/tracking/linkView?InvNo=${q(n)}`,
  },
  'kr.logen': {
    name: '로젠택배',
    lengths: [11],
    url: (n) => `https://www.ilogen.com/web/personal/trace/${q(n)}`,
  },
  'kr.coupangls': {
    name: '쿠팡로지스틱스',
    lengths: [10, 11, 12, 13, 14],
    url: (n) => `https://tracker.delivery/#/kr.coupangls/${q(n)}`,
  },
};

export const isCarrierId = (value: unknown): value is CarrierId =>
  typeof value === 'string' && (carrierIds as readonly string[]).includes(value);

/** A tracking number as stored: what was typed without spaces and hyphens. */
export function normalizeTrackingNumber(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

/** Why a tracking number cannot be the carrier's (a Korean sentence), or null when its format fits. */
export function trackingNumberProblem(carrier: CarrierId, raw: string): string | null {
  const number = normalizeTrackingNumber(raw);
  if (number === '') return '송장번호를 입력해주세요.';
  const { name, lengths } = CARRIERS[carrier];
  if (!/^\d+$/.test(number) || !lengths.includes(number.length)) {
    const digits = lengths.length > 2 ? `${lengths[0]}~${lengths.at(-1)}` : lengths.join(' 또는 ');
    return `${name} 송장번호는 숫자 ${digits}자리입니다.`;
  }
  return null;
}

/** The general statuses of a tracking event (tracker.delivery's TrackEventStatusCode). */
export const trackingStatuses = [
  'UNKNOWN',
  'INFORMATION_RECEIVED',
  'AT_PICKUP',
  'IN_TRANSIT',
  'OUT_FOR_DELIVERY',
  'ATTEMPT_FAIL',
  'DELIVERED',
  'AVAILABLE_FOR_PICKUP',
  'EXCEPTION',
] as const;
export type TrackingStatus = (typeof trackingStatuses)[number];

export const TRACKING_STATUS_LABELS: Record<TrackingStatus, string> = {
  UNKNOWN: '확인중',
  INFORMATION_RECEIVED: '송장접수',
  AT_PICKUP: '집화완료',
  IN_TRANSIT: '배송이동중',
  OUT_FOR_DELIVERY: '배송출발',
  ATTEMPT_FAIL: '배달실패',
  DELIVERED: '배달완료',
  AVAILABLE_FOR_PICKUP: '픽업가능',
  EXCEPTION: '배송이상',
};

export const isTrackingStatus = (value: unknown): value is TrackingStatus =>
  typeof value === 'string' && (trackingStatuses as readonly string[]).includes(value);

/** Shown when a parcel order went to 배송중 without a tracking number (the spec's client sends none). */
export const SHIPMENT_MISSING_LABEL = '송장 미등록';

export const shippingMessages = {
  carrier: '택배사를 선택해주세요.',
  bothOrNeither: '택배사와 송장번호를 함께 입력해주세요.',
  notParcel: '택배 주문에만 송장을 등록할 수 있습니다.',
  closed: '배송이 끝났거나 취소된 주문은 송장을 바꿀 수 없습니다.',
  onlyWithShipping: '송장은 배송중으로 바꿀 때 함께 등록하거나, 송장 등록에서 입력해주세요.',
  noShipment: '이 주문에는 등록된 송장이 없습니다.',
} as const;
