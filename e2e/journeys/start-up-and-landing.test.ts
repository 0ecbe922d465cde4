import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cssVariable,
  DESKTOP,
  expectAccessible,
  launchBrowser,
  MOBILE,
  openPage,
  origin,
  screenshots,
  type TenantName,
  takeProvoked,
} from '../support/browser';
import { api, send } from '../support/http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('tenant start-up and the landing page', () => {
  it('farm.localhost starts with its own name, orange theme and landing page', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(origin('farm'));
    await page.getByRole('heading', { level: 1, name: '오늘 아침 수확한 채소, 우리 동네 농부에게서' }).waitFor();
    expect(await page.title()).toBe('우리동네 농장');
    expect(await cssVariable(page, '--primary')).toBe('#FF9630');
    await expect(page.getByRole('link', { name: '우리동네 농장 홈' }).first().isVisible()).resolves.toBe(true);
    // hero_subtitle holds HTML: rendered, sanitised.
    expect(await page.locator('.hero-subtitle strong').textContent()).toBe('직접 보고');
    // Every feature is on at farm: pickup and points are offered (cards from the features, below).
    expect(await page.locator('.offering-card').count()).toBe(5);
    await page.getByRole('heading', { name: '지금 바로 시작해보세요' }).waitFor();
    const footer = page.locator('footer');
    expect(await footer.textContent()).toContain('(주)우리동네농장');
    expect(await footer.textContent()).toContain('제2025-경기양평-0123호');
    expect(await footer.textContent()).toContain('© ');
    await screenshots(page, 'landing-farm');
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('mall.localhost starts with another name and the blue theme', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(origin('mall'));
    await page.getByRole('heading', { level: 1, name: '매일 쓰는 물건, 바르게 고르다' }).waitFor();
    expect(await page.title()).toBe('바른마켓');
    expect(await cssVariable(page, '--primary')).toBe('#2F80ED');
    expect(await page.locator('.hero-subtitle em').textContent()).toBe('생활용품과 먹거리');
    const buttonColour = await page
      .getByRole('link', { name: '소비자로 시작하기' })
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(buttonColour).not.toBe('rgb(255, 150, 48)');
    await screenshots(page, 'landing-mall');
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the landing page passes axe at phone width too', async () => {
    const { page, context } = await openPage(browser, MOBILE);
    await page.goto(origin('farm'));
    await page.locator('.hero-title').waitFor();
    await expectAccessible(page);
    await context.close();
  });

  it('shows the loading screen, then the error screen with a reload button when the tenant cannot load', async () => {
    const { page, problems, context } = await openPage(browser);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/tenant/current', async (route) => {
      await held;
      await route.fulfill({ status: 503, json: { detail: '점검 중입니다.', code: 'unavailable' } });
    });
    // The page as the server sends it when it could not look the tenant up itself: without the
    // boot data (docs/decisions/019-first-load.md) and without a first screen rendered for the
    // tenant (022), so the app asks /api/tenant/current.
    const served = await send('farm', 'GET', '/');
    await page.route(`${origin('farm')}/`, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: served.text
          .replace(/<script id="app-boot"[\s\S]*?<\/script>/, '')
          .replace(/<div id="root">[\s\S]*<\/div>(\s*<\/body>)/, '<div id="root"></div>$1'),
      }),
    );
    await page.goto(origin('farm'), { waitUntil: 'commit' });
    await page.getByText('서비스 정보를 불러오는 중입니다…').waitFor();
    release();
    await page.getByRole('heading', { name: '서비스 정보를 불러올 수 없습니다' }).waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: '새로고침' }).waitFor();
    expect(await page.textContent('body')).toContain('점검 중입니다.');
    await screenshots(page, 'startup-error');
    await expectAccessible(page);
    // The 503 this journey stands in for the server, and nothing else.
    takeProvoked(problems, /^http 503 GET \/api\/tenant\/current$/);
    await context.close();
  });
});

interface FeedPost {
  id: number;
  title: string;
  author_id: number;
  thumbnail_url: string | null;
  author: { username: string };
}

/** The stories the landing should show, from the same public APIs it asks: pictures first, three. */
async function expectedStories(tenant: TenantName) {
  const { posts } = await api<{ posts: FeedPost[] }>(
    tenant,
    'GET',
    '/api/main/posts?page=1&size=6&is_announcement=false',
  );
  const { creators } = await api<{ creators: { id: number; username: string; business_name: string | null }[] }>(
    tenant,
    'GET',
    '/api/main/creators',
  );
  const names = new Map(creators.map((c) => [c.id, c.business_name?.trim() || c.username]));
  return [...posts.filter((p) => p.thumbnail_url), ...posts.filter((p) => !p.thumbnail_url)]
    .slice(0, 3)
    .map((p) => ({ href: `/content/${p.id}`, title: p.title, author: names.get(p.author_id) ?? p.author.username }));
}

describe('each tenant tells its own story', () => {
  for (const tenant of ['farm', 'mall'] as const) {
    it(`${tenant}: cards for its features only, its own posts as stories, surfaces in its colours`, async () => {
      const { features } = await api<{ features: Record<string, boolean> }>(tenant, 'GET', '/api/tenant/current');
      const stories = features.content ? await expectedStories(tenant) : [];
      expect(stories.length).toBeGreaterThan(0);
      for (const size of [DESKTOP, MOBILE]) {
        const { page, problems, context } = await openPage(browser, size);
        await page.goto(origin(tenant));
        const list = page.getByRole('list', { name: '생산자 이야기' });
        await list.waitFor();
        const body = (await page.textContent('body')) ?? '';
        // A feature that is off is never advertised: mall has neither delivery nor the wallet.
        expect(/픽업/.test(body)).toBe(features.delivery);
        expect(/적립금/.test(body)).toBe(features.wallet);
        const cards = await page.locator('.offering-card h3').allTextContents();
        expect(cards.includes('픽업·배달 주문')).toBe(features.delivery);
        expect(cards.includes('적립금 혜택')).toBe(features.wallet);
        expect(cards.includes('택배 쇼핑')).toBe(features.shopping);

        const links = list.getByRole('link');
        expect(await links.count()).toBe(stories.length);
        for (const [i, story] of stories.entries()) {
          const link = links.nth(i);
          expect(await link.getAttribute('href')).toBe(story.href);
          expect(await link.locator('h3').textContent()).toBe(story.title);
          expect(await link.locator('.story-author').textContent()).toBe(story.author);
        }
        // Page surfaces are tinted with the theme: warm under orange, cool under blue, never cream for mall.
        const surface = await page
          .locator('.landing')
          .evaluate((el) => getComputedStyle(el).backgroundColor.match(/\d+/g)?.map(Number) ?? []);
        const [r = 0, , b = 0] = surface;
        expect(tenant === 'mall' ? b > r : r > b).toBe(true);

        if (size === MOBILE) {
          await screenshots(page, `landing-stories-${tenant}`);
          await expectAccessible(page);
          await links.first().click();
          await page.waitForURL((url) => url.pathname === stories[0]?.href);
          await page.getByRole('heading', { level: 1, name: stories[0]?.title }).waitFor();
          await page.goBack();
          await page.getByRole('link', { name: '이야기 더 보기' }).click();
          await page.waitForURL((url) => url.pathname === '/main' && url.searchParams.get('tab') === 'post');
          await page.getByRole('tab', { name: '게시글', selected: true }).waitFor();
        }
        expect(problems).toEqual([]);
        await context.close();
      }
    });
  }
});
