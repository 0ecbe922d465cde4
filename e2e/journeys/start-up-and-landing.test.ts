import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cssVariable,
  expectAccessible,
  launchBrowser,
  MOBILE,
  openPage,
  origin,
  screenshots,
  takeProvoked,
} from '../support/browser';

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
    expect(await page.locator('.feature-card').count()).toBe(4);
    expect(await page.locator('.story-card').count()).toBe(3);
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
