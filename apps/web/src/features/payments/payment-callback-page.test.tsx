import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { TenantContext, toTenantInfo } from '@/lib/tenant';
import { LocationProbe, testTenant } from '@/testing/app-test-support';
import PaymentCallbackPage, {
  type PaymentAbandoner,
  type PaymentConfirmer,
  type PaymentRetry,
} from './payment-callback-page';

const retryTopup: PaymentRetry = () => ({ to: '/payment/test' });

function open(
  search: string,
  confirmers: { topup?: PaymentConfirmer; purchase?: PaymentConfirmer },
  abandoners?: { purchase?: PaymentAbandoner },
  retries: { topup?: PaymentRetry; purchase?: PaymentRetry } = { topup: retryTopup },
) {
  const router = createMemoryRouter(
    [
      {
        path: '/payment/callback',
        element: <PaymentCallbackPage confirmers={confirmers} abandoners={abandoners} retries={retries} />,
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [`/payment/callback${search}`] },
  );
  return render(
    <StrictMode>
      <TenantContext value={toTenantInfo(testTenant())}>
        <RouterProvider router={router} />
      </TenantContext>
    </StrictMode>,
  );
}

const receipt = { amount: 30000, rows: [{ label: '충전 포인트', value: '30,000P' }] };

afterEach(cleanup);

describe('payment callback screen', () => {
  it('confirms a top-up once under strict mode and links to the wallet and home', async () => {
    const topup = vi.fn(async () => receipt);
    open('?paymentId=topup_1&type=topup', { topup });
    expect(await screen.findByRole('heading', { name: '충전이 완료되었습니다' })).toBeTruthy();
    expect(topup).toHaveBeenCalledTimes(1);
    expect(topup).toHaveBeenCalledWith('topup_1');
    expect(screen.getByText('30,000P')).toBeTruthy();
    expect(screen.getByRole('link', { name: '지갑으로 가기' }).getAttribute('href')).toBe('/wallet');
    expect(screen.getByRole('link', { name: '홈으로' }).getAttribute('href')).toBe('/');
  });

  it('does not confirm a cancelled payment and offers the retry page', async () => {
    const topup = vi.fn(async () => receipt);
    open('?paymentId=topup_1&type=topup&code=USER_CANCEL', { topup });
    expect((await screen.findByRole('alert')).textContent).toBe('결제가 취소되었거나 실패했습니다.');
    expect(topup).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: '다시 결제하기' }).getAttribute('href')).toBe('/payment/test');
  });

  it('waits on a pending card and checks again on request', async () => {
    const topup = vi
      .fn<PaymentConfirmer>()
      .mockRejectedValueOnce(new ApiError('대기', 409, { detail: '대기', code: 'payment_pending' }))
      .mockResolvedValueOnce(receipt);
    open('?paymentId=topup_2&type=topup', { topup });
    fireEvent.click(await screen.findByRole('button', { name: '다시 확인' }));
    expect(await screen.findByRole('heading', { name: '충전이 완료되었습니다' })).toBeTruthy();
    expect(topup).toHaveBeenCalledTimes(2);
  });

  it("confirms a purchase with the gateway's transaction id and links to the orders", async () => {
    const purchase = vi.fn<PaymentConfirmer>(async () => ({
      amount: 9000,
      rows: [{ label: '주문 번호', value: '7번' }],
    }));
    open('?paymentId=pay_7&type=purchase&txId=tx_7', { purchase });
    expect(await screen.findByRole('heading', { name: '결제가 완료되었습니다' })).toBeTruthy();
    expect(purchase).toHaveBeenCalledTimes(1);
    expect(purchase).toHaveBeenCalledWith('pay_7', { txId: 'tx_7' });
    expect(screen.getByText('7번')).toBeTruthy();
    expect(screen.getByRole('link', { name: '주문 내역 보기' }).getAttribute('href')).toBe('/orders');
  });

  it('releases a cancelled purchase once and says the payment failed, once, with the message', async () => {
    const purchase = vi.fn<PaymentConfirmer>();
    const release = vi.fn<PaymentAbandoner>();
    open('?paymentId=pay_8&type=purchase&code=PG_FAIL&message=한도 초과', { purchase }, { purchase: release });
    expect((await screen.findByRole('alert')).textContent).toBe('한도 초과');
    expect(screen.getByRole('heading', { name: '결제에 실패했습니다' })).toBeTruthy();
    expect(screen.getAllByText(/결제에 실패했습니다/)).toHaveLength(1);
    expect(purchase).not.toHaveBeenCalled();
    expect(release).toHaveBeenCalledTimes(1);
    expect(release).toHaveBeenCalledWith('pay_8');
  });

  it('says a purchase cannot be confirmed yet when no confirmer is plugged in', async () => {
    open('?paymentId=pay_1&type=purchase', {});
    expect((await screen.findByRole('alert')).textContent).toContain('아직 지원하지 않습니다');
  });

  it("does not repeat '결제에 실패했습니다' when the server refuses the confirmation with it", async () => {
    const purchase = vi.fn<PaymentConfirmer>(async () => {
      throw new ApiError('실패', 400, {
        detail: '결제에 실패했습니다: 카드 승인이 거절되었습니다.',
        code: 'payment_failed',
      });
    });
    open('?paymentId=pay_9&type=purchase', { purchase });
    expect((await screen.findByRole('alert')).textContent).toBe('카드 승인이 거절되었습니다.');
    expect(screen.getAllByText(/결제에 실패했습니다/)).toHaveLength(1);
  });

  it('tries a failed purchase again on its product, with the order sheet asked to open again', async () => {
    const retryPurchase = vi.fn<PaymentRetry>((id) =>
      id === 'pay_8' ? { to: '/products/5', state: { resumePurchase: true } } : null,
    );
    open('?paymentId=pay_8&type=purchase&code=USER_CANCEL', {}, {}, { topup: retryTopup, purchase: retryPurchase });
    const retry = await screen.findByRole('link', { name: '다시 결제하기' });
    expect(retry.getAttribute('href')).toBe('/products/5');
    expect(retryPurchase).toHaveBeenCalledWith('pay_8');
    fireEvent.click(retry);
    expect((await screen.findByTestId('location')).textContent).toBe('/products/5');
    expect(screen.getByTestId('location-state').textContent).toBe('{"resumePurchase":true}');
  });

  it('never sends a failed purchase to the top-up page: without its product it offers the way home only', async () => {
    open('?paymentId=pay_1&type=purchase&code=USER_CANCEL', {}, {}, { topup: retryTopup, purchase: () => null });
    await screen.findByRole('alert');
    expect(screen.queryByRole('link', { name: '다시 결제하기' })).toBeNull();
    expect(screen.getByRole('link', { name: '홈으로' }).getAttribute('href')).toBe('/');
  });
});
