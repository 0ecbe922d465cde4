import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { loginThroughUi, registerCustomerViaApi, uniqueEmail } from './accounts';
import { openPage, signIn } from './browser';

/** Calls the API from inside the page with the stored token (the login screen's session). */
export async function callApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const headers: Record<string, string> = { Accept: 'application/json' };
      const token = localStorage.getItem('token');
      if (token) headers.Authorization = `Bearer ${token}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body },
  );
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
  return JSON.parse(answer.text) as T;
}

export interface Product {
  id: number;
  title: string;
  price: number;
}

/**
 * What a journey's product is: `delivery` a meal the farm delivers (or the buyer picks up),
 * `pickup` a meal only picked up at the shop, `shopping` goods sent by parcel.
 */
export type ProductKind = 'delivery' | 'pickup' | 'shopping';

const productKinds: Record<ProductKind, Record<string, unknown>> = {
  delivery: { category_type: 'pickup', delivery_category: 'korean', is_delivery: true },
  pickup: { category_type: 'pickup', delivery_category: 'korean', is_delivery: false },
  shopping: { category_type: 'shopping', category: 'food', is_delivery: false },
};

/** The demo merchant (merchant@example.com) puts a product of its own on sale through the API. */
export async function merchantCreatesProduct(
  browser: Browser,
  kind: ProductKind,
  fields: { title: string; price: number; display_remaining: number; description?: string },
): Promise<Product> {
  const { page, context } = await openPage(browser);
  await signIn(page, 'farm', 'merchant');
  const product = await callApi<Product>(page, 'POST', '/api/products', {
    description: '구매 여정 시험용 상품입니다.',
    ...productKinds[kind],
    ...fields,
  });
  await context.close();
  return product;
}

export interface Customer {
  id: number;
  email: string;
  password: string;
  username: string;
  phone: string;
}

/** A fresh customer of the farm (registered through the API), and its id and profile. */
export async function newCustomer(browser: Browser, prefix: string): Promise<Customer> {
  const email = uniqueEmail(prefix);
  const password = 'buying1234';
  const { page, context } = await openPage(browser);
  await registerCustomerViaApi(page, 'farm', email, password);
  await loginThroughUi(page, 'farm', email, password);
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
  await context.close();
  return { id: user.id, email, password, username: user.username, phone: user.phone };
}

/** The approving test card of the sandbox checkout page (apps/server/src/platform/payments/sandbox-gateway.ts). */
export const APPROVE_CARD = '4242 4242 4242 4242';

/**
 * The signed-in customer buys one of a pickup-only product by card through the sandbox gateway, as
 * the payment form does: prepare, the sandbox checkout page's form with the approving card (posted
 * from the page, which follows the 303 back to the shop's /payment/callback), then the callback
 * call. Answers the order id.
 */
export async function buyByCard(page: Page, product: Product, customer: Customer): Promise<number> {
  const prepared = await callApi<{ merchant_uid: string; order_id: number; checkout: { url: string } | null }>(
    page,
    'POST',
    '/api/payment/prepare',
    {
      buyer_name: customer.username,
      buyer_email: customer.email,
      buyer_tel: customer.phone,
      product_id: product.id,
      qty: 1,
      amount: product.price,
      points_used: 0,
      order_type: 'pickup',
    },
  );
  expect(prepared.checkout?.url).toMatch(/^\/sandbox-pay\//);
  const checkout = await page.evaluate(
    async ({ url, card }) => {
      const res = await fetch(url, { method: 'POST', body: new URLSearchParams({ card }) });
      return { redirected: res.redirected, url: res.url };
    },
    { url: prepared.checkout?.url ?? '', card: APPROVE_CARD },
  );
  const back = new URL(checkout.url);
  expect(checkout.redirected).toBe(true);
  expect(back.pathname).toBe('/payment/callback');
  // The gateway's redirect names a failure with `code`; an approved card has none.
  expect(back.searchParams.get('code')).toBeNull();
  const confirmed = await callApi<{ status: string; order_id: number }>(page, 'POST', '/api/payment/callback', {
    merchant_uid: prepared.merchant_uid,
    status: 'paid',
  });
  expect(confirmed).toMatchObject({ status: 'paid', order_id: prepared.order_id });
  return confirmed.order_id;
}
