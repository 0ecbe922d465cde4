import {
  allowedOrderMoves,
  CARRIERS,
  type Order,
  type OrderPage,
  type OrderStatus,
  type Shipment,
  type Tracking,
} from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionContext, type SessionUser } from '@/lib/session';
import { TenantContext, toTenantInfo } from '@/lib/tenant';
import { testTenant } from '@/testing/app-test-support';
import { MerchantOrdersTab } from './merchant-orders-tab';
import { buildOrder } from './order-fixtures';

const merchant: SessionUser = { id: 3, email: 'farm@example.com', username: '햇살농장', user_type: 'merchant' };
const customer: SessionUser = { id: 21, email: 'minji@example.com', username: '김민지', user_type: 'customer' };

const at = (day: number, hour = 12) => new Date(2025, 2, day, hour).toISOString();

/** A stand-in for the delivery calls: orders by type and id, the PUTs it received. */
interface FakeServer {
  orders: Order[];
  failList?: number;
  updateAnswer?: (body: { order_id: number; status: OrderStatus; memo: string | null }) => Response;
  shipmentAnswer?: (orderId: number, body: { carrier: string; tracking_number: string }) => Response;
  tracking?: Tracking;
}

let server: FakeServer;
let fetchMock: ReturnType<typeof vi.fn>;

const calls = (method: string, path: string) =>
  fetchMock.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url), 'http://x'), init: init as RequestInit }))
    .filter(({ url, init }) => (init?.method ?? 'GET') === method && url.pathname === path);
const listCalls = () => calls('GET', '/api/delivery/merchant/orders').map(({ url }) => url.searchParams);
const putBodies = () => calls('PUT', '/api/delivery/status').map(({ init }) => JSON.parse(String(init.body)));
const shipmentBodies = (id: number) =>
  calls('PUT', `/api/delivery/orders/${id}/shipment`).map(({ init }) => JSON.parse(String(init.body)));

/** The parcel as the server presents it once registered. */
function shipmentOf(carrier: Shipment['carrier'], number: string): Shipment {
  return {
    carrier,
    carrier_name: CARRIERS[carrier].name,
    tracking_number: number,
    tracking_url: CARRIERS[carrier].url(number),
    status: null,
    status_label: null,
  };
}

function answer(url: URL, init: RequestInit | undefined): Response {
  const method = init?.method ?? 'GET';
  if (method === 'GET' && url.pathname === '/api/delivery/merchant/orders') {
    if (server.failList) return Response.json({ detail: '서버 오류', code: 'x' }, { status: server.failList });
    const type = url.searchParams.get('order_type');
    const skip = Number(url.searchParams.get('skip'));
    const limit = Number(url.searchParams.get('limit'));
    const ofType = server.orders.filter((o) => o.order_type === type);
    const total = ofType.length;
    const body: OrderPage = {
      deliveries: ofType.slice(skip, skip + limit),
      page: Math.floor(skip / limit) + 1,
      total,
      pages: Math.ceil(total / limit),
    };
    return Response.json(body);
  }
  if (method === 'PUT' && url.pathname === '/api/delivery/status') {
    const body = JSON.parse(String(init?.body));
    if (server.updateAnswer) return server.updateAnswer(body);
    const index = server.orders.findIndex((o) => o.id === body.order_id);
    const updated = { ...server.orders[index], status: body.status, next_statuses: allowedOrderMoves(body.status) };
    server.orders[index] = updated as Order;
    return Response.json(updated);
  }
  const shipment = url.pathname.match(/^\/api\/delivery\/orders\/(\d+)\/shipment$/);
  if (method === 'PUT' && shipment) {
    const id = Number(shipment[1]);
    const body = JSON.parse(String(init?.body));
    if (server.shipmentAnswer) return server.shipmentAnswer(id, body);
    const index = server.orders.findIndex((o) => o.id === id);
    const updated = {
      ...server.orders[index],
      shipment: shipmentOf(body.carrier, body.tracking_number),
      needs_shipment: false,
    } as Order;
    server.orders[index] = updated;
    return Response.json(updated);
  }
  if (method === 'GET' && url.pathname.endsWith('/tracking') && server.tracking) return Response.json(server.tracking);
  const detail = url.pathname.match(/^\/api\/delivery\/orders\/(\d+)$/);
  if (method === 'GET' && detail) {
    const order = server.orders.find((o) => o.id === Number(detail[1]));
    return Response.json({
      ...order,
      history: [
        { from_status: null, status: 'PENDING', actor: 'system', memo: null, created_at: at(14, 9) },
        { from_status: 'PENDING', status: 'PREPARING', actor: 'merchant', memo: '포장 시작', created_at: at(14, 10) },
      ],
    });
  }
  return Response.json({ detail: 'not found' }, { status: 404 });
}

function renderTab(user: SessionUser | null = merchant, tenant = testTenant()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session: Session = {
    token: user ? 't' : null,
    user,
    isSignedIn: !!user,
    isMember: !!user,
    isAdmin: false,
    leavingTo: null,
    signIn: vi.fn(),
    signOut: vi.fn(async () => undefined),
    updateUser: vi.fn(),
  };
  return render(
    <QueryClientProvider client={client}>
      <TenantContext value={toTenantInfo(tenant)}>
        <SessionContext value={session}>
          <MerchantOrdersTab />
        </SessionContext>
      </TenantContext>
    </QueryClientProvider>,
  );
}

const cardTitles = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
const card = (id: number) => screen.getByRole('article', { name: `주문번호 #${id}` });

async function openDialog(id: number) {
  fireEvent.click(await screen.findByRole('button', { name: `주문번호 #${id} 상태 변경` }));
  return screen.findByRole('dialog', { name: '주문 상태 변경' });
}

beforeEach(() => {
  // Only the clock is fixed (14 March 2025, 15:30 local): timers stay real for the queries.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 14, 15, 30));
  server = {
    orders: [
      buildOrder({
        id: 101,
        status: 'PREPARING',
        created_at: at(14, 9),
        delivery_address: '서울특별시 마포구 월드컵북로 12',
        delivery_phone: '010-1234-5678',
        delivery_memo: '문 앞에 놓아주세요',
        points_used: 2000,
        card_amount: 10000,
        earned_points: 100,
        buyer: { id: 21, name: '김민지' },
      }),
      buildOrder({
        id: 57,
        status: 'DELIVERING',
        created_at: at(10),
        delivery_address: '부산광역시 해운대구 센텀중앙로 55',
        delivery_phone: '010-9876-5432',
        category_type: 'shopping',
        delivered_at: null,
        items: [
          {
            product_id: 12,
            product_title: '청송 꿀사과',
            option_id: 121,
            option_name: '3kg',
            unit_price: 25000,
            quantity: 2,
            total_price: 50000,
            image_url: null,
          },
        ],
        items_total: 50000,
        shipping_fee: 3000,
        total_price: 53000,
        card_amount: 53000,
        buyer: { id: 22, name: '박서준' },
      }),
      buildOrder({
        id: 12,
        status: 'DELIVERED',
        created_at: at(1),
        delivered_at: at(1, 18),
        delivery_address: '대전광역시 유성구 대학로 99',
        delivery_phone: '010-2222-3333',
        shipping_fee: 2500,
        total_price: 14500,
        card_amount: 14500,
      }),
      buildOrder({
        id: 88,
        order_type: 'pickup',
        status: 'READY',
        created_at: at(13),
        delivery_address: null,
        delivery_phone: '010-5555-0000',
      }),
    ],
  };
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    answer(new URL(String(input), 'http://x'), init),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('merchant order list', () => {
  it('shows the first page of delivery orders with every field the merchant works with', async () => {
    renderTab();
    expect(await screen.findByRole('heading', { name: '주문번호 #101' })).toBeTruthy();
    expect(listCalls()[0]?.toString()).toBe('skip=0&limit=20&order_type=delivery');
    const first = within(card(101));
    expect(first.getByText('준비중')).toBeTruthy();
    expect(first.getByText('서울특별시 마포구 월드컵북로 12')).toBeTruthy();
    expect(first.getByRole('link', { name: '010-1234-5678' }).getAttribute('href')).toBe('tel:01012345678');
    expect(first.getByText('문 앞에 놓아주세요')).toBeTruthy();
    expect(first.getByText('김민지')).toBeTruthy();
    expect(first.getByText('유기농 방울토마토 1kg')).toBeTruthy();
    expect(first.getByText('-2,000P')).toBeTruthy();
    expect(first.getByText('10,000원')).toBeTruthy();
    // A shopping parcel is labelled as shipped, with the delivery wording of its status.
    const parcel = within(card(57));
    expect(parcel.getByText('배송')).toBeTruthy();
    expect(parcel.getByText('배송중')).toBeTruthy();
    expect(parcel.getByText('2개')).toBeTruthy();
    expect(parcel.getByText('50,000원')).toBeTruthy();
    // The option bought under the product, and the parcel fee on its own line.
    expect(parcel.getByText('옵션: 3kg')).toBeTruthy();
    expect(parcel.getByText('배송비').nextElementSibling?.textContent).toBe('3,000원');
    expect(parcel.getByText('총 결제금액').nextElementSibling?.textContent).toBe('53,000원');
    // A local delivery without a fee has no fee line; no option line without options.
    expect(first.queryByText('배달비')).toBeNull();
    expect(first.queryByText(/^옵션:/)).toBeNull();
    // A finished order shows when it was delivered.
    expect(within(card(12)).getByText('배송완료 일시')).toBeTruthy();
    expect(within(card(12)).getByText('배달비').nextElementSibling?.textContent).toBe('2,500원');
    expect(cardTitles()).toEqual(['주문번호 #101', '주문번호 #57', '주문번호 #12']);
  });

  it('offers no 배달/픽업 switch to a tenant without delivery (mall ships its goods only)', async () => {
    server.orders = server.orders.filter((o) => o.category_type === 'shopping');
    renderTab(merchant, testTenant({}, ['delivery']));
    expect(await screen.findByRole('heading', { name: '주문번호 #57' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: '주문 유형' })).toBeNull();
    expect(screen.queryByRole('button', { name: '픽업' })).toBeNull();
    expect(screen.queryByRole('button', { name: '배달' })).toBeNull();
    expect(listCalls().map((q) => q.get('order_type'))).toEqual(['delivery']);
  });

  it('offers the switch where the tenant sells delivery and pickup', async () => {
    renderTab();
    expect(await screen.findByRole('group', { name: '주문 유형' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '배달' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '픽업' })).toBeTruthy();
  });

  it('pages by 20 with previous and next, and the pickup switch starts again at page 1', async () => {
    const pickup = server.orders.filter((o) => o.order_type === 'pickup');
    const many = Array.from({ length: 45 }, (_, i) => buildOrder({ id: 1000 + i, created_at: at(1 + (i % 14)) }));
    server.orders = [...many, ...pickup];
    renderTab();
    expect(await screen.findByText('1 / 3 페이지')).toBeTruthy();
    const previous = screen.getByRole('button', { name: '이전' }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    expect(await screen.findByText('2 / 3 페이지')).toBeTruthy();
    expect(listCalls().at(-1)?.get('skip')).toBe('20');
    // The second page (ids 1020-1039) is on screen before paging on.
    await waitFor(() => expect(cardTitles()).toHaveLength(20));
    expect(cardTitles()).not.toContain('주문번호 #1000');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: '다음' }) as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    expect(await screen.findByText('3 / 3 페이지')).toBeTruthy();
    await waitFor(() => expect(cardTitles()).toHaveLength(5));
    expect((screen.getByRole('button', { name: '다음' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '이전' }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '픽업' }));
    // The delivery orders do not linger under the pickup switch while it loads.
    expect(cardTitles()).toEqual([]);
    expect(await screen.findByRole('heading', { name: '주문번호 #88' })).toBeTruthy();
    const last = listCalls().at(-1);
    expect(last?.get('order_type')).toBe('pickup');
    expect(last?.get('skip')).toBe('0');
    // Pickup wording and no address: picked up at the store.
    expect(within(card(88)).getByText('픽업대기')).toBeTruthy();
    expect(within(card(88)).getByText('매장 픽업')).toBeTruthy();
    expect(screen.getByText('1 / 1 페이지')).toBeTruthy();
  });

  it('searches, narrows by date and sorts the page, and resets the filters from an empty result', async () => {
    renderTab();
    await screen.findByRole('heading', { name: '주문번호 #101' });
    const search = screen.getByLabelText('주문 검색');

    fireEvent.change(search, { target: { value: '꿀사과' } });
    expect(cardTitles()).toEqual(['주문번호 #57']);
    // The option bought is searched too.
    fireEvent.change(search, { target: { value: '3KG' } });
    expect(cardTitles()).toEqual(['주문번호 #57']);
    fireEvent.change(search, { target: { value: '010-1234' } });
    expect(cardTitles()).toEqual(['주문번호 #101']);
    fireEvent.change(search, { target: { value: '대학로' } });
    expect(cardTitles()).toEqual(['주문번호 #12']);
    expect(screen.getByText('이 페이지 3건 중 1건')).toBeTruthy();
    fireEvent.change(search, { target: { value: '' } });

    fireEvent.click(screen.getByRole('button', { name: '오늘' }));
    expect(cardTitles()).toEqual(['주문번호 #101']);
    fireEvent.click(screen.getByRole('button', { name: '7일' }));
    expect(cardTitles()).toEqual(['주문번호 #101', '주문번호 #57']);
    fireEvent.click(screen.getByRole('button', { name: '1개월' }));
    expect(cardTitles()).toHaveLength(3);

    const sort = screen.getByRole('combobox', { name: '정렬' });
    fireEvent.change(sort, { target: { value: 'oldest' } });
    expect(cardTitles()).toEqual(['주문번호 #12', '주문번호 #57', '주문번호 #101']);
    fireEvent.change(sort, { target: { value: 'status' } });
    expect(cardTitles()).toEqual(['주문번호 #101', '주문번호 #57', '주문번호 #12']);

    fireEvent.click(screen.getByRole('button', { name: '오늘' }));
    fireEvent.change(search, { target: { value: '해운대' } });
    expect(screen.getByRole('heading', { name: '검색 결과가 없습니다' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '필터 초기화' }));
    expect(cardTitles()).toHaveLength(3);
    expect((search as HTMLInputElement).value).toBe('');
    // Filtering is done on the page: the server was asked once.
    expect(listCalls()).toHaveLength(1);
  });

  it('says when a type has no orders yet', async () => {
    server.orders = server.orders.filter((o) => o.order_type === 'delivery');
    renderTab();
    await screen.findByRole('heading', { name: '주문번호 #101' });
    fireEvent.click(screen.getByRole('button', { name: '픽업' }));
    expect(await screen.findByRole('heading', { name: '아직 픽업 주문이 없습니다' })).toBeTruthy();
  });

  it('shows the spec error for each type and retries', async () => {
    server.failList = 500;
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('배송 목록을 불러오는데 실패했습니다.');
    fireEvent.click(screen.getByRole('button', { name: '픽업' }));
    expect(await screen.findByText('픽업 목록을 불러오는데 실패했습니다.')).toBeTruthy();
    server.failList = undefined;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByRole('heading', { name: '주문번호 #88' })).toBeTruthy();
  });

  it('tells a non-merchant the tab is for merchants, without asking the server', async () => {
    renderTab(customer);
    expect(screen.getByRole('heading', { name: '접근 권한이 없습니다' })).toBeTruthy();
    expect(screen.getByText('가맹점주만 접근 가능합니다.')).toBeTruthy();
    expect(listCalls()).toHaveLength(0);
  });

  it('shows the same notice when the server refuses the merchant', async () => {
    server.failList = 403;
    renderTab();
    expect(await screen.findByRole('heading', { name: '접근 권한이 없습니다' })).toBeTruthy();
  });
});

describe('refunds the card company has not finished', () => {
  it('shows 환불 처리 중 and offers no move while the refund is on its way', async () => {
    server.orders = [buildOrder({ id: 140, status: 'REFUND_PENDING', created_at: at(14, 9) })];
    renderTab();
    await screen.findByRole('article', { name: '주문번호 #140' });
    expect(await within(card(140)).findByText('환불 처리 중')).toBeTruthy();
    const dialog = within(await openDialog(140));
    expect(dialog.getAllByRole('radio')).toHaveLength(8);
    for (const radio of dialog.getAllByRole('radio')) expect((radio as HTMLInputElement).disabled).toBe(true);
    expect(dialog.getByText(/카드사에서 환불을 처리하는 중이라 상태를 바꿀 수 없어요/)).toBeTruthy();
  });

  it('tells the merchant why the card refund failed on the order it returned to', async () => {
    server.orders = [
      buildOrder({
        id: 141,
        status: 'CONFIRMED',
        created_at: at(14, 9),
        refund_failure: '카드사에서 카드 환불을 처리하지 못했습니다.',
      }),
    ];
    renderTab();
    await screen.findByRole('article', { name: '주문번호 #141' });
    const alert = await within(card(141)).findByRole('alert');
    expect(alert.textContent).toBe('카드 환불 실패 카드사에서 카드 환불을 처리하지 못했습니다.');
    expect(within(card(141)).getByText('주문확인')).toBeTruthy();
  });
});

describe('status dialog', () => {
  it('offers the moves the server allows and keeps the change button off until one is chosen', async () => {
    renderTab();
    const dialog = within(await openDialog(101));
    const change = dialog.getByRole('button', { name: '변경' }) as HTMLButtonElement;
    expect(change.disabled).toBe(true);
    // Every status of the spec is listed; the current one and backward moves cannot be picked.
    expect(dialog.getAllByRole('radio')).toHaveLength(8);
    expect((dialog.getByRole('radio', { name: /^준비중/ }) as HTMLInputElement).disabled).toBe(true);
    expect((dialog.getByRole('radio', { name: /^주문접수/ }) as HTMLInputElement).disabled).toBe(true);
    expect((dialog.getByRole('radio', { name: /^준비완료/ }) as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(dialog.getByRole('radio', { name: /^준비완료/ }));
    expect(change.disabled).toBe(false);
  });

  it('sends the trimmed memo, says so, closes and shows the refreshed list', async () => {
    renderTab();
    const dialog = within(await openDialog(101));
    fireEvent.click(dialog.getByRole('radio', { name: /^준비완료/ }));
    fireEvent.change(dialog.getByLabelText('메모 (선택)'), { target: { value: '  포장 완료, 3시 출발  ' } });
    const before = listCalls().length;
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));

    const done = await screen.findByText('배송 상태가 업데이트되었습니다.');
    expect(done.closest('[role="status"]')).toBeTruthy();
    expect(putBodies()).toEqual([{ order_id: 101, status: 'READY', memo: '포장 완료, 3시 출발' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(await within(card(101)).findByText('준비완료')).toBeTruthy();
  });

  it('sends a blank memo as null', async () => {
    renderTab();
    const dialog = within(await openDialog(57));
    fireEvent.click(dialog.getByRole('radio', { name: /^배송완료/ }));
    fireEvent.change(dialog.getByLabelText('메모 (선택)'), { target: { value: '   ' } });
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));
    await screen.findByText('배송 상태가 업데이트되었습니다.');
    expect(putBodies()).toEqual([{ order_id: 57, status: 'DELIVERED', memo: null }]);
  });

  it('keeps the dialog and its choice on a refusal and shows the spec text with the server detail', async () => {
    server.updateAnswer = () =>
      Response.json(
        { detail: '이미 배송이 시작된 주문은 준비완료로 되돌릴 수 없습니다.', code: 'invalid' },
        { status: 400 },
      );
    renderTab();
    const dialog = within(await openDialog(101));
    fireEvent.click(dialog.getByRole('radio', { name: /^준비완료/ }));
    fireEvent.change(dialog.getByLabelText('메모 (선택)'), { target: { value: '확인 부탁' } });
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('배송 상태 업데이트에 실패했습니다.');
    expect(alert.textContent).toContain('이미 배송이 시작된 주문은 준비완료로 되돌릴 수 없습니다.');
    expect((dialog.getByRole('radio', { name: /^준비완료/ }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByLabelText('메모 (선택)') as HTMLTextAreaElement).value).toBe('확인 부탁');
    expect(screen.queryByText('배송 상태가 업데이트되었습니다.')).toBeNull();
  });

  it('asks before a cancellation, naming the points and card payment going back', async () => {
    renderTab();
    const dialog = within(await openDialog(101));
    fireEvent.click(dialog.getByRole('radio', { name: /^취소됨/ }));
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));
    expect(await dialog.findByText('사용한 포인트 2,000P와 카드 결제 10,000원이 구매자에게 돌아갑니다.')).toBeTruthy();
    expect(dialog.getByText('이 주문으로 적립된 100P는 구매자에게서 회수됩니다.')).toBeTruthy();
    expect(putBodies()).toHaveLength(0);

    fireEvent.click(dialog.getByRole('button', { name: '돌아가기' }));
    expect((dialog.getByRole('radio', { name: /^취소됨/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));
    fireEvent.click(await dialog.findByRole('button', { name: '취소 확정' }));
    await screen.findByText('배송 상태가 업데이트되었습니다.');
    expect(putBodies()).toEqual([{ order_id: 101, status: 'CANCELLED', memo: null }]);
  });

  it('uses the pickup wording and shows the history of the order', async () => {
    renderTab();
    await screen.findByRole('heading', { name: '주문번호 #101' });
    fireEvent.click(screen.getByRole('button', { name: '픽업' }));
    const dialog = within(await openDialog(88));
    expect(dialog.getByRole('radio', { name: /^픽업완료/ })).toBeTruthy();
    expect(dialog.queryByRole('radio', { name: /^배송완료/ })).toBeNull();
    const summary = dialog.getByText('변경 이력');
    const details = summary.closest('details') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await dialog.findByText('포장 시작')).toBeTruthy();
    expect(calls('GET', '/api/delivery/orders/88')).toHaveLength(1);
  });
});

describe('parcel tracking numbers (배송조회)', () => {
  /** A shopping parcel ready to go out, its buyer paid a parcel fee. */
  const readyParcel = () =>
    buildOrder({ id: 60, status: 'READY', category_type: 'shopping', shipping_fee: 3000, created_at: at(14, 8) });

  it('sends the carrier and the number, hyphens dropped, when a parcel goes to 배송중', async () => {
    server.orders = [readyParcel()];
    renderTab();
    const dialog = within(await openDialog(60));
    expect(dialog.queryByLabelText('택배사')).toBeNull();
    fireEvent.click(dialog.getByRole('radio', { name: /^배송중/ }));
    expect(dialog.getByText(/비워두면 주문이 '송장 미등록'으로 표시돼요/)).toBeTruthy();
    const carrier = dialog.getByLabelText('택배사') as HTMLSelectElement;
    expect([...carrier.options].map((o) => o.text)).toEqual([
      '택배사 선택',
      'CJ대한통운',
      '우체국택배',
      '한진택배',
      '롯데택배',
      '로젠택배',
      '쿠팡로지스틱스',
    ]);
    const number = dialog.getByLabelText('송장번호') as HTMLInputElement;
    expect(number.inputMode).toBe('numeric');
    fireEvent.change(carrier, { target: { value: 'kr.cjlogistics' } });
    fireEvent.change(number, { target: { value: '1234-5678-9012' } });
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));

    await screen.findByText('배송 상태가 업데이트되었습니다.');
    expect(putBodies()).toEqual([
      { order_id: 60, status: 'DELIVERING', memo: null, carrier: 'kr.cjlogistics', tracking_number: '123456789012' },
    ]);
  });

  it("refuses a number that is not the carrier's format with its Korean message and sends nothing", async () => {
    server.orders = [readyParcel()];
    renderTab();
    const dialog = within(await openDialog(60));
    fireEvent.click(dialog.getByRole('radio', { name: /^배송중/ }));
    const number = dialog.getByLabelText('송장번호') as HTMLInputElement;
    // A number without its carrier.
    fireEvent.change(number, { target: { value: '123456789012' } });
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));
    expect(await dialog.findByText('택배사를 선택해주세요.')).toBeTruthy();
    // The wrong length for 우체국택배 (13 digits).
    fireEvent.change(dialog.getByLabelText('택배사'), { target: { value: 'kr.epost' } });
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));
    expect(await dialog.findByText('우체국택배 송장번호는 숫자 13자리입니다.')).toBeTruthy();
    expect(number.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(number));
    expect(putBodies()).toHaveLength(0);

    // Both left empty: the parcel goes out without one (송장 미등록), nothing of a shipment is sent.
    fireEvent.change(dialog.getByLabelText('택배사'), { target: { value: '' } });
    fireEvent.change(number, { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));
    await screen.findByText('배송 상태가 업데이트되었습니다.');
    expect(putBodies()).toEqual([{ order_id: 60, status: 'DELIVERING', memo: null }]);
  });

  it("shows the server's refusal of a number in the dialog and keeps what was typed", async () => {
    server.orders = [readyParcel()];
    server.updateAnswer = () =>
      Response.json({ detail: '이미 다른 주문에 등록된 송장번호입니다.', code: 'shipment_taken' }, { status: 400 });
    renderTab();
    const dialog = within(await openDialog(60));
    fireEvent.click(dialog.getByRole('radio', { name: /^배송중/ }));
    fireEvent.change(dialog.getByLabelText('택배사'), { target: { value: 'kr.logen' } });
    fireEvent.change(dialog.getByLabelText('송장번호'), { target: { value: '12345678901' } });
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('이미 다른 주문에 등록된 송장번호입니다.');
    expect((dialog.getByLabelText('송장번호') as HTMLInputElement).value).toBe('12345678901');
  });

  it('offers no carrier fields for a local delivery (배달) or a pickup', async () => {
    renderTab();
    const dialog = within(await openDialog(101));
    fireEvent.click(dialog.getByRole('radio', { name: /^배송중/ }));
    expect(dialog.queryByLabelText('택배사')).toBeNull();
    expect(dialog.queryByLabelText('송장번호')).toBeNull();
    fireEvent.click(dialog.getByRole('button', { name: '변경' }));
    await screen.findByText('배송 상태가 업데이트되었습니다.');
    expect(putBodies()).toEqual([{ order_id: 101, status: 'DELIVERING', memo: null }]);
    // Nor a tracking line on its card, nor on a pickup's.
    expect(within(card(101)).queryByRole('button', { name: /배송조회|송장/ })).toBeNull();
    expect(within(card(101)).queryByText('송장 미등록')).toBeNull();
  });

  it('marks a parcel on its way without a number 송장 미등록 and registers one through PUT shipment', async () => {
    const parcel = server.orders.find((o) => o.id === 57) as Order;
    parcel.needs_shipment = true;
    renderTab();
    const parcelCard = within(await screen.findByRole('article', { name: '주문번호 #57' }));
    expect(parcelCard.getByText('송장 미등록')).toBeTruthy();
    expect(parcelCard.queryByRole('button', { name: '주문번호 #57 배송조회' })).toBeNull();
    fireEvent.click(parcelCard.getByRole('button', { name: '주문번호 #57 송장 등록' }));
    const dialog = within(await screen.findByRole('dialog', { name: '송장 등록' }));
    expect(dialog.getByText('박서준')).toBeTruthy();

    // Both are needed here.
    fireEvent.click(dialog.getByRole('button', { name: '등록' }));
    expect(await dialog.findByText('택배사를 선택해주세요.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('택배사'), { target: { value: 'kr.hanjin' } });
    fireEvent.click(dialog.getByRole('button', { name: '등록' }));
    expect(await dialog.findByText('송장번호를 입력해주세요.')).toBeTruthy();
    expect(shipmentBodies(57)).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText('송장번호'), { target: { value: '5012 3456 7890' } });
    // A double click registers once.
    fireEvent.click(dialog.getByRole('button', { name: '등록' }));
    fireEvent.click(dialog.getByRole('button', { name: /등록|저장 중/ }));
    expect(await screen.findByText('송장이 등록되었습니다.')).toBeTruthy();
    expect(shipmentBodies(57)).toEqual([{ carrier: 'kr.hanjin', tracking_number: '501234567890' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(card(57)).findByText('5012-3456-7890')).toBeTruthy();
    expect(within(card(57)).queryByText('송장 미등록')).toBeNull();
    expect(within(card(57)).getByRole('button', { name: '주문번호 #57 송장 수정' })).toBeTruthy();
  });

  it("shows the server's reason when a shipment is refused and keeps the dialog", async () => {
    const parcel = server.orders.find((o) => o.id === 57) as Order;
    parcel.needs_shipment = true;
    server.shipmentAnswer = () =>
      Response.json(
        { detail: '배송이 끝났거나 취소된 주문은 송장을 바꿀 수 없습니다.', code: 'shipment_closed' },
        { status: 400 },
      );
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: '주문번호 #57 송장 등록' }));
    const dialog = within(await screen.findByRole('dialog', { name: '송장 등록' }));
    fireEvent.change(dialog.getByLabelText('택배사'), { target: { value: 'kr.cjlogistics' } });
    fireEvent.change(dialog.getByLabelText('송장번호'), { target: { value: '1234567890' } });
    fireEvent.click(dialog.getByRole('button', { name: '등록' }));
    const alert = await dialog.findByRole('alert');
    expect(alert.textContent).toContain('송장을 저장하지 못했습니다.');
    expect(alert.textContent).toContain('배송이 끝났거나 취소된 주문은 송장을 바꿀 수 없습니다.');
    expect(screen.queryByText('송장이 등록되었습니다.')).toBeNull();
  });

  it('shows a registered parcel with 배송조회 and 송장 수정, and no correction once delivered', async () => {
    const parcel = server.orders.find((o) => o.id === 57) as Order;
    parcel.shipment = {
      ...shipmentOf('kr.cjlogistics', '123456789012'),
      status: 'IN_TRANSIT',
      status_label: '배송이동중',
    };
    server.orders.push(
      buildOrder({
        id: 58,
        status: 'DELIVERED',
        category_type: 'shopping',
        created_at: at(9),
        delivered_at: at(11),
        shipment: shipmentOf('kr.epost', '1234567890123'),
      }),
    );
    server.tracking = {
      order_id: 57,
      ...parcel.shipment,
      events: [
        {
          time: '2025-03-13T01:00:00Z',
          status: 'AT_PICKUP',
          status_label: '집화완료',
          description: '상품을 인수했습니다.',
          location: '대전HUB',
        },
        {
          time: '2025-03-14T05:05:00Z',
          status: 'IN_TRANSIT',
          status_label: '배송이동중',
          description: null,
          location: '부산해운대',
        },
      ],
      checked_at: '2025-03-14T06:00:00Z',
    };
    renderTab();
    const parcelCard = within(await screen.findByRole('article', { name: '주문번호 #57' }));
    expect(parcelCard.getByText(/CJ대한통운/).textContent).toBe('CJ대한통운 1234-5678-9012 · 배송이동중');
    expect(parcelCard.getByRole('button', { name: '주문번호 #57 송장 수정' })).toBeTruthy();
    const delivered = within(card(58));
    expect(delivered.getByText('1234-5678-90123')).toBeTruthy();
    expect(delivered.getByRole('button', { name: '주문번호 #58 배송조회' })).toBeTruthy();
    expect(delivered.queryByRole('button', { name: '주문번호 #58 송장 수정' })).toBeNull();

    // The correction starts from the registered parcel.
    fireEvent.click(parcelCard.getByRole('button', { name: '주문번호 #57 송장 수정' }));
    const edit = within(await screen.findByRole('dialog', { name: '송장 수정' }));
    expect((edit.getByLabelText('택배사') as HTMLSelectElement).value).toBe('kr.cjlogistics');
    expect((edit.getByLabelText('송장번호') as HTMLInputElement).value).toBe('123456789012');
    fireEvent.click(edit.getAllByRole('button', { name: '닫기' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(parcelCard.getByRole('button', { name: '주문번호 #57 배송조회' }));
    const sheet = within(await screen.findByRole('dialog', { name: '배송조회' }));
    expect(await sheet.findByText('집화완료')).toBeTruthy();
    expect(calls('GET', '/api/delivery/orders/57/tracking')).toHaveLength(1);
  });
});
