import type { Product } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/app-toaster';
import { callsTo, renderInApp, stubFetch } from '@/testing/app-test-support';
import { DeletedProductsTab } from './deleted-products-tab';
import { merchantTabKeys } from './merchant-tabs.api';
import { buildProduct, customer, merchant } from './merchant-tabs-test-support';

let deleted: Product[];
let fetchMock: ReturnType<typeof stubFetch>;
let failList: boolean;
let failRestore: boolean;

beforeEach(() => {
  failList = false;
  failRestore = false;
  deleted = [
    buildProduct({ id: 7, title: '청송 꿀사과 3kg', price: 25000, deleted_at: '2025-03-12T03:00:00Z' }),
    buildProduct({ id: 8, title: '제주 감귤 5kg', price: 18000, deleted_at: '2025-03-10T03:00:00Z' }),
  ];
  fetchMock = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (method === 'GET' && url.pathname === '/api/products/deleted') {
      if (failList) return Response.json({ detail: '서버 오류' }, { status: 500 });
      const list = [...deleted];
      if (url.searchParams.get('sort') === 'title') list.sort((a, b) => a.title.localeCompare(b.title, 'ko'));
      return Response.json({ products: list, total: list.length, page: 1, size: 20, pages: 1 });
    }
    const restore = url.pathname.match(/^\/api\/products\/(\d+)\/restore$/);
    if (method === 'POST' && restore) {
      if (failRestore) return Response.json({ detail: '삭제되지 않은 상품입니다.' }, { status: 409 });
      const product = deleted.find((p) => p.id === Number(restore[1]));
      deleted = deleted.filter((p) => p.id !== Number(restore[1]));
      return Response.json({ ...product, deleted_at: null, media: [], reviews: [] });
    }
    return undefined;
  });
});

afterEach(cleanup);

const titles = () => screen.queryAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

function renderTab(user = merchant) {
  return renderInApp(<DeletedProductsTab />, { path: '/merchant/dashboard', user });
}

describe('DeletedProductsTab', () => {
  it('lists the deleted products, newest deletion first, and reloads when the sort changes', async () => {
    renderTab();
    await waitFor(() => expect(titles()).toEqual(['청송 꿀사과 3kg', '제주 감귤 5kg']));
    expect(callsTo(fetchMock, '/api/products/deleted')[0]?.query.get('sort')).toBe('deleted_desc');
    expect(screen.getByText(/2025\. 3\. 12\. 삭제/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('정렬'), { target: { value: 'title' } });
    await waitFor(() => expect(titles()).toEqual(['제주 감귤 5kg', '청송 꿀사과 3kg']));
    expect(callsTo(fetchMock, '/api/products/deleted').map((c) => c.query.get('sort'))).toEqual([
      'deleted_desc',
      'title',
    ]);
  });

  it('restores after a confirm naming the product: it leaves the list with the success message', async () => {
    const success = vi.spyOn(toast, 'success');
    const { queryClient } = renderTab();
    queryClient.setQueryData(merchantTabKeys.products, { pages: [], pageParams: [] });
    await screen.findByText('청송 꿀사과 3kg');
    fireEvent.click(screen.getByRole('button', { name: '청송 꿀사과 3kg 복구' }));
    const dialog = await screen.findByRole('alertdialog', { name: '"청송 꿀사과 3kg" 상품을 복구하시겠습니까?' });
    expect(callsTo(fetchMock, '/api/products/7/restore', 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: '복구' }));
    await waitFor(() => expect(titles()).toEqual(['제주 감귤 5kg']));
    expect(callsTo(fetchMock, '/api/products/7/restore', 'POST')).toHaveLength(1);
    expect(success).toHaveBeenCalledWith('상품이 성공적으로 복구되었습니다.');
    // The products tab's list is asked again the next time it shows.
    expect(queryClient.getQueryState(merchantTabKeys.products)?.isInvalidated).toBe(true);
  });

  it('keeps the product and shows the failure when the restore fails', async () => {
    failRestore = true;
    const error = vi.spyOn(toast, 'error');
    renderTab();
    await screen.findByText('청송 꿀사과 3kg');
    fireEvent.click(screen.getByRole('button', { name: '청송 꿀사과 3kg 복구' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '복구' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('상품 복구에 실패했습니다.', expect.anything()));
    expect(titles()).toEqual(['청송 꿀사과 3kg', '제주 감귤 5kg']);
  });

  it('shows the load failure with retry, and the empty state', async () => {
    failList = true;
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain('삭제된 상품을 불러오는데 실패했습니다.');
    failList = false;
    deleted = [];
    fireEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('삭제된 상품이 없습니다')).toBeTruthy();
  });

  it('tells a customer that deleted product management is for merchants', () => {
    renderTab(customer);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('접근 권한이 없습니다');
    expect(alert.textContent).toContain('가맹점주만 삭제된 상품을 관리할 수 있습니다.');
    expect(callsTo(fetchMock, '/api/products/deleted')).toHaveLength(0);
  });
});
