import {
  DEFAULT_DELIVERY_TERMS,
  type DeliveryTerms,
  deliveryTermsMessages,
  ORDER_QTY_MAX,
  orderMessages,
  type PaymentPrepared,
  type WalletOverview,
} from '@app/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPostcode } from '@/components/form/postcode';
import { openCheckout } from '@/lib/checkout';
import { callsTo, renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import type { CheckoutOption, CheckoutProduct } from './checkout-values';
import { buyer } from './orders-test-support';
import { PurchaseForm } from './purchase-form';

vi.mock('@/components/form/postcode', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/form/postcode')>()),
  loadPostcode: vi.fn(),
}));
vi.mock('@/lib/checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/checkout')>()),
  openCheckout: vi.fn(),
}));

const shoppingProduct: CheckoutProduct = {
  id: 5,
  title: '제주 감귤 5kg',
  price: 12_000,
  category_type: 'shopping',
  is_delivery: false,
  display_remaining: -1,
  image_url: null,
};
const deliveryProduct: CheckoutProduct = {
  id: 6,
  title: '수제 돈가스 정식',
  price: 9000,
  category_type: 'pickup',
  is_delivery: true,
  display_remaining: 10,
  image_url: null,
};

const overview = (available: number, rate = 1): WalletOverview => ({
  balance: { available, locked: 0, updated_at: null },
  evm_address: null,
  point_reward_rate: rate,
});

const prepared = (over: Partial<PaymentPrepared> = {}): PaymentPrepared => ({
  merchant_uid: 'pay_1',
  name: '제주 감귤 5kg',
  actual_payment_amount: 0,
  points_used: 0,
  order_id: 77,
  total_amount: 0,
  checkout: null,
  ...over,
});

let fetchMock: ReturnType<typeof stubFetch>;

function serve({ available = 0, prepare }: { available?: number; prepare?: () => Response } = {}) {
  fetchMock = stubFetch((url) => {
    if (url.pathname === '/api/wallet/overview') return Response.json(overview(available));
    if (url.pathname === '/api/payment/prepare') return prepare?.() ?? Response.json(prepared());
    return undefined;
  });
}

function openForm(
  product: CheckoutProduct,
  { quantity = 1, tenant = testTenant(), user = buyer, resume = false, option = null as CheckoutOption | null } = {},
) {
  return renderInApp(<PurchaseForm product={product} option={option} quantity={quantity} resume={resume} />, {
    path: '/products/5',
    tenant,
    user,
  });
}

const summaryValue = (label: string) => {
  const term = within(screen.getByRole('region', { name: '결제 금액' })).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
};
const pay = () => fireEvent.click(screen.getByRole('button', { name: /결제하기/ }));
const where = () => screen.findByTestId('location').then((el) => el.textContent);

beforeEach(() => {
  vi.mocked(loadPostcode).mockReset();
  vi.mocked(openCheckout).mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('payment form: what it asks and shows', () => {
  it("prefills the buyer from the profile and charges the tenant's shipping below its threshold", async () => {
    serve();
    openForm(shoppingProduct, {
      tenant: testTenant({ legal_info: { shipping_fee: 3500, free_shipping_threshold: 40_000 } }),
    });
    expect((screen.getByLabelText('이름') as HTMLInputElement).value).toBe('김민지');
    expect((screen.getByLabelText('휴대폰 번호') as HTMLInputElement).value).toBe('010-1234-5678');
    expect((screen.getByLabelText('이메일') as HTMLInputElement).value).toBe('minji@example.com');
    expect(summaryValue('상품금액')).toBe('12,000원');
    expect(summaryValue('배송비')).toBe('3,500원');
    expect(summaryValue('카드 결제 금액')).toBe('15,500원');
    expect(screen.getByText('40,000원 이상 구매 시 무료배송')).toBeTruthy();
    // Four of them reach the threshold: shipping is free.
    fireEvent.change(screen.getByLabelText('수량'), { target: { value: '4' } });
    expect(summaryValue('배송비')).toBe('무료');
    expect(summaryValue('카드 결제 금액')).toBe('48,000원');
  });

  it('offers 배달 or 픽업 for a product that delivers: pickup needs no address and no shipping', async () => {
    serve();
    openForm(deliveryProduct);
    expect(screen.getByLabelText('주소')).toBeTruthy();
    expect(screen.queryByLabelText('우편번호')).toBeNull();
    expect(screen.queryByText('배송비', { selector: 'dt' })).toBeNull();
    // A merchant who never set terms delivers for nothing.
    expect(summaryValue('배달비')).toBe('무료');
    fireEvent.click(screen.getByRole('radio', { name: '픽업' }));
    expect(screen.queryByLabelText('주소')).toBeNull();
  });

  it('shows no points part when the wallet is off', async () => {
    serve({ available: 5000 });
    openForm(deliveryProduct, { tenant: testTenant({}, ['wallet']) });
    expect(screen.queryByLabelText('사용할 포인트')).toBeNull();
    expect(screen.queryByText('포인트 사용', { selector: 'dt' })).toBeNull();
    expect(callsTo(fetchMock, '/api/wallet/overview')).toHaveLength(0);
  });
});

describe('payment form: points (spec 5)', () => {
  it('shows the balance and clamps typed points to min(available, total); 전액 사용 takes that much', async () => {
    serve({ available: 7000 });
    openForm(deliveryProduct);
    expect(await screen.findByText('사용 가능 7,000P')).toBeTruthy();
    const points = screen.getByLabelText('사용할 포인트') as HTMLInputElement;
    fireEvent.change(points, { target: { value: '99999' } });
    expect(points.value).toBe('7,000');
    expect(summaryValue('포인트 사용')).toBe('-7,000원');
    expect(summaryValue('카드 결제 금액')).toBe('2,000원');
    expect(summaryValue('적립 예정 포인트')).toBe('+20P');
    fireEvent.change(points, { target: { value: '1,500' } });
    expect(points.value).toBe('1,500');
    fireEvent.click(screen.getByRole('button', { name: '전액 사용' }));
    expect(points.value).toBe('7,000');
  });

  it('caps 전액 사용 at the total and lowers the points when the quantity drops', async () => {
    serve({ available: 50_000 });
    openForm(deliveryProduct, { quantity: 2 });
    await screen.findByText('사용 가능 50,000P');
    fireEvent.click(screen.getByRole('button', { name: '전액 사용' }));
    const points = screen.getByLabelText('사용할 포인트') as HTMLInputElement;
    expect(points.value).toBe('18,000');
    expect(screen.getByRole('button', { name: '포인트로 결제하기' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '수량 줄이기' }));
    await waitFor(() => expect(points.value).toBe('9,000'));
  });

  it('refuses a card part under the card minimum, without calling prepare', async () => {
    serve({ available: 20_000 });
    openForm(deliveryProduct);
    await screen.findByText('사용 가능 20,000P');
    fireEvent.change(screen.getByLabelText('사용할 포인트'), { target: { value: '8950' } });
    expect(summaryValue('카드 결제 금액')).toBe('50원');
    pay();
    expect(await screen.findByText(orderMessages.cardMin)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/payment/prepare')).toHaveLength(0);
  });
});

describe('payment form: the address of a shopping product', () => {
  it('requires the address and a 5-digit postcode before anything is sent', async () => {
    serve();
    openForm(shoppingProduct);
    pay();
    expect(await screen.findByText(orderMessages.address)).toBeTruthy();
    expect(screen.getByText(orderMessages.postcode)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/payment/prepare')).toHaveLength(0);
  });

  it('prefills the postcode and the address from the profile, so a parcel needs nothing more', async () => {
    const checkout = { gateway: 'sandbox' as const, url: '/sandbox-pay/pay_p' };
    serve({
      prepare: () => Response.json(prepared({ merchant_uid: 'pay_p', actual_payment_amount: 15_000, checkout })),
    });
    vi.mocked(openCheckout).mockResolvedValue({ kind: 'left' });
    openForm(shoppingProduct, {
      user: { ...buyer, address: '서울특별시 마포구 월드컵북로 400, 101동 1001호', postcode: '03925' },
    });
    expect((screen.getByLabelText('우편번호') as HTMLInputElement).value).toBe('03925');
    expect((screen.getByLabelText('주소') as HTMLInputElement).value).toBe('서울특별시 마포구 월드컵북로 400');
    pay();
    await waitFor(() => expect(callsTo(fetchMock, '/api/payment/prepare')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/payment/prepare')[0]?.body).toMatchObject({
      buyer_postcode: '03925',
      buyer_addr: '서울특별시 마포구 월드컵북로 400, 101동 1001호',
    });
  });

  it('fills the postcode and the road address from the postcode widget and moves to the detail', async () => {
    serve();
    class FakePostcode {
      constructor(private readonly options: { oncomplete: (data: object) => void }) {}
      open() {
        this.options.oncomplete({
          zonecode: '04524',
          roadAddress: '서울 중구 세종대로 110',
          jibunAddress: '서울 중구 태평로1가 31',
        });
      }
    }
    vi.mocked(loadPostcode).mockResolvedValue(FakePostcode);
    openForm(shoppingProduct);
    fireEvent.click(screen.getByRole('button', { name: '우편번호 찾기' }));
    await waitFor(() => expect((screen.getByLabelText('우편번호') as HTMLInputElement).value).toBe('04524'));
    expect((screen.getByLabelText('주소') as HTMLInputElement).value).toBe('서울 중구 세종대로 110');
    expect(document.activeElement).toBe(screen.getByLabelText('상세 주소'));
  });

  it('says so when the widget cannot load, and the typed postcode and address are sent', async () => {
    const checkout = { gateway: 'sandbox' as const, url: '/sandbox-pay/pay_9' };
    serve({
      prepare: () => Response.json(prepared({ merchant_uid: 'pay_9', actual_payment_amount: 60_000, checkout })),
    });
    vi.mocked(openCheckout).mockResolvedValue({ kind: 'left' });
    vi.mocked(loadPostcode).mockRejectedValue(new Error('offline'));
    openForm(shoppingProduct, { quantity: 5 });
    fireEvent.click(screen.getByRole('button', { name: '우편번호 찾기' }));
    expect(await screen.findByText(/우편번호 찾기를 불러오지 못했어요/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('우편번호'), { target: { value: '06236' } });
    fireEvent.change(screen.getByLabelText('주소'), { target: { value: '서울 강남구 테헤란로 152' } });
    fireEvent.change(screen.getByLabelText('상세 주소'), { target: { value: '12층' } });
    pay();
    await waitFor(() => expect(callsTo(fetchMock, '/api/payment/prepare')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/payment/prepare')[0]?.body).toMatchObject({
      product_id: 5,
      qty: 5,
      amount: 60_000,
      buyer_postcode: '06236',
      buyer_addr: '서울 강남구 테헤란로 152, 12층',
    });
    await waitFor(() => expect(openCheckout).toHaveBeenCalledWith(checkout, 'purchase'));
    expect(screen.getByRole('button', { name: '결제창을 여는 중…' })).toHaveProperty('disabled', true);
  });
});

describe('payment form: submitting (spec 4, payment flow)', () => {
  it('sends prepare with an idempotency key and goes to the callback screen at once when points pay it all', async () => {
    serve({
      available: 20_000,
      prepare: () => Response.json(prepared({ merchant_uid: 'pay_full', points_used: 9000 })),
    });
    openForm(deliveryProduct, { user: { ...buyer, address: '서울 중구 세종대로 110, 3층' } });
    await screen.findByText('사용 가능 20,000P');
    fireEvent.click(screen.getByRole('button', { name: '전액 사용' }));
    fireEvent.change(screen.getByLabelText('요청사항 (선택)'), { target: { value: '벨 누르지 말아주세요' } });
    fireEvent.click(screen.getByRole('button', { name: '포인트로 결제하기' }));
    expect(await where()).toBe('/payment/callback?paymentId=pay_full&type=purchase');
    const [call] = callsTo(fetchMock, '/api/payment/prepare');
    expect(call?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(call?.body).toEqual({
      product_id: 6,
      qty: 1,
      amount: 9000,
      points_used: 9000,
      order_type: 'delivery',
      buyer_name: '김민지',
      buyer_email: 'minji@example.com',
      buyer_tel: '01012345678',
      buyer_addr: '서울 중구 세종대로 110, 3층',
      delivery_memo: '벨 누르지 말아주세요',
    });
    expect(openCheckout).not.toHaveBeenCalled();
  });

  it('opens the payment window for the card part and follows its answer to the callback screen', async () => {
    const checkout = { gateway: 'sandbox' as const, url: '/sandbox-pay/pay_card' };
    serve({
      available: 1000,
      prepare: () => Response.json(prepared({ merchant_uid: 'pay_card', actual_payment_amount: 8000, checkout })),
    });
    vi.mocked(openCheckout).mockResolvedValue({
      kind: 'returned',
      href: '/payment/callback?paymentId=pay_card&type=purchase',
    });
    openForm(deliveryProduct, { user: { ...buyer, address: '서울 중구 세종대로 110, 3층' } });
    await screen.findByText('사용 가능 1,000P');
    fireEvent.click(screen.getByRole('button', { name: '전액 사용' }));
    fireEvent.click(screen.getByRole('button', { name: '8,000원 결제하기' }));
    expect(await where()).toBe('/payment/callback?paymentId=pay_card&type=purchase');
    expect(openCheckout).toHaveBeenCalledWith(checkout, 'purchase');
    expect(callsTo(fetchMock, '/api/payment/prepare')[0]?.body).toMatchObject({ points_used: 1000, amount: 9000 });
  });

  it("shows the server's refusal and keeps the form as it was", async () => {
    serve({
      prepare: () => Response.json({ detail: orderMessages.stockShort, code: 'stock_short' }, { status: 409 }),
    });
    openForm(deliveryProduct, { user: { ...buyer, address: '서울 중구 세종대로 110, 3층' } });
    fireEvent.change(screen.getByLabelText('수량'), { target: { value: '3' } });
    await act(async () => {
      pay();
    });
    expect((await screen.findByRole('alert')).textContent).toBe(orderMessages.stockShort);
    expect((screen.getByLabelText('수량') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('주소') as HTMLInputElement).value).toBe('서울 중구 세종대로 110');
    expect(openCheckout).not.toHaveBeenCalled();
  });
});

describe('payment form: quantity', () => {
  it('holds a typed quantity to the most one order may have, so no total of a refused quantity shows', async () => {
    serve();
    openForm({ ...shoppingProduct, price: 24_000 }, { tenant: testTenant({ legal_info: { shipping_fee: 0 } }) });
    const qty = screen.getByLabelText('수량') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '999999' } });
    expect(qty.value).toBe(String(ORDER_QTY_MAX));
    expect(summaryValue('상품금액')).toBe(`${(24_000 * ORDER_QTY_MAX).toLocaleString('ko-KR')}원`);
    expect(screen.queryByText(/23,999,976,000/)).toBeNull();
    expect(screen.getByRole('button', { name: '수량 늘리기' })).toHaveProperty('disabled', true);
  });

  it('stops at the stock left when it is counted', async () => {
    serve();
    openForm(deliveryProduct);
    const qty = screen.getByLabelText('수량') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '250' } });
    expect(qty.value).toBe('10');
    expect(summaryValue('상품금액')).toBe('90,000원');
  });
});

describe('payment form: a refused submit', () => {
  it('brings the first field in error into view and focuses it (the postcode of a parcel)', async () => {
    serve();
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    openForm(shoppingProduct, { user: { ...buyer, address: '서울 중구 세종대로 110, 3층' } });
    pay();
    const postcode = screen.getByLabelText('우편번호');
    await waitFor(() => expect(document.activeElement).toBe(postcode));
    expect(scrolled).toEqual([postcode]);
    expect(scrollIntoView).toHaveBeenCalledWith({ block: 'center' });
    expect(postcode.getAttribute('aria-invalid')).toBe('true');
  });

  it('goes to the first one in the order shown when several are wrong', async () => {
    serve();
    Element.prototype.scrollIntoView = vi.fn();
    openForm(deliveryProduct, { user: { ...buyer, phone: '' } });
    fireEvent.change(screen.getByLabelText('이메일'), { target: { value: '' } });
    pay();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('휴대폰 번호')));
    expect(screen.getByLabelText('이메일').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('payment form: entries kept for a retry', () => {
  const checkout = { gateway: 'sandbox' as const, url: '/sandbox-pay/pay_k' };

  async function startCardPayment() {
    serve({
      prepare: () => Response.json(prepared({ merchant_uid: 'pay_k', actual_payment_amount: 27_000, checkout })),
    });
    vi.mocked(openCheckout).mockResolvedValue({ kind: 'left' });
    vi.mocked(loadPostcode).mockRejectedValue(new Error('offline'));
    const view = openForm(deliveryProduct);
    fireEvent.change(screen.getByLabelText('수량'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('이름'), { target: { value: '김민지(회사)' } });
    fireEvent.change(screen.getByLabelText('주소'), { target: { value: '서울 강남구 테헤란로 152' } });
    fireEvent.change(screen.getByLabelText('상세 주소'), { target: { value: '12층' } });
    fireEvent.change(screen.getByLabelText('요청사항 (선택)'), { target: { value: '문 앞에 놓아주세요' } });
    pay();
    await waitFor(() => expect(openCheckout).toHaveBeenCalledTimes(1));
    view.unmount();
  }

  it('fills the sheet opened again after a failed payment with what the buyer had entered', async () => {
    await startCardPayment();
    openForm(deliveryProduct, { resume: true });
    expect((screen.getByLabelText('수량') as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('이름') as HTMLInputElement).value).toBe('김민지(회사)');
    expect((screen.getByLabelText('주소') as HTMLInputElement).value).toBe('서울 강남구 테헤란로 152');
    expect((screen.getByLabelText('상세 주소') as HTMLInputElement).value).toBe('12층');
    expect((screen.getByLabelText('요청사항 (선택)') as HTMLInputElement).value).toBe('문 앞에 놓아주세요');
    expect(summaryValue('카드 결제 금액')).toBe('27,000원');
  });

  it("opens a fresh sheet from the profile otherwise, and never another account's entries", async () => {
    await startCardPayment();
    openForm(deliveryProduct);
    expect((screen.getByLabelText('이름') as HTMLInputElement).value).toBe('김민지');
    cleanup();
    openForm(deliveryProduct, { resume: true, user: { ...buyer, id: 12, username: '박지훈' } });
    expect((screen.getByLabelText('이름') as HTMLInputElement).value).toBe('박지훈');
    expect((screen.getByLabelText('수량') as HTMLInputElement).value).toBe('1');
  });
});

const withTerms = (product: CheckoutProduct, terms: Partial<DeliveryTerms>): CheckoutProduct => ({
  ...product,
  merchant: { delivery_terms: { ...DEFAULT_DELIVERY_TERMS, ...terms } },
});
const payButton = () => screen.getByRole('button', { name: /결제하기/ }) as HTMLButtonElement;

describe('payment form: an option', () => {
  const apples: CheckoutProduct = { ...shoppingProduct, title: '부사 사과', price: 12_000 };
  const fiveKg: CheckoutOption = { id: 42, name: '5kg', price: 19_000, stock: 4 };

  it("names the option and sells it at its price, sending option_id with the option's amount", async () => {
    const checkout = { gateway: 'sandbox' as const, url: '/sandbox-pay/pay_o' };
    serve({
      prepare: () => Response.json(prepared({ merchant_uid: 'pay_o', actual_payment_amount: 38_000, checkout })),
    });
    vi.mocked(openCheckout).mockResolvedValue({ kind: 'left' });
    openForm(apples, {
      option: fiveKg,
      quantity: 2,
      user: { ...buyer, address: '서울 중구 세종대로 110, 3층', postcode: '04524' },
    });
    expect(screen.getByText('옵션: 5kg')).toBeTruthy();
    expect(screen.getByText('개당 19,000원')).toBeTruthy();
    expect(screen.getByText('4개 남음')).toBeTruthy();
    expect(summaryValue('상품금액')).toBe('38,000원');
    expect(summaryValue('배송비')).toBe('3,000원');
    expect(summaryValue('카드 결제 금액')).toBe('41,000원');
    pay();
    await waitFor(() => expect(callsTo(fetchMock, '/api/payment/prepare')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/payment/prepare')[0]?.body).toMatchObject({
      product_id: 5,
      option_id: 42,
      qty: 2,
      amount: 41_000,
    });
  });

  it("holds the quantity to the option's stock", async () => {
    serve();
    openForm(apples, { option: fiveKg });
    const qty = screen.getByLabelText('수량') as HTMLInputElement;
    fireEvent.change(qty, { target: { value: '30' } });
    expect(qty.value).toBe('4');
    expect(summaryValue('상품금액')).toBe('76,000원');
  });

  it('sends no option_id for a product without options', async () => {
    serve();
    openForm(shoppingProduct, { user: { ...buyer, address: '서울 중구 세종대로 110, 3층', postcode: '04524' } });
    expect(screen.queryByText(/옵션:/)).toBeNull();
    pay();
    await waitFor(() => expect(callsTo(fetchMock, '/api/payment/prepare')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/payment/prepare')[0]?.body).not.toHaveProperty('option_id');
  });
});

describe("payment form: the merchant's delivery terms", () => {
  const address = { ...buyer, address: '서울 중구 세종대로 110, 3층' };

  it("charges the merchant's delivery fee as its own line, free from its amount, and sends it in the amount", async () => {
    serve();
    openForm(withTerms(deliveryProduct, { delivery_fee: 3000, free_delivery_over: 30_000, eta_text: '40~60분' }), {
      user: address,
    });
    expect(screen.getByText('배달 예상: 40~60분')).toBeTruthy();
    expect(summaryValue('상품금액')).toBe('9,000원');
    expect(summaryValue('배달비')).toBe('3,000원');
    expect(summaryValue('카드 결제 금액')).toBe('12,000원');
    expect(screen.getByText('30,000원 이상 주문 시 배달비 무료')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('수량'), { target: { value: '4' } });
    expect(summaryValue('배달비')).toBe('무료');
    expect(summaryValue('카드 결제 금액')).toBe('36,000원');
    expect(screen.queryByText('30,000원 이상 주문 시 배달비 무료')).toBeNull();
    fireEvent.change(screen.getByLabelText('수량'), { target: { value: '1' } });
    // A pickup costs no delivery fee.
    fireEvent.click(screen.getByRole('radio', { name: '픽업' }));
    expect(screen.queryByText('배달비', { selector: 'dt' })).toBeNull();
    expect(summaryValue('카드 결제 금액')).toBe('9,000원');
    pay();
    await waitFor(() => expect(callsTo(fetchMock, '/api/payment/prepare')).toHaveLength(1));
    expect(callsTo(fetchMock, '/api/payment/prepare')[0]?.body).toMatchObject({ order_type: 'pickup', amount: 9000 });
  });

  it('refuses a delivery below the minimum order amount until the order reaches it, sending nothing', async () => {
    serve();
    openForm(withTerms(deliveryProduct, { delivery_fee: 2000, min_order_amount: 15_000 }), { user: address });
    const refusal = deliveryTermsMessages.belowMinimum(15_000);
    expect(screen.getByRole('alert').textContent).toBe('최소주문금액 15,000원 이상부터 배달 주문할 수 있습니다.');
    expect(payButton().disabled).toBe(true);
    expect(payButton().getAttribute('aria-describedby')).toBe(screen.getByText(refusal).id);
    fireEvent.submit(payButton().closest('form') as HTMLFormElement);
    await act(async () => undefined);
    expect(callsTo(fetchMock, '/api/payment/prepare')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: '수량 늘리기' }));
    expect(screen.queryByText(refusal)).toBeNull();
    expect(payButton().disabled).toBe(false);
    expect(summaryValue('카드 결제 금액')).toBe('20,000원');
    // A pickup has no minimum.
    fireEvent.click(screen.getByRole('button', { name: '수량 줄이기' }));
    fireEvent.click(screen.getByRole('radio', { name: '픽업' }));
    expect(screen.queryByText(refusal)).toBeNull();
    expect(payButton().disabled).toBe(false);
  });

  it("offers no pickup where the merchant takes none, and refuses a pickup-only meal's order", async () => {
    serve();
    openForm(withTerms(deliveryProduct, { offers_pickup: false }), { user: address });
    expect((screen.getByRole('radio', { name: '픽업' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('이 가게는 픽업 주문을 받지 않아요.')).toBeTruthy();
    expect(payButton().disabled).toBe(false);
    cleanup();
    openForm(withTerms({ ...deliveryProduct, is_delivery: false }, { offers_pickup: false }));
    expect(screen.getByRole('alert').textContent).toBe(deliveryTermsMessages.pickupNotOffered);
    expect(payButton().disabled).toBe(true);
  });

  it('tells where and when a pickup is collected', async () => {
    serve();
    openForm(withTerms(deliveryProduct, { pickup_address: '서울 마포구 망원로 12', pickup_hours: '매일 11:00~20:00' }));
    fireEvent.click(screen.getByRole('radio', { name: '픽업' }));
    expect(screen.getByText('픽업 장소: 서울 마포구 망원로 12 · 픽업 시간: 매일 11:00~20:00')).toBeTruthy();
  });

  it("charges the merchant's own parcel fee and free-shipping amount", async () => {
    serve();
    openForm(withTerms(shoppingProduct, { parcel_fee: 4000, parcel_free_over: 20_000 }), {
      tenant: testTenant({ legal_info: { shipping_fee: 3500, free_shipping_threshold: 40_000 } }),
    });
    expect(summaryValue('배송비')).toBe('4,000원');
    expect(screen.getByText('20,000원 이상 구매 시 무료배송')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('수량'), { target: { value: '2' } });
    expect(summaryValue('배송비')).toBe('무료');
    expect(summaryValue('카드 결제 금액')).toBe('24,000원');
  });
});
