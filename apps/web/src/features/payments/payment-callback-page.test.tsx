import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { TenantContext, toTenantInfo } from '@/lib/tenant';
import { testTenant } from '@/testing/app-test-support';
import PaymentCallbackPage, { type PaymentAbandoner, type PaymentConfirmer } from './payment-callback-page';

function open(
  search: string,
  confirmers: { topup?: PaymentConfirmer; purchase?: PaymentConfirmer },
  abandoners?: { purchase?: PaymentAbandoner },
) {
  const router = createMemoryRouter(
    [{ path: '/payment/callback', element: <PaymentCallbackPage confirmers={confirmers} abandoners={abandoners} /> }],
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

  it('releases a cancelled purchase once and says the payment failed with the message', async () => {
    const purchase = vi.fn<PaymentConfirmer>();
    const release = vi.fn<PaymentAbandoner>();
    open('?paymentId=pay_8&type=purchase&code=PG_FAIL&message=한도 초과', { purchase }, { purchase: release });
    expect((await screen.findByRole('alert')).textContent).toBe('결제에 실패했습니다: 한도 초과');
    expect(purchase).not.toHaveBeenCalled();
    expect(release).toHaveBeenCalledTimes(1);
    expect(release).toHaveBeenCalledWith('pay_8');
  });

  it('says a purchase cannot be confirmed yet when no confirmer is plugged in', async () => {
    open('?paymentId=pay_1&type=purchase', {});
    expect((await screen.findByRole('alert')).textContent).toContain('아직 지원하지 않습니다');
  });
});
