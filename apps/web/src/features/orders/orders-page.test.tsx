import { CARRIERS, type Order, type OrderPage, type Tracking } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import OrdersPage from './orders-page';
import { buildOrder, buyer } from './orders-test-support';

const delivering = buildOrder();
const pickupReady = buildOrder({
  id: 102,
  status: 'READY',
  order_type: 'pickup',
  delivery_address: null,
  delivery_memo: null,
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
  total_price: 9500,
  points_used: 0,
  card_amount: 9500,
  earned_points: 95,
  can_cancel: false,
  can_confirm: false,
});
const parcel = buildOrder({
  id: 103,
  status: 'PENDING',
  category_type: 'shopping',
  delivery_postcode: '04524',
  delivery_memo: null,
  items: [
    {
      product_id: 9,
      product_title: '제주 감귤 5kg',
      option_id: null,
      option_name: null,
      unit_price: 12_000,
      quantity: 1,
      total_price: 12_000,
      image_url: null,
    },
  ],
  items_total: 12_000,
  shipping_fee: 3000,
  total_price: 15_000,
  points_used: 0,
  card_amount: 15_000,
  earned_points: 150,
  can_cancel: true,
  can_confirm: false,
});

let fetchMock: ReturnType<typeof stubFetch>;
let listed: Order[];

function page(orders: Order[], over: Partial<OrderPage> = {}): OrderPage {
  return { deliveries: orders, page: 1, total: orders.length, pages: orders.length ? 1 : 0, ...over };
}

function serve(answer: (query: URLSearchParams) => OrderPage, extra?: Parameters<typeof stubFetch>[0]) {
  fetchMock = stubFetch((url, init) => {
    if (url.pathname === '/api/delivery/user/orders') return Response.json(answer(url.searchParams));
    return extra?.(url, init);
  });
}

const cardOf = (id: number) => screen.getByText(`주문번호 ${id}`, { exact: false }).closest('article') as HTMLElement;
const listCalls = () => callsTo(fetchMock, '/api/delivery/user/orders');

beforeEach(() => {
  listed = [delivering, pickupReady, parcel];
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/orders: the order history', () => {
  it('shows each order with its status wording, items, amounts and where it goes', async () => {
    serve(() => page(listed));
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    const first = await waitFor(() => cardOf(101));
    const q = within(first);
    expect(q.getByText('배송중')).toBeTruthy();
    expect(q.getByText('유기농 딸기 1kg')).toBeTruthy();
    expect(q.getByText('2개 · 개당 9,000원')).toBeTruthy();
    expect(q.getByText('총 주문금액').nextElementSibling?.textContent).toBe('18,000원');
    expect(q.getByText('포인트 사용').nextElementSibling?.textContent).toBe('-3,000P');
    expect(q.getByText('카드 결제').nextElementSibling?.textContent).toBe('15,000원');
    expect(q.getByText('적립 포인트').nextElementSibling?.textContent).toBe('+150P');
    expect(q.getByText('서울 중구 세종대로 110, 3층')).toBeTruthy();
    expect(q.getByText('문 앞에 놓아주세요')).toBeTruthy();
    expect(q.getByText('010-1234-5678')).toBeTruthy();
    expect(q.getByRole('button', { name: '구매확정' })).toBeTruthy();
    expect(q.queryByRole('button', { name: '주문 취소' })).toBeNull();

    // The pickup order says 픽업대기 for READY and is picked up at the shop.
    const pickup = within(cardOf(102));
    expect(pickup.getByText('픽업대기')).toBeTruthy();
    expect(pickup.getByText('매장 픽업')).toBeTruthy();
    expect(pickup.queryByText('포인트 사용')).toBeNull();
    expect(pickup.queryByRole('button', { name: '구매확정' })).toBeNull();

    // The parcel shows its shipping fee and postcode, and may still be cancelled.
    const shipped = within(cardOf(103));
    expect(shipped.getByText('주문접수')).toBeTruthy();
    expect(shipped.getByText('배송비').nextElementSibling?.textContent).toBe('3,000원');
    expect(shipped.getByText('(04524) 서울 중구 세종대로 110, 3층')).toBeTruthy();
    expect(shipped.getByRole('button', { name: '주문 취소' })).toBeTruthy();
    expect(listCalls()[0]?.query.get('skip')).toBe('0');
    expect(listCalls()[0]?.query.get('limit')).toBe('20');
  });

  it('shows orders paid together in one block, each with its own card, merchant, status and actions', async () => {
    const farmPart = buildOrder({
      id: 140,
      payment_id: 'pay_cart_9',
      status: 'PENDING',
      can_cancel: true,
      can_confirm: false,
    });
    const kitchenPart = buildOrder({
      id: 141,
      payment_id: 'pay_cart_9',
      merchant: { id: 7, name: '망원 돈가스' },
      status: 'READY',
      order_type: 'pickup',
      delivery_address: null,
      total_price: 9500,
      can_confirm: false,
    });
    serve(() => page([farmPart, kitchenPart, parcel]));
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    const block = (await screen.findByRole('heading', { name: '한 번에 결제한 주문 2건' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(block).getByText('합계 27,500원')).toBeTruthy();
    const cards = within(block).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('주문번호 140 · 배달 · 햇살농원', { exact: false })).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: '주문 취소' })).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText('픽업대기')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).getByText(/망원 돈가스/)).toBeTruthy();
    // An order paid on its own stays a card of the list, outside any block.
    expect(block.contains(cardOf(103))).toBe(false);
    expect(screen.getAllByRole('heading', { name: /한 번에 결제한 주문/ })).toHaveLength(1);
  });

  it('shows the option bought under the product and the delivery fee as its own line', async () => {
    const apples = buildOrder({
      id: 130,
      items: [
        {
          product_id: 7,
          product_title: '청송 꿀사과',
          option_id: 71,
          option_name: '5kg',
          unit_price: 32_000,
          quantity: 1,
          total_price: 32_000,
          image_url: null,
        },
        {
          product_id: 7,
          product_title: '청송 꿀사과',
          option_id: 72,
          option_name: '10kg',
          unit_price: 58_000,
          quantity: 1,
          total_price: 58_000,
          image_url: null,
        },
      ],
      items_total: 90_000,
      shipping_fee: 3000,
      total_price: 93_000,
      points_used: 0,
      card_amount: 93_000,
    });
    serve(() => page([apples, delivering, pickupReady]));
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    const card = within(await waitFor(() => cardOf(130)));
    const items = card.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      '청송 꿀사과옵션: 5kg1개 · 개당 32,000원32,000원',
      '청송 꿀사과옵션: 10kg1개 · 개당 58,000원58,000원',
    ]);
    expect(card.getByText('상품금액').nextElementSibling?.textContent).toBe('90,000원');
    expect(card.getByText('배달비').nextElementSibling?.textContent).toBe('3,000원');
    expect(card.getByText('총 주문금액').nextElementSibling?.textContent).toBe('93,000원');
    // Without options nothing is added under the title; a free local delivery says so; a pickup has no fee line.
    const free = within(cardOf(101));
    expect(free.queryByText(/^옵션:/)).toBeNull();
    expect(free.getByText('배달비').nextElementSibling?.textContent).toBe('무료');
    const pickup = within(cardOf(102));
    expect(pickup.queryByText('배달비')).toBeNull();
    expect(pickup.queryByText('배송비')).toBeNull();
  });

  it('shows a cancel whose card refund the card company is still processing as 환불 처리 중, without a cancel button', async () => {
    serve(() => page([buildOrder({ id: 120, status: 'REFUND_PENDING', can_cancel: false, can_confirm: false })]));
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    const pending = within(await waitFor(() => cardOf(120)));
    expect(pending.getByText('환불 처리 중')).toBeTruthy();
    expect(pending.queryByRole('button', { name: '주문 취소' })).toBeNull();
    // The status filter offers it too.
    fireEvent.click(screen.getByRole('button', { name: '환불 처리 중' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('status')).toBe('REFUND_PENDING'));
  });

  it('filters by status and pages by 20 with previous and next', async () => {
    serve((q) => page(listed, { total: 45, pages: 3, page: Number(q.get('skip')) / 20 + 1 }));
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    await screen.findByText('총 45건');
    expect(screen.getByRole('button', { name: '이전' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('skip')).toBe('20'));
    expect(await screen.findByText('2 / 3 페이지')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '준비완료·픽업대기' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('status')).toBe('READY'));
    expect(listCalls().at(-1)?.query.get('skip')).toBe('0');
    expect(screen.getByRole('button', { name: '준비완료·픽업대기' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('has an empty state with a link to shopping, and a reset for an empty filter', async () => {
    serve(() => page([]));
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    expect(await screen.findByRole('heading', { name: '아직 주문한 상품이 없어요' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '쇼핑하러 가기' }).getAttribute('href')).toBe('/main?tab=shopping');
    cleanup();
    serve(() => page([]));
    renderInApp(<OrdersPage />, { path: '/orders?status=REFUNDED', tenant: testTenant({}, ['shopping']), user: buyer });
    expect(await screen.findByRole('heading', { name: '이 상태의 주문이 없어요' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '필터 초기화' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.has('status')).toBe(false));
  });

  it('says the list could not load and retries', async () => {
    let fail = true;
    fetchMock = stubFetch((url) =>
      url.pathname === '/api/delivery/user/orders'
        ? fail
          ? Response.json({ detail: '오류' }, { status: 500 })
          : Response.json(page(listed))
        : undefined,
    );
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    expect((await screen.findByRole('alert')).textContent).toContain('주문 내역을 불러오는데 실패했습니다.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('유기농 딸기 1kg')).toBeTruthy();
  });

  it('shows the status history of an order on request', async () => {
    serve(
      () => page(listed),
      (url) =>
        url.pathname === '/api/delivery/orders/102'
          ? Response.json({
              ...pickupReady,
              history: [
                {
                  from_status: null,
                  status: 'PENDING',
                  actor: 'system',
                  memo: null,
                  created_at: '2025-03-04T05:05:30Z',
                },
                {
                  from_status: 'PENDING',
                  status: 'READY',
                  actor: 'merchant',
                  memo: '포장 완료',
                  created_at: '2025-03-04T05:30:00Z',
                },
              ],
            })
          : undefined,
    );
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    const card = within(await waitFor(() => cardOf(102)));
    fireEvent.click(card.getByRole('button', { name: '진행 내역 보기' }));
    const history = within(await card.findByRole('region', { name: '진행 내역' }));
    expect(await history.findByText('포장 완료')).toBeTruthy();
    expect(history.getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual(['주문접수', '픽업대기']);
    expect(history.getByText(/판매자/)).toBeTruthy();
  });
});

describe('/orders: the buyer’s actions', () => {
  it('confirms receipt after asking, then reloads the list', async () => {
    serve(
      () => page(listed),
      (url, init) =>
        url.pathname === '/api/delivery/confirm' && init.method === 'POST'
          ? Response.json({
              ...delivering,
              status: 'DELIVERED',
              can_confirm: false,
              confirmed_at: '2025-03-05T00:00:00Z',
            })
          : undefined,
    );
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    fireEvent.click(within(await waitFor(() => cardOf(101))).getByRole('button', { name: '구매확정' }));
    const dialog = await screen.findByRole('alertdialog', { name: '구매를 확정할까요?' });
    expect(callsTo(fetchMock, '/api/delivery/confirm')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '구매확정' }));
    expect(await screen.findByText('구매가 확정되었습니다.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/delivery/confirm')).toEqual([
      expect.objectContaining({ method: 'POST', body: { order_id: 101 } }),
    ]);
    await waitFor(() => expect(listCalls().length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancels with the optional reason, trimmed', async () => {
    serve(
      () => page(listed),
      (url) =>
        url.pathname === '/api/delivery/orders/103/cancel'
          ? Response.json({ ...parcel, status: 'CANCELLED', can_cancel: false })
          : undefined,
    );
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    fireEvent.click(within(await waitFor(() => cardOf(103))).getByRole('button', { name: '주문 취소' }));
    const dialog = await screen.findByRole('alertdialog', { name: '주문을 취소할까요?' });
    fireEvent.change(within(dialog).getByLabelText('취소 사유 (선택)'), { target: { value: '  주문을 잘못했어요 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '주문 취소' }));
    expect(await screen.findByText('주문이 취소되었습니다.')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/delivery/orders/103/cancel')[0]?.body).toEqual({ reason: '주문을 잘못했어요' });
  });

  it("keeps the dialog open with the server's reason when a cancel is refused", async () => {
    serve(
      () => page(listed),
      (url) =>
        url.pathname === '/api/delivery/orders/103/cancel'
          ? Response.json(
              { detail: '판매자가 이미 준비를 시작해 취소할 수 없습니다.', code: 'order_not_cancellable' },
              { status: 409 },
            )
          : undefined,
    );
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    fireEvent.click(within(await waitFor(() => cardOf(103))).getByRole('button', { name: '주문 취소' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '주문 취소' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      '판매자가 이미 준비를 시작해 취소할 수 없습니다.',
    );
    expect(callsTo(fetchMock, '/api/delivery/orders/103/cancel')[0]?.body).toEqual({ reason: null });
  });
});

describe('/orders: 배송조회 of a parcel', () => {
  const shipment = {
    carrier: 'kr.cjlogistics' as const,
    carrier_name: 'CJ대한통운',
    tracking_number: '123456789012',
    tracking_url: CARRIERS['kr.cjlogistics'].url('123456789012'),
    status: 'DELIVERED' as const,
    status_label: '배달완료',
  };
  const shipped = buildOrder({ id: 150, category_type: 'shopping', status: 'DELIVERING', shipment });
  const tracking: Tracking = {
    order_id: 150,
    ...shipment,
    events: [
      {
        time: '2026-11-26T09:12:00Z',
        status: 'AT_PICKUP',
        status_label: '집화완료',
        description: '보내시는 고객님으로부터 상품을 인수받았습니다.',
        location: '서울강남',
      },
      {
        time: '2026-11-27T00:40:00Z',
        status: 'OUT_FOR_DELIVERY',
        status_label: '배송출발',
        description: '고객님의 상품을 배송할 예정입니다.',
        location: '중구세종대로',
      },
      {
        time: '2026-11-27T05:05:00Z',
        status: 'DELIVERED',
        status_label: '배달완료',
        description: '고객님의 상품이 배송완료 되었습니다.',
        location: null,
      },
    ],
    checked_at: '2026-11-27T05:30:00Z',
  };

  function serveTracking(answer: Tracking | Response) {
    serve(
      () => page([shipped, delivering]),
      (url) =>
        url.pathname === '/api/delivery/orders/150/tracking'
          ? answer instanceof Response
            ? answer
            : Response.json(answer)
          : undefined,
    );
  }

  it('shows the carrier, the number, the status and the timeline newest first, with the carrier’s page', async () => {
    serveTracking(tracking);
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    const card = within(await waitFor(() => cardOf(150)));
    expect(card.getByText('송장번호').nextElementSibling?.textContent).toBe('CJ대한통운 1234-5678-9012');
    // A local delivery has no carrier to look up.
    expect(within(cardOf(101)).queryByRole('button', { name: '배송조회' })).toBeNull();

    fireEvent.click(card.getByRole('button', { name: '배송조회' }));
    const sheet = within(await screen.findByRole('dialog', { name: '배송조회' }));
    expect(await sheet.findByText('1234-5678-9012')).toBeTruthy();
    expect(sheet.getByText('CJ대한통운')).toBeTruthy();
    expect(sheet.getByText('현재 배송 상태').nextElementSibling?.textContent).toBe('배달완료');
    expect(sheet.getByText('11.27 (금) 14:30 기준')).toBeTruthy();
    const steps = sheet.getAllByRole('listitem');
    expect(steps.map((li) => li.querySelector('p')?.textContent)).toEqual(['배달완료', '배송출발', '집화완료']);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    expect(within(steps[0] as HTMLElement).getByText('11.27 (금) 14:05')).toBeTruthy();
    expect(within(steps[1] as HTMLElement).getByText('11.27 (금) 09:40')).toBeTruthy();
    expect(within(steps[2] as HTMLElement).getByText('서울강남')).toBeTruthy();
    expect(within(steps[2] as HTMLElement).getByText('보내시는 고객님으로부터 상품을 인수받았습니다.')).toBeTruthy();
    const site = sheet.getByRole('link', { name: /택배사 홈페이지에서 보기/ });
    expect(site.getAttribute('href')).toBe('https://trace.cjlogistics.com/next/tracking.html?wblNo=123456789012');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toContain('noopener');
  });

  it('asks for the list again when the carrier reports the parcel delivered', async () => {
    serveTracking(tracking);
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    fireEvent.click(within(await waitFor(() => cardOf(150))).getByRole('button', { name: '배송조회' }));
    await screen.findByText('고객님의 상품이 배송완료 되었습니다.');
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('copies the number as stored', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serveTracking(tracking);
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    fireEvent.click(within(await waitFor(() => cardOf(150))).getByRole('button', { name: '배송조회' }));
    const sheet = within(await screen.findByRole('dialog', { name: '배송조회' }));
    fireEvent.click(await sheet.findByRole('button', { name: '송장번호 복사' }));
    expect(await sheet.findByText('송장번호를 복사했어요.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('123456789012');
  });

  it('says the carrier does not know the number yet while it has no events', async () => {
    serveTracking({ ...tracking, status: null, status_label: null, events: [], checked_at: null });
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    fireEvent.click(within(await waitFor(() => cardOf(150))).getByRole('button', { name: '배송조회' }));
    const sheet = within(await screen.findByRole('dialog', { name: '배송조회' }));
    expect(
      await sheet.findByText('아직 택배사에 조회되지 않는 송장번호입니다. 잠시 후 다시 확인해주세요.'),
    ).toBeTruthy();
    expect(sheet.queryByText('현재 배송 상태')).toBeNull();
    expect(sheet.queryByRole('list')).toBeNull();
    expect(sheet.getByRole('link', { name: /택배사 홈페이지에서 보기/ })).toBeTruthy();
    // Nothing was delivered: the list is not asked again.
    expect(listCalls()).toHaveLength(1);
  });

  it('says so when the order has no shipment any more, and retries other failures', async () => {
    serveTracking(
      Response.json({ detail: '이 주문에는 등록된 송장이 없습니다.', code: 'shipment_not_found' }, { status: 404 }),
    );
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    fireEvent.click(within(await waitFor(() => cardOf(150))).getByRole('button', { name: '배송조회' }));
    const sheet = within(await screen.findByRole('dialog', { name: '배송조회' }));
    expect((await sheet.findByRole('alert')).textContent).toContain('이 주문에는 등록된 송장이 없습니다.');
    expect(sheet.queryByRole('button', { name: '다시 시도' })).toBeNull();
  });

  it('shows 송장 미등록 on a parcel on its way whose seller has not registered the number', async () => {
    const waiting = buildOrder({ id: 151, category_type: 'shopping', status: 'DELIVERING', needs_shipment: true });
    serve(() => page([waiting]));
    renderInApp(<OrdersPage />, { path: '/orders', user: buyer });
    const card = within(await waitFor(() => cardOf(151)));
    const line = card.getByText('송장번호').nextElementSibling as HTMLElement;
    expect(line.textContent).toBe('송장 미등록 · 판매자가 아직 송장번호를 등록하지 않았어요.');
    expect(line.className).toContain('order-muted');
    expect(card.queryByRole('button', { name: '배송조회' })).toBeNull();
  });
});
