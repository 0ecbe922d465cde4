import type { PaymentConfirmed } from '@app/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepCartCheckout } from '@/features/cart/cart-payment';
import { buildCart } from '@/features/cart/cart-test-support';
import { buildOrder } from '@/features/orders/orders-test-support';
import { renderInApp, stubFetch } from '@/testing/app-test-support';
import PaymentCallbackScreen from './payment-callback-screen';

const confirmed: PaymentConfirmed = {
  success: true,
  status: 'paid',
  order_id: 201,
  order_ids: [201, 202],
  payment_id: 'pay_cart_1',
  payment_type: 'card_only',
  amount: 36_000,
  points_used: 0,
  earned_points: 360,
};

const entries = {
  buyer_name: '김민지',
  buyer_email: 'minji@example.com',
  buyer_tel: '010-1234-5678',
  buyer_postcode: '03925',
  address_base: '서울특별시 마포구 월드컵북로 400',
  address_detail: '101동 1001호',
  delivery_memo: '',
  points_used: 0,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('/payment/callback of a cart payment', () => {
  it('confirms the orders of the payment and reads the cart again (its paid lines are gone)', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/payment/callback') return Response.json(confirmed);
      if (url.pathname === '/api/delivery/orders/201')
        return Response.json(buildOrder({ id: 201, total_price: 18_000 }));
      if (url.pathname === '/api/delivery/orders/202')
        return Response.json(buildOrder({ id: 202, total_price: 18_000 }));
      return undefined;
    });
    const { queryClient } = renderInApp(<PaymentCallbackScreen />, {
      path: '/payment/callback?paymentId=pay_cart_1&type=purchase',
    });
    queryClient.setQueryData(['cart', ''], buildCart([]));
    expect(await screen.findByText('201번, 202번')).toBeTruthy();
    await waitFor(() => expect(queryClient.getQueryState(['cart', ''])?.isInvalidated).toBe(true));
  });

  it("offers the cart's checkout again after a declined cart payment this tab started", async () => {
    keepCartCheckout(11, 'pay_cart_3', entries);
    stubFetch(() => Response.json({ detail: '결제가 취소되었습니다.' }, { status: 400 }));
    renderInApp(<PaymentCallbackScreen />, {
      path: '/payment/callback?paymentId=pay_cart_3&type=purchase&code=PAY_CANCELED&message=사용자가 결제를 취소했습니다',
    });
    const retry = await screen.findByRole('link', { name: '다시 결제하기' });
    expect(retry.getAttribute('href')).toBe('/cart');
  });
});
