import type { Browser, Locator, Page } from 'playwright-core';
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
import {
  type Customer,
  callApi,
  merchantCreatesProduct,
  newCustomer,
  type Product,
  signInAs,
  topUpPoints,
} from '../support/shop';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Test cards of the sandbox checkout page (apps/server/src/platform/payments/sandbox-gateway.ts). */
const APPROVE_CARD = '4242 4242 4242 4242';
const DECLINE_CARD = '4000 0000 0000 0002';
const DECLINE_MESSAGE = '카드 한도가 초과되었습니다. (테스트 카드)';
/** The farm's parcel terms (apps/server/src/seed/demo.ts: legal_info). */
const FARM_SHIPPING_FEE = 3_000;

const won = (v: number) => v.toLocaleString('ko-KR');
const stamp = () => Date.now().toString(36).slice(-5);

/** The product's remaining stock as its public page answers it. */
async function stockOf(page: Page, product: Product): Promise<number> {
  return (await callApi<{ display_remaining: number }>(page, 'GET', `/api/products/${product.id}`)).display_remaining;
}

/**
 * A fresh customer of the journey's own, with `points` topped up by card through the API (the
 * wallet's top-up), so that its balance is known: nothing else gives it points or takes them.
 */
async function customerWithPoints(prefix: string, points: number): Promise<Customer> {
  const customer = await newCustomer(prefix);
  expect(await topUpPoints(customer, points)).toBe(points);
  return customer;
}

interface Balance {
  available: number;
  locked: number;
}

async function balanceOf(page: Page): Promise<Balance> {
  const overview = await callApi<{ balance: Balance }>(page, 'GET', '/api/wallet/overview');
  return overview.balance;
}

/** Opens the product page signed in and the payment form from the purchase button. */
async function openPaymentForm(page: Page, product: Product) {
  await page.goto(`${origin('farm')}/products/${product.id}`);
  await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
  await page.getByRole('button', { name: '구매하기' }).click();
  const form = page.getByRole('dialog', { name: '주문하기' });
  await form.waitFor();
  return form;
}

/** A line of the payment form's summary, by its label. */
function summaryLine(page: Page, label: string) {
  return page.locator('.order-summary-box .order-summary > div', { has: page.locator('dt', { hasText: label }) });
}

/** A line of a receipt or order card (`dl > div` with a dt), by its label. */
async function ddOf(scope: ReturnType<Page['locator']>, label: string): Promise<string> {
  const row = scope
    .locator('dl > div')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  return ((await row.locator('dd').textContent()) ?? '').trim();
}

/** With the sheet scrolled to its top, at both sizes, `target` is on screen and not covered. */
async function expectInViewAtTop(page: Page, sheet: Locator, target: Locator): Promise<void> {
  const start = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await sheet.evaluate((el) => el.scrollTo({ top: 0 }));
    const shown = await target.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.bottom <= window.innerHeight && hit !== null && el.contains(hit);
    });
    expect(shown, `${size.width} px`).toBe(true);
  }
  await page.setViewportSize(start);
}

/** At 390 px the page is no wider than the phone (a row of pills or a long line scrolls inside itself). */
async function expectNoOverflowOnPhone(page: Page): Promise<void> {
  const start = page.viewportSize() ?? DESKTOP;
  await page.setViewportSize(MOBILE);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(MOBILE.width);
  await page.setViewportSize(start);
}

/** Types a card on the sandbox checkout page and pays: the page sends the browser back to the shop. */
async function payWithCard(page: Page, card: string): Promise<void> {
  await page.getByLabel('카드 번호').fill(card);
  await page.getByRole('button', { name: '결제하기' }).click();
  await page.waitForURL((url) => url.pathname === '/payment/callback');
}

/** The buyer's order card on /orders, by the order id. */
function orderCard(page: Page, orderId: number) {
  return page.locator('.order-card', { hasText: `주문번호 ${orderId}` });
}

/** What the stand-in postcode widget answers, as the real one does for Seoul City Hall. */
const POSTCODE_PICK = {
  zonecode: '04524',
  address: '서울 중구 세종대로 110',
  addressType: 'R',
  userSelectedType: 'R',
  roadAddress: '서울 중구 세종대로 110',
  jibunAddress: '서울 중구 태평로1가 31',
  buildingName: '서울특별시청',
  apartment: 'N',
  sido: '서울',
  sigungu: '중구',
  bname: '태평로1가',
  roadname: '세종대로',
};

/**
 * The Daum postcode script (t1.daumcdn.net) cannot be reached from here: a local stand-in is served
 * in its place with the part of the API the app uses: `new daum.Postcode({ oncomplete })` and its
 * `open()` / `embed()`, which call `oncomplete` with the chosen address, as the real widget does
 * when the user picks a search result.
 */
async function servePostcodeStandIn(page: Page): Promise<void> {
  const script = `(function () {
  var pick = ${JSON.stringify(POSTCODE_PICK)};
  function Postcode(options) { this.options = options || {}; }
  Postcode.prototype.open = function () {
    var done = this.options.oncomplete;
    setTimeout(function () { if (done) done(Object.assign({}, pick)); }, 50);
  };
  Postcode.prototype.embed = Postcode.prototype.open;
  window.daum = window.daum || {};
  window.daum.Postcode = Postcode;
})();`;
  await page.route('**/t1.daumcdn.net/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript; charset=utf-8', body: script }),
  );
}

/**
 * Issue 12 in the browser against the real server: each journey has its own new customer and its
 * own product of the demo merchant, so that stock, points and the order are known.
 */
describe('buying: card and points through the sandbox checkout, order history, merchant order management', () => {
  it('a customer buys a delivery product with card plus points and finds the order in /orders', async () => {
    const [product, customer] = await Promise.all([
      merchantCreatesProduct('delivery', {
        title: `햇살 제육 도시락 ${stamp()}`,
        price: 13_000,
        display_remaining: 10,
      }),
      customerWithPoints('buyer-mixed', 5_000),
    ]);

    const { page, problems, context } = await openPage(browser);
    await signInAs(page, customer);
    const form = await openPaymentForm(page, product);

    // Buyer details come from the profile; a product that delivers is delivered unless changed.
    expect(await form.getByLabel('이름', { exact: true }).inputValue()).toBe(customer.username);
    expect(await form.getByLabel('이메일', { exact: true }).inputValue()).toBe(customer.email);
    expect(await form.getByLabel('휴대폰 번호').inputValue()).toBe(customer.phone);
    expect(await form.getByRole('radio', { name: '배달' }).isChecked()).toBe(true);
    await form.getByLabel('주소', { exact: true }).fill('서울특별시 마포구 월드컵북로 396');
    await form.getByLabel('상세 주소').fill('101동 1004호');
    await form.getByText('사용 가능 5,000P').waitFor();
    const pointsField = form.getByLabel('사용할 포인트');
    // More than the balance is clamped to it (spec 5), then the buyer settles on 3,000.
    await pointsField.fill('9000');
    expect(await pointsField.inputValue()).toBe('5,000');
    await pointsField.fill('3000');
    expect(await pointsField.inputValue()).toBe('3,000');
    expect(await summaryLine(page, '상품금액').locator('dd').textContent()).toBe('13,000원');
    expect(await summaryLine(page, '포인트 사용').locator('dd').textContent()).toBe('-3,000원');
    expect(await summaryLine(page, '카드 결제 금액').locator('dd').textContent()).toBe('10,000원');
    await screenshots(page, 'buying-payment-form');
    await sheetScreenshots(page, form, 'buying-payment-sheet');
    await expectAccessible(page);
    // The amount being paid stays in view at the foot of the sheet while the form scrolls.
    const pay = form.getByRole('button', { name: '10,000원 결제하기' });
    await expectInViewAtTop(page, form, pay);

    await pay.click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
    await page.getByRole('heading', { level: 1, name: '카드 결제' }).waitFor();
    expect(await page.locator('.amount').textContent()).toBe('10,000원');
    // While the card is being paid, the 3,000 points are locked for the order.
    expect(await balanceOf(page)).toMatchObject({ available: 2_000, locked: 3_000 });
    await payWithCard(page, APPROVE_CARD);

    expect(new URL(page.url()).searchParams.get('type')).toBe('purchase');
    await page.getByRole('heading', { name: '결제가 완료되었습니다' }).waitFor({ timeout: 20_000 });
    const receipt = page.locator('.pay-result');
    const orderNo = await ddOf(receipt, '주문 번호');
    expect(orderNo).toMatch(/^\d+번$/);
    const orderId = Number(orderNo.replace(/\D/g, ''));
    expect(await ddOf(receipt, '주문 상품')).toBe(`${product.title} × 1`);
    expect(await ddOf(receipt, '총 결제 금액')).toBe('13,000원');
    expect(await ddOf(receipt, '포인트 사용')).toBe('3,000P');
    expect(await ddOf(receipt, '카드 결제')).toBe('10,000원');
    const paymentId = await ddOf(receipt, '결제 번호');
    expect(paymentId).toMatch(/^[\w-]+$/);
    await screenshots(page, 'buying-callback-success');
    await expectNoOverflowOnPhone(page);
    await expectAccessible(page);

    await page.getByRole('link', { name: '주문 내역 보기' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await page.getByRole('heading', { level: 1, name: '주문 내역' }).waitFor();
    const card = orderCard(page, orderId);
    await card.waitFor();
    expect(await card.locator('.order-status').textContent()).toBe('주문접수');
    expect(await card.locator('.order-item-title').textContent()).toBe(product.title);
    expect(await ddOf(card, '총 주문금액')).toBe('13,000원');
    expect(await ddOf(card, '포인트 사용')).toBe('-3,000P');
    expect(await ddOf(card, '카드 결제')).toBe('10,000원');
    expect(await ddOf(card, '받는 곳')).toBe('서울특별시 마포구 월드컵북로 396, 101동 1004호');
    await screenshots(page, 'buying-orders');
    await expectNoOverflowOnPhone(page);
    await expectAccessible(page);

    // The points are spent (no longer locked) and the reward of the card part is credited.
    const earned = await ddOf(card, '적립 포인트');
    const reward = Number(earned.replace(/\D/g, ''));
    expect(reward).toBeGreaterThan(0);
    expect(await balanceOf(page)).toMatchObject({ available: 2_000 + reward, locked: 0 });
    // (The public product answer is cached for CATALOGUE_CACHE_MS, 2 s: wait for the new count.)
    await expect.poll(() => stockOf(page, product), { timeout: 10_000 }).toBe(9);

    // Not yet being prepared: the buyer may cancel, and everything goes back (points, reward, card, stock).
    await card.getByRole('button', { name: '주문 취소' }).click();
    const ask = page.getByRole('alertdialog', { name: '주문을 취소할까요?' });
    await ask.getByLabel('취소 사유 (선택)').fill('주소를 잘못 입력했어요');
    await ask.getByRole('button', { name: '주문 취소' }).click();
    await ask.waitFor({ state: 'detached' });
    await card.locator('.order-status', { hasText: /^취소됨$/ }).waitFor();
    expect(await card.getByRole('button', { name: '주문 취소' }).count()).toBe(0);
    expect(await balanceOf(page)).toMatchObject({ available: 5_000, locked: 0 });
    const payment = await callApi<{ card_amount: number; cancelled_amount: number; status: string }>(
      page,
      'GET',
      `/api/payment/${paymentId}`,
    );
    expect(payment).toMatchObject({ card_amount: 10_000, cancelled_amount: 10_000 });
    await expect.poll(() => stockOf(page, product), { timeout: 10_000 }).toBe(10);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the merchant moves the order to 준비완료 and 배송완료; the buyer sees 배송완료 and confirms receipt', async () => {
    const [product, customer] = await Promise.all([
      merchantCreatesProduct('delivery', {
        title: `햇살 닭가슴살 샐러드 ${stamp()}`,
        price: 8_000,
        display_remaining: -1,
      }),
      customerWithPoints('buyer-points', 10_000),
    ]);

    // The buyer pays it all with points: the form confirms through the callback at once (full_points).
    const buyer = await openPage(browser, MOBILE);
    await signInAs(buyer.page, customer);
    const form = await openPaymentForm(buyer.page, product);
    await form.getByLabel('주소', { exact: true }).fill('서울특별시 성동구 왕십리로 83-21');
    await form.getByLabel('상세 주소').fill('2층');
    await form.getByLabel('요청사항 (선택)').fill('문 앞에 놓아주세요');
    await form.getByText('사용 가능 10,000P').waitFor();
    await form.getByRole('button', { name: '전액 사용' }).click();
    expect(await form.getByLabel('사용할 포인트').inputValue()).toBe('8,000');
    expect(await summaryLine(buyer.page, '카드 결제 금액').locator('dd').textContent()).toBe('0원');
    await form.getByRole('button', { name: '포인트로 결제하기' }).click();
    await buyer.page.waitForURL((url) => url.pathname === '/payment/callback');
    await buyer.page.getByRole('heading', { name: '결제가 완료되었습니다' }).waitFor({ timeout: 20_000 });
    const receipt = buyer.page.locator('.pay-result');
    const orderId = Number((await ddOf(receipt, '주문 번호')).replace(/\D/g, ''));
    expect(orderId).toBeGreaterThan(0);
    expect(await ddOf(receipt, '포인트 사용')).toBe('8,000P');
    expect(await ddOf(receipt, '카드 결제')).toBe('0원');

    // The merchant finds the order by its number on the dashboard's order tab.
    const merchant = await openPage(browser);
    await signIn(merchant.page, 'farm', 'merchant');
    await merchant.page.goto(`${origin('farm')}/merchant/dashboard?tab=delivery`);
    await merchant.page.getByRole('heading', { level: 2, name: '주문 관리' }).waitFor();
    const search = merchant.page.getByLabel('주문 검색');
    // Styled as the app's fields: a full-size touch target (not the browser's bare input).
    expect((await search.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await search.fill(String(orderId));
    const card = merchant.page.getByRole('article', { name: `주문번호 #${orderId}`, exact: true });
    await card.waitFor();
    expect(await card.locator('.orders-chip').textContent()).toBe('주문접수');
    expect(await card.textContent()).toContain('서울특별시 성동구 왕십리로 83-21, 2층');
    expect(await card.textContent()).toContain('문 앞에 놓아주세요');
    expect(await card.textContent()).toContain(product.title);
    await screenshots(merchant.page, 'buying-merchant-orders');
    await expectNoOverflowOnPhone(merchant.page);
    await expectAccessible(merchant.page);

    /** Opens the status dialog of the order, picks `status` and saves it with a memo. */
    const moveTo = async (status: string, memo: string) => {
      await card.getByRole('button', { name: `주문번호 #${orderId} 상태 변경` }).click();
      const dialog = merchant.page.getByRole('dialog', { name: '주문 상태 변경' });
      await dialog.waitFor();
      const save = dialog.getByRole('button', { name: '변경', exact: true });
      // Nothing chosen yet: the button waits for a new status (spec part 3).
      expect(await save.isDisabled()).toBe(true);
      await dialog.getByRole('radio', { name: status }).check();
      await dialog.getByLabel('메모 (선택)').fill(memo);
      expect(await save.isDisabled()).toBe(false);
      if (status === '준비완료') {
        // The memo's label sits above its field, as on every form of the app.
        const label = await dialog.getByText('메모 (선택)').boundingBox();
        const memoBox = await dialog.getByLabel('메모 (선택)').boundingBox();
        expect(memoBox && label && memoBox.y >= label.y + label.height - 1).toBe(true);
        await sheetScreenshots(merchant.page, dialog, 'buying-merchant-status-dialog');
        await expectAccessible(merchant.page);
      }
      await save.click();
      await dialog.waitFor({ state: 'detached' });
      await merchant.page.getByRole('status').filter({ hasText: '배송 상태가 업데이트되었습니다.' }).waitFor();
      await card.locator('.orders-chip', { hasText: new RegExp(`^${status}$`) }).waitFor();
    };
    await moveTo('준비완료', '포장 완료');
    await moveTo('배송완료', '문 앞 배송 완료');
    expect(await card.textContent()).toContain('배송완료 일시');
    expect(merchant.problems).toEqual([]);
    await merchant.context.close();

    // The buyer sees 배송완료 and confirms receipt.
    await buyer.page.goto(`${origin('farm')}/orders`);
    const mine = orderCard(buyer.page, orderId);
    await mine.waitFor();
    expect(await mine.locator('.order-status').textContent()).toBe('배송완료');
    await mine.getByRole('button', { name: '진행 내역 보기' }).click();
    const history = mine.locator('.order-history-entry');
    await history.nth(2).waitFor();
    expect(await history.allTextContents()).toEqual([
      expect.stringContaining('주문접수'),
      expect.stringMatching(/준비완료.*포장 완료/),
      expect.stringMatching(/배송완료.*문 앞 배송 완료/),
    ]);
    await mine.getByRole('button', { name: '구매확정' }).click();
    const ask = buyer.page.getByRole('alertdialog', { name: '구매를 확정할까요?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: '구매확정' }).click();
    await ask.waitFor({ state: 'detached' });
    await buyer.page.getByText('구매가 확정되었습니다.').waitFor();
    await mine.locator('dt', { hasText: /^구매확정$/ }).waitFor();
    expect(await mine.getByRole('button', { name: '구매확정' }).count()).toBe(0);
    expect(buyer.problems).toEqual([]);
    await buyer.context.close();
  });

  it('a shopping product is shipped to the address the postcode field found; shipping is what the server charged', async () => {
    const [product, customer] = await Promise.all([
      merchantCreatesProduct('shopping', {
        title: `양평 유기농 쌀 4kg ${stamp()}`,
        price: 12_000,
        display_remaining: 5,
      }),
      newCustomer('buyer-parcel'),
    ]);
    const { page, problems, context } = await openPage(browser, MOBILE);
    await servePostcodeStandIn(page);
    await signInAs(page, customer);
    const form = await openPaymentForm(page, product);

    // The profile's address is offered first; the postcode search replaces the base address.
    expect(await form.getByLabel('주소', { exact: true }).inputValue()).toBe('서울특별시 중구 세종대로 110');
    expect(await form.getByLabel('우편번호').inputValue()).toBe('');
    await form.getByRole('button', { name: '우편번호 찾기' }).click();
    await expect.poll(() => form.getByLabel('우편번호').inputValue()).toBe(POSTCODE_PICK.zonecode);
    expect(await form.getByLabel('주소', { exact: true }).inputValue()).toBe(
      `${POSTCODE_PICK.roadAddress} (${POSTCODE_PICK.buildingName})`,
    );
    // The widget hands the focus to the detail line, which the buyer types.
    await expect.poll(() => form.getByLabel('상세 주소').evaluate((el) => el === document.activeElement)).toBe(true);
    await form.getByLabel('상세 주소').fill('3층 민원실');

    await form.getByRole('button', { name: '수량 늘리기' }).click();
    expect(await form.getByLabel('수량', { exact: true }).inputValue()).toBe('2');
    expect(await summaryLine(page, '상품금액').locator('dd').textContent()).toBe('24,000원');
    const shownShipping = (await summaryLine(page, '배송비').locator('dd').textContent()) ?? '';
    expect(shownShipping).toBe(`${won(FARM_SHIPPING_FEE)}원`);
    expect(await summaryLine(page, '카드 결제 금액').locator('dd').textContent()).toBe('27,000원');
    await form.getByText('50,000원 이상 구매 시 무료배송').waitFor();
    await sheetScreenshots(page, form, 'buying-payment-sheet-parcel');

    await form.getByRole('button', { name: '27,000원 결제하기' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
    expect(await page.locator('.amount').textContent()).toBe('27,000원');
    await payWithCard(page, APPROVE_CARD);
    await page.getByRole('heading', { name: '결제가 완료되었습니다' }).waitFor({ timeout: 20_000 });
    const receipt = page.locator('.pay-result');
    const orderId = Number((await ddOf(receipt, '주문 번호')).replace(/\D/g, ''));
    expect(await ddOf(receipt, '총 결제 금액')).toBe('27,000원');
    expect(await ddOf(receipt, '카드 결제')).toBe('27,000원');

    // What the server charged: the order's own shipping line, and the same on the order card.
    const order = await callApi<{ shipping_fee: number; items_total: number; total_price: number }>(
      page,
      'GET',
      `/api/delivery/orders/${orderId}`,
    );
    expect(`${won(order.shipping_fee)}원`).toBe(shownShipping);
    expect(order).toMatchObject({ items_total: 24_000, total_price: 27_000 });
    await page.getByRole('link', { name: '주문 내역 보기' }).click();
    const card = orderCard(page, orderId);
    await card.waitFor();
    expect(await ddOf(card, '배송비')).toBe(shownShipping);
    expect(await ddOf(card, '상품금액')).toBe('24,000원');
    expect(await ddOf(card, '받는 곳')).toBe(
      `(${POSTCODE_PICK.zonecode}) ${POSTCODE_PICK.roadAddress} (${POSTCODE_PICK.buildingName}), 3층 민원실`,
    );
    expect(await card.textContent()).toContain('택배');
    await screenshots(page, 'buying-orders-parcel');
    await expectNoOverflowOnPhone(page);
    // Two of the five left in stock went with the order.
    await expect.poll(() => stockOf(page, product), { timeout: 10_000 }).toBe(3);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a declined card shows the failure text, and the points the form locked are available again', async () => {
    const [product, customer] = await Promise.all([
      merchantCreatesProduct('delivery', {
        title: `햇살 김치볶음밥 ${stamp()}`,
        price: 9_000,
        display_remaining: 3,
      }),
      customerWithPoints('buyer-declined', 5_000),
    ]);
    const { page, problems, context } = await openPage(browser, MOBILE);
    await signInAs(page, customer);
    const form = await openPaymentForm(page, product);
    await form.getByLabel('주소', { exact: true }).fill('서울특별시 종로구 종로 1');
    await form.getByText('사용 가능 5,000P').waitFor();
    await form.getByLabel('사용할 포인트').fill('4000');
    await form.getByRole('button', { name: '5,000원 결제하기' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
    // While the card is being paid, the points are locked and one of the three is reserved.
    expect(await balanceOf(page)).toMatchObject({ available: 1_000, locked: 4_000 });
    await expect.poll(() => stockOf(page, product), { timeout: 10_000 }).toBe(2);

    // The callback screen tells the server the payment failed; wait for its answer.
    const released = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/payment/callback' && res.request().method() === 'POST',
    );
    const seen = problems.length;
    await payWithCard(page, DECLINE_CARD);
    await page.getByRole('heading', { name: '결제에 실패했습니다' }).waitFor();
    // Said once: the title says it failed, the text says why.
    expect(await page.getByRole('alert').textContent()).toBe(DECLINE_MESSAGE);
    expect(await page.getByText(/결제에 실패했습니다/).count()).toBe(1);
    // The server closes the declined payment (points and stock back) and answers that it failed:
    // the one refused request of this journey, which the screen does not need to show again.
    const answer = await released;
    expect(answer.status()).toBe(400);
    expect(await answer.json()).toMatchObject({ code: 'payment_failed' });
    expect(problems.splice(seen)).toEqual(['http 400 POST /api/payment/callback']);
    await screenshots(page, 'buying-callback-declined');
    await expectNoOverflowOnPhone(page);
    await expectAccessible(page);

    // 다시 결제하기: back on the product with the order sheet open and what was entered still in it.
    await page.getByRole('link', { name: '다시 결제하기' }).click();
    await page.waitForURL((url) => url.pathname === `/products/${product.id}`);
    const again = page.getByRole('dialog', { name: '주문하기' });
    await again.waitFor();
    await expect.poll(() => again.getByLabel('주소', { exact: true }).inputValue()).toBe('서울특별시 종로구 종로 1');
    await again.getByText('사용 가능 5,000P').waitFor();
    expect(await again.getByLabel('사용할 포인트').inputValue()).toBe('4,000');
    await again.getByRole('button', { name: '5,000원 결제하기' }).waitFor();
    await screenshots(page, 'buying-retry-sheet');

    // The wallet shows all 5,000 available again and nothing locked.
    await page.goto(`${origin('farm')}/wallet`);
    await page.locator('.wallet-balance-amount', { hasText: /^5,000P$/ }).waitFor();
    expect(await page.locator('.wallet-balance-locked').count()).toBe(0);
    // No order is listed, and the stock it reserved is back.
    await page.goto(`${origin('farm')}/orders`);
    await page.getByRole('heading', { name: '아직 주문한 상품이 없어요' }).waitFor();
    await expect.poll(() => stockOf(page, product), { timeout: 10_000 }).toBe(3);
    expect(problems).toEqual([]);
    await context.close();
  });
});
