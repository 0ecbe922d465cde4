/** Terms and signup consent texts (spec 2.9). */
export type ConsentKey = 'privacy' | 'consignment' | 'location' | 'marketing';

export const termsMessages = {
  title: '약관 동의',
  /** /terms opened on its own (footer, policy page, an address): the terms to read. */
  documentTitle: '이용약관',
  documentLead: (service: string) =>
    `${service} 회원가입 때 동의하는 약관과 개인정보 처리에 관한 내용입니다. 선택 항목은 동의하지 않아도 서비스를 이용할 수 있습니다.`,
  signUpCustomer: '소비자 회원가입',
  signUpMerchant: '생산자(판매자) 회원가입',
  lead: (service: string) => `${service} 서비스 이용을 위해 아래 약관에 동의해주세요.`,
  customerBadge: '소비자 회원가입',
  merchantBadge: '생산자(판매자) 회원가입',
  agreeAll: '전체 동의하기',
  agreeAllHint: '선택 항목(마케팅 정보 수신)을 포함한 모든 약관에 동의합니다.',
  required: '필수',
  optional: '선택',
  showText: (title: string) => `${title} 내용 보기`,
  hideText: (title: string) => `${title} 내용 접기`,
  next: '다음',
  nextHint: '필수 약관에 모두 동의하셔야 다음 단계로 진행할 수 있습니다.',
  consents: [
    {
      key: 'privacy',
      required: true,
      title: '개인정보 수집 및 이용 동의',
      paragraphs: [
        '수집 항목: 이메일, 이름(닉네임), 비밀번호, 휴대전화번호, 주소. 판매자는 상호, 사업자등록번호, 사업장 주소를 추가로 수집합니다.',
        '수집 목적: 회원 식별 및 가입 의사 확인, 주문·결제·배송 처리, 고객 문의 응대, 부정 이용 방지.',
        '보유 기간: 회원 탈퇴 시까지. 단, 전자상거래 등에서의 소비자보호에 관한 법률에 따라 계약·청약철회 기록은 5년, 대금결제 및 재화 공급 기록은 5년, 소비자 불만 및 분쟁 처리 기록은 3년간 보관합니다.',
        '동의를 거부할 권리가 있으나, 거부 시 회원가입 및 서비스 이용이 제한됩니다.',
      ],
    },
    {
      key: 'consignment',
      required: true,
      title: '개인정보 처리 위탁 동의',
      paragraphs: [
        '원활한 서비스 제공을 위해 아래와 같이 개인정보 처리 업무를 위탁합니다.',
        '결제 처리: 전자결제대행사(PG) — 카드 결제 승인 및 취소. 배송: 택배사 및 배송 대행 업체 — 상품 배송 및 픽업 안내. 알림 발송: 메일·문자 발송 대행 업체 — 주문 및 인증 안내.',
        '위탁 업체는 위탁 업무 수행 목적 외로 개인정보를 처리하지 않으며, 위탁 계약 종료 시 지체 없이 파기합니다.',
      ],
    },
    {
      key: 'location',
      required: true,
      title: '위치기반 서비스 이용약관 동의',
      paragraphs: [
        '가까운 생산자와 픽업 장소를 안내하기 위해 이용자의 위치 정보를 이용합니다.',
        '위치 정보는 서비스 제공 시점에만 이용하며 별도로 저장하지 않습니다. 기기 설정에서 언제든지 위치 정보 제공을 중단할 수 있습니다.',
        '위치기반 서비스 이용과 관련한 문의는 고객센터로 연락해주세요.',
      ],
    },
    {
      key: 'marketing',
      required: false,
      title: '마케팅 정보 수신 동의',
      paragraphs: [
        '신상품, 할인 행사, 적립금 이벤트 소식을 이메일과 문자(SMS)로 받아보는 데 동의하는 선택 항목입니다.',
        '동의하지 않아도 서비스 이용에는 제한이 없습니다. 동의를 철회하려면 고객센터로 연락해주세요.',
      ],
    },
  ] as { key: ConsentKey; required: boolean; title: string; paragraphs: string[] }[],
};
