import { CARRIERS, type CarrierId, type OrderStatus, withParticle } from '@app/contracts';

/**
 * The demo orders' script (seeded by demo-orders.ts): who bought what when, how it went on, and
 * what the merchants wrote along the way.
 */

/**
 * What happens to an order after it is prepared, in order: a merchant's move (a status), the
 * buyer's `confirm` (구매확정) or `cancel`, or `declined` (the card is refused: the order is
 * cancelled unpaid). An empty list leaves it PENDING (paid, not yet looked at).
 */
export type Step = Exclude<OrderStatus, 'PENDING' | 'REFUND_PENDING'> | 'confirm' | 'cancel' | 'declined';

export interface PlannedOrder {
  /** Days ago, and the Korean wall-clock time the buyer ordered. */
  day: number;
  time: string;
  /** 0: the demo customer, n: readern@example.com. */
  buyer: number;
  product: string;
  steps: Step[];
  qty?: number;
  /** A pickup-category product picked up instead of delivered. */
  pickup?: boolean;
  /** Points used: all (`points`), none (`card`, the default) or that many with the rest by card. */
  pay?: 'card' | 'points' | number;
  /** The memo of a cancel or refund, or the card's failure reason. */
  memo?: string;
  /**
   * A parcel still on its way: the merchant shipped it this many hours ago (its DELIVERING step
   * then), so that the demo shows parcels at every stage of the sandbox carrier's clock (12 h a
   * stage by default: 접수, 집화, 간선, 배송출발, then 배달완료 by itself).
   */
  shippedHoursAgo?: number;
}

const plan = (
  day: number,
  time: string,
  buyer: number,
  product: string,
  steps: string,
  extra: Omit<PlannedOrder, 'day' | 'time' | 'buyer' | 'product' | 'steps'> = {},
): PlannedOrder => ({ day, time, buyer, product, steps: steps.split(' ').filter(Boolean) as Step[], ...extra });

/** Shipped (or brought) and delivered: the merchant's usual moves when nothing goes wrong. */
const DELIVERED = 'CONFIRMED DELIVERING DELIVERED';
const DELIVERED_CONFIRMED = `${DELIVERED} confirm`;
const PICKED_UP = 'CONFIRMED READY DELIVERED';

/**
 * The farm: the demo merchant (햇살농원, merchant@example.com) sells local delivery and pickup
 * food and shipped goods; the other producers a few of each. Points only after the customer's
 * first top-up (21 days ago, demo-wallets.ts); the strawberries delivered 16 days ago are the
 * ones the customer thanks the merchant for with a transfer 6 days ago. A few orders go through
 * every step; most skip some, as merchants do (the seed stays quick: each step is a write).
 */
export const farmOrders: PlannedOrder[] = [
  plan(28, '12:10', 0, '양평 해장국', 'CONFIRMED PREPARING READY DELIVERING DELIVERED confirm', { qty: 2 }),
  plan(26, '21:15', 1, '유기농 현미 4kg', DELIVERED_CONFIRMED),
  plan(25, '08:20', 0, '우리밀 통밀 식빵', PICKED_UP, { qty: 2, pickup: true }),
  plan(24, '17:30', 2, '양평 해장국', PICKED_UP, { pickup: true }),
  plan(22, '20:05', 0, '국산 들기름 350ml', `${DELIVERED} REFUNDED`, {
    qty: 2,
    memo: '병이 깨진 채로 도착해 전액 환불해 드렸습니다. 불편을 드려 죄송합니다.',
  }),
  plan(20, '10:50', 0, '편백나무 도마', 'CONFIRMED PREPARING DELIVERING DELIVERED confirm', { pay: 15_000 }),
  plan(18, '11:30', 3, '양평 해장국', PICKED_UP, { qty: 3, pickup: true }),
  plan(16, '19:20', 0, '제철 딸기 500g', DELIVERED_CONFIRMED, { pay: 5_000 }),
  plan(15, '13:15', 0, '한우 1++ 등심 300g', PICKED_UP, { pickup: true }),
  plan(14, '22:40', 4, '밀랍 랩 3종', 'cancel', { qty: 2, memo: '다른 색상으로 다시 주문할게요.' }),
  plan(12, '15:05', 5, '쌀겨 세안 비누', DELIVERED_CONFIRMED, { qty: 3 }),
  plan(11, '12:25', 5, '엄마표 반찬 3종 세트', 'CONFIRMED CANCELLED', {
    pickup: true,
    memo: '오늘 반찬이 일찍 다 나가서 주문을 취소해 드렸습니다. 죄송합니다.',
  }),
  plan(10, '18:10', 0, '양평 해장국', 'CANCELLED', {
    pickup: true,
    pay: 'points',
    memo: '오늘 준비한 해장국이 모두 소진되어 취소합니다. 죄송합니다.',
  }),
  plan(9, '20:30', 2, '농부 작업 앞치마', 'declined', { memo: '카드 한도가 초과되었습니다.' }),
  plan(8, '14:45', 1, '농부 작업 앞치마', `${DELIVERED} REFUNDED`, {
    pay: 10_000,
    memo: '원단 불량으로 반품 받고 환불해 드렸습니다.',
  }),
  plan(7, '11:00', 0, '양평 토종꿀 1kg', DELIVERED_CONFIRMED, { pay: 10_000 }),
  plan(5, '19:50', 0, '유기농 현미 4kg', DELIVERED, { qty: 2, pay: 8_000 }),
  plan(4, '12:35', 3, '생물 오징어 3마리', DELIVERED, { pay: 5_000 }),
  plan(3, '18:25', 2, '양평 해장국', 'CONFIRMED PREPARING READY DELIVERING DELIVERED', { qty: 2 }),
  plan(2, '21:10', 0, '국산 들기름 350ml', 'declined', {
    pay: 5_000,
    memo: '카드사 승인이 거절되었습니다. (잔액 부족)',
  }),
  plan(3, '09:30', 0, '양평 토종꿀 1kg', 'CONFIRMED PREPARING DELIVERING', { shippedHoursAgo: 41 }),
  plan(2, '15:20', 4, '쌀겨 세안 비누', 'CONFIRMED PREPARING READY DELIVERING', { shippedHoursAgo: 28 }),
  plan(1, '10:15', 0, '편백나무 도마', 'CONFIRMED PREPARING DELIVERING', { pay: 3_000, shippedHoursAgo: 16 }),
  plan(1, '13:50', 1, '유기농 현미 4kg', 'CONFIRMED DELIVERING', { shippedHoursAgo: 3 }),
  plan(1, '16:40', 3, '제철 딸기 500g', 'CONFIRMED PREPARING READY', { pickup: true }),
  plan(1, '20:00', 2, '한우 사골 곰탕 2팩', 'CONFIRMED PREPARING'),
  plan(0, '11:40', 0, '양평 해장국', 'CONFIRMED PREPARING'),
  plan(0, '12:20', 5, '양평 해장국', 'CONFIRMED', { qty: 2, pickup: true, pay: 'points' }),
  plan(0, '13:05', 0, '쌀겨 세안 비누', '', { pay: 'points' }),
  plan(0, '14:30', 4, '유기농 현미 4kg', ''),
];

/**
 * The mall: shipped goods only, paid by card (its wallet is off). The demo merchant's payments
 * include declined cards with their reasons, refunds and cancels, so that its analytics
 * (docs/decisions/018-dashboards.md) have every outcome to show.
 */
export const mallOrders: PlannedOrder[] = [
  plan(29, '10:20', 0, '무선 핸디 청소기', DELIVERED_CONFIRMED),
  plan(27, '21:45', 1, '실리콘 지퍼백 4종', DELIVERED_CONFIRMED, { qty: 2 }),
  plan(24, '09:05', 0, '견과류 한줌 30봉', 'CONFIRMED PREPARING READY DELIVERING DELIVERED'),
  plan(23, '22:30', 3, '린넨 셔츠', `${DELIVERED} REFUNDED`, {
    memo: '사이즈가 맞지 않아 반품 받고 환불해 드렸습니다.',
  }),
  plan(21, '16:20', 4, '무드 조명 스탠드', DELIVERED_CONFIRMED),
  plan(20, '11:50', 0, '무항생제 계란 30구', 'cancel', { qty: 2, memo: '배송지를 잘못 입력했어요.' }),
  plan(19, '21:05', 1, '견과류 한줌 30봉', 'declined', { memo: '카드사 승인이 거절되었습니다. (잔액 부족)' }),
  plan(18, '19:35', 5, '에어프라이어 5L', DELIVERED_CONFIRMED),
  plan(17, '08:45', 0, '작은 가게의 경제학', DELIVERED),
  plan(13, '23:05', 0, '수제 그래놀라 500g', 'declined', { qty: 3, memo: '카드 한도가 초과되었습니다.' }),
  plan(12, '14:40', 2, '유기농 보리차 티백', `${DELIVERED} REFUNDED`, {
    qty: 4,
    memo: '유통기한이 임박한 상품이 발송되어 전액 환불해 드렸습니다.',
  }),
  plan(10, '10:30', 0, '약산성 클렌징 폼', DELIVERED_CONFIRMED),
  plan(9, '17:55', 4, '에어프라이어 5L', 'declined', { memo: '유효기간이 지난 카드입니다.' }),
  plan(8, '15:15', 3, '무선 핸디 청소기', 'CONFIRMED CANCELLED', {
    memo: '입고가 늦어져 주문을 취소해 드렸습니다. 죄송합니다.',
  }),
  plan(7, '23:40', 3, '햇반 현미밥 12개', 'declined', { memo: '카드 비밀번호가 일치하지 않습니다.' }),
  plan(6, '12:00', 0, '실리콘 지퍼백 4종', DELIVERED),
  plan(5, '21:20', 4, '견과류 한줌 30봉', DELIVERED_CONFIRMED, { qty: 2 }),
  plan(4, '16:45', 5, '오버핏 무지 티셔츠', DELIVERED),
  plan(4, '20:10', 2, '실리콘 지퍼백 4종', 'CONFIRMED PREPARING DELIVERING', { shippedHoursAgo: 44 }),
  plan(3, '09:40', 0, '무드 조명 스탠드', 'CONFIRMED PREPARING DELIVERING', { shippedHoursAgo: 30 }),
  plan(2, '11:15', 3, '약산성 클렌징 폼', 'CONFIRMED DELIVERING', { shippedHoursAgo: 19 }),
  plan(1, '08:55', 0, '오버핏 무지 티셔츠', 'CONFIRMED PREPARING DELIVERING', { shippedHoursAgo: 6 }),
  plan(2, '18:05', 5, '무항생제 계란 30구', 'CONFIRMED PREPARING READY'),
  plan(1, '11:25', 0, '햇반 현미밥 12개', 'CONFIRMED PREPARING', { qty: 3 }),
  plan(1, '22:50', 1, '수제 그래놀라 500g', 'CONFIRMED'),
  plan(0, '10:10', 2, '유기농 보리차 티백', ''),
  plan(0, '13:35', 0, '무기자차 선크림', ''),
];

/**
 * Earlier purchases of the readers that went well, so that most of the catalogue has buyers to
 * review it (the reviews seed writes their reviews): 1 to 3 readers per product, 12 to 29 days
 * ago, delivered and confirmed, one unit each, paid by card. Only goods with unlimited stock or
 * plenty of it (one order then), so that the planned orders above still find their stock; every
 * fourth product is left without, as real catalogues have items nobody reviewed yet.
 */
export function reviewedPurchases(goods: { title: string; stock: number }[], readers: number): PlannedOrder[] {
  const made: PlannedOrder[] = [];
  for (const [i, g] of goods.entries()) {
    if (i % 4 === 3 || readers === 0 || (g.stock !== -1 && g.stock < 10)) continue;
    const buyers = g.stock === -1 ? 1 + ((i * 5) % 3) : 1;
    for (let b = 0; b < buyers; b++) {
      const hour = 9 + ((i * 7 + b * 5) % 12);
      const minute = (i * 13 + b * 29) % 60;
      made.push(
        plan(
          12 + ((i * 3 + b * 7) % 18),
          `${hour}:${String(minute).padStart(2, '0')}`,
          1 + ((i + b * 2) % readers),
          g.title,
          DELIVERED_CONFIRMED,
        ),
      );
    }
  }
  return made;
}

/** Where the readers have their orders sent (their accounts all hold the factory's address). */
export const readerAddresses: [string, string][] = [
  ['경기도 양평군 양평읍 양근로 45, 2층', '12554'],
  ['서울특별시 송파구 올림픽로 300, 1502호', '05551'],
  ['경기도 남양주시 조안면 북한강로 120', '12206'],
  ['서울특별시 강동구 천호대로 1017, 803호', '05352'],
  ['경기도 하남시 미사대로 540, 1204호', '12902'],
];
const deliveryRequests = ['문 앞에 놓아주세요.', null, '부재 시 경비실에 맡겨주세요.', '도착하면 문자 주세요.', null];
const pickupRequests = ['6시쯤 찾으러 갈게요.', null, '점심시간에 들를게요.'];

/** The buyer's request to the merchant (요청사항), now and then none. */
export function buyerRequest(orderType: 'delivery' | 'pickup', n: number): string | null {
  const options = orderType === 'pickup' ? pickupRequests : deliveryRequests;
  return options[n % options.length] ?? null;
}

/** How an order reaches the buyer: local delivery, picked up, or shipped by parcel (shopping goods). */
export type Kind = 'delivery' | 'pickup' | 'parcel';

/** The merchant's memos, by how the order is received. */
const memos: Record<Kind, Partial<Record<OrderStatus, string[]>>> = {
  delivery: {
    CONFIRMED: ['주문 확인했습니다. 맛있게 준비해 드릴게요!', '주문 감사합니다. 바로 준비하겠습니다.'],
    PREPARING: ['조리 중입니다. 조금만 기다려 주세요.', '재료 손질하고 있어요.'],
    READY: ['포장 끝났고 배달 기사님을 기다리고 있습니다.'],
    DELIVERING: ['배달 출발했습니다. 20분 안에 도착해요.', '기사님이 출발했어요. 곧 도착합니다.'],
    DELIVERED: ['문 앞에 두고 벨 눌러드렸어요. 맛있게 드세요!', '직접 전해 드렸습니다. 감사합니다.'],
    CANCELLED: ['재료가 떨어져 주문을 취소했습니다. 죄송합니다.'],
    REFUNDED: ['고객님 요청으로 환불해 드렸습니다.'],
  },
  pickup: {
    CONFIRMED: ['주문 확인했습니다. 시간 맞춰 준비할게요.', '주문 감사합니다!'],
    PREPARING: ['준비하고 있습니다.', '갓 만든 걸로 담고 있어요.'],
    READY: ['준비됐습니다. 매장에서 주문자 성함을 말씀해 주세요.', '포장해 두었어요. 영업시간 안에 찾아가 주세요.'],
    DELIVERING: ['매장에서 전해 드리고 있습니다.'],
    DELIVERED: ['잘 찾아가셨습니다. 또 들러 주세요!', '픽업 감사합니다.'],
    CANCELLED: ['준비가 어려워 주문을 취소했습니다. 죄송합니다.'],
    REFUNDED: ['고객님 요청으로 환불해 드렸습니다.'],
  },
  parcel: {
    CONFIRMED: ['주문 확인했습니다. 내일 출고 예정입니다.', '결제 확인되었습니다. 순서대로 발송해 드릴게요.'],
    PREPARING: ['상품 포장 중입니다.', '꼼꼼하게 포장하고 있어요.'],
    READY: ['포장을 마치고 택배 집하를 기다리고 있습니다.'],
    DELIVERED: ['배송 완료되었습니다. 이용해 주셔서 감사합니다.', '택배사에서 배송 완료로 확인됐습니다.'],
    CANCELLED: ['재고가 부족해 주문을 취소했습니다. 죄송합니다.'],
    REFUNDED: ['고객님 요청으로 환불해 드렸습니다.'],
  },
};
/** The carriers the demo merchants ship with. */
const demoCarriers: CarrierId[] = ['kr.cjlogistics', 'kr.epost', 'kr.hanjin', 'kr.lotte'];

/** The parcel of the tenant's `n`th demo order (unique per tenant): a carrier and a number of that carrier's format. */
export function demoParcel(n: number): { carrier: CarrierId; trackingNumber: string } {
  const carrier = demoCarriers[n % demoCarriers.length] as CarrierId;
  const length = Math.max(...CARRIERS[carrier].lengths);
  const digits = String(5_604_000_000_000 + ((n * 7_919_113) % 99_999_999))
    .slice(-length)
    .padStart(length, '6');
  return { carrier, trackingNumber: digits };
}

/** Usual minutes between steps, by kind. */
const gaps: Record<Kind, Record<Exclude<Step, 'cancel' | 'declined'>, number>> = {
  delivery: {
    CONFIRMED: 4,
    PREPARING: 8,
    READY: 25,
    DELIVERING: 6,
    DELIVERED: 28,
    confirm: 50,
    CANCELLED: 30,
    REFUNDED: 60,
  },
  pickup: {
    CONFIRMED: 6,
    PREPARING: 15,
    READY: 30,
    DELIVERING: 60,
    DELIVERED: 80,
    confirm: 20,
    CANCELLED: 30,
    REFUNDED: 60,
  },
  parcel: {
    CONFIRMED: 100,
    PREPARING: 960,
    READY: 180,
    DELIVERING: 240,
    DELIVERED: 1_560,
    confirm: 1_200,
    CANCELLED: 120,
    REFUNDED: 240,
  },
};

/** Minutes from the step before to this one. */
export function gapOf(kind: Kind, step: Step, previous: Step | undefined): number {
  if (step === 'declined') return 1;
  if (step === 'cancel') return 15;
  // A refund after delivery waits for the goods to come back.
  if (step === 'REFUNDED' && previous === 'DELIVERED') return 1_440;
  return gaps[kind][step];
}

/** The merchant's memo of a parcel's DELIVERING: the carrier and the tracking number. */
export function shippedMemo(parcel: { carrier: CarrierId; trackingNumber: string }): string {
  return `${withParticle(CARRIERS[parcel.carrier].name, '으로')} 발송했습니다. 송장번호 ${parcel.trackingNumber}`;
}

/** The merchant's memo of a move. */
export function merchantMemo(kind: Kind, status: OrderStatus, n: number): string | null {
  const options = memos[kind][status];
  // Now and then a merchant moves an order on without a word.
  if (!options || n % 5 === 4) return null;
  return options[n % options.length] ?? null;
}
