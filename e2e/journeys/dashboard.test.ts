import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockPostcodeScript, loginThroughUi, POSTCODE_FALLBACK, POSTCODE_SCRIPT } from '../support/accounts';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  MOBILE,
  openPage,
  origin,
  screenshots,
  sheetScreenshots,
  takeProvoked,
} from '../support/browser';
import { callApi, merchantCreatesProduct, newCustomer, purchase } from '../support/shop';

let browser: Browser;
let imageDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  imageDir = mkdtempSync(join(tmpdir(), 'e2e-profile-images-'));
});
afterAll(async () => {
  await browser?.close();
  if (imageDir) rmSync(imageDir, { recursive: true, force: true });
});

const MERCHANT = 'merchant@example.com';
const CUSTOMER = 'customer@example.com';
const stamp = () => Date.now().toString(36).slice(-5);

/** The dashboard's tabs in the order of the tab bar, with their labels (features/dashboard/messages.ts). */
const TABS = [
  ['home', '홈'],
  ['posts', '게시글'],
  ['videos', '동영상'],
  ['notices', '공지사항'],
  ['comments', '댓글'],
  ['reviews', '리뷰'],
  ['products', '상품 관리'],
  ['deleted-products', '삭제된 상품'],
  ['delivery', '배송 관리'],
  ['delivery-terms', '배송 조건'],
  ['payments', '결제 관리'],
] as const;
type Tab = (typeof TABS)[number][0];
const CUSTOMER_TABS = ['홈', '게시글', '동영상', '공지사항', '댓글', '리뷰'];

function tabPanel(page: Page): Locator {
  return page.getByRole('tabpanel');
}

/** What a loaded tab shows: its content, or its empty state (never a skeleton or an error). */
function loadedStates(panel: Locator, tab: Tab): { content: Locator; empty: Locator } {
  const heading = (name: string | RegExp) => panel.getByRole('heading', { name, exact: typeof name === 'string' });
  const posts = panel.locator('article.dash-post');
  switch (tab) {
    case 'home':
      return { content: panel.locator('.dash-activity-list'), empty: heading('최근 7일 동안의 활동이 없습니다.') };
    case 'posts':
      return { content: posts, empty: heading('아직 작성한 게시글이 없습니다.') };
    case 'videos':
      return { content: posts, empty: heading('아직 올린 동영상이 없습니다.') };
    case 'notices':
      return { content: posts, empty: heading('등록된 공지사항이 없습니다.') };
    case 'comments':
      return { content: panel.locator('li.dash-group'), empty: heading('아직 받은 댓글이 없습니다.') };
    case 'reviews':
      return { content: panel.locator('.dash-accordion-item'), empty: heading('아직 작성한 리뷰가 없습니다.') };
    case 'products':
      return { content: panel.locator('article.mt-row'), empty: heading('등록된 상품이 없습니다') };
    case 'deleted-products':
      return { content: panel.locator('article.mt-row-deleted'), empty: heading('삭제된 상품이 없습니다') };
    case 'delivery':
      return { content: panel.locator('.orders-list article'), empty: heading(/^아직 .+ 주문이 없습니다$/) };
    case 'delivery-terms':
      // A form, never empty: the terms of a merchant who set none are the defaults.
      return { content: panel.locator('form'), empty: panel.locator('form') };
    case 'payments':
      return { content: heading('결제 상태별 통계'), empty: heading('결제 내역이 없습니다.') };
  }
}

/**
 * Waits for the tab's content or empty state, then for every skeleton to go, and checks that no
 * error (or refusal) is shown. Answers which of the two it shows.
 */
async function expectTabLoaded(page: Page, tab: Tab): Promise<'content' | 'empty'> {
  const panel = tabPanel(page);
  const { content, empty } = loadedStates(panel, tab);
  await content.or(empty).first().waitFor();
  await panel.locator('.skeleton').first().waitFor({ state: 'detached' });
  expect(await panel.getByRole('alert').count(), `${tab}: an error state`).toBe(0);
  return (await content.count()) > 0 ? 'content' : 'empty';
}

function selectedTab(page: Page): Locator {
  return page.getByRole('tablist', { name: '대시보드 메뉴' }).getByRole('tab', { selected: true });
}

/** Waits until `label` is the selected tab (the address changes a moment before the bar does). */
async function expectSelected(page: Page, label: string): Promise<void> {
  await page
    .getByRole('tablist', { name: '대시보드 메뉴' })
    .getByRole('tab', { name: label, exact: true, selected: true })
    .waitFor();
  expect(await selectedTab(page).allTextContents()).toEqual([label]);
}

const tabParam = (page: Page) => new URL(page.url()).searchParams.get('tab');

/** A toast of the app's toaster with that text. */
function toast(page: Page, text: string): Locator {
  return page.locator('[data-sonner-toast]', { hasText: text });
}

/** At 390 px the page is no wider than the phone. */
async function expectNoOverflowOnPhone(page: Page): Promise<void> {
  const start = page.viewportSize();
  await page.setViewportSize(MOBILE);
  const { width, widest } = await page.evaluate((limit) => {
    // What sticks out past the phone's edge (for the failure message).
    const clipped = (el: HTMLElement) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const out = [...document.querySelectorAll<HTMLElement>('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ el, right }) => right > limit + 1 && !clipped(el))
      .slice(0, 8)
      .map(
        ({ el, right }) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '')} ${Math.round(right)}`,
      );
    return { width: document.documentElement.scrollWidth, widest: out };
  }, MOBILE.width);
  expect(width, widest.join('\n')).toBeLessThanOrEqual(MOBILE.width);
  if (start) await page.setViewportSize(start);
}

/** A square profile picture as a phone would save it, written as a PNG. */
async function profilePng(name: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><rect width="640" height="640" fill="#2F9E44"/><circle cx="320" cy="260" r="130" fill="#FFE8A3"/><rect x="150" y="420" width="340" height="220" rx="120" fill="#FFE8A3"/></svg>`;
  const path = join(imageDir, name);
  await sharp(Buffer.from(svg)).png().toFile(path);
  return path;
}

/**
 * A finger sliding sideways over `target` (Chromium's touch input through the DevTools protocol):
 * `dx` pixels, negative to the left.
 */
async function swipe(page: Page, target: Locator, dx: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('swipe: the target is not on screen');
  const y = Math.min(box.y + 120, (page.viewportSize()?.height ?? 800) - 140);
  const x0 = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  const steps = 5;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x0 + (dx * i) / steps, y }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('dashboard: the merchant dashboard and its tabs', () => {
  it('a merchant lands on the dashboard and walks every tab; reload keeps the tab, back returns to the last', async () => {
    const { page, problems, context } = await openPage(browser);
    // The charts then draw at once (Recharts follows the preference): screenshots show them whole.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await loginThroughUi(page, 'farm', MERCHANT);
    expect(new URL(page.url()).pathname).toBe('/merchant/dashboard');
    await page.getByRole('heading', { level: 1, name: /판매자 대시보드/ }).waitFor();

    // The profile card: name, handle, the shop's introduction and the merchant's shortcuts.
    const profile = page.getByRole('region', { name: '내 프로필' });
    await profile.getByText('햇살농원', { exact: true }).waitFor();
    expect(await profile.getByText('@merchant', { exact: true }).count()).toBe(1);
    expect(await profile.textContent()).toContain('양평에서 3대째 유기농 채소를 키우는 농장입니다.');
    for (const link of ['프로필 수정', '게시글 등록', '상품 등록']) {
      expect(await profile.getByRole('link', { name: link }).count(), link).toBe(1);
    }

    // Home: the four figures are the server's.
    await expectSelected(page, '홈');
    await expectTabLoaded(page, 'home');
    const stats = await callApi<Record<string, number>>(page, 'GET', '/api/dashboard/stats');
    const figures = tabPanel(page).locator('.dash-stat');
    expect(await figures.count()).toBe(4);
    for (const [key, label] of [
      ['total_contents', '전체 게시글'],
      ['total_likes', '받은 좋아요'],
      ['total_comments', '받은 댓글'],
      ['recent_contents', '최근 7일 게시글'],
    ] as const) {
      const figure = tabPanel(page).locator(`.dash-stat[data-stat="${key}"]`);
      expect(await figure.locator('dt').textContent()).toBe(label);
      expect(await figure.locator('dd').textContent()).toBe((stats[key] ?? -1).toLocaleString('ko-KR'));
    }
    await screenshots(page, 'dashboard-merchant-home');
    await expectNoOverflowOnPhone(page);
    await expectAccessible(page);

    // Every tab through the tab bar: the URL follows, the tab shows its content or empty state.
    const tabBar = page.getByRole('tablist', { name: '대시보드 메뉴' });
    expect(await tabBar.getByRole('tab').allTextContents()).toEqual(TABS.map(([, label]) => label));
    const shown: Record<string, string> = {};
    for (const [tab, label] of TABS.slice(1)) {
      await tabBar.getByRole('tab', { name: label, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === tab);
      await expectSelected(page, label);
      shown[tab] = await expectTabLoaded(page, tab);
      await screenshots(page, `dashboard-merchant-${tab}`);
      await expectNoOverflowOnPhone(page);
    }
    // The demo merchant has products, orders and payments of its own.
    expect(shown).toMatchObject({ products: 'content', delivery: 'content', payments: 'content' });
    await expectAccessible(page);

    // A reload keeps the tab; back returns to the tab before it (one history entry per tab).
    await page.reload();
    await expectTabLoaded(page, 'payments');
    await expectSelected(page, '결제 관리');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'delivery-terms');
    await expectSelected(page, '배송 조건');
    await expectTabLoaded(page, 'delivery-terms');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'delivery');
    await expectSelected(page, '배송 관리');
    await expectTabLoaded(page, 'delivery');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'deleted-products');
    await expectSelected(page, '삭제된 상품');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the products tab deletes a product; the deleted-products tab restores it', async () => {
    // A product of its own, so that no other journey's catalogue changes.
    const title = `밀랍 랩 3종 ${stamp()}`;
    const product = await merchantCreatesProduct('shopping', { title, price: 12_000, display_remaining: 30 });
    const { page, problems, context } = await openPage(browser);
    await loginThroughUi(page, 'farm', MERCHANT);
    await page.goto(`${origin('farm')}/merchant/dashboard?tab=products`);
    const panel = tabPanel(page);
    await expectTabLoaded(page, 'products');
    await panel.getByLabel('상품 검색').fill(title);
    const row = panel.getByRole('article', { name: title, exact: true });
    await row.waitFor();
    expect(await panel.locator('article.mt-row').count()).toBe(1);

    await row.getByRole('button', { name: `${title} 삭제` }).click();
    const ask = page.getByRole('alertdialog', { name: '정말 이 상품을 삭제하시겠습니까?' });
    await ask.waitFor();
    expect(await ask.textContent()).toContain(title);
    await ask.getByRole('button', { name: '삭제', exact: true }).click();
    await ask.waitFor({ state: 'detached' });
    await toast(page, '상품이 삭제되었습니다.').waitFor();
    await row.waitFor({ state: 'detached' });
    await panel.getByRole('heading', { name: '검색 결과가 없습니다' }).waitFor();
    // Gone from the shop too.
    await expect
      .poll(async () => page.evaluate(async (id) => (await fetch(`/api/products/${id}`)).status, product.id))
      .toBe(404);
    takeProvoked(problems, new RegExp(`^http 404 GET /api/products/${product.id}$`));

    await page.getByRole('tab', { name: '삭제된 상품', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'deleted-products');
    const deleted = panel.getByRole('article', { name: title, exact: true });
    await deleted.waitFor();
    // Newest deletion first, with the day it was deleted.
    expect(await panel.locator('article.mt-row-deleted').first().getAttribute('aria-label')).toBe(title);
    expect(await deleted.locator('time').textContent()).toMatch(/삭제$/);
    await screenshots(page, 'dashboard-merchant-deleted-products-with-one');
    await deleted.getByRole('button', { name: `${title} 복구` }).click();
    const restore = page.getByRole('alertdialog', { name: `"${title}" 상품을 복구하시겠습니까?` });
    await restore.waitFor();
    await restore.getByRole('button', { name: '복구', exact: true }).click();
    await restore.waitFor({ state: 'detached' });
    await toast(page, '상품이 성공적으로 복구되었습니다.').waitFor();
    await deleted.waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: '상품 관리', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'products');
    await panel.getByLabel('상품 검색').fill(title);
    await panel.getByRole('article', { name: title, exact: true }).waitFor();
    expect(await page.evaluate(async (id) => (await fetch(`/api/products/${id}`)).status, product.id)).toBe(200);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the delivery tab moves an order to 주문확인 through the status dialog', async () => {
    const product = await merchantCreatesProduct('pickup', {
      title: `햇살 나물 비빔밥 ${stamp()}`,
      price: 9_500,
      display_remaining: -1,
    });
    const customer = await newCustomer('dashboard-buyer');
    const orderId = await purchase(customer, product);

    const { page, problems, context } = await openPage(browser, MOBILE);
    await loginThroughUi(page, 'farm', MERCHANT);
    await page.getByRole('tab', { name: '배송 관리', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'delivery');
    await expectTabLoaded(page, 'delivery');
    await page.getByRole('button', { name: '픽업', exact: true }).click();
    await page.getByLabel('주문 검색').fill(String(orderId));
    const card = page.getByRole('article', { name: `주문번호 #${orderId}`, exact: true });
    await card.waitFor();
    expect(await card.locator('.orders-chip').textContent()).toBe('주문접수');
    expect(await card.textContent()).toContain(product.title);

    await card.getByRole('button', { name: `주문번호 #${orderId} 상태 변경` }).click();
    const dialog = page.getByRole('dialog', { name: '주문 상태 변경' });
    await dialog.waitFor();
    await dialog.getByRole('radio', { name: '주문확인' }).check();
    await dialog.getByLabel('메모 (선택)').fill('주문 확인했습니다. 30분 뒤 픽업 가능합니다.');
    await dialog.getByRole('button', { name: '변경', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: '배송 상태가 업데이트되었습니다.' }).waitFor();
    await card.locator('.orders-chip', { hasText: /^주문확인$/ }).waitFor();
    const order = await callApi<{ status: string }>(page, 'GET', `/api/delivery/orders/${orderId}`);
    expect(order.status).toBe('CONFIRMED');
    await expectNoOverflowOnPhone(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the payments tab shows the analytics with demo data and the last 10 payments; /payment/analytics flags the top 3', async () => {
    const { page, problems, context } = await openPage(browser);
    // The charts then draw at once (Recharts follows the preference): screenshots show them whole.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await loginThroughUi(page, 'farm', MERCHANT);
    await page.goto(`${origin('farm')}/merchant/dashboard?tab=payments`);
    await expectTabLoaded(page, 'payments');
    const panel = tabPanel(page);
    const analytics = await callApi<{
      summary: { total_payments: number; total_revenue: number; unique_customers: number };
      payment_status_stats: { status: string; count: number }[];
      daily_stats: { date: string }[];
      product_stats: { product_name: string }[];
    }>(page, 'GET', '/api/payment/analytics/summary?period_days=30');
    expect(analytics.summary.total_payments).toBeGreaterThan(0);

    // The summary figures are the server's.
    const summary = panel.getByRole('group', { name: '요약' });
    const figure = (label: string) => summary.locator('.mt-figure', { has: page.locator('dt', { hasText: label }) });
    expect(await figure('총 결제 건수').locator('dd').textContent()).toBe(
      `${analytics.summary.total_payments.toLocaleString('ko-KR')}건`,
    );
    expect(await figure('총 매출').locator('dd').textContent()).toBe(
      `${analytics.summary.total_revenue.toLocaleString('ko-KR')}원`,
    );
    expect(await figure('구매 고객').locator('dd').textContent()).toBe(
      `${analytics.summary.unique_customers.toLocaleString('ko-KR')}명`,
    );
    // Each card has its title, and the charts are drawn (an SVG with a size).
    for (const title of [
      '결제 상태별 통계',
      '최근 7일 매출',
      '결제 수단',
      '시간대별 결제',
      '인기 상품 TOP 5',
      '카테고리별 매출',
      '우수 고객 TOP 5',
    ]) {
      await panel.getByRole('heading', { level: 3, name: title, exact: true }).waitFor();
    }
    const statusRows = panel.getByRole('region', { name: '결제 상태별 통계' }).locator('tbody tr');
    expect(await statusRows.count()).toBe(analytics.payment_status_stats.length);
    const charts = panel.locator('.mt-chart svg.recharts-surface');
    await charts.first().waitFor();
    expect(await charts.count()).toBeGreaterThanOrEqual(2);
    const size = await charts.first().boundingBox();
    expect(size?.width).toBeGreaterThan(200);
    expect(size?.height).toBeGreaterThan(100);
    expect(await panel.getByRole('region', { name: '인기 상품 TOP 5' }).locator('ol li').count()).toBeGreaterThan(0);
    await screenshots(page, 'dashboard-merchant-payments-analytics');
    await expectNoOverflowOnPhone(page);
    await expectAccessible(page);

    // The list view: the last 10 payments at most, each with a status.
    await panel.getByRole('button', { name: '목록', exact: true }).click();
    expect(await panel.getByRole('button', { name: '목록', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const rows = panel.locator('table tbody tr');
    await rows.first().waitFor();
    const count = await rows.count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(10);
    const statuses = await panel.locator('table tbody .mt-status').allTextContents();
    expect(statuses).toHaveLength(count);
    for (const status of statuses) expect(['결제완료', '대기중', '실패', '취소', '가상계좌 발급']).toContain(status);
    await screenshots(page, 'dashboard-merchant-payments-list');
    await expectNoOverflowOnPhone(page);

    // /payment/analytics: status stats, 30 days, the products with the first three flagged.
    await page.goto(`${origin('farm')}/payment/analytics`);
    await page.getByRole('heading', { level: 1, name: '결제 통계' }).waitFor();
    const status = page.getByRole('region', { name: '결제 상태별 통계' });
    await status.locator('tbody tr').first().waitFor();
    expect(await status.locator('tbody tr').count()).toBe(analytics.payment_status_stats.length);
    const daily = page.getByRole('table', { name: '일별 결제 표' });
    expect(await daily.locator('tbody tr').count()).toBe(30);
    expect(await daily.locator('tbody tr th').first().textContent()).toBe(analytics.daily_stats[0]?.date);
    await page.getByRole('region', { name: '일별 결제 (30일)' }).locator('svg.recharts-surface').waitFor();
    const products = page.getByRole('table', { name: '상품별 매출' });
    const productRows = products.locator('tbody tr');
    expect(await productRows.count()).toBe(analytics.product_stats.length);
    expect(analytics.product_stats.length).toBeGreaterThan(3);
    expect(await products.locator('.mt-top-flag').allTextContents()).toEqual(['TOP 1', 'TOP 2', 'TOP 3']);
    for (let i = 0; i < 3; i++) {
      expect(await productRows.nth(i).locator('th').textContent()).toBe(
        `TOP ${i + 1}${analytics.product_stats[i]?.product_name}`,
      );
    }
    expect(await productRows.nth(3).locator('.mt-top-flag').count()).toBe(0);
    // On a phone the three columns of the daily table fit: the revenue is not scrolled out of view.
    await page.setViewportSize(MOBILE);
    await expect
      .poll(() => daily.evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0)))
      .toBe(true);
    await page.setViewportSize(DESKTOP);
    await screenshots(page, 'payment-analytics');
    await expectNoOverflowOnPhone(page);
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('merchants reach the dashboard, product registration and post upload from the bars', async () => {
    const { page, problems, context } = await openPage(browser);
    await loginThroughUi(page, 'farm', MERCHANT);
    await page.goto(origin('farm'));
    const nav = page.getByRole('navigation', { name: '주 메뉴' });
    await nav.getByRole('link', { name: '상품 등록' }).click();
    await page.waitForURL((url) => url.pathname === '/products/create');
    await page.getByRole('heading', { level: 1, name: '상품 등록' }).waitFor();
    await nav.getByRole('link', { name: '게시물 등록' }).click();
    await page.waitForURL((url) => url.pathname === '/content/upload');
    await page.getByRole('heading', { level: 1, name: '게시글 등록' }).waitFor();
    await nav.getByRole('link', { name: '내 콘텐츠' }).click();
    await page.waitForURL((url) => url.pathname === '/merchant/dashboard');
    await expectTabLoaded(page, 'home');
    expect(await nav.getByRole('link', { name: '내 콘텐츠' }).getAttribute('aria-current')).toBe('page');
    await context.close();

    // At 390 px: the bottom bar's entry and the profile menu's shortcuts.
    const phone = await openPage(browser, MOBILE);
    await loginThroughUi(phone.page, 'farm', MERCHANT);
    await phone.page.goto(origin('farm'));
    const bar = phone.page.getByRole('navigation', { name: '하단 메뉴' });
    const menuTo = async (item: string) => {
      await bar.getByRole('button', { name: '내 정보' }).click();
      await phone.page.getByRole('menuitem', { name: item }).click();
    };
    await menuTo('상품 등록');
    await phone.page.waitForURL((url) => url.pathname === '/products/create');
    await phone.page.getByRole('heading', { level: 1, name: '상품 등록' }).waitFor();
    await menuTo('게시물 등록');
    await phone.page.waitForURL((url) => url.pathname === '/content/upload');
    await phone.page.getByRole('heading', { level: 1, name: '게시글 등록' }).waitFor();
    await bar.getByRole('link', { name: '내 콘텐츠' }).click();
    await phone.page.waitForURL((url) => url.pathname === '/merchant/dashboard');
    await expectTabLoaded(phone.page, 'home');
    await menuTo('마이페이지');
    await phone.page.waitForURL((url) => url.pathname === '/dashboard');
    await phone.page.getByRole('heading', { level: 1, name: /판매자 대시보드/ }).waitFor();
    await expectTabLoaded(phone.page, 'home');
    expect([...problems, ...phone.problems]).toEqual([]);
    await phone.context.close();
  });

  it('at 390 px a sideways swipe over the tab content moves to the next tab; the hint shows once', async () => {
    const { page, problems, context } = await openPage(browser, MOBILE);
    await loginThroughUi(page, 'farm', MERCHANT);
    expect(new URL(page.url()).pathname).toBe('/merchant/dashboard');
    // The first visit on this device shows the hint after a second, for two seconds.
    const hint = page.getByRole('status').filter({ hasText: '좌우로 밀어서 다른 탭으로 이동할 수 있어요' });
    await hint.waitFor();
    await screenshots(page, 'dashboard-swipe-hint');
    await hint.waitFor({ state: 'detached' });
    await expectTabLoaded(page, 'home');

    const panel = tabPanel(page);
    // Finger to the left: the next tab.
    await swipe(page, panel, -160);
    await page.waitForURL((url) => url.searchParams.get('tab') === 'posts');
    await expectSelected(page, '게시글');
    await expectTabLoaded(page, 'posts');
    await swipe(page, panel, -160);
    await page.waitForURL((url) => url.searchParams.get('tab') === 'videos');
    await expectTabLoaded(page, 'videos');
    // To the right: back one.
    await swipe(page, panel, 160);
    await page.waitForURL((url) => url.searchParams.get('tab') === 'posts');
    await expectSelected(page, '게시글');
    await expectTabLoaded(page, 'posts');
    // A short slide (40 px) is not a swipe.
    await swipe(page, panel, -40);
    await expectTabLoaded(page, 'posts');
    expect(tabParam(page)).toBe('posts');

    // Seen once: a later visit (its timers run ahead) shows no hint.
    expect(await page.evaluate(() => localStorage.getItem('dashboardSwipeHintSeen'))).toBe('true');
    const again = await context.newPage();
    await again.clock.install();
    await again.goto(`${origin('farm')}/merchant/dashboard`);
    await expectTabLoaded(again, 'home');
    await again.clock.runFor(5_000);
    expect(await again.getByText('좌우로 밀어서 다른 탭으로 이동할 수 있어요').count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('dashboard: customers', () => {
  it('a customer opens 마이페이지: comments and reviews tabs, review statistics, merchant tabs closed', async () => {
    const { page, problems, context } = await openPage(browser);
    await loginThroughUi(page, 'farm', CUSTOMER);
    // /main has a bar of its own; the general bar with the menu is on every other page.
    await page.goto(origin('farm'));
    await page.getByRole('button', { name: '메뉴' }).click();
    await page.getByRole('menuitem', { name: '마이페이지' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: /마이 대시보드/ }).waitFor();
    const tabBar = page.getByRole('tablist', { name: '대시보드 메뉴' });
    expect(await tabBar.getByRole('tab').allTextContents()).toEqual(CUSTOMER_TABS);
    await expectTabLoaded(page, 'home');
    await screenshots(page, 'dashboard-customer-home');
    await expectAccessible(page);

    await tabBar.getByRole('tab', { name: '댓글', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'comments');
    await expectTabLoaded(page, 'comments');

    // The demo customer's reviews: the header counts are the server's statistics.
    await tabBar.getByRole('tab', { name: '리뷰', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'reviews');
    expect(await expectTabLoaded(page, 'reviews')).toBe('content');
    const answer = await callApi<{
      stats: {
        total_reviews: number;
        products_reviewed: number;
        average_rating: number;
        image_reviews: number;
        rating_distribution: Record<string, number>;
      };
    }>(page, 'GET', '/api/dashboard/reviews?limit=10&offset=0');
    const { stats } = answer;
    expect(stats.total_reviews).toBeGreaterThan(0);
    const panel = tabPanel(page);
    await panel
      .getByRole('heading', { name: `내 리뷰 (${stats.total_reviews}개 리뷰 / ${stats.products_reviewed}개 상품)` })
      .waitFor();
    expect(await panel.locator('.dash-accordion-item').count()).toBeGreaterThan(0);
    // A product's reviews open under it.
    const first = panel.locator('.dash-accordion-item').first();
    await first.getByRole('button').first().click();
    await first.locator('.dash-accordion-content').waitFor();
    await screenshots(page, 'dashboard-customer-reviews');

    await panel.getByRole('button', { name: '전체 통계' }).click();
    const sheet = page.getByRole('dialog', { name: '리뷰 전체 통계' });
    await sheet.waitFor();
    const figure = (key: string) => sheet.locator(`[data-figure="${key}"] dd`);
    expect(await figure('total').textContent()).toBe(`${stats.total_reviews}개`);
    expect(await figure('average').textContent()).toBe(stats.average_rating.toFixed(1));
    expect(await figure('products').textContent()).toBe(`${stats.products_reviewed}개`);
    expect(await figure('image').textContent()).toBe(`${stats.image_reviews}개`);
    expect(await figure('text').textContent()).toBe(`${stats.total_reviews - stats.image_reviews}개`);
    for (const star of [5, 4, 3, 2, 1]) {
      expect(await sheet.locator(`[data-star="${star}"] .dash-dist-count`).textContent()).toBe(
        `${stats.rating_distribution[String(star)] ?? 0}개`,
      );
    }
    await sheetScreenshots(page, sheet, 'dashboard-customer-review-stats');
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });

    // A merchant tab by its address: closed, with the reason.
    await page.goto(`${origin('farm')}/dashboard?tab=products`);
    const denied = tabPanel(page).getByRole('alert');
    await denied.getByRole('heading', { name: '접근 권한이 없습니다' }).waitFor();
    expect(await denied.textContent()).toContain('가맹점주만 접근 가능합니다.');
    expect(await tabBar.getByRole('tab', { name: '상품 관리' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a customer edits the profile: image, name and address saved, the bar follows; leaving unsaved asks first', async () => {
    const customer = await newCustomer('profile-edit');
    const { page, problems, context } = await openPage(browser);
    await blockPostcodeScript(page);
    await loginThroughUi(page, 'farm', customer.email, customer.password);
    await page.goto(origin('farm'));
    const nav = page.locator('header.nav');
    await nav.getByText(`안녕하세요, ${customer.username}님`).waitFor();
    await page.getByRole('button', { name: '메뉴' }).click();
    await page.getByRole('menuitem', { name: '프로필 설정' }).click();
    await page.waitForURL((url) => url.pathname === '/profile/edit');
    await page.getByRole('heading', { level: 1, name: '프로필 설정' }).waitFor();
    const username = page.getByLabel('사용자명');
    await expect.poll(() => username.inputValue()).toBe(customer.username);
    const save = page.getByRole('button', { name: '저장', exact: true });
    // Nothing changed yet: nothing to save.
    expect(await save.isDisabled()).toBe(true);

    // A picture through the file chooser: previewed until saved.
    const chooser = page.waitForEvent('filechooser');
    // (The hidden file field is named after the button too: press the button itself.)
    await page.locator('button', { hasText: '이미지 선택' }).click();
    await (await chooser).setFiles(await profilePng('me.png'));
    const preview = page.getByRole('img', { name: '프로필 이미지 미리보기' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await page.getByText('저장하면 새 이미지가 적용됩니다.').waitFor();

    const renamed = `${customer.username.slice(0, 8)}새이름`;
    await username.fill(renamed);
    // Offline, the postcode widget cannot load: the base address is typed by hand.
    await page.getByText(POSTCODE_FALLBACK).waitFor();
    await page.getByRole('textbox', { name: '주소', exact: true }).fill('부산광역시 해운대구 센텀중앙로 79');
    await page.getByRole('textbox', { name: '상세 주소' }).fill('12층');
    await page.getByText('저장하지 않은 변경사항이 있습니다.').waitFor();
    await screenshots(page, 'profile-edit-changed');
    await expectAccessible(page);
    await save.click();
    await page.getByText('프로필이 성공적으로 수정되었습니다.').waitFor();
    // The bar greets the new name at once, and the saved picture replaces the preview.
    await nav.getByText(`안녕하세요, ${renamed}님`).waitFor();
    await expect.poll(() => preview.getAttribute('src')).not.toMatch(/^blob:/);
    const saved = await callApi<{
      profile: { username: string; address: string; profile_image: string | null };
    }>(page, 'GET', '/api/dashboard/profile');
    expect(saved.profile).toMatchObject({
      username: renamed,
      address: '부산광역시 해운대구 센텀중앙로 79, 12층',
    });
    expect(saved.profile.profile_image).toBeTruthy();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored).toMatchObject({ username: renamed, address: '부산광역시 해운대구 센텀중앙로 79, 12층' });
    expect(await save.isDisabled()).toBe(true);
    await screenshots(page, 'profile-edit-saved');

    // An unsaved change, then a link of the bar: the page asks; cancelling stays with the change.
    await page.getByRole('textbox', { name: '상세 주소' }).fill('13층');
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '쇼핑' }).click();
    const leave = page.getByRole('alertdialog', { name: '페이지 나가기' });
    await leave.waitFor();
    expect(await leave.textContent()).toContain('변경사항이 저장되지 않습니다. 정말 나가시겠습니까?');
    await screenshots(page, 'profile-edit-leave-confirm');
    await leave.getByRole('button', { name: '취소' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/profile/edit');
    expect(await page.getByRole('textbox', { name: '상세 주소' }).inputValue()).toBe('13층');

    // The dashboard's profile card shows the saved picture and name (after leaving for real).
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '쇼핑' }).click();
    await leave.waitFor();
    await leave.getByRole('button', { name: '나가기' }).click();
    await page.waitForURL((url) => url.pathname !== '/profile/edit');
    await page.goto(`${origin('farm')}/dashboard`);
    const card = page.getByRole('region', { name: '내 프로필' });
    await card.getByText(renamed, { exact: true }).waitFor();
    const avatar = card.locator('img').first();
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toContain(saved.profile.profile_image?.split('/').pop() ?? '!');
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    // The postcode widget's script is blocked on purpose (offline), and only it failed.
    takeProvoked(problems, POSTCODE_SCRIPT);
    expect(problems).toEqual([]);
    await context.close();
  });
});
