import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  asksToResumePurchase,
  openCheckout,
  paymentCallbackHref,
  portOneRequest,
  resumedOptionId,
  resumedQuantity,
  resumePurchaseState,
} from './checkout';

const portone = {
  gateway: 'portone' as const,
  store_id: 'store-1',
  channel_key: 'channel-key-1',
  payment_id: 'topup_abc',
  order_name: '포인트 충전 30,000원',
  total_amount: 30000,
  currency: 'KRW' as const,
  pay_method: 'CARD' as const,
  redirect_url: 'https://farm.example.kr/payment/callback?type=topup',
  customer: { full_name: '김민지', email: 'minji@example.com', phone_number: '01012345678' },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('opening the payment window', () => {
  it("builds PortOne's request from the prepared checkout (KRW, card, buyer, mobile redirect)", () => {
    expect(portOneRequest(portone)).toEqual({
      storeId: 'store-1',
      channelKey: 'channel-key-1',
      paymentId: 'topup_abc',
      orderName: '포인트 충전 30,000원',
      totalAmount: 30000,
      currency: 'KRW',
      payMethod: 'CARD',
      customer: { fullName: '김민지', email: 'minji@example.com', phoneNumber: '01012345678' },
      redirectUrl: 'https://farm.example.kr/payment/callback?type=topup',
    });
  });

  it('sends the desktop answer to the callback screen with its query, leaving out empty parts', () => {
    expect(paymentCallbackHref('topup', { paymentId: 'topup_abc', txId: 'tx-1' })).toBe(
      '/payment/callback?paymentId=topup_abc&txId=tx-1&type=topup',
    );
    const failed = new URL(
      paymentCallbackHref('purchase', {
        paymentId: 'p&1',
        code: 'USER_CANCEL',
        message: '사용자가 결제를 취소했습니다',
      }),
      'http://x',
    );
    expect(Object.fromEntries(failed.searchParams)).toEqual({
      paymentId: 'p&1',
      code: 'USER_CANCEL',
      message: '사용자가 결제를 취소했습니다',
      type: 'purchase',
    });
  });

  it('leaves for the sandbox checkout page without loading the PortOne SDK', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await expect(openCheckout({ gateway: 'sandbox', url: '/sandbox-pay/topup_abc' }, 'topup')).resolves.toEqual({
      kind: 'left',
    });
    expect(assign).toHaveBeenCalledWith('/sandbox-pay/topup_abc');
    expect(document.querySelector('script[src*="portone"]')).toBeNull();
  });
});

describe('resuming a purchase', () => {
  it('carries the quantity and the option back to the product page, and reads only sensible ones', () => {
    const state = resumePurchaseState(3, 42);
    expect(asksToResumePurchase(state)).toBe(true);
    expect(resumedQuantity(state)).toBe(3);
    expect(resumedOptionId(state)).toBe(42);
    expect(resumePurchaseState()).toEqual({ resumePurchase: true });
    expect(resumedOptionId(resumePurchaseState(2))).toBeUndefined();
    expect(resumedOptionId({ resumePurchase: true, optionId: '42' })).toBeUndefined();
    expect(resumedOptionId({ resumePurchase: true, optionId: -1 })).toBeUndefined();
    expect(resumedOptionId(null)).toBeUndefined();
  });
});
