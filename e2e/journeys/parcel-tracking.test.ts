import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  MOBILE,
  openPage,
  origin,
  screenshots,
  sheetScreenshots,
  signIn,
} from '../support/browser';
import { type Customer, callApi, merchantCreatesProduct, newCustomer, signInAs, topUpPoints } from '../support/shop';

/**
 * Issue 41 in a browser: the merchant ships a parcel with its carrier and number (a wrong number
 * refused in Korean), registers the number of a parcel the spec's client moved without one
 * (송장 미등록), and the buyer follows the parcel in 배송조회 with a link to the carrier's page;
 * the demo's parcels show a whole timeline, delivered as the carrier reported.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5);

/** The customer buys one of the product with points, received by parcel at its address; answers the order id. */
async function buyParcel(page: Page, customer: Customer, productId: number): Promise<number> {
  const product = await callApi<{
    price: number;
    merchant: { delivery_terms: { parcel_fee: number | null; parcel_free_over: number | null } };
  }>(page, 'GET', `/api/products/${productId}`);
  const tenant = await callApi<{
    settings: { legal_info?: { shipping_fee?: number; free_shipping_threshold?: number } };
  }>(page, 'GET', '/api/tenant/current');
  const terms = product.merchant.delivery_terms;
  const freeOver = terms.parcel_free_over ?? tenant.settings.legal_info?.free_shipping_threshold ?? 50_000;
  const fee = product.price >= freeOver ? 0 : (terms.parcel_fee ?? tenant.settings.legal_info?.shipping_fee ?? 3_000);
  const amount = product.price + fee;
  const prepared = await callApi<{ merchant_uid: string; order_id: number }>(page, 'POST', '/api/payment/prepare', {
    buyer_name: customer.username,
    buyer_email: customer.email,
    buyer_tel: customer.phone,
    product_id: productId,
    qty: 1,
    amount,
    points_used: amount,
    buyer_addr: '서울 중구 세종대로 110, 3층',
    buyer_postcode: '04524',
  });
  await callApi(page, 'POST', '/api/payment/callback', { merchant_uid: prepared.merchant_uid, status: 'paid' });
  return prepared.order_id;
}

describe('parcel tracking (배송조회)', () => {
  it('the merchant ships with a carrier and number, registers a missing one, and the buyer follows the parcel', async () => {
    const product = await merchantCreatesProduct('shopping', {
      title: `양평 사과즙 30포 ${stamp}`,
      price: 24_000,
      display_remaining: -1,
    });
    const customer = await newCustomer('parcel');
    await topUpPoints(customer, 60_000);
    const buyer = await openPage(browser, MOBILE);
    await signInAs(buyer.page, customer);
    await buyer.page.goto(`${origin('farm')}/orders`);
    const shipped = await buyParcel(buyer.page, customer, product.id);
    const unregistered = await buyParcel(buyer.page, customer, product.id);

    // The merchant moves the first to 배송중 with its carrier and number.
    const merchant = await openPage(browser, DESKTOP);
    await signIn(merchant.page, 'farm', 'merchant');
    await merchant.page.goto(`${origin('farm')}/merchant/dashboard?tab=delivery`);
    await merchant.page.getByRole('heading', { level: 2, name: '주문 관리' }).waitFor();
    const search = merchant.page.getByLabel('주문 검색');
    await search.fill(String(shipped));
    const card = merchant.page.getByRole('article', { name: `주문번호 #${shipped}`, exact: true });
    await card.waitFor();
    await card.getByRole('button', { name: `주문번호 #${shipped} 상태 변경` }).click();
    const dialog = merchant.page.getByRole('dialog', { name: '주문 상태 변경' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: '배송중' }).check();
    await dialog.getByLabel('택배사').selectOption({ label: 'CJ대한통운' });
    await dialog.getByLabel('송장번호').fill('1234');
    await dialog.getByRole('button', { name: '변경', exact: true }).click();
    await dialog.getByText('CJ대한통운 송장번호는 숫자 10 또는 12자리입니다.').waitFor();
    await dialog.getByLabel('송장번호').fill('6401-2345-6789');
    await sheetScreenshots(merchant.page, dialog, 'tracking-status-dialog');
    await expectAccessible(merchant.page);
    await dialog.getByRole('button', { name: '변경', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.locator('.orders-chip', { hasText: /^배송중$/ }).waitFor();
    await card.getByText('CJ대한통운 6401-2345-6789').waitFor();

    // The spec's client moves the second without a number: 송장 미등록, registered from its card.
    await callApi(merchant.page, 'PUT', '/api/delivery/status', { order_id: unregistered, status: 'DELIVERING' });
    await merchant.page.reload();
    await merchant.page.getByRole('heading', { level: 2, name: '주문 관리' }).waitFor();
    await search.fill(String(unregistered));
    const missing = merchant.page.getByRole('article', { name: `주문번호 #${unregistered}`, exact: true });
    await missing.getByText('송장 미등록').waitFor();
    await screenshots(merchant.page, 'tracking-merchant-missing');
    await missing.getByRole('button', { name: `주문번호 #${unregistered} 송장 등록` }).click();
    const register = merchant.page.getByRole('dialog', { name: '송장 등록' });
    await register.getByLabel('택배사').selectOption({ label: '한진택배' });
    await register.getByLabel('송장번호').fill('412345678901');
    await register.getByRole('button', { name: '등록', exact: true }).click();
    await register.waitFor({ state: 'detached' });
    await merchant.page.getByRole('status').filter({ hasText: '송장이 등록되었습니다.' }).waitFor();
    await missing.getByText('한진택배 4123-4567-8901').waitFor();
    expect(await missing.getByText('송장 미등록').count()).toBe(0);
    expect(merchant.problems).toEqual([]);
    await merchant.context.close();

    // The buyer follows the first parcel: the carrier took it (송장접수), with the carrier's page.
    await buyer.page.reload();
    const mine = buyer.page.locator('.order-card', { hasText: `주문번호 ${shipped}` });
    await mine.getByText('CJ대한통운 6401-2345-6789').waitFor();
    await mine.getByRole('button', { name: '배송조회' }).click();
    const sheet = buyer.page.getByRole('dialog', { name: '배송조회' });
    await sheet.getByText('송장접수').first().waitFor();
    const carrierPage = sheet.getByRole('link', { name: /택배사 홈페이지에서 보기/ });
    expect(await carrierPage.getAttribute('href')).toContain('640123456789');
    expect(await carrierPage.getAttribute('target')).toBe('_blank');
    await sheetScreenshots(buyer.page, sheet, 'tracking-sheet-new');
    await expectAccessible(buyer.page);
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();
  });

  it('the demo customer follows a parcel on its way and reads a delivered one’s whole timeline', async () => {
    const { page, problems, context } = await openPage(browser, MOBILE);
    await signIn(page, 'farm', 'customer');
    await page.goto(`${origin('farm')}/orders`);
    const onItsWay = page.locator('.order-card', { hasText: '배송중' }).filter({ hasText: '송장번호' }).first();
    await onItsWay.waitFor();
    await screenshots(page, 'tracking-buyer-orders');
    const orders = await callApi<{ deliveries: { id: number; status: string; shipment: { status: string } | null }[] }>(
      page,
      'GET',
      '/api/delivery/user/orders?limit=100',
    );
    const delivered = orders.deliveries.find((o) => o.status === 'DELIVERED' && o.shipment?.status === 'DELIVERED');
    expect(delivered, 'a parcel the carrier delivered').toBeDefined();
    const card = page.locator('.order-card', { hasText: `주문번호 ${delivered?.id}` });
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: '배송조회' }).click();
    const sheet = page.getByRole('dialog', { name: '배송조회' });
    for (const label of ['배달완료', '배송출발', '배송이동중', '집화완료', '송장접수']) {
      await sheet.getByText(label).first().waitFor();
    }
    await sheetScreenshots(page, sheet, 'tracking-sheet-delivered');
    expect(problems).toEqual([]);
    await context.close();
  });
});
