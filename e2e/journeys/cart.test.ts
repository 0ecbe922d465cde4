import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../support/accounts';
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
import { api, login } from '../support/http';
import { APPROVE_CARD, callApi, newCustomer, signInAs, topUpPoints } from '../support/shop';

/**
 * Issue 40 in a browser: a buyer on farm puts two sizes of one merchant's apples and another
 * merchant's grain in the cart, pays once by card and points, gets one order per merchant; each
 * merchant reads only its own share; one merchant's cancel gives back exactly its share.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5);
const won = (v: number) => v.toLocaleString('ko-KR');

interface Option {
  id: number;
  name: string;
}
interface Made {
  id: number;
  title: string;
  options: Option[];
}
interface Cart {
  groups: { merchant: { business_name: string }; items: { id: number }[]; free_delivery_gap: number | null }[];
  count: number;
  total_amount: number;
}
interface PaymentRow {
  payment_id: string;
  name: string;
  amount: number;
  card_amount: number;
  points_used: number;
  cancelled_amount: number;
  status: string;
}
interface OrderRow {
  id: number;
  payment_id: string;
  merchant: { name: string };
  total_price: number;
  points_used: number;
  card_amount: number;
  status: string;
}

/** Each demo merchant puts a product of its own on sale (through the API). */
async function products() {
  const farm = await login('farm', 'merchant@example.com', DEMO_PASSWORD);
  const sunny = await login('farm', 'sunny@example.com', DEMO_PASSWORD);
  const apples = await api<Made>('farm', 'POST', '/api/products', {
    token: farm.token,
    body: {
      json: {
        category_type: 'shopping',
        category: 'food',
        title: `부사 사과 ${stamp}`,
        description: '청송에서 딴 아삭한 부사 사과입니다.',
        options: [
          { name: '3kg', price: 19_000, stock: 10 },
          { name: '5kg', price: 29_000, stock: 10 },
        ],
      },
    },
  });
  const grain = await api<Made>('farm', 'POST', '/api/products', {
    token: sunny.token,
    body: {
      json: {
        category_type: 'shopping',
        category: 'food',
        title: `햇잡곡 1kg ${stamp}`,
        description: '해바라기농장에서 거둔 잡곡입니다.',
        price: 12_000,
        display_remaining: 20,
      },
    },
  });
  return { farm, sunny, apples, grain };
}

let made: Awaited<ReturnType<typeof products>>;
beforeAll(async () => {
  made = await products();
});

describe('the cart across merchants', () => {
  it.each([
    ['phone', MOBILE],
    ['desktop', DESKTOP],
  ] as const)(
    'on a %s: two merchants (and two sizes) in one payment by card and points; each merchant sees its own order; one cancel gives back its share',
    async (name, viewport) => {
      const { apples, grain } = made;
      const buyer = await newCustomer(`cart-${name}`);
      expect(await topUpPoints(buyer, 5_000)).toBe(5_000);
      const { page, problems, context } = await openPage(browser, viewport);
      await signInAs(page, buyer);

      // Two sizes of the apples: the option is chosen first, a toast leads to the cart.
      await page.goto(`${origin('farm')}/products/${apples.id}`);
      await page.getByRole('heading', { level: 1, name: apples.title }).waitFor();
      const addToCart = page.getByRole('button', { name: '장바구니 담기' });
      for (const size of ['3kg', '5kg']) {
        await page.getByRole('radio', { name: new RegExp(size) }).check();
        await addToCart.click();
        await page.getByText('장바구니에 담았습니다.').last().waitFor();
      }
      await page.getByRole('button', { name: '장바구니 보기' }).last().waitFor();
      await screenshots(page, `cart-added-${name}`);
      await page.goto(`${origin('farm')}/products/${grain.id}`);
      await page.getByRole('heading', { level: 1, name: grain.title }).waitFor();
      await addToCart.click();
      await page.getByText('장바구니에 담았습니다.').last().waitFor();

      // The cart: one group per merchant, its fee and the free-shipping hint.
      const cart = await callApi<Cart>(page, 'GET', '/api/cart');
      expect(cart.count).toBe(3);
      expect(cart.groups.map((g) => g.merchant.business_name).sort()).toEqual(['해바라기농장', '햇살농원']);
      await page.goto(`${origin('farm')}/cart`);
      await page.getByRole('heading', { level: 2, name: '햇살농원' }).waitFor();
      await page.getByRole('heading', { level: 2, name: '해바라기농장' }).waitFor();
      const gap = cart.groups.find((g) => g.merchant.business_name === '햇살농원')?.free_delivery_gap;
      if (gap)
        await page
          .getByText(`${won(gap)}원 더 담으면 무료배송`)
          .first()
          .waitFor();
      await screenshots(page, `cart-${name}`);
      await expectAccessible(page);

      // One payment: 1,000 points and the rest by card.
      await page.getByRole('button', { name: `${won(cart.total_amount)}원 주문하기 (3개)` }).click();
      const sheet = page.getByRole('dialog', { name: '주문하기' });
      await sheet.waitFor();
      await sheet.getByLabel('우편번호').fill('03925');
      await sheet.getByLabel('주소', { exact: true }).fill('서울특별시 마포구 월드컵북로 400');
      await sheet.getByLabel('사용할 포인트').fill('1000');
      const card = cart.total_amount - 1_000;
      await sheetScreenshots(page, sheet, `cart-checkout-${name}`);
      await sheet.getByRole('button', { name: `${won(card)}원 결제하기` }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
      expect(await page.locator('.amount').textContent()).toBe(`${won(card)}원`);
      await page.getByLabel('카드 번호').fill(APPROVE_CARD);
      await page.getByRole('button', { name: '결제하기' }).click();
      await page.waitForURL((url) => url.pathname === '/payment/callback');
      await page.getByRole('heading', { name: '결제가 완료되었습니다' }).waitFor({ timeout: 20_000 });
      await screenshots(page, `cart-paid-${name}`);

      // Two orders of one payment; the points and the card spread over them to the won.
      const mine = (await callApi<{ deliveries: OrderRow[] }>(page, 'GET', '/api/delivery/user/orders?page=1'))
        .deliveries;
      const [first, second] = mine.slice(0, 2) as [OrderRow, OrderRow];
      expect(first.payment_id).toBe(second.payment_id);
      expect(first.points_used + second.points_used).toBe(1_000);
      expect(first.card_amount + second.card_amount).toBe(card);
      expect((await callApi<Cart>(page, 'GET', '/api/cart')).count).toBe(0);
      await page.goto(`${origin('farm')}/orders`);
      await page.getByText('한 번에 결제한 주문').first().waitFor();
      await screenshots(page, `cart-orders-${name}`);

      // Each merchant reads its own share of the payment, never the other's goods or the total.
      const appleOrder = mine.find((o) => o.merchant.name === '햇살농원') as OrderRow;
      const grainOrder = mine.find((o) => o.merchant.name === '해바라기농장') as OrderRow;
      const merchantView = async (token: string) =>
        (await api<{ payments: PaymentRow[] }>('farm', 'GET', '/api/payment/list?role=merchant&limit=10', { token }))
          .payments;
      const sunnyView = await merchantView(made.sunny.token);
      expect(sunnyView).toContainEqual(
        expect.objectContaining({
          name: grain.title,
          amount: grainOrder.total_price,
          card_amount: grainOrder.card_amount,
          points_used: grainOrder.points_used,
        }),
      );
      expect(JSON.stringify(sunnyView)).not.toContain(apples.title);
      const farmView = await merchantView(made.farm.token);
      expect(farmView.find((p) => p.amount === appleOrder.total_price && p.name.includes(apples.title))).toMatchObject({
        card_amount: appleOrder.card_amount,
        points_used: appleOrder.points_used,
      });
      expect(JSON.stringify(farmView)).not.toContain(grain.title);

      // The apple farm cancels its order: exactly its card share goes back, the grain order stands.
      await api('farm', 'PUT', '/api/delivery/status', {
        token: made.farm.token,
        body: { json: { order_id: appleOrder.id, status: 'CANCELLED', memo: '재고 착오' } },
      });
      const [payment] = (await callApi<{ payments: PaymentRow[] }>(page, 'GET', '/api/payment/list')).payments;
      expect(payment).toMatchObject({ status: 'partial_cancelled', cancelled_amount: appleOrder.card_amount });
      await page.reload();
      await page.getByText('부분취소').or(page.getByText('취소됨')).first().waitFor();
      await screenshots(page, `cart-partly-cancelled-${name}`);
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
