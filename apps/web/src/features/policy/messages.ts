/** Policy page texts (spec 2.7); the figures come from the tenant's legal_info (spec 9 defaults). */
export const policyMessages = {
  title: '배송 · 교환 · 환불 정책',
  lead: (service: string) => `${service}의 배송, 교환 및 환불 기준을 안내해드립니다.`,
  lastUpdated: '최종 수정일: 2025년 1월 1일',
  shipping: {
    title: '배송 안내',
    fee: (fee: string) => `기본 배송비는 ${fee}입니다.`,
    free: (threshold: string) => `${threshold} 이상 구매 시 무료로 배송해드립니다.`,
    period: '주문 후 영업일 기준 1~3일 이내에 출고됩니다. 주문 제작 상품은 7~14일이 걸릴 수 있습니다.',
    region: '도서·산간 지역은 추가 배송비가 발생하거나 배송이 며칠 더 걸릴 수 있습니다.',
  },
  exchange: {
    title: '교환 안내',
    period: '상품을 받으신 날로부터 7일 이내에 교환을 신청하실 수 있습니다.',
    cost: (roundTrip: string) => `단순 변심에 의한 교환은 왕복 배송비 ${roundTrip}을 고객님이 부담합니다.`,
    defect: '상품 불량이나 오배송의 경우 배송비는 판매자가 부담합니다.',
    excluded: '신선식품은 특성상 상품 하자가 아닌 경우 교환이 어려울 수 있습니다.',
  },
  refund: {
    title: '환불 안내',
    period: '상품을 받으신 날로부터 7일 이내에 환불을 신청하실 수 있습니다.',
    card: '카드 결제는 환불 승인 후 영업일 기준 2~3일 이내에 취소됩니다.',
    points: '적립금으로 결제한 금액은 환불 시 적립금으로 돌려드립니다.',
    cost: (fee: string) => `단순 변심에 의한 반품은 반품 배송비 ${fee}이 차감됩니다.`,
  },
  centre: {
    title: '고객센터',
    phone: '전화',
    email: '이메일',
    hours: '운영 시간',
    returnAddress: '반품 주소',
    defaultHours: '평일 09:00 ~ 18:00 (점심시간 12:00 ~ 13:00, 주말·공휴일 휴무)',
  },
  related: {
    title: '관련 약관',
    terms: '이용약관 및 개인정보 처리 동의 보기',
  },
} as const;
