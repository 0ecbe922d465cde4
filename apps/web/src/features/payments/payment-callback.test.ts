import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { readCallbackQuery, stateFromConfirmError } from './payment-callback';

const read = (query: string) => readCallbackQuery(new URLSearchParams(query));

describe('payment callback: what the query says (spec 2, 8)', () => {
  it('confirms a payment without a code, by its type', () => {
    expect(read('paymentId=topup_abc-123&type=topup')).toEqual({
      kind: 'confirm',
      type: 'topup',
      paymentId: 'topup_abc-123',
    });
    expect(read('paymentId=pay_1&type=purchase&txId=tx_9&code=0')).toEqual({
      kind: 'confirm',
      type: 'purchase',
      paymentId: 'pay_1',
      txId: 'tx_9',
    });
  });

  it('calls a missing or malformed paymentId invalid', () => {
    expect(read('type=topup')).toEqual({ kind: 'failed', text: '결제 정보가 올바르지 않습니다.', type: 'topup' });
    expect(read('paymentId=&type=topup').kind).toBe('failed');
    expect(read('paymentId=../../etc&type=topup')).toMatchObject({ text: '결제 정보가 올바르지 않습니다.' });
  });

  it("shows the provider's message for a code, else the cancelled text", () => {
    expect(read('paymentId=p1&type=topup&code=FAILURE_TYPE_PG&message=카드 한도를 초과했습니다.')).toEqual({
      kind: 'failed',
      text: '카드 한도를 초과했습니다.',
      type: 'topup',
      paymentId: 'p1',
    });
    expect(read('paymentId=p1&type=topup&code=USER_CANCEL')).toMatchObject({
      kind: 'failed',
      text: '결제가 취소되었거나 실패했습니다.',
    });
  });

  it("says a purchase's failure with the provider's message alone (the screen's title says it failed)", () => {
    expect(read('paymentId=p2&type=purchase&code=FAILURE_TYPE_PG&message=카드 한도를 초과했습니다.')).toEqual({
      kind: 'failed',
      text: '카드 한도를 초과했습니다.',
      type: 'purchase',
      paymentId: 'p2',
    });
    expect(read('paymentId=p2&type=purchase&code=USER_CANCEL')).toMatchObject({
      text: '결제가 취소되었거나 실패했습니다.',
    });
  });

  it('calls an unknown type invalid', () => {
    expect(read('paymentId=p1')).toEqual({ kind: 'failed', text: '결제 정보가 올바르지 않습니다.' });
    expect(read('paymentId=p1&type=gift')).toMatchObject({ kind: 'failed' });
  });
});

describe('payment callback: a refused confirmation', () => {
  it('waits on 409 payment_pending', () => {
    const pending = new ApiError('카드 승인 대기 중', 409, { detail: '카드 승인 대기 중', code: 'payment_pending' });
    expect(stateFromConfirmError(pending)).toEqual({ kind: 'pending', checking: false });
  });

  it("shows the server's detail, else a general text", () => {
    const refused = new ApiError('x', 400, {
      detail: '결제 검증에 실패했습니다.',
      code: 'payment_verification_failed',
    });
    expect(stateFromConfirmError(refused)).toEqual({ kind: 'failed', text: '결제 검증에 실패했습니다.' });
    expect(stateFromConfirmError(new ApiError('HTTP error! status: 502', 502, '<html>'))).toEqual({
      kind: 'failed',
      text: '결제 확인 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
    });
  });
});
