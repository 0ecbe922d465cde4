import type { PaymentConfirmed } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { callsTo, stubFetch } from '@/testing/app-test-support';
import { buildOrder } from './orders-test-support';
import { keepPurchaseDraft, readPurchaseDraft } from './purchase-draft';
import { usePurchaseAbandoner, usePurchaseConfirmer, usePurchaseRetry } from './use-purchase-confirmer';

const confirmed: PaymentConfirmed = {
  success: true,
  status: 'paid',
  order_id: 101,
  order_ids: [101],
  payment_id: 'pay_101',
  payment_type: 'mixed_payment',
  amount: 18_000,
  points_used: 3000,
  earned_points: 150,
};

function hooks() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => ({ confirm: usePurchaseConfirmer(), abandon: usePurchaseAbandoner() }), { wrapper });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('purchase confirmation on the callback screen', () => {
  it("posts the callback with the gateway's id and answers the order's receipt", async () => {
    const fetchMock = stubFetch((url) => {
      if (url.pathname === '/api/payment/callback') return Response.json(confirmed);
      if (url.pathname === '/api/delivery/orders/101') return Response.json(buildOrder());
      return undefined;
    });
    const { result } = hooks();
    const receipt = await result.current.confirm('pay_101', { txId: 'tx_9' });
    expect(callsTo(fetchMock, '/api/payment/callback')[0]?.body).toEqual({
      merchant_uid: 'pay_101',
      imp_uid: 'tx_9',
      status: 'paid',
    });
    expect(receipt.rows).toEqual([
      { label: '주문 번호', value: '101번' },
      { label: '주문 상품', value: '유기농 딸기 1kg × 2' },
      { label: '총 결제 금액', value: '18,000원' },
      { label: '포인트 사용', value: '3,000P' },
      { label: '카드 결제', value: '15,000원' },
      { label: '적립 포인트', value: '150P' },
    ]);
  });

  it('names the option bought and shows the delivery fee within the total', async () => {
    const order = buildOrder({
      items: [
        {
          product_id: 10,
          product_title: '부사 사과',
          option_id: 42,
          option_name: '5kg',
          unit_price: 19_000,
          quantity: 2,
          total_price: 38_000,
          image_url: null,
        },
      ],
      items_total: 38_000,
      shipping_fee: 3000,
      total_price: 41_000,
      points_used: 0,
      card_amount: 41_000,
      earned_points: 410,
    });
    stubFetch((url) => {
      if (url.pathname === '/api/payment/callback') return Response.json(confirmed);
      if (url.pathname === '/api/delivery/orders/101') return Response.json(order);
      return undefined;
    });
    const { result } = hooks();
    const receipt = await result.current.confirm('pay_101');
    expect(receipt.rows).toEqual([
      { label: '주문 번호', value: '101번' },
      { label: '주문 상품', value: '부사 사과 (5kg) × 2' },
      { label: '상품금액', value: '38,000원' },
      { label: '배달비', value: '3,000원' },
      { label: '총 결제 금액', value: '41,000원' },
      { label: '카드 결제', value: '41,000원' },
      { label: '적립 포인트', value: '410P' },
    ]);
  });

  it('shows every order of a payment of several (a cart checkout) and the figures of all of them', async () => {
    const parcel = buildOrder({
      id: 201,
      payment_id: 'pay_cart_1',
      category_type: 'shopping',
      items_total: 18_000,
      shipping_fee: 3000,
      total_price: 21_000,
      points_used: 1000,
      card_amount: 20_000,
      earned_points: 200,
    });
    const meal = buildOrder({
      id: 202,
      payment_id: 'pay_cart_1',
      order_type: 'pickup',
      items: [
        {
          product_id: 8,
          product_title: '수제 돈가스 정식',
          option_id: null,
          option_name: null,
          unit_price: 9500,
          quantity: 1,
          total_price: 9500,
          image_url: null,
        },
      ],
      items_total: 9500,
      shipping_fee: 0,
      total_price: 9500,
      points_used: 0,
      card_amount: 9500,
      earned_points: 95,
    });
    stubFetch((url) => {
      if (url.pathname === '/api/payment/callback') {
        return Response.json({
          ...confirmed,
          order_id: 201,
          order_ids: [201, 202],
          payment_id: 'pay_cart_1',
          amount: 30_500,
        });
      }
      if (url.pathname === '/api/delivery/orders/201') return Response.json(parcel);
      if (url.pathname === '/api/delivery/orders/202') return Response.json(meal);
      return undefined;
    });
    const { result } = hooks();
    const receipt = await result.current.confirm('pay_cart_1');
    expect(receipt.amount).toBe(30_500);
    expect(receipt.rows).toEqual([
      { label: '주문 번호', value: '201번, 202번' },
      { label: '주문 상품', value: '유기농 딸기 1kg 외 1건' },
      { label: '상품금액', value: '27,500원' },
      { label: '배송비', value: '3,000원' },
      { label: '총 결제 금액', value: '30,500원' },
      { label: '포인트 사용', value: '1,000P' },
      { label: '카드 결제', value: '29,500원' },
      { label: '적립 포인트', value: '295P' },
    ]);
  });

  it("falls back to the confirmation's figures when the order cannot be read", async () => {
    stubFetch((url) => (url.pathname === '/api/payment/callback' ? Response.json(confirmed) : undefined));
    const { result } = hooks();
    const receipt = await result.current.confirm('pay_101');
    expect(receipt.rows.map((r) => r.label)).toEqual(['주문 번호', '총 결제 금액', '포인트 사용', '적립 포인트']);
  });

  it("rejects with the server's detail, for the screen's failure text", async () => {
    stubFetch(() =>
      Response.json({ detail: '결제 검증에 실패했습니다.', code: 'payment_verification_failed' }, { status: 400 }),
    );
    const { result } = hooks();
    const failure = await result.current.confirm('pay_101').catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('결제 검증에 실패했습니다.');
  });

  it('tells the server a cancelled payment window, so its points and stock return', async () => {
    const fetchMock = stubFetch(() => Response.json({ detail: '결제가 취소되었습니다.' }, { status: 400 }));
    const { result } = hooks();
    result.current.abandon('pay_55');
    await waitFor(() =>
      expect(callsTo(fetchMock, '/api/payment/callback')[0]?.body).toEqual({
        merchant_uid: 'pay_55',
        status: 'cancelled',
      }),
    );
  });
});

describe('trying a failed purchase again', () => {
  const entries = {
    buyer_name: '김민지',
    buyer_email: 'minji@example.com',
    buyer_tel: '010-1234-5678',
    qty: 2,
    order_type: 'delivery' as const,
    buyer_postcode: '',
    address_base: '서울 중구 세종대로 110',
    address_detail: '3층',
    delivery_memo: '',
    points_used: 0,
  };

  it("leads back to the payment's product with the sheet asked to open, and nowhere for an unknown payment", () => {
    keepPurchaseDraft(11, 6, 'pay_6', entries);
    const { result } = renderHook(() => usePurchaseRetry());
    expect(result.current('pay_6')).toEqual({ to: '/products/6', state: { resumePurchase: true, quantity: 2 } });
    expect(result.current('pay_other')).toBeNull();
    expect(result.current(undefined)).toBeNull();
  });

  it('brings back the option the failed payment was for', () => {
    keepPurchaseDraft(11, 6, 'pay_7', entries, 42);
    const { result } = renderHook(() => usePurchaseRetry());
    expect(result.current('pay_7')).toEqual({
      to: '/products/6',
      state: { resumePurchase: true, quantity: 2, optionId: 42 },
    });
  });

  it('forgets the kept entries once the purchase is paid', async () => {
    keepPurchaseDraft(11, 6, 'pay_101', entries);
    stubFetch((url) => {
      if (url.pathname === '/api/payment/callback') return Response.json(confirmed);
      if (url.pathname === '/api/delivery/orders/101') return Response.json(buildOrder());
      return undefined;
    });
    const { result } = hooks();
    await result.current.confirm('pay_101');
    expect(readPurchaseDraft(11, 6)).toBeNull();
  });
});
