import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, MOBILE, openPage, origin, screenshots } from '../support/browser';
import { merchantCreatesProduct } from '../support/shop';

/**
 * A page opened directly (a shared link, a reload) loads its code and its data side by side
 * (docs/decisions/019-first-load.md): the tenant comes with the HTML, the route's chunk is hinted
 * in the HTML, and the screen's API call starts as soon as the entry runs, not after the chunk.
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

describe('first load', () => {
  it('a product page opened directly asks for the product while its code is still on the way', async () => {
    const product = await merchantCreatesProduct('delivery', {
      title: '첫 화면 시험 비빔밥',
      price: 9_000,
      display_remaining: 5,
    });
    const { page, problems, context } = await openPage(browser, MOBILE);
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
