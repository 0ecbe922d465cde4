import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginThroughUi } from '../support/accounts';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  MOBILE,
  openPage,
  origin,
  screenshots,
  sheetScreenshots,
} from '../support/browser';
import { APPROVE_CARD, callApi, newCustomer, signInAs } from '../support/shop';

/**
 * Issue 39 in a browser: a farm merchant sells apples by size (options with their own price and
 * stock), a buyer must pick a size and pays the option's price plus the fee the page showed, the
 * merchant reads the option on the order and changes a count in place, and sets its delivery terms.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5);
const title = `부사 사과 ${stamp}`;
let productId = 0;

interface OptionAnswer {
  id: number;
  name: string;
  price: number;
  stock: number | null;
}

async function productAnswer(page: Page) {
  return callApi<{ price: number; stock: number | null; options: OptionAnswer[] }>(
    page,
    'GET',
    `/api/products/${productId}`,
  );
}

/** Fills the fields of the n-th option row (1-based). */
async function fillOption(
  page: Page,
  n: number,
  o: { name: string; price: string; original?: string; stock?: string },
) {
  const row = page.getByRole('group', { name: `옵션 ${n}` });
  await row.getByLabel('옵션명').fill(o.name);
  await row.getByLabel('판매가').fill(o.price);
  if (o.original) await row.getByLabel('정가 (선택)').fill(o.original);
  if (o.stock !== undefined) await row.getByLabel('재고').fill(o.stock);
}

describe('options, stock counts and delivery terms', () => {
  it('the merchant registers a product sold by size, each size with its own price and stock', async () => {
    const { page, problems, context } = await openPage(browser, DESKTOP);
    await loginThroughUi(page, 'farm', 'merchant@example.com');
    await page.goto(`${origin('farm')}/products/create`);
    await page.getByRole('heading', { level: 1, name: '상품 등록' }).waitFor();
    await page.getByRole('button', { name: '쇼핑 상품' }).click();
    await page.getByLabel('상품명').fill(title);
    await page.getByLabel('상품 설명').fill('청송에서 딴 아삭한 부사 사과입니다. 크기별로 골라 주문하세요.');
    await page.getByLabel('카테고리', { exact: true }).selectOption('food');
    await page.getByLabel('옵션 사용').check();
    await fillOption(page, 1, { name: '3kg', price: '19000', original: '25000', stock: '5' });
    await page.getByRole('button', { name: '옵션 추가' }).click();
    await fillOption(page, 2, { name: '5kg', price: '29000', stock: '2' });
    await page.getByRole('button', { name: '옵션 추가' }).click();
    await fillOption(page, 3, { name: '10kg 선물용', price: '52000' });
    // Reorder: the gift box first, then back last.
    await page.getByRole('button', { name: '3번째 옵션을 위로 이동' }).click();
    await page.getByRole('button', { name: '2번째 옵션을 아래로 이동' }).click();
    await screenshots(page, 'product-form-options');
    await expectAccessible(page);
    await page.getByRole('button', { name: '등록하기' }).click();
    await page.waitForURL((url) => url.pathname === '/merchant/dashboard', { timeout: 30_000 });

    const found = await callApi<{ products: { id: number; title: string }[] }>(
      page,
      'GET',
      `/api/products/search?q=${encodeURIComponent(stamp)}`,
    );
    productId = found.products.find((p) => p.title === title)?.id ?? 0;
    expect(productId).toBeGreaterThan(0);
    const saved = await productAnswer(page);
    expect(saved.options.map((o) => [o.name, o.price, o.stock])).toEqual([
      ['3kg', 19_000, 5],
      ['5kg', 29_000, 2],
      ['10kg 선물용', 52_000, null],
    ]);
    // The card's price is the cheapest option's.
    expect(saved.price).toBe(19_000);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a buyer must pick a size: the price, stock and fee follow it, and the order names it', async () => {
    expect(productId).toBeGreaterThan(0);
    const buyer = await newCustomer('options');
    const { page, problems, context } = await openPage(browser, MOBILE);
    await signInAs(page, buyer);
    await page.goto(`${origin('farm')}/products/${productId}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    // "부터" pricing before a choice; the purchase button waits for one.
    await page.getByText('옵션을 선택해주세요.').first().waitFor();
    const buy = page.getByRole('button', { name: '구매하기' });
    expect(await buy.isDisabled()).toBe(true);
    const five = page.getByRole('radio', { name: /5kg/ });
    expect(await page.getByRole('radio', { name: /3kg/ }).textContent()).toBeDefined();
    await five.check();
    await page.getByText('2개 남음').first().waitFor();
    await screenshots(page, 'product-page-options');
    await expectAccessible(page);

    await buy.click();
    const sheet = page.getByRole('dialog', { name: '주문하기' });
    await sheet.waitFor();
    await sheet.getByText('옵션: 5kg').waitFor();
    // 29,000 goods below the farm's 50,000 free-shipping threshold: the policy's 3,000 fee, its own line.
    await sheet.getByText('32,000원').first().waitFor();
    await sheet.getByLabel('우편번호').fill('03925');
    await sheet.getByLabel('주소', { exact: true }).fill('서울특별시 마포구 월드컵북로 400');
    await sheetScreenshots(page, sheet, 'order-sheet-option');
    await sheet.getByRole('button', { name: /결제하기/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
    expect(await page.locator('.amount').textContent()).toBe('32,000원');
    await page.getByLabel('카드 번호').fill(APPROVE_CARD);
    await page.getByRole('button', { name: '결제하기' }).click();
    await page.waitForURL((url) => url.pathname === '/payment/callback');
    await page.getByRole('heading', { name: '결제가 완료되었습니다' }).waitFor({ timeout: 20_000 });
    await page.locator('.pay-result', { hasText: `${title} (5kg) × 1` }).waitFor();

    const orders = await callApi<{ deliveries: { items: { option_name: string | null }[]; total_price: number }[] }>(
      page,
      'GET',
      '/api/delivery/user/orders?page=1',
    );
    expect(orders.deliveries[0]).toMatchObject({ total_price: 32_000, items: [{ option_name: '5kg' }] });
    await page.goto(`${origin('farm')}/orders`);
    await page.getByText('옵션: 5kg').first().waitFor();
    const five2 = (await productAnswer(page)).options.find((o) => o.name === '5kg');
    expect(five2?.stock).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the merchant sees low stock, changes a count in place and sets its delivery terms', async () => {
    expect(productId).toBeGreaterThan(0);
    const { page, problems, context } = await openPage(browser, DESKTOP);
    await loginThroughUi(page, 'farm', 'merchant@example.com');
    await page.goto(`${origin('farm')}/merchant/dashboard?tab=products`);
    const row = page.locator('li, tr, article', { hasText: title }).last();
    await row.waitFor();
    expect(await row.textContent()).toContain('5kg · 1개');
    await row.getByRole('button', { name: '재고' }).click();
    const editor = page.getByRole('form', { name: `${title} 재고 수정` });
    await editor.getByLabel('5kg').fill('8');
    await editor.getByRole('button', { name: '저장', exact: true }).click();
    await page.getByText(`${title} 재고를 저장했습니다.`).waitFor();
    expect((await productAnswer(page)).options.find((o) => o.name === '5kg')?.stock).toBe(8);
    await screenshots(page, 'products-tab-stock');

    await page.goto(`${origin('farm')}/merchant/dashboard?tab=delivery-terms`);
    await page.getByLabel('배달비', { exact: true }).fill('2500');
    await page.getByLabel('예상 도착 시간').fill('내일 오전 도착');
    await screenshots(page, 'delivery-terms-form');
    await expectAccessible(page);
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await page.getByText('배송 조건을 저장했습니다.').waitFor();
    const terms = await callApi<{ delivery_fee: number; eta_text: string | null }>(
      page,
      'GET',
      '/api/dashboard/delivery-terms',
    );
    expect(terms).toMatchObject({ delivery_fee: 2_500, eta_text: '내일 오전 도착' });
    // Back to the demo's free delivery, so other journeys see the seeded terms.
    await callApi(page, 'PUT', '/api/dashboard/delivery-terms', { delivery_fee: 0 });
    expect(problems).toEqual([]);
    await context.close();
  });
});
