import { chargePrepareSchema, type WalletTransaction } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  allTransferable,
  describeTransaction,
  formatAmountInput,
  groupByDay,
  nextTransactionsPage,
  parseAmountInput,
  shortenHex,
  transferFormSchema,
  withdrawFormSchema,
} from './wallet-values';

let nextId = 1;
function tx(partial: Partial<WalletTransaction>): WalletTransaction {
  return {
    id: nextId++,
    tx_type: 'topup',
    delta: 1000,
    created_at: '2025-03-05T10:00:00+09:00',
    meta_json: {},
    ...partial,
  };
}

/** The first message per field, as the form shows it. */
function firstErrors(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = String(issue.path[0]);
    out[key] ??= issue.message;
  }
  return out;
}

describe('history rows: label, sign and colour (spec 2, wallet tab)', () => {
  it('labels each type in Korean', () => {
    const labels = (['topup', 'spend', 'earn', 'refund', 'withdraw', 'adjustment'] as const).map(
      (tx_type) => describeTransaction(tx({ tx_type })).label,
    );
    expect(labels).toEqual(['충전', '사용', '적립', '환불', '출금', '조정']);
  });

  it('colours earn, topup and refund positive; spend and withdraw negative; adjustment neutral', () => {
    expect(describeTransaction(tx({ tx_type: 'earn', delta: 150 }))).toMatchObject({
      tone: 'positive',
      amount: '+150P',
    });
    expect(describeTransaction(tx({ tx_type: 'topup', delta: 30000 }))).toMatchObject({
      tone: 'positive',
      amount: '+30,000P',
    });
    expect(describeTransaction(tx({ tx_type: 'refund', delta: 5000 })).tone).toBe('positive');
    expect(describeTransaction(tx({ tx_type: 'spend', delta: -12500 }))).toMatchObject({
      tone: 'negative',
      amount: '-12,500P',
    });
    expect(describeTransaction(tx({ tx_type: 'withdraw', delta: -1000 })).tone).toBe('negative');
    expect(describeTransaction(tx({ tx_type: 'adjustment', delta: -300 }))).toMatchObject({
      tone: 'neutral',
      label: '조정',
      amount: '-300P',
    });
  });

  it('shows what a reward was for under it', () => {
    const view = describeTransaction(
      tx({ tx_type: 'earn', delta: 320, meta_json: { order_name: '유기농 딸기 1kg 외 1건', order_id: 12 } }),
    );
    expect(view).toMatchObject({ label: '적립', detail: '유기농 딸기 1kg 외 1건', amount: '+320P' });
  });

  it('reads a transfer from the delta sign: sent to the recipient, received from the sender, memo underneath', () => {
    const meta = {
      transfer_from: 7,
      transfer_to: 9,
      transfer_from_name: '김민지',
      transfer_to_name: '이서준',
      memo: '점심값',
    };
    expect(describeTransaction(tx({ tx_type: 'adjustment', delta: -5000, meta_json: meta }))).toEqual({
      label: '이서준님에게 보냄',
      detail: '점심값',
      tone: 'negative',
      amount: '-5,000P',
    });
    expect(describeTransaction(tx({ tx_type: 'adjustment', delta: 5000, meta_json: meta }))).toEqual({
      label: '김민지님에게서 받음',
      detail: '점심값',
      tone: 'positive',
      amount: '+5,000P',
    });
  });

  it('names the other side by id when the meta has no name, and shows no empty memo', () => {
    const view = describeTransaction(
      tx({ tx_type: 'adjustment', delta: -100, meta_json: { transfer_to: 42, memo: ' ' } }),
    );
    expect(view.label).toBe('회원 42님에게 보냄');
    expect(view.detail).toBeUndefined();
  });

  it('shows the network and a shortened address under a withdrawal, the order under a purchase', () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    expect(
      describeTransaction(
        tx({ tx_type: 'withdraw', delta: -2000, meta_json: { target_address: address, target_chain: 'polygon' } }),
      ),
    ).toMatchObject({ detail: '폴리곤', address: '0x5290…9EE7' });
    expect(describeTransaction(tx({ tx_type: 'spend', delta: -9000, meta_json: { order_id: 31 } })).detail).toBe(
      '주문번호 31',
    );
    expect(shortenHex('0x12')).toBe('0x12');
  });
});

describe('load more (spec 7: more pages while a page returns exactly 20)', () => {
  const page = (count: number, pageNo = 1) => ({
    transactions: Array.from({ length: count }, () => tx({})),
    page: pageNo,
    size: 20,
  });

  it('asks for the next page after a full page only', () => {
    expect(nextTransactionsPage(page(20, 1))).toBe(2);
    expect(nextTransactionsPage(page(20, 3))).toBe(4);
    expect(nextTransactionsPage(page(19, 1))).toBeUndefined();
    expect(nextTransactionsPage(page(0, 2))).toBeUndefined();
  });
});

describe('history grouped by day', () => {
  it('puts rows under 오늘, 어제 and a dated heading, keeping their order', () => {
    const now = new Date(2025, 2, 5, 18, 0);
    const rows = [
      tx({ created_at: new Date(2025, 2, 5, 9, 0).toISOString() }),
      tx({ created_at: new Date(2025, 2, 5, 1, 0).toISOString() }),
      tx({ created_at: new Date(2025, 2, 4, 23, 0).toISOString() }),
      tx({ created_at: new Date(2025, 1, 28, 12, 0).toISOString() }),
    ];
    const groups = groupByDay(rows, now);
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['오늘', 2],
      ['어제', 1],
      ['2월 28일 (금)', 1],
    ]);
  });
});

describe('amount fields', () => {
  it('keeps digits only and groups thousands as typed', () => {
    expect(parseAmountInput('30,000')).toBe(30000);
    expect(parseAmountInput('1,000원')).toBe(1000);
    expect(parseAmountInput('')).toBeNull();
    expect(parseAmountInput('원')).toBeNull();
    expect(parseAmountInput('00500')).toBe(500);
    expect(formatAmountInput(1234567)).toBe('1,234,567');
    expect(formatAmountInput(undefined)).toBe('');
  });

  it("'전액' sends the whole balance in steps of 100", () => {
    expect(allTransferable(12345)).toBe(12300);
    expect(allTransferable(99)).toBe(0);
    expect(allTransferable(5000)).toBe(5000);
  });
});

describe('top-up validation (spec 5, through the contract)', () => {
  const buyer = { buyer_name: '김민지', buyer_tel: '010-1234-5678', buyer_email: 'minji@example.com' };

  it('accepts 1,000 to 1,000,000 in steps of 1,000', () => {
    for (const amount of [1000, 10000, 1_000_000]) {
      expect(chargePrepareSchema.safeParse({ ...buyer, amount }).success).toBe(true);
    }
  });

  it('says why an amount or the buyer is refused', () => {
    expect(firstErrors(chargePrepareSchema.safeParse({ ...buyer, amount: 500 })).amount).toBe(
      '최소 충전 금액은 1,000원입니다.',
    );
    expect(firstErrors(chargePrepareSchema.safeParse({ ...buyer, amount: 1_001_000 })).amount).toBe(
      '최대 충전 금액은 1,000,000원입니다.',
    );
    expect(firstErrors(chargePrepareSchema.safeParse({ ...buyer, amount: 10500 })).amount).toBe(
      '1,000원 단위로만 충전 가능합니다.',
    );
    const blank = firstErrors(
      chargePrepareSchema.safeParse({ amount: 10000, buyer_name: '', buyer_tel: '', buyer_email: '' }),
    );
    expect(blank).toEqual({
      buyer_name: '필수 정보를 모두 입력해주세요.',
      buyer_tel: '필수 정보를 모두 입력해주세요.',
      buyer_email: '필수 정보를 모두 입력해주세요.',
    });
    expect(
      firstErrors(chargePrepareSchema.safeParse({ ...buyer, amount: 10000, buyer_email: 'minji@' })).buyer_email,
    ).toBe('올바른 이메일 주소를 입력해주세요.');
  });
});

describe('transfer validation (spec 5): recipient, minimum, step, and the loaded balance', () => {
  const schema = transferFormSchema(5000);

  it('needs a recipient picked from the search', () => {
    expect(firstErrors(schema.safeParse({ amount: 1000, memo: '' })).to_user_id).toBe('받는 사람을 선택해주세요.');
  });

  it('refuses below 100, off the 100 step, and above the available balance', () => {
    expect(firstErrors(schema.safeParse({ to_user_id: 2, amount: 50 })).amount).toBe(
      '최소 전송 금액은 100포인트입니다.',
    );
    expect(firstErrors(schema.safeParse({ to_user_id: 2, amount: 150 })).amount).toBe(
      '100포인트 단위로 전송할 수 있습니다.',
    );
    expect(firstErrors(schema.safeParse({ to_user_id: 2, amount: 5100 })).amount).toBe('잔액이 부족합니다.');
    expect(schema.safeParse({ to_user_id: 2, amount: 5000, memo: '고마워요' }).success).toBe(true);
  });

  it('keeps the memo to 100 characters', () => {
    expect(firstErrors(schema.safeParse({ to_user_id: 2, amount: 100, memo: '가'.repeat(101) })).memo).toBe(
      '메모는 100자 이하로 입력해주세요.',
    );
  });
});

describe('withdraw validation: address, network, limits and the available balance', () => {
  const address = '0x52908400098527886e0f7030069857d2e4169ee7';
  const schema = withdrawFormSchema(50_000);

  it('accepts an EVM address and a supported network', () => {
    expect(schema.safeParse({ amount: 3000, target_address: address, target_chain: 'polygon' }).success).toBe(true);
  });

  it('refuses a malformed address, an unknown network and amounts off the limits', () => {
    expect(firstErrors(schema.safeParse({ amount: 3000, target_address: '0x1234', target_chain: 'ethereum' }))).toEqual(
      {
        target_address: '올바른 지갑 주소가 아닙니다. 0x로 시작하는 40자리 16진수 주소를 입력해주세요.',
      },
    );
    expect(
      firstErrors(schema.safeParse({ amount: 3000, target_address: address, target_chain: 'bitcoin' })).target_chain,
    ).toBe('지원하지 않는 네트워크입니다.');
    expect(firstErrors(schema.safeParse({ amount: 500, target_address: address })).amount).toBe(
      '최소 출금 금액은 1,000포인트입니다.',
    );
    expect(firstErrors(schema.safeParse({ amount: 1500, target_address: address })).amount).toBe(
      '1,000포인트 단위로 출금할 수 있습니다.',
    );
    expect(firstErrors(schema.safeParse({ amount: 51_000, target_address: address })).amount).toBe(
      '잔액이 부족합니다.',
    );
  });
});
