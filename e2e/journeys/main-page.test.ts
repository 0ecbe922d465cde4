import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, openPage, origin, screenshots, signIn } from '../support/browser';
import { send, withFeatures } from '../support/http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function tabNames(page: Page): Promise<string[]> {
  return page.getByRole('tab').allTextContents();
}

async function selectedTab(page: Page): Promise<string | null> {
  return page.getByRole('tab', { selected: true }).textContent();
}

describe('/main', () => {
  it('shows a tab per enabled feature and takes the active tab from the query parameter', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${origin('farm')}/main?tab=shopping`);
    await page.getByRole('tablist', { name: '메인 탭' }).waitFor();
    // Signed out: no wallet tab even though the feature is on.
    expect(await tabNames(page)).toEqual(['배달·픽업', '쇼핑', '영상', '게시글']);
    expect(await selectedTab(page)).toBe('쇼핑');
    // The shopping tab shows the catalogue's shopping screen (issue 5).
    await page.getByRole('heading', { name: 'BEST' }).waitFor();
    // Own top bar, no general navigation bar.
    expect(await page.locator('header.nav').count()).toBe(0);
    for (const name of ['홈', '소개', '문의', '로그인', '회원가입']) {
      expect(await page.locator('.main-top').getByRole('link', { name, exact: true }).count()).toBe(1);
    }
    await screenshots(page, 'main-farm-shopping');
    await expectAccessible(page);

    await page.getByRole('tab', { name: '게시글' }).click();
    await page.waitForURL(/[?&]tab=post/);
    // The URL changes a moment before the tab row re-renders: wait for the tab itself.
    await page.getByRole('tab', { name: '게시글', selected: true }).waitFor();
    expect(await selectedTab(page)).toBe('게시글');
    await page.getByRole('tab', { name: '배달·픽업' }).click();
    await page.waitForURL(/[?&]tab=delivery/);

    await page.goto(`${origin('farm')}/main?tab=nonsense`);
    await page.getByRole('tablist').waitFor();
    expect(await selectedTab(page)).toBe('배달·픽업');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('mall has no delivery tab: tab=delivery falls back to the first available tab', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${origin('mall')}/main?tab=delivery`);
    await page.getByRole('tablist').waitFor();
    expect(await tabNames(page)).toEqual(['쇼핑', '영상', '게시글']);
    expect(await selectedTab(page)).toBe('쇼핑');
    await screenshots(page, 'main-mall');
    await context.close();
  });

  it('a signed-in customer sees the wallet tab on farm (wallet on) and not on mall (wallet off)', async () => {
    const { page, context } = await openPage(browser);
    const user = await signIn(page, 'farm', 'customer');
    await page.goto(`${origin('farm')}/main?tab=wallet`);
    await page.getByRole('tablist').waitFor();
    expect(await tabNames(page)).toContain('지갑');
    expect(await selectedTab(page)).toBe('지갑');
    expect(await page.locator('.main-top').textContent()).toContain(user.username);
    await screenshots(page, 'main-farm-wallet-signed-in');
    await expectAccessible(page);
    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('.hero-title').waitFor();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
    await context.close();

    const second = await openPage(browser);
    await signIn(second.page, 'mall', 'customer');
    await second.page.goto(`${origin('mall')}/main?tab=wallet`);
    await second.page.getByRole('tablist').waitFor();
    expect(await tabNames(second.page)).not.toContain('지갑');
    await second.context.close();
  });

  it('without any feature it shows the service-preparing notice with the contact e-mail; the server refuses the feeds', async () => {
    const { page, problems, context } = await openPage(browser);
    const allOff = (features: Record<string, boolean>) =>
      Object.fromEntries(Object.keys(features).map((key) => [key, false]));
    await withFeatures('farm', allOff, async () => {
      await page.goto(`${origin('farm')}/main`);
      await page.getByRole('heading', { name: '서비스 준비 중입니다' }).waitFor();
      expect(await page.textContent('main')).toContain('help@farm.example.kr');
      await page.getByRole('link', { name: '홈으로 가기' }).waitFor();
      await screenshots(page, 'main-no-feature');
      await expectAccessible(page);
      for (const feed of ['/api/main/delivery', '/api/main/shopping', '/api/main/posts']) {
        const res = await send('farm', 'GET', feed);
        expect([feed, res.status, JSON.parse(res.text).code]).toEqual([feed, 404, 'feature_disabled']);
      }
    });
    // Switched back on, the same page shows its tabs again.
    await page.reload();
    await page.getByRole('tablist').waitFor();
    expect(await tabNames(page)).toEqual(['배달·픽업', '쇼핑', '영상', '게시글']);
    expect(problems).toEqual([]);
    await context.close();
  });
});
