import { DEFAULT_DELIVERY_TERMS, type DeliveryTerms, deliveryTermsMessages, type FeatureKey } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/app-toaster';
import type { SessionUser } from '@/lib/session';
import { callsTo, renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import { DeliveryTermsTab } from './delivery-terms-tab';
import { customer, merchant } from './merchant-tabs-test-support';

let stored: DeliveryTerms;
let failLoad: boolean;
let putAnswer: ((body: Record<string, unknown>) => Response) | undefined;
let fetchMock: ReturnType<typeof stubFetch>;

beforeEach(() => {
  // Radix's switch measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  stored = {
    ...DEFAULT_DELIVERY_TERMS,
    delivery_fee: 3000,
    min_order_amount: 15000,
    eta_text: '40~60분',
    pickup_address: '서울 마포구 월드컵북로 12, 1층',
    pickup_hours: '매일 10:00~19:00',
  };
  failLoad = false;
  putAnswer = undefined;
  fetchMock = stubFetch((url, init) => {
    if (url.pathname !== '/api/dashboard/delivery-terms') return undefined;
    if ((init.method ?? 'GET') === 'GET') {
      if (failLoad) return Response.json({ detail: '서버 오류' }, { status: 500 });
      return Response.json(stored);
    }
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    if (putAnswer) return putAnswer(body);
    stored = { ...stored, ...body };
    return Response.json(stored);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The tab in a tenant whose policy ships for 3,500원, free from 40,000원; `off` features switched off. */
function renderTab(user: SessionUser = merchant, off: FeatureKey[] = []) {
  return renderInApp(<DeliveryTermsTab />, {
    path: '/merchant/dashboard?tab=delivery-terms',
    user,
    tenant: testTenant({ legal_info: { shipping_fee: 3500, free_shipping_threshold: 40000 } }, off),
  });
}

const section = (name: string) => screen.getByRole('region', { name });
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: '저장' }) as HTMLButtonElement;
const puts = () => callsTo(fetchMock, '/api/dashboard/delivery-terms', 'PUT').map((c) => c.body);
const preview = (name: string) => section(name).querySelector('.mt-terms-preview .tabular')?.textContent;

describe('DeliveryTermsTab', () => {
  it('shows the saved terms in two sections, the parcel fields following the mall policy when empty', async () => {
    renderTab();
    const local = await screen.findByRole('region', { name: '배달·픽업' });
    expect(input('배달비').value).toBe('3,000');
    expect(input('최소주문금액').value).toBe('15,000');
    expect(input('무료배달 기준 금액').value).toBe('');
    expect(input('무료배달 기준 금액').placeholder).toBe('없음');
    expect(input('예상 도착 시간').value).toBe('40~60분');
    expect(within(local).getByRole('switch', { name: '픽업 가능' }).getAttribute('aria-checked')).toBe('true');
    expect(input('픽업 주소').value).toBe('서울 마포구 월드컵북로 12, 1층');
    expect(input('픽업 시간').value).toBe('매일 10:00~19:00');
    expect(preview('배달·픽업')).toBe('배달비 3,000원 · 최소주문 15,000원 · 예상 도착 40~60분 · 픽업 가능');

    const parcel = section('택배');
    expect(within(parcel).getByText('쇼핑몰 기본 정책: 택배비 3,500원, 40,000원 이상 구매 시 무료배송')).toBeTruthy();
    expect(input('택배비').value).toBe('');
    expect(input('택배비').placeholder).toBe('쇼핑몰 기본 3,500원');
    expect(input('무료배송 기준 금액').placeholder).toBe('쇼핑몰 기본 40,000원 이상');
    expect(within(parcel).getAllByText('쇼핑몰 기본 정책 따름')).toHaveLength(2);
    expect(preview('택배')).toBe('택배비 3,500원 (40,000원 이상 무료배송)');
    // Nothing changed yet: nothing to save.
    expect(saveButton().disabled).toBe(true);
  });

  it('groups thousands as typed and saves only the fields that changed, with a toast', async () => {
    const success = vi.spyOn(toast, 'success');
    renderTab();
    await screen.findByRole('region', { name: '배달·픽업' });
    fireEvent.change(input('배달비'), { target: { value: '2500' } });
    expect(input('배달비').value).toBe('2,500');
    fireEvent.change(input('무료배달 기준 금액'), { target: { value: '30,000원' } });
    expect(input('무료배달 기준 금액').value).toBe('30,000');
    expect(preview('배달·픽업')).toBe(
      '배달비 2,500원 (30,000원 이상 무료) · 최소주문 15,000원 · 예상 도착 40~60분 · 픽업 가능',
    );
    fireEvent.change(input('택배비'), { target: { value: '4000' } });
    expect(preview('택배')).toBe('택배비 4,000원 (40,000원 이상 무료배송)');
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(saveButton());
    await waitFor(() => expect(success).toHaveBeenCalledWith(deliveryTermsMessages.saved));
    expect(puts()).toEqual([{ delivery_fee: 2500, free_delivery_over: 30000, parcel_fee: 4000 }]);
    // The form now starts from what was saved.
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(input('배달비').value).toBe('2,500');
    expect(input('택배비').value).toBe('4,000');
  });

  it('sends emptied fields as null: back to the mall policy, no free delivery, no arrival time', async () => {
    stored = { ...stored, parcel_fee: 4000, free_delivery_over: 50000 };
    renderTab();
    await screen.findByRole('region', { name: '택배' });
    fireEvent.change(input('택배비'), { target: { value: '' } });
    expect(screen.getAllByText('쇼핑몰 기본 정책 따름')).toHaveLength(2);
    fireEvent.change(input('무료배달 기준 금액'), { target: { value: '' } });
    fireEvent.change(input('예상 도착 시간'), { target: { value: '   ' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({ free_delivery_over: null, eta_text: null, parcel_fee: null });
  });

  it('turns pickup off, hiding its address and hours', async () => {
    renderTab();
    const local = await screen.findByRole('region', { name: '배달·픽업' });
    fireEvent.click(within(local).getByRole('switch', { name: '픽업 가능' }));
    expect(screen.queryByLabelText('픽업 주소')).toBeNull();
    expect(preview('배달·픽업')).toContain('픽업 안 함');
    fireEvent.click(saveButton());
    await waitFor(() => expect(puts()).toEqual([{ offers_pickup: false }]));
  });

  it('says under each field what is wrong, focuses the first, and sends nothing', async () => {
    stored = { ...stored, pickup_address: null };
    renderTab();
    await screen.findByRole('region', { name: '배달·픽업' });
    fireEvent.change(input('배달비'), { target: { value: '' } });
    fireEvent.change(input('택배비'), { target: { value: '20000000' } });
    fireEvent.change(input('예상 도착 시간'), { target: { value: '가'.repeat(31) } });
    // No message before a save is tried.
    expect(screen.queryByText('배달비를 입력해주세요. 무료 배달이면 0을 입력하세요.')).toBeNull();
    fireEvent.click(saveButton());
    const fee = input('배달비');
    expect(fee.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('배달비를 입력해주세요. 무료 배달이면 0을 입력하세요.')).toBeTruthy();
    expect(screen.getByText(deliveryTermsMessages.textTooLong(30))).toBeTruthy();
    expect(screen.getByText(deliveryTermsMessages.pickupAddressRequired)).toBeTruthy();
    expect(screen.getByText(deliveryTermsMessages.wonInvalid)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(fee));
    expect(puts()).toEqual([]);
    // Fixed, the messages go as the fields change, and the save goes through.
    fireEvent.change(fee, { target: { value: '0' } });
    expect(fee.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(input('택배비'), { target: { value: '3000' } });
    fireEvent.change(input('예상 도착 시간'), { target: { value: '내일 오전 도착' } });
    fireEvent.change(input('픽업 주소'), { target: { value: '햇살농장 앞마당' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toEqual({
      delivery_fee: 0,
      eta_text: '내일 오전 도착',
      pickup_address: '햇살농장 앞마당',
      parcel_fee: 3000,
    });
  });

  it("puts the server's refusal under the field it names, and keeps what was typed", async () => {
    putAnswer = () =>
      Response.json({ detail: 'pickup_hours: 100자 이하로 입력해주세요.', code: 'validation_error' }, { status: 400 });
    renderTab();
    await screen.findByRole('region', { name: '배달·픽업' });
    fireEvent.change(input('픽업 시간'), { target: { value: '평일 9시~18시' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText('100자 이하로 입력해주세요.')).toBeTruthy();
    expect(input('픽업 시간').getAttribute('aria-invalid')).toBe('true');
    expect(input('픽업 시간').value).toBe('평일 9시~18시');

    putAnswer = () => Response.json({ detail: '잠시 후 다시 시도해주세요.', code: 'internal' }, { status: 503 });
    fireEvent.change(input('픽업 시간'), { target: { value: '평일 9시~17시' } });
    expect(screen.queryByText('100자 이하로 입력해주세요.')).toBeNull();
    fireEvent.click(saveButton());
    expect((await screen.findByRole('alert')).textContent).toBe('잠시 후 다시 시도해주세요.');
    expect(input('픽업 시간').value).toBe('평일 9시~17시');
  });

  it('shows only the local section without shopping, and only the parcel section without delivery', async () => {
    renderTab(merchant, ['shopping']);
    await screen.findByRole('region', { name: '배달·픽업' });
    expect(screen.queryByRole('region', { name: '택배' })).toBeNull();
    fireEvent.change(input('최소주문금액'), { target: { value: '20000' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(puts()).toEqual([{ min_order_amount: 20000 }]));

    cleanup();
    // A stored local value the form does not show is never sent (or checked).
    stored = { ...stored, pickup_address: null };
    renderTab(merchant, ['delivery']);
    await screen.findByRole('region', { name: '택배' });
    expect(screen.queryByRole('region', { name: '배달·픽업' })).toBeNull();
    fireEvent.change(input('무료배송 기준 금액'), { target: { value: '60000' } });
    expect(preview('택배')).toBe('택배비 3,500원 (60,000원 이상 무료배송)');
    fireEvent.click(saveButton());
    await waitFor(() => expect(puts().at(-1)).toEqual({ parcel_free_over: 60000 }));
  });

  it('shows a load failure with a retry', async () => {
    failLoad = true;
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('배송 조건을 불러오는데 실패했습니다.');
    failLoad = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('region', { name: '배달·픽업' })).toBeTruthy();
  });

  it('is for merchants only, without asking the server', () => {
    renderTab(customer);
    expect(screen.getByRole('alert').textContent).toContain('가맹점주만 접근 가능합니다.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
