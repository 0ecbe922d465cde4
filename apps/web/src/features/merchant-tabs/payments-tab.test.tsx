import type { PaymentAnalytics, PaymentItem } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import { buildAnalytics, buildPayment, customer, merchant } from './merchant-tabs-test-support';
import { PaymentsTab } from './payments-tab';

let analytics: PaymentAnalytics;
let payments: PaymentItem[];
let failAnalytics: boolean;
let failList: boolean;
let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  // Recharts measures a zero-sized box in jsdom and says so; the figures are in the tables.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  analytics = buildAnalytics();
  payments = [
    buildPayment({ id: 1, status: 'paid', product_name: '청송 꿀사과 3kg', buyer_name: '김민지', amount: 25000 }),
    buildPayment({ id: 2, status: 'pending', product_name: null, name: '제주 감귤 5kg', buyer_name: '박서준' }),
    buildPayment({ id: 7, product_name: '청송 꿀사과', option_name: '10kg', buyer_name: '윤가을', amount: 58000 }),
    buildPayment({ id: 3, status: 'failed', buyer_name: '이하늘' }),
    buildPayment({ id: 4, status: 'cancelled', buyer_name: '최유리' }),
    { ...buildPayment({ id: 5, buyer_name: '정다은' }), status: 'virtual_account_issued' as PaymentItem['status'] },
    { ...buildPayment({ id: 6, buyer_name: '한지수' }), status: 'refund_requested' as PaymentItem['status'] },
  ];
  failAnalytics = false;
  failList = false;
  fetchMock = stubFetch((url) => {
    if (url.pathname === '/api/payment/analytics/summary') {
      if (failAnalytics) return Response.json({ detail: '서버 오류' }, { status: 500 });
      return Response.json(analytics);
    }
    if (url.pathname === '/api/payment/list') {
      if (failList) return Response.json({ detail: '서버 오류' }, { status: 500 });
      return Response.json({ payments, total: payments.length, skip: 0, limit: 10 });
    }
    return undefined;
  });
});

afterEach(cleanup);

const renderTab = (user = merchant) => renderInApp(<PaymentsTab />, { path: '/merchant/dashboard', user });
const card = (title: string) => screen.getByRole('region', { name: title });

describe('PaymentsTab analytics', () => {
  it('asks for 30 days and shows every card', async () => {
    renderTab();
    await screen.findByRole('region', { name: '결제 상태별 통계' });
    expect(callsTo(fetchMock, '/api/payment/analytics/summary')[0]?.query.get('period_days')).toBe('30');

    const summary = screen.getByRole('group', { name: '요약' });
    expect(within(summary).getByText('250,000원')).toBeTruthy();
    expect(within(summary).getByText('배송비 수입').nextElementSibling?.textContent).toBe('15,000원');
    expect(within(summary).getByText('83.3%')).toBeTruthy();
    expect(within(summary).getByText('12건')).toBeTruthy();

    expect(within(card('결제 상태별 통계')).getByText('결제완료')).toBeTruthy();

    // The last 7 days only, oldest first.
    const daily = within(card('최근 7일 매출')).getByRole('table', { name: '날짜별 결제완료 금액과 건수' });
    const days = within(daily)
      .getAllByRole('rowheader')
      .map((c) => c.textContent);
    expect(days).toEqual([
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
      '2025-03-11',
      '2025-03-12',
      '2025-03-13',
      '2025-03-14',
    ]);

    expect(within(card('결제 수단')).getByText('카드 70.0%')).toBeTruthy();
    expect(within(card('시간대별 결제')).getByText('가장 많은 시간대: 14시 (6건)')).toBeTruthy();

    const top = within(card('인기 상품 TOP 5')).getAllByRole('listitem');
    expect(top).toHaveLength(5);
    expect(top[0]?.textContent).toContain('청송 꿀사과 3kg');
    expect(screen.queryByText('들기름 300ml')).toBeNull();

    expect(within(card('카테고리별 매출')).getByText('반찬')).toBeTruthy();
    const customers = within(card('우수 고객 TOP 5')).getAllByRole('listitem');
    expect(customers).toHaveLength(5);
    expect(customers[0]?.textContent).toContain('김민지');
    expect(customers[0]?.textContent).toContain('100,000원');

    const failures = card('실패·취소 분석');
    expect(within(failures).getByText('카드 한도 초과')).toBeTruthy();
    expect(within(failures).getByText('사유 없음')).toBeTruthy();
    expect(within(card('요일별 결제')).getByText('금요일')).toBeTruthy();

    const info = card('데이터 활용 안내');
    expect(info.textContent).toContain('모델 학습');
    expect(info.textContent).toContain('2025-02-13 ~ 2025-03-14');
    expect(info.textContent).toContain('12건');
  });

  it('leaves out the failure analysis and weekday pattern when there are none', async () => {
    analytics = buildAnalytics({ failure_analysis: [], weekday_stats: [] });
    renderTab();
    await screen.findByRole('region', { name: '결제 상태별 통계' });
    expect(screen.queryByRole('region', { name: '실패·취소 분석' })).toBeNull();
    expect(screen.queryByRole('region', { name: '요일별 결제' })).toBeNull();
    expect(screen.getByRole('region', { name: '우수 고객 TOP 5' })).toBeTruthy();
  });

  it('says there are no payments for an empty period', async () => {
    analytics = buildAnalytics({
      summary: {
        total_payments: 0,
        total_revenue: 0,
        success_rate: 0,
        avg_order_value: 0,
        unique_customers: 0,
        unique_products_sold: 0,
        delivery_fee_total: 0,
      },
      payment_status_stats: [],
      payment_method_stats: [],
      product_stats: [],
      category_stats: [],
      top_customers: [],
      failure_analysis: [],
      weekday_stats: [],
    });
    renderTab();
    expect(await screen.findByText('결제 내역이 없습니다.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '결제 상태별 통계' })).toBeNull();
    expect(screen.getByRole('region', { name: '데이터 활용 안내' }).textContent).toContain('0건');
  });

  it('shows the failure with a retry button', async () => {
    failAnalytics = true;
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('결제 데이터를 불러오는데 실패했습니다.');
    failAnalytics = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('region', { name: '결제 상태별 통계' })).toBeTruthy();
  });

  it('is for merchants only', () => {
    renderTab(customer);
    expect(screen.getByRole('alert').textContent).toContain('가맹점주만 접근 가능합니다.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('PaymentsTab with the analytics feature off', () => {
  it('is the list of payments alone: no analytics view, no analytics call, no failure', async () => {
    failAnalytics = true;
    renderInApp(<PaymentsTab />, {
      path: '/merchant/dashboard',
      user: merchant,
      tenant: testTenant({}, ['analytics']),
    });
    const table = await screen.findByRole('table', { name: '최근 결제 10건' });
    expect(within(table).getAllByRole('row')).toHaveLength(payments.length + 1);
    expect(screen.queryByRole('button', { name: '분석' })).toBeNull();
    expect(screen.queryByText('결제 데이터를 불러오는데 실패했습니다.')).toBeNull();
    expect(callsTo(fetchMock, '/api/payment/analytics/summary')).toEqual([]);
  });
});

describe('PaymentsTab list', () => {
  it('lists the last 10 payments for the merchant with the status labels', async () => {
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: '목록' }));
    const table = await screen.findByRole('table', { name: '최근 결제 10건' });
    const call = callsTo(fetchMock, '/api/payment/list')[0];
    expect([call?.query.get('skip'), call?.query.get('limit'), call?.query.get('role')]).toEqual([
      '0',
      '10',
      'merchant',
    ]);

    const rows = within(table).getAllByRole('row').slice(1);
    const cells = (i: number) => within(rows[i] as HTMLElement).getAllByRole('cell');
    expect(cells(0)[1]?.textContent).toBe('청송 꿀사과 3kg');
    expect(cells(0)[2]?.textContent).toBe('김민지');
    expect(cells(0)[3]?.textContent).toBe('25,000원');
    // Without a product name the payment's name is shown.
    expect(cells(1)[1]?.textContent).toBe('제주 감귤 5kg');
    // The option bought is named with its product.
    expect(within(cells(2)[1] as HTMLElement).getByText('옵션: 10kg')).toBeTruthy();
    expect(cells(2)[1]?.textContent).toBe('청송 꿀사과옵션: 10kg');
    const statuses = rows.map((_, i) => cells(i)[4]?.textContent);
    expect(statuses).toEqual(['결제완료', '대기중', '결제완료', '실패', '취소', '가상계좌 발급', 'refund_requested']);
    expect(within(rows[0] as HTMLElement).getByText('결제완료').className).toContain('mt-status-paid');
  });

  it('shows the empty list and the failure with retry', async () => {
    failList = true;
    renderTab();
    fireEvent.click(screen.getByRole('button', { name: '목록' }));
    expect((await screen.findByRole('alert')).textContent).toContain('결제 데이터를 불러오는데 실패했습니다.');
    failList = false;
    payments = [];
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    await waitFor(() => expect(screen.getByText('결제 내역이 없습니다.')).toBeTruthy());
  });
});
