import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE, openPage, origin, outputDir, screenshots, signIn } from '../support/browser';
import { api, send } from '../support/http';
import { merchantCreatesProduct } from '../support/shop';

/**
 * A page opened directly (a shared link, a reload):
 * - for a signed-out visitor, the server sends the first screen drawn by the app's own components
 *   with the answers it was drawn from, and the browser takes it over (hydrates) without asking
 *   again (docs/decisions/022-server-rendering.md);
 * - for a signed-in visitor (the app's `signed_in` cookie), the page's code and data load side by
 *   side (docs/decisions/019-first-load.md): the tenant comes with the HTML, the route's chunk is
 *   hinted in the HTML, and the screen's API call starts as soon as the entry runs.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Wait for `what`, or give up after `ms` (then the order recorded below tells what went wrong). */
const orTimeout = (what: Promise<void>, ms: number) =>
  Promise.race([what, new Promise<void>((resolve) => setTimeout(resolve, ms))]);

/**
 * Holds the answer of the route chunk `chunk` until the browser has asked for `apiPath` (at most
 * 10 s), recording the order of events. Code that asked for its data only once its chunk had run
 * would ask after the release: a waterfall.
 */
async function holdChunkUntilApiCall(page: Page, chunk: RegExp, apiPath: string): Promise<string[]> {
  const events: string[] = [];
  let seen: () => void = () => {};
  const apiAsked = new Promise<void>((resolve) => {
    seen = resolve;
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === apiPath) {
      events.push('api asked');
      seen();
    }
    if (url.pathname === '/api/tenant/current') events.push('tenant asked');
  });
  await page.route(chunk, async (route) => {
    events.push('chunk asked');
    await orTimeout(apiAsked, 10_000);
    events.push('chunk released');
    await route.continue();
  });
  return events;
}

/** The API paths a page asks for while it loads and until `ready` resolves. */
function apiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/media/')) calls.push(url.pathname);
  });
  return calls;
}

describe('first load of a signed-out visitor: the first screen comes with the page', () => {
  it('a product page shows without scripts, then works without asking for the product again', async () => {
    const product = await merchantCreatesProduct('delivery', {
      title: '서버 화면 시험 비빔밥',
      price: 9_000,
      display_remaining: 5,
      description: '첫 화면이 HTML로 옵니다.',
    });
    // As a crawler or a slow phone gets it: the title, price and description are in the HTML.
    const html = (await send('farm', 'GET', `/products/${product.id}`)).text;
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(`>${product.title}</h1>`);
    expect(root).toContain('9,000원');
    expect(root).toContain('첫 화면이 HTML로 옵니다.');

    // Scripts off: the screen is there all the same.
    const still = await browser.newContext({ viewport: MOBILE, javaScriptEnabled: false, locale: 'ko-KR' });
    const bare = await still.newPage();
    await bare.goto(`${origin('farm')}/products/${product.id}`);
    expect(await bare.getByRole('heading', { level: 1, name: product.title }).isVisible()).toBe(true);
    // (A page that runs no script waits for no frame: the plain screenshot, not `screenshots`.)
    await bare.screenshot({ path: join(outputDir, 'first-load-product-no-script-390.png'), fullPage: true });
    await still.close();

    // Scripts on: the app takes the screen over (no mismatch reported), without a second request.
    const { page, problems, context } = await openPage(browser, MOBILE);
    const calls = apiCalls(page);
    await page.goto(`${origin('farm')}/products/${product.id}`);
    const reviewsTab = page.getByRole('tab', { name: /^리뷰/ });
    await reviewsTab.click();
    await page.waitForFunction(() =>
      document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.startsWith('리뷰'),
    );
    expect(calls).not.toContain(`/api/products/${product.id}`);
    expect(calls).not.toContain('/api/tenant/current');
    await screenshots(page, 'first-load-product');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("the mall's landing paints in the mall's own colours before any script has run", async () => {
    const { settings } = await api<{ settings: { theme: { primary: string } } }>('mall', 'GET', '/api/tenant/current');
    const still = await browser.newContext({ viewport: MOBILE, javaScriptEnabled: false, locale: 'ko-KR' });
    const bare = await still.newPage();
    await bare.goto(origin('mall'));
    await bare.getByRole('heading', { level: 1 }).waitFor();
    const primary = await bare.locator('html').evaluate((el) => getComputedStyle(el).getPropertyValue('--primary'));
    expect(primary.trim().toUpperCase()).toBe(settings.theme.primary.toUpperCase());
    await still.close();
  });

  it('/main?tab=delivery lists its products in the HTML and switches tabs once taken over', async () => {
    const listed = await send('farm', 'GET', '/api/main/delivery');
    const first = (JSON.parse(listed.text) as { products: { title: string }[] }).products[0];
    expect(first).toBeDefined();
    const html = (await send('farm', 'GET', '/main?tab=delivery')).text;
    expect(html.slice(html.indexOf('<div id="root">'))).toContain(first?.title ?? '?');

    const { page, problems, context } = await openPage(browser, MOBILE);
    const calls = apiCalls(page);
    await page.goto(`${origin('farm')}/main?tab=delivery`);
    await page
      .getByRole('heading', { name: first?.title ?? '?' })
      .first()
      .waitFor();
    await page.getByRole('tab', { name: '쇼핑' }).click();
    await page.waitForURL(/tab=shopping/);
    await page.locator('.catalogue-grid').waitFor();
    expect(calls).not.toContain('/api/main/delivery');
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('first load of a signed-in visitor: code and data side by side', () => {
  it('a product page opened directly asks for the product while its code is still on the way', async () => {
    const product = await merchantCreatesProduct('delivery', {
      title: '첫 화면 시험 비빔밥',
      price: 9_000,
      display_remaining: 5,
    });
    const { page, problems, context } = await openPage(browser, MOBILE);
    await signIn(page, 'farm', 'customer');
    // The server sends no signed-out screen to a browser holding a session.
    const html = await page.evaluate(async (path) => (await fetch(path)).text(), `/products/${product.id}`);
    expect(html).toContain('<div id="root"></div>');
    const events = await holdChunkUntilApiCall(
      page,
      /\/assets\/product-detail-screen-[\w-]+\.js$/,
      `/api/products/${product.id}`,
    );
    await page.goto(`${origin('farm')}/products/${product.id}`);
    await page.getByRole('heading', { name: product.title }).waitFor();

    expect(events.indexOf('api asked')).toBeGreaterThan(-1);
    expect(events.indexOf('api asked')).toBeLessThan(events.indexOf('chunk released'));
    // The tenant came with the page: no start-up call before anything else could begin.
    expect(events).not.toContain('tenant asked');
    await screenshots(page, 'first-load-product');
    expect(problems).toEqual([]);
    await context.close();
  });

  it("/main?tab=delivery opened directly asks for the tab's list while the tab's code is on the way", async () => {
    const { page, problems, context } = await openPage(browser, MOBILE);
    await signIn(page, 'farm', 'customer');
    const events = await holdChunkUntilApiCall(page, /\/assets\/delivery-tab-[\w-]+\.js$/, '/api/main/delivery');
    await page.goto(`${origin('farm')}/main?tab=delivery`);
    await page.locator('.catalogue-section').first().waitFor();

    expect(events.indexOf('api asked')).toBeGreaterThan(-1);
    expect(events.indexOf('api asked')).toBeLessThan(events.indexOf('chunk released'));
    expect(events).not.toContain('tenant asked');
    expect(problems).toEqual([]);
    await context.close();
  });
});
