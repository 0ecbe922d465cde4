import type { PaymentAnalytics } from '@app/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { callsTo, renderInApp, stubFetch } from '@/testing/app-test-support';
import { admin, buildAnalytics, customer, merchant } from './merchant-tabs-test-support';
import PaymentAnalyticsPage from './payment-analytics-page';

let fail: boolean;
let analytics: PaymentAnalytics;
let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  fail = false;
  analytics = buildAnalytics();
  fetchMock = stubFetch((url) => {
    if (url.pathname !== '/api/payment/analytics/summary') return undefined;
    if (fail) return Response.json({ detail: '서버 오류' }, { status: 500 });
    return Response.json(analytics);
  });
});

afterEach(cleanup);

const renderPage = (user: SessionUser | null) =>
  renderInApp(<PaymentAnalyticsPage />, { path: '/payment/analytics', user });

describe('PaymentAnalyticsPage', () => {
  it('shows the status stats, 30 days in a table and the products with the top 3 flagged', async () => {
    renderPage(merchant);
    const products = await screen.findByRole('table', { name: '상품별 매출' });
    expect(callsTo(fetchMock, '/api/payment/analytics/summary')[0]?.query.get('period_days')).toBe('30');

    const rows = within(products).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    const flags = rows.map((r) => within(r).queryByText(/^TOP \d$/)?.textContent ?? null);
    expect(flags).toEqual(['TOP 1', 'TOP 2', 'TOP 3', null, null, null]);
    expect(rows[0]?.textContent).toContain('청송 꿀사과 3kg');
    expect(rows[0]?.textContent).toContain('90,000원');
    expect(rows[3]?.textContent).toContain('반찬');

    const daily = screen.getByRole('table', { name: '일별 결제 표' });
    expect(within(daily).getAllByRole('row')).toHaveLength(31);
    const status = screen.getByRole('region', { name: '결제 상태별 통계' });
    expect(within(status).getByText('결제완료')).toBeTruthy();
    expect(within(status).getByText('실패')).toBeTruthy();
  });

  it("shows the delivery fees as a figure of their own and each product's options under it", async () => {
    const [apple, ...rest] = buildAnalytics().product_stats;
    analytics = buildAnalytics({
      product_stats: [
        {
          ...(apple as PaymentAnalytics['product_stats'][number]),
          product_name: '청송 꿀사과',
          total_quantity: 4,
          total_revenue: 90000,
          options: [
            { option_id: 12, option_name: '5kg', total_quantity: 3, total_revenue: 60000 },
            { option_id: 11, option_name: '3kg', total_quantity: 1, total_revenue: 30000 },
          ],
        },
        ...rest,
      ],
    });
    renderPage(merchant);
    const products = await screen.findByRole('table', { name: '상품별 매출' });
    const summary = screen.getByRole('group', { name: '요약' });
    expect(within(summary).getByText('배송비 수입').nextElementSibling?.textContent).toBe('15,000원');
    expect(within(summary).getByText('총 매출').nextElementSibling?.textContent).toBe('250,000원');

    const rows = within(products).getAllByRole('row').slice(1);
    // The product, then its two options (name, quantity, revenue), then the next product.
    expect(rows).toHaveLength(8);
    expect(rows[0]?.textContent).toContain('청송 꿀사과');
    const option = (i: number) => within(rows[i] as HTMLElement);
    expect(option(1).getByRole('rowheader').textContent).toBe('청송 꿀사과 옵션 5kg');
    expect(option(1).getByText('3')).toBeTruthy();
    expect(option(1).getByText('60,000원')).toBeTruthy();
    expect(option(2).getByRole('rowheader').textContent).toBe('청송 꿀사과 옵션 3kg');
    expect(option(2).getByText('30,000원')).toBeTruthy();
    expect(rows[3]?.textContent).toContain('제주 감귤 5kg');
    // Products without options keep their single row, and the ranking counts products only.
    expect(within(rows[3] as HTMLElement).getByText('TOP 2')).toBeTruthy();
  });

  it('opens for platform administrators too', async () => {
    renderPage(admin);
    expect(await screen.findByRole('table', { name: '상품별 매출' })).toBeTruthy();
  });

  it('tells customers it is for merchants, without asking the server', () => {
    renderPage(customer);
    expect(screen.getByRole('alert').textContent).toContain('가맹점주만 접근 가능합니다.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the failure and retries', async () => {
    fail = true;
    renderPage(merchant);
    expect((await screen.findByRole('alert')).textContent).toContain('통계를 불러오는데 실패했습니다.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('table', { name: '상품별 매출' })).toBeTruthy();
  });
});
