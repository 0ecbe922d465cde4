import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_PASSWORD, registerCustomer } from './accounts';
import { origin } from './browser';
import { api, login, type Session, send } from './http';

/*
 * A journey's preconditions (a product, a customer, points, a purchase, a review) are made here
 * through the real API, from Node (support/http.ts), without a browser: fast, and no screen the
 * journey is not about. The journey then shows and checks in the browser what it is about.
 */

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

/**
 * Puts a session made through the API into the page, stored as the login screen stores it (local
 * storage `token` and `user`, on the farm's origin): the next page the journey opens is signed in.
 * For journeys about something else than signing in (accounts.test.ts signs in on the screen).
 */
export async function signInAs(page: Page, account: { session: Session }): Promise<void> {
  await page.goto(`${origin('farm')}/policy`);
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [account.session.token, JSON.stringify(account.session.user)] as const,
  );
  // As the app's sign-in sets it (apps/web/src/lib/storage.ts): the server then sends no signed-out first screen.
  await page.context().addCookies([{ name: 'signed_in', value: '1', url: origin('farm') }]);
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
  kind: ProductKind,
  fields: { title: string; price: number; display_remaining: number; description?: string },
): Promise<Product> {
  const merchant = await login('farm', 'merchant@example.com', DEMO_PASSWORD);
  return api<Product>('farm', 'POST', '/api/products', {
    token: merchant.token,
    body: { json: { description: '구매 여정 시험용 상품입니다.', ...productKinds[kind], ...fields } },
  });
}

export interface Customer {
  id: number;
  email: string;
  password: string;
  username: string;
  phone: string;
  /** Its session from the login API (for `signInAs` and the setup calls below). */
  session: Session;
}

/**
 * A fresh customer of the farm, registered through the API as the sign-up screen does (code sent
 * by mail, read from the SMTP stand-in, verified, then the account) and signed in through the API.
 */
export async function newCustomer(prefix: string): Promise<Customer> {
  const password = 'buying1234';
  const { email, phone } = await registerCustomer('farm', prefix, password);
  const session = await login('farm', email, password);
  return { id: session.user.id, email, password, username: session.user.username, phone, session };
}

/** The approving test card of the sandbox checkout page (apps/server/src/platform/payments/sandbox-gateway.ts). */
export const APPROVE_CARD = '4242 4242 4242 4242';

/**
 * Pays the sandbox checkout at `url` with the approving card, as its form posts it: the checkout
 * sends the browser back to the shop's /payment/callback, without a failure `code`.
 */
async function payOnSandbox(url: string): Promise<void> {
  const answer = await send('farm', 'POST', url, { body: { form: { card: APPROVE_CARD } } });
  expect(answer.status).toBe(303);
  const back = new URL(answer.location ?? '', 'http://farm.localhost');
  expect(back.pathname).toBe('/payment/callback');
  // The gateway's redirect names a failure with `code`; an approved card has none.
  expect(back.searchParams.get('code')).toBeNull();
}

/**
 * The customer tops up `amount` points by card through the API, as the wallet's top-up does:
 * prepare, the sandbox checkout with the approving card, then the callback that credits it.
 * Answers the available points afterwards.
 */
export async function topUpPoints(customer: Customer, amount: number): Promise<number> {
  const { token } = customer.session;
  const prepared = await api<{ payment_id: string; checkout: { url: string } }>(
    'farm',
    'POST',
    '/api/wallet/charge/prepare',
    {
      token,
      body: { json: { amount, buyer_name: customer.username, buyer_email: customer.email, buyer_tel: customer.phone } },
    },
  );
  expect(prepared.checkout.url).toMatch(/^\/sandbox-pay\//);
  await payOnSandbox(prepared.checkout.url);
  const confirmed = await api<{ status: string; amount: number; balance: { available: number } }>(
    'farm',
    'POST',
    '/api/wallet/charge/callback',
    { token, body: { json: { payment_id: prepared.payment_id } } },
  );
  expect(confirmed).toMatchObject({ status: 'paid', amount });
  return confirmed.balance.available;
}

/**
 * The customer buys one of a pickup-only product by card through the sandbox gateway, as the
 * payment form does: prepare, the sandbox checkout with the approving card, then the callback
 * call. Answers the order id.
 */
export async function purchase(customer: Customer, product: Product): Promise<number> {
  const { token } = customer.session;
  const prepared = await api<{ merchant_uid: string; order_id: number; checkout: { url: string } | null }>(
    'farm',
    'POST',
    '/api/payment/prepare',
    {
      token,
      body: {
        json: {
          buyer_name: customer.username,
          buyer_email: customer.email,
          buyer_tel: customer.phone,
          product_id: product.id,
          qty: 1,
          amount: product.price,
          points_used: 0,
          order_type: 'pickup',
        },
      },
    },
  );
  expect(prepared.checkout?.url).toMatch(/^\/sandbox-pay\//);
  await payOnSandbox(prepared.checkout?.url ?? '');
  const confirmed = await api<{ status: string; order_id: number }>('farm', 'POST', '/api/payment/callback', {
    token,
    body: { json: { merchant_uid: prepared.merchant_uid, status: 'paid' } },
  });
  expect(confirmed).toMatchObject({ status: 'paid', order_id: prepared.order_id });
  return confirmed.order_id;
}

export interface ReviewInput {
  rating: number;
  title: string;
  content: string;
}

/** The buyer writes a review of `product` through the API, as the review form saves it; answers its id. */
export async function writeReview(customer: Customer, product: Product, review: ReviewInput): Promise<number> {
  const written = await api<{ id: number; rating: number }>('farm', 'POST', `/api/reviews/product/${product.id}`, {
    token: customer.session.token,
    body: { json: review },
  });
  expect(written.rating).toBe(review.rating);
  return written.id;
}

/**
 * The review's author uploads the image file at `path` to it through the API, as the review form
 * does (multipart, field `file`, one image a request).
 */
export async function addReviewPhoto(customer: Customer, reviewId: number, path: string): Promise<void> {
  const name = basename(path);
  const type = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  await api('farm', 'POST', `/api/reviews/${reviewId}/images`, {
    token: customer.session.token,
    body: { multipart: { files: [{ field: 'file', name, type, bytes: readFileSync(path) }] } },
  });
}
