import type { ProductDetail, ProductInput } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { callsTo, renderInApp, stubFetch, testProduct } from '@/testing/app-test-support';
import ProductFormPage from './product-form-page';

const merchant: SessionUser = { id: 33, email: 'farm@example.com', username: '햇살농원', user_type: 'merchant' };

const apples = testProduct({
  title: '부사 사과',
  price: 12_000,
  stock: null,
  display_remaining: -1,
  options: [
    { id: 8, name: '3kg', price: 12_000, original_price: 15_000, stock: 4, is_available: true },
    { id: 9, name: '5kg', price: 19_000, original_price: null, stock: null, is_available: true },
    { id: 10, name: '10kg', price: 35_000, original_price: null, stock: 0, is_available: false },
  ],
});

let fetchMock: ReturnType<typeof stubFetch>;

function serve(product: ProductDetail = testProduct()) {
  fetchMock = stubFetch((url, init) => {
    if (url.pathname === '/api/products' && init.method === 'POST') return Response.json({ ...product, id: 77 });
    if (url.pathname === `/api/products/${product.id}`) return Response.json(product);
    return undefined;
  });
}

function openCreate() {
  serve();
  return renderInApp(<ProductFormPage />, { path: '/products/create', user: merchant });
}

async function openEdit(product: ProductDetail) {
  serve(product);
  const view = renderInApp(<ProductFormPage />, {
    path: `/products/edit/${product.id}`,
    route: '/products/edit/:id',
    user: merchant,
  });
  await screen.findByDisplayValue(product.title);
  return view;
}

const type = (label: string, value: string, scope: Pick<typeof screen, 'getByLabelText'> = screen) =>
  fireEvent.change(scope.getByLabelText(label), { target: { value } });
const optionRow = (n: number) => within(screen.getByRole('group', { name: `옵션 ${n}` }));
const rowNames = () => screen.getAllByLabelText('옵션명').map((input) => (input as HTMLInputElement).value);
/** Saves once the form is valid (the button is off until then; validation runs after each change). */
const submit = async () => {
  const button = screen.getByRole('button', { name: /등록하기|수정 완료/ }) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  fireEvent.click(button);
};
const sentBody = async (method: 'POST' | 'PUT') => {
  await waitFor(() =>
    expect(callsTo(fetchMock, method === 'POST' ? '/api/products' : '/api/products/5', method)).toHaveLength(1),
  );
  return callsTo(fetchMock, method === 'POST' ? '/api/products' : '/api/products/5', method)[0]?.body as ProductInput;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('product form: the stock count', () => {
  it('asks for a count (empty: unlimited) instead of a display choice, and sends it', async () => {
    openCreate();
    expect(screen.queryByLabelText('재고 표시')).toBeNull();
    const stock = screen.getByLabelText('재고') as HTMLInputElement;
    expect(stock.value).toBe('');
    expect(stock.placeholder).toBe('무제한');
    expect(screen.getByText('비워두면 무제한으로 판매돼요. 0을 입력하면 품절로 표시돼요.')).toBeTruthy();
    type('상품명', '양평 완숙 토마토 2kg');
    fireEvent.change(screen.getByLabelText('카테고리'), { target: { value: 'food' } });
    type('판매가', '15000');
    type('재고', '-2');
    expect(await screen.findByText(/재고는 0부터 1,000,000 사이의 정수로 입력해주세요/)).toBeTruthy();
    type('재고', '25');
    await waitFor(() => expect(screen.queryByText(/재고는 0부터/)).toBeNull());
    await submit();
    expect(await sentBody('POST')).toMatchObject({ price: 15_000, stock: 25, display_remaining: 25, options: [] });
    expect((await screen.findByTestId('location')).textContent).toContain('/dashboard');
  });

  it('shows the saved count of a product, and sends it back', async () => {
    await openEdit(testProduct({ stock: 7, display_remaining: 7 }));
    expect((screen.getByLabelText('재고') as HTMLInputElement).value).toBe('7');
    type('재고', '');
    await submit();
    expect(await sentBody('PUT')).toMatchObject({ price: 9000, stock: null, display_remaining: -1, options: [] });
  });
});

describe('product form: options', () => {
  it('turns the price into per-option prices: rows with name, prices, stock and on/off for sale', async () => {
    openCreate();
    type('상품명', '부사 사과');
    fireEvent.change(screen.getByLabelText('카테고리'), { target: { value: 'food' } });
    fireEvent.click(screen.getByLabelText('옵션 사용'));
    // The product's own price and stock give way to the options'.
    expect(await screen.findByRole('group', { name: '옵션 1' })).toBeTruthy();
    expect(screen.getAllByLabelText('판매가')).toHaveLength(1);
    expect(screen.queryByLabelText('재고', { selector: 'input[name="stock"]' })).toBeNull();
    expect(screen.getByText('상품 가격은 판매 중인 옵션 중 가장 낮은 가격으로 표시돼요.')).toBeTruthy();
    type('옵션명', '3kg', optionRow(1));
    type('판매가', '12000', optionRow(1));
    type('정가 (선택)', '15000', optionRow(1));
    type('재고', '4', optionRow(1));
    expect(optionRow(1).getByText('20% 할인')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '옵션 추가' }));
    type('옵션명', '5kg', optionRow(2));
    type('판매가', '19000', optionRow(2));
    fireEvent.click(optionRow(2).getByLabelText('판매 중'));
    await submit();
    const body = await sentBody('POST');
    expect(body.options).toEqual([
      { name: '3kg', price: 12_000, original_price: 15_000, stock: 4, is_available: true },
      { name: '5kg', price: 19_000, original_price: null, stock: null, is_available: false },
    ]);
    expect(body).not.toHaveProperty('price');
    expect(body.display_remaining).toBe(-1);
  });

  it('says what is wrong under the option fields, in Korean', async () => {
    openCreate();
    fireEvent.click(screen.getByLabelText('옵션 사용'));
    await screen.findByRole('group', { name: '옵션 1' });
    type('옵션명', '5kg', optionRow(1));
    type('판매가', '0', optionRow(1));
    expect(await optionRow(1).findByText('가격은 0보다 커야 합니다.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '옵션 추가' }));
    type('옵션명', '5kg', optionRow(2));
    expect(await optionRow(2).findByText('같은 이름의 옵션이 있습니다.')).toBeTruthy();
    type('옵션명', '', optionRow(2));
    expect(await optionRow(2).findByText('옵션 이름을 입력해주세요.')).toBeTruthy();
    type('재고', '많이', optionRow(2));
    expect(await optionRow(2).findByText(/재고는 0부터/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '등록하기' })).toHaveProperty('disabled', true);
  });

  it('keeps the saved options with their ids, in the order the merchant puts them', async () => {
    await openEdit(apples);
    expect((screen.getByLabelText('옵션 사용') as HTMLInputElement).checked).toBe(true);
    expect(rowNames()).toEqual(['3kg', '5kg', '10kg']);
    expect((optionRow(1).getByLabelText('재고') as HTMLInputElement).value).toBe('4');
    expect((optionRow(2).getByLabelText('재고') as HTMLInputElement).value).toBe('');
    expect((optionRow(3).getByLabelText('판매 중') as HTMLInputElement).checked).toBe(false);
    // The ends cannot move further; the buttons say which option they move.
    expect(screen.getByRole('button', { name: '1번째 옵션을 위로 이동' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '3번째 옵션을 아래로 이동' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: '3번째 옵션을 위로 이동' }));
    expect(rowNames()).toEqual(['3kg', '10kg', '5kg']);
    fireEvent.click(screen.getByRole('button', { name: '1번째 옵션을 아래로 이동' }));
    expect(rowNames()).toEqual(['10kg', '3kg', '5kg']);
    fireEvent.click(screen.getByRole('button', { name: '3번째 옵션 삭제' }));
    expect(rowNames()).toEqual(['10kg', '3kg']);
    fireEvent.click(screen.getByRole('button', { name: '옵션 추가' }));
    type('옵션명', '선물용 5kg', optionRow(3));
    type('판매가', '25000', optionRow(3));
    type('판매가', '13000', optionRow(2));
    await submit();
    const body = await sentBody('PUT');
    expect(body.options).toEqual([
      { id: 10, name: '10kg', price: 35_000, original_price: null, stock: 0, is_available: false },
      { id: 8, name: '3kg', price: 13_000, original_price: 15_000, stock: 4, is_available: true },
      { name: '선물용 5kg', price: 25_000, original_price: null, stock: null, is_available: true },
    ]);
    expect(body.display_remaining).toBe(-1);
  });

  it('keeps the last row (options are turned off with the switch) and warns that saving off removes them', async () => {
    await openEdit(apples);
    fireEvent.click(screen.getByRole('button', { name: '1번째 옵션 삭제' }));
    fireEvent.click(screen.getByRole('button', { name: '1번째 옵션 삭제' }));
    expect(rowNames()).toEqual(['10kg']);
    expect(screen.getByRole('button', { name: '1번째 옵션 삭제' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByLabelText('옵션 사용'));
    expect(screen.queryByRole('group', { name: '옵션 1' })).toBeNull();
    expect(screen.getByText('옵션을 끄고 저장하면 등록된 옵션이 모두 삭제돼요.')).toBeTruthy();
    // The product's price shows again (the cheapest option's), with its stock field.
    expect((screen.getByLabelText('판매가') as HTMLInputElement).value).toBe('12000');
    await submit();
    expect(await sentBody('PUT')).toMatchObject({ price: 12_000, stock: null, options: [] });
  });

  it('stops adding options at the most a product may have', async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      name: `${i + 1}호`,
      price: 1000,
      original_price: null,
      stock: null,
      is_available: true,
    }));
    await openEdit(testProduct({ options: many }));
    expect(screen.getByText('30/30')).toBeTruthy();
    expect(screen.getByRole('button', { name: '옵션 추가' })).toHaveProperty('disabled', true);
    expect(screen.getByText('옵션은 최대 30개까지 만들 수 있습니다.')).toBeTruthy();
  });
});
