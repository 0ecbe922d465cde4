import type { Product } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/app-toaster';
import { callsTo, renderInApp, stubFetch } from '@/testing/app-test-support';
import { merchantTabKeys } from './merchant-tabs.api';
import { buildProduct, customer, merchant } from './merchant-tabs-test-support';
import { MerchantProductsTab } from './products-tab';

let products: Product[];
let fetchMock: ReturnType<typeof stubFetch>;
let failList: boolean;
let failDelete: boolean;

beforeEach(() => {
  failList = false;
  failDelete = false;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  products = [
    buildProduct({
      id: 1,
      title: '청송 꿀사과 3kg',
      description: '아삭한 가을 사과',
      price: 25000,
      original_price: 30000,
      display_remaining: 3,
      category_type: 'pickup',
      category: null,
      delivery_category: 'fruit',
      is_delivery: true,
      views_count: 120,
      orders_count: 8,
      created_at: '2025-03-10T00:00:00Z',
    }),
    buildProduct({
      id: 2,
      title: '제주 감귤 5kg',
      description: '새콤달콤',
      price: 18000,
      original_price: 18000,
      display_remaining: 0,
      views_count: 300,
      orders_count: 2,
      created_at: '2025-03-12T00:00:00Z',
    }),
    buildProduct({
      id: 3,
      title: '수제 김치찌개',
      description: '돼지고기 듬뿍, 매장 픽업',
      price: 9000,
      original_price: 8000,
      display_remaining: 25,
      is_delivery: false,
      category_type: 'pickup',
      category: null,
      delivery_category: 'korean',
      views_count: 50,
      orders_count: 30,
      created_at: '2025-03-05T00:00:00Z',
    }),
    buildProduct({
      id: 4,
      title: '지난 시즌 배',
      is_available: false,
      display_remaining: -1,
      price: 5000,
      created_at: '2025-03-13T00:00:00Z',
    }),
  ];
  fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/dashboard/products') {
      if (failList) return Response.json({ detail: '서버 오류' }, { status: 500 });
      return Response.json({ products, has_more: false, total: products.length });
    }
    const del = url.pathname.match(/^\/api\/products\/(\d+)$/);
    if (method === 'DELETE' && del) {
      if (failDelete) return Response.json({ detail: '이미 삭제된 상품입니다.' }, { status: 409 });
      const product = products.find((p) => p.id === Number(del[1]));
      products = products.filter((p) => p.id !== Number(del[1]));
      return Response.json({ ...product, deleted_at: new Date().toISOString() });
    }
    // The category lists fail: the menus keep the built-in lists and the failure is only logged.
    return undefined;
  });
});

afterEach(cleanup);

const titles = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);
const row = (title: string) => screen.getByRole('article', { name: title });

function renderTab(user = merchant) {
  return renderInApp(<MerchantProductsTab />, { path: '/merchant/dashboard', user });
}

describe('MerchantProductsTab', () => {
  it('loads 100 products and shows only those on sale by default, newest first', async () => {
    renderTab();
    await waitFor(() => expect(titles()).toEqual(['제주 감귤 5kg', '청송 꿀사과 3kg', '수제 김치찌개']));
    const call = callsTo(fetchMock, '/api/dashboard/products')[0];
    expect(call?.query.get('limit')).toBe('100');
    expect(call?.query.get('offset')).toBe('0');
    expect(screen.getByText('전체 4개')).toBeTruthy();
    // A failed category load is only logged; the menu still offers the categories.
    expect(screen.getByRole('option', { name: '한식' })).toBeTruthy();
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('filters by availability, delivery, category and search, and sorts', async () => {
    renderTab();
    await screen.findByText('청송 꿀사과 3kg');
    fireEvent.change(screen.getByLabelText('판매 상태'), { target: { value: 'all' } });
    expect(titles()).toEqual(['지난 시즌 배', '제주 감귤 5kg', '청송 꿀사과 3kg', '수제 김치찌개']);
    fireEvent.change(screen.getByLabelText('판매 상태'), { target: { value: 'unavailable' } });
    expect(titles()).toEqual(['지난 시즌 배']);
    fireEvent.change(screen.getByLabelText('판매 상태'), { target: { value: 'all' } });

    fireEvent.change(screen.getByLabelText('배달 여부'), { target: { value: 'pickup' } });
    expect(titles()).toEqual(['수제 김치찌개']);
    fireEvent.change(screen.getByLabelText('배달 여부'), { target: { value: 'delivery' } });
    expect(titles()).toEqual(['청송 꿀사과 3kg']);
    fireEvent.change(screen.getByLabelText('배달 여부'), { target: { value: 'all' } });

    fireEvent.change(screen.getByLabelText('카테고리'), { target: { value: 'delivery:korean' } });
    expect(titles()).toEqual(['수제 김치찌개']);
    fireEvent.change(screen.getByLabelText('카테고리'), { target: { value: 'all' } });

    // The search looks at descriptions too.
    fireEvent.change(screen.getByLabelText('상품 검색'), { target: { value: '새콤' } });
    expect(titles()).toEqual(['제주 감귤 5kg']);
    expect(screen.getByText('전체 4개 중 1개')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('상품 검색'), { target: { value: '' } });

    const sort = screen.getByLabelText('정렬');
    fireEvent.change(sort, { target: { value: 'price_asc' } });
    expect(titles()).toEqual(['지난 시즌 배', '수제 김치찌개', '제주 감귤 5kg', '청송 꿀사과 3kg']);
    fireEvent.change(sort, { target: { value: 'price_desc' } });
    expect(titles()).toEqual(['청송 꿀사과 3kg', '제주 감귤 5kg', '수제 김치찌개', '지난 시즌 배']);
    fireEvent.change(sort, { target: { value: 'views' } });
    expect(titles()).toEqual(['제주 감귤 5kg', '청송 꿀사과 3kg', '수제 김치찌개', '지난 시즌 배']);
    fireEvent.change(sort, { target: { value: 'orders' } });
    expect(titles()).toEqual(['수제 김치찌개', '청송 꿀사과 3kg', '제주 감귤 5kg', '지난 시즌 배']);
  });

  it('shows the original price only above the price, stock labels, badges, counts and links', async () => {
    renderTab();
    await screen.findByText('청송 꿀사과 3kg');
    fireEvent.change(screen.getByLabelText('판매 상태'), { target: { value: 'all' } });

    const apple = row('청송 꿀사과 3kg');
    expect(apple.querySelector('del')?.textContent).toContain('30,000원');
    expect(within(apple).getByText('25,000원')).toBeTruthy();
    expect(within(apple).getByTestId('stock').textContent).toBe('재고 부족 · 재고 3개');
    expect(within(apple).getByText('판매중')).toBeTruthy();
    expect(within(apple).getByText('배달가능')).toBeTruthy();
    expect(within(apple).getByText('조회 120')).toBeTruthy();
    expect(within(apple).getByText('주문 8')).toBeTruthy();
    expect(within(apple).getByRole('link', { name: '청송 꿀사과 3kg 수정' }).getAttribute('href')).toBe(
      '/products/edit/1',
    );

    // Equal or lower original prices are not shown.
    expect(row('제주 감귤 5kg').querySelector('del')).toBeNull();
    expect(row('수제 김치찌개').querySelector('del')).toBeNull();

    expect(within(row('제주 감귤 5kg')).getByTestId('stock').textContent).toBe('품절');
    expect(within(row('수제 김치찌개')).getByTestId('stock').textContent).toBe('재고 25개');
    expect(within(row('수제 김치찌개')).getByText('픽업전용')).toBeTruthy();
    // Shopping goods ship by parcel: neither local delivery nor pickup.
    expect(within(row('제주 감귤 5kg')).getByText('택배배송')).toBeTruthy();
    expect(within(row('지난 시즌 배')).getByTestId('stock').textContent).toBe('재고 무제한');
    expect(within(row('지난 시즌 배')).getByText('판매중지')).toBeTruthy();

    expect(screen.getAllByRole('link', { name: '상품 등록' })[0]?.getAttribute('href')).toBe('/products/create');
  });

  it('deletes after the confirm and reloads the list', async () => {
    const success = vi.spyOn(toast, 'success');
    const { queryClient } = renderTab();
    // The deleted tab was opened before: its list must be asked again after the delete.
    queryClient.setQueryData(merchantTabKeys.deletedList('deleted_desc'), { pages: [], pageParams: [] });
    await screen.findByText('청송 꿀사과 3kg');
    fireEvent.click(screen.getByRole('button', { name: '청송 꿀사과 3kg 삭제' }));
    const dialog = await screen.findByRole('alertdialog', { name: '정말 이 상품을 삭제하시겠습니까?' });
    expect(callsTo(fetchMock, '/api/products/1', 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(titles()).toEqual(['제주 감귤 5kg', '수제 김치찌개']));
    expect(callsTo(fetchMock, '/api/products/1', 'DELETE')).toHaveLength(1);
    expect(success).toHaveBeenCalledWith('상품이 삭제되었습니다.');
    expect(queryClient.getQueryState(merchantTabKeys.deletedList('deleted_desc'))?.isInvalidated).toBe(true);
  });

  it('cancelling the confirm deletes nothing; a failed delete shows the toast and keeps the product', async () => {
    const error = vi.spyOn(toast, 'error');
    renderTab();
    await screen.findByText('청송 꿀사과 3kg');
    fireEvent.click(screen.getByRole('button', { name: '청송 꿀사과 3kg 삭제' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, '/api/products/1', 'DELETE')).toHaveLength(0);

    failDelete = true;
    fireEvent.click(screen.getByRole('button', { name: '청송 꿀사과 3kg 삭제' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '삭제' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('상품 삭제에 실패했습니다.'));
    expect(titles()).toContain('청송 꿀사과 3kg');
  });

  it('shows the load failure inline and retries', async () => {
    failList = true;
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('상품을 불러오는데 실패했습니다.');
    failList = false;
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('청송 꿀사과 3kg')).toBeTruthy();
  });

  it('offers to reset the filters when nothing matches, and shows an empty state without products', async () => {
    renderTab();
    await screen.findByText('청송 꿀사과 3kg');
    fireEvent.change(screen.getByLabelText('상품 검색'), { target: { value: '없는 상품' } });
    expect(screen.getByText('검색 결과가 없습니다')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '필터 초기화' }));
    expect(titles()).toHaveLength(3);
    expect((screen.getByLabelText('상품 검색') as HTMLInputElement).value).toBe('');

    cleanup();
    products = [];
    renderTab();
    expect(await screen.findByText('등록된 상품이 없습니다')).toBeTruthy();
  });

  it('tells a customer the tab is for merchants without calling the server', () => {
    renderTab(customer);
    expect(screen.getByRole('alert').textContent).toContain('가맹점주만 접근 가능합니다.');
    expect(callsTo(fetchMock, '/api/dashboard/products')).toHaveLength(0);
  });
});
