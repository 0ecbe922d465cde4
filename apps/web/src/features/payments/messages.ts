import type { PaymentKind } from '@/lib/checkout';

/** Payment callback screen texts (spec part 3: payment callback screen, error catalogue). */
export const paymentText = {
  title: '결제 결과',
  processingTitle: '결제를 확인하고 있어요',
  processingText: '잠시만 기다려주세요. 확인이 끝날 때까지 이 화면을 닫지 마세요.',
  pendingTitle: '카드 승인을 기다리고 있어요',
  pendingText: '카드사의 승인이 아직 끝나지 않았습니다. 잠시 후 다시 확인해주세요.',
  checkAgain: '다시 확인',
  checking: '확인하는 중…',
  successTitle: { topup: '충전이 완료되었습니다', purchase: '결제가 완료되었습니다' } satisfies Record<
    PaymentKind,
    string
  >,
  successText: {
    topup: '충전한 포인트를 바로 사용할 수 있어요.',
    purchase: '주문 내역에서 진행 상황을 확인할 수 있어요.',
  } satisfies Record<PaymentKind, string>,
  failedTitle: '결제에 실패했습니다',
  invalid: '결제 정보가 올바르지 않습니다.',
  cancelled: '결제가 취소되었거나 실패했습니다.',
  processingFailed: '결제 확인 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
  purchaseUnavailable: '상품 결제 확인은 아직 지원하지 않습니다. 곧 제공될 예정입니다.',
  paymentId: '결제 번호',
  toWallet: '지갑으로 가기',
  toOrders: '주문 내역 보기',
  retry: '다시 결제하기',
  home: '홈으로',
} as const;
