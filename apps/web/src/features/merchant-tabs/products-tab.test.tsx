import type { Product, ProductOption } from '@app/contracts';
import { productMessages } from '@app/contracts';
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
let stockAnswer: (() => Response) | undefined;

beforeEach(() => {
  failList = false;
  failDelete = false;
  stockAnswer = undefined;
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
    const stock = url.pathname.match(/^\/api\/products\/(\d+)\/stock$/);
    if (method === 'PUT' && stock) {
      if (stockAnswer) return stockAnswer();
      const body = JSON.parse(String(init.body)) as {
        stock?: number | null;
        options?: { id: number; stock: number | null }[];
      };
      const index = products.findIndex((p) => p.id === Number(stock[1]));
      const product = products[index] as Product;
      const options = product.options.map((o) => {
        const change = body.options?.find((c) => c.id === o.id);
        return change ? { ...o, stock: change.stock } : o;
      });
      const counts = options.map((o) => o.stock);
      const total =
        options.length === 0
          ? (body.stock ?? null)
          : counts.includes(null)
            ? null
            : counts.reduce<number>((sum, c) => sum + (c ?? 0), 0);
      const updated = { ...product, options, stock: total, display_remaining: total ?? -1 };
      products[index] = updated;
      return Response.json({ ...updated, media: [], reviews: [] });
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

const option = (id: number, name: string, stock: number | null, over: Partial<ProductOption> = {}): ProductOption => ({
  id,
  name,
  price: 20000 + id * 1000,
  original_price: null,
  stock,
  is_available: true,
  ...over,
});

/** A product sold in sizes, each with its own count. */
const giftApples = () =>
  buildProduct({
    id: 5,
    title: '햇사과 선물세트',
    price: 21000,
    stock: 15,
    options: [
      option(1, '3kg', 12),
      option(2, '5kg', 3),
      option(3, '10kg', 0),
      option(4, '15kg', 40, { is_available: false }),
    ],
    created_at: '2025-03-14T00:00:00Z',
  });

const chip = (name: RegExp) => screen.getByRole('button', { name });
const options = (title: string) =>
  within(screen.getByRole('list', { name: `${title} 옵션별 재고` }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('MerchantProductsTab stock', () => {
  it('lists the options compactly with their counts, the low and sold-out ones marked', async () => {
    products.push(giftApples(), buildProduct({ id: 6, title: '품절 세트', stock: 0, options: [option(7, '1kg', 0)] }));
    renderTab();
    const gift = await screen.findByRole('article', { name: '햇사과 선물세트' });
    expect(options('햇사과 선물세트')).toEqual([
      '3kg · 12개',
      '5kg · 3개 (재고 부족)',
      '10kg · 품절',
      '15kg · 40개 · 판매중지',
    ]);
    // One option on sale running low makes the product a low-stock one.
    expect(within(gift).getByTestId('stock').textContent).toBe('재고 부족');
    expect(within(row('품절 세트')).getByTestId('stock').textContent).toBe('품절');
    // Products without options read as before, with no option list.
    expect(within(row('청송 꿀사과 3kg')).getByTestId('stock').textContent).toBe('재고 부족 · 재고 3개');
    expect(within(row('청송 꿀사과 3kg')).queryByRole('list')).toBeNull();
  });

  it('counts the low-stock and sold-out products at the top and shows only them on a tap', async () => {
    products.push(giftApples());
    renderTab();
    await screen.findByText('햇사과 선물세트');
    // Low: the apples (3 left) and the gift set's 5kg; sold out: the tangerines and the gift set's 10kg.
    expect(chip(/^재고 부족/).textContent).toBe('재고 부족 2');
    expect(chip(/^품절/).textContent).toBe('품절 2');
    fireEvent.click(chip(/^재고 부족/));
    expect(chip(/^재고 부족/).getAttribute('aria-pressed')).toBe('true');
    expect(titles()).toEqual(['햇사과 선물세트', '청송 꿀사과 3kg']);
    expect(screen.getByText('전체 5개 중 2개')).toBeTruthy();
    fireEvent.click(chip(/^품절/));
    expect(titles()).toEqual(['햇사과 선물세트', '제주 감귤 5kg']);
    fireEvent.click(chip(/^품절/));
    expect(titles()).toHaveLength(4);
  });

  it('changes a count in place and shows the answer at once', async () => {
    const success = vi.spyOn(toast, 'success');
    renderTab();
    await screen.findByText('청송 꿀사과 3kg');
    const apple = row('청송 꿀사과 3kg');
    fireEvent.click(within(apple).getByRole('button', { name: '청송 꿀사과 3kg 재고 수정' }));
    const input = within(apple).getByLabelText('재고 수량') as HTMLInputElement;
    expect(input.value).toBe('3');
    expect(document.activeElement).toBe(input);
    const save = within(apple).getByRole('button', { name: '저장' }) as HTMLButtonElement;
    // Nothing changed yet: nothing to save.
    expect(save.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '1200' } });
    expect(input.value).toBe('1,200');
    fireEvent.click(save);
    await waitFor(() => expect(within(apple).getByTestId('stock').textContent).toBe('재고 1,200개'));
    expect(callsTo(fetchMock, '/api/products/1/stock', 'PUT').map((c) => c.body)).toEqual([{ stock: 1200 }]);
    expect(success).toHaveBeenCalledWith('청송 꿀사과 3kg 재고를 저장했습니다.');
    expect(within(apple).queryByLabelText('재고 수량')).toBeNull();
    // No longer low: the chip's count follows at once.
    expect(chip(/^재고 부족/).textContent).toBe('재고 부족 0');
    // The merchant list is not asked again: the answer was enough.
    expect(callsTo(fetchMock, '/api/dashboard/products')).toHaveLength(1);

    // Emptied, the count is unlimited; 0 is sold out.
    fireEvent.click(within(apple).getByRole('button', { name: '청송 꿀사과 3kg 재고 수정' }));
    fireEvent.change(within(apple).getByLabelText('재고 수량'), { target: { value: '' } });
    fireEvent.click(within(apple).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(within(apple).getByTestId('stock').textContent).toBe('재고 무제한'));
    fireEvent.click(within(apple).getByRole('button', { name: '청송 꿀사과 3kg 재고 수정' }));
    fireEvent.change(within(apple).getByLabelText('재고 수량'), { target: { value: '0' } });
    fireEvent.click(within(apple).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(within(apple).getByTestId('stock').textContent).toBe('품절'));
    expect(callsTo(fetchMock, '/api/products/1/stock', 'PUT').map((c) => c.body)).toEqual([
      { stock: 1200 },
      { stock: null },
      { stock: 0 },
    ]);
  });

  it("changes an option's count and sends only the options that changed", async () => {
    products.push(giftApples());
    renderTab();
    const gift = await screen.findByRole('article', { name: '햇사과 선물세트' });
    fireEvent.click(within(gift).getByRole('button', { name: '햇사과 선물세트 재고 수정' }));
    expect((within(gift).getByLabelText('5kg') as HTMLInputElement).value).toBe('3');
    expect((within(gift).getByLabelText('10kg') as HTMLInputElement).value).toBe('0');
    fireEvent.change(within(gift).getByLabelText('5kg'), { target: { value: '30' } });
    fireEvent.change(within(gift).getByLabelText('10kg'), { target: { value: '8' } });
    fireEvent.click(within(gift).getByRole('button', { name: '저장' }));
    await waitFor(() => expect(options('햇사과 선물세트')[1]).toBe('5kg · 30개'));
    expect(callsTo(fetchMock, '/api/products/5/stock', 'PUT').map((c) => c.body)).toEqual([
      {
        options: [
          { id: 2, stock: 30 },
          { id: 3, stock: 8 },
        ],
      },
    ]);
    expect(options('햇사과 선물세트')[2]).toBe('10kg · 8개 (재고 부족)');
    expect(within(gift).getByTestId('stock').textContent).toBe('재고 부족');
  });

  it('refuses a count above the limit under the field, and keeps the editor open on a refusal', async () => {
    products.push(giftApples());
    renderTab();
    const gift = await screen.findByRole('article', { name: '햇사과 선물세트' });
    fireEvent.click(within(gift).getByRole('button', { name: '햇사과 선물세트 재고 수정' }));
    const big = within(gift).getByLabelText('3kg');
    fireEvent.change(big, { target: { value: '2000000' } });
    expect(big.getAttribute('aria-invalid')).toBe('true');
    expect(within(gift).getByText(productMessages.stockInvalid)).toBeTruthy();
    expect((within(gift).getByRole('button', { name: '저장' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(big, { target: { value: '20' } });
    stockAnswer = () =>
      Response.json({ detail: productMessages.optionUnknown, code: 'option_unknown' }, { status: 400 });
    fireEvent.click(within(gift).getByRole('button', { name: '저장' }));
    expect((await within(gift).findByRole('alert')).textContent).toBe(productMessages.optionUnknown);
    expect((within(gift).getByLabelText('3kg') as HTMLInputElement).value).toBe('20');
    expect(options('햇사과 선물세트')[0]).toBe('3kg · 12개');
    // 취소 closes it, changing nothing.
    fireEvent.click(within(gift).getByRole('button', { name: '취소' }));
    expect(within(gift).queryByLabelText('3kg')).toBeNull();
  });
});
