/** The wallet's texts without zod: wallet.ts re-exports them and builds its schemas on them. */

/** The validation texts of spec part 3, section 5, in Korean; client and server use the same ones. */
export const walletMessages = {
  required: '필수 정보를 모두 입력해주세요.',
  /** An amount field left empty (or an amount missing from the call). */
  amountRequired: '금액을 입력해주세요.',
  email: '올바른 이메일 주소를 입력해주세요.',
  topupMin: '최소 충전 금액은 1,000원입니다.',
  topupMax: '최대 충전 금액은 1,000,000원입니다.',
  topupStep: '1,000원 단위로만 충전 가능합니다.',
  receiver: '받는 사람을 선택해주세요.',
  transferMin: '최소 전송 금액은 100포인트입니다.',
  transferStep: '100포인트 단위로 전송할 수 있습니다.',
  insufficient: '잔액이 부족합니다.',
  memoMax: '메모는 100자 이하로 입력해주세요.',
  selfTransfer: '자기 자신에게는 보낼 수 없습니다.',
  withdrawMin: '최소 출금 금액은 1,000포인트입니다.',
  withdrawMax: '1회 최대 출금 금액은 1,000,000포인트입니다.',
  withdrawStep: '1,000포인트 단위로 출금할 수 있습니다.',
  address: '올바른 지갑 주소가 아닙니다. 0x로 시작하는 40자리 16진수 주소를 입력해주세요.',
  chain: '지원하지 않는 네트워크입니다.',
  searchMin: '검색어를 2자 이상 입력해주세요.',
} as const;
