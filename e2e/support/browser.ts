import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const outputDir = join(root, 'test-output', 'e2e');
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

export type TenantName = 'farm' | 'mall';

/** The demo tenant's address on the test server (Chromium resolves *.localhost to this machine). */
export function origin(tenant: TenantName): string {
  return `http://${tenant}.localhost:${inject('port')}`;
}

/** Debian's Chromium, never a downloaded browser. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // *.localhost is loopback already; pin it to IPv4 where the test server listens.
      '--host-resolver-rules=MAP *.localhost 127.0.0.1',
    ],
  });
}

export interface PageHandle {
  context: BrowserContext;
  page: Page;
  /**
   * Everything that went wrong on the page, in order: uncaught errors (`pageerror: …`), console
   * errors (`console: …`), answers with a status of 400 or more (`http 404 GET /api/…`) and requests
   * that failed (`failed GET https://… net::ERR_…`). A journey ends with `expect(problems).toEqual([])`;
   * one that provokes a failure on purpose takes exactly that entry out with `takeProvoked`.
   */
  problems: string[];
  /** Names the page in a failure: "page 2" is the second page the journey opened. */
  label: string;
}

/** The pages opened by the running journey; support/journey-hooks.ts checks them after it. */
const openedPages: PageHandle[] = [];

/**
 * Fails when a page the journey opened had a problem it did not take out with `takeProvoked`, so
 * that no journey passes over an unexpected error, even one that never looks at `problems`.
 */
export function checkOpenedPages(): void {
  const left = openedPages.splice(0).flatMap((handle) => handle.problems.map((p) => `${handle.label}: ${p}`));
  if (left.length) throw new Error(`e2e: unexpected problems on the journey's pages:\n${left.join('\n')}`);
}

export async function openPage(browser: Browser, viewport = DESKTOP): Promise<PageHandle> {
  const context = await browser.newContext({ viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  const problems: string[] = [];
  const handle = { context, page, problems, label: `page ${openedPages.length + 1}` };
  openedPages.push(handle);
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // Chromium's own "Failed to load resource" line repeats an answer or a failure recorded below
    // with its address; every other console error is the app's.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource:')) {
      problems.push(`console: ${msg.text()}`);
    }
  });
  page.on('response', (res) => {
    if (res.status() >= 400) {
      const url = new URL(res.url());
      const where = url.origin === new URL(page.url() || url.href).origin ? url.pathname + url.search : url.href;
      problems.push(`http ${res.status()} ${res.request().method()} ${where}`);
    }
  });
  page.on('requestfailed', (req) => {
    const error = req.failure()?.errorText ?? 'failed';
    // The page itself cancelled it (a navigation, a replaced image, a video seeking): not a failure.
    if (error !== 'net::ERR_ABORTED') problems.push(`failed ${req.method()} ${req.url()} ${error}`);
  });
  waitForAppOnLoads(page);
  return handle;
}

/**
 * A signed-out visitor's first screen comes rendered from the server and shows before the app
 * runs; a tap then does nothing yet. So each full page load of the journeys (goto, reload, back,
 * forward) returns once the app has taken the page over (`<html data-app="ready">`, set by
 * apps/web/src/app/app.tsx), as a person would wait for it. Pages that are not the app's (no boot
 * data: the sandbox checkout, an API answer) return at once.
 */
function waitForAppOnLoads(page: Page): void {
  const ready = () =>
    page.waitForFunction(
      () => !document.getElementById('app-boot') || document.documentElement.dataset.app === 'ready',
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  const goForward = page.goForward.bind(page);
  page.goto = async (...args) => {
    const answer = await goto(...args);
    await ready();
    return answer;
  };
  page.reload = async (...args) => {
    const answer = await reload(...args);
    await ready();
    return answer;
  };
  page.goBack = async (...args) => {
    const answer = await goBack(...args);
    await ready();
    return answer;
  };
  page.goForward = async (...args) => {
    const answer = await goForward(...args);
    await ready();
    return answer;
  };
}

/**
 * Takes out of `problems` the entries of failures a journey provoked on purpose (a wrong password's
 * 401, the offline postcode script). Each pattern must match at least one entry: a failure that was
 * meant to happen and did not is a failed journey too.
 */
export function takeProvoked(problems: string[], ...patterns: RegExp[]): void {
  for (const pattern of patterns) {
    const before = problems.length;
    const kept = problems.filter((p) => !pattern.test(p));
    if (kept.length === before)
      throw new Error(`e2e: expected a problem matching ${pattern}, got ${JSON.stringify(problems)}`);
    problems.splice(0, problems.length, ...kept);
  }
}

/** Resolves once the browser has laid out and painted two frames after a resize or a scroll. */
function settledLayout(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** Full-page screenshots at 1280 px and 390 px under test-output/e2e/, back at the starting size. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  const start = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await settledLayout(page);
    await page.screenshot({ path: join(outputDir, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(start);
}

/**
 * A scrolling sheet or dialog as a phone and a desktop show it (the viewport, not the full page,
 * which a fixed sheet does not fill), scrolled to its top and to its end; at each size it must fit
 * the viewport's width and its last control must be reachable.
 */
export async function sheetScreenshots(page: Page, sheet: Locator, name: string): Promise<void> {
  const start = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    for (const end of ['top', 'end'] as const) {
      await sheet.evaluate((el, toEnd) => el.scrollTo({ top: toEnd === 'end' ? el.scrollHeight : 0 }), end);
      await settledLayout(page);
      await page.screenshot({ path: join(outputDir, `${name}-${end}-${size.width}.png`) });
    }
    const fit = await sheet.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return {
        overflowX: el.scrollWidth - el.clientWidth,
        left: box.left,
        right: window.innerWidth - box.right,
        top: box.top,
        bottom: window.innerHeight - box.bottom,
      };
    });
    expect(fit.overflowX).toBeLessThanOrEqual(0);
    expect(Math.min(fit.left, fit.right, fit.top, fit.bottom)).toBeGreaterThanOrEqual(-1);
  }
  await page.setViewportSize(start);
  await sheet.evaluate((el) => el.scrollTo({ top: 0 }));
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core on the current page: the serious and critical violations (WCAG 2 A/AA and best practice). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, which the page's CSP (no inline scripts) does not
  // govern; a <script> tag would be refused, and the CSP stays enforced for the app itself.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    interface AxeResult {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    }
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  });
}

export interface SessionUser {
  id: number;
  email: string;
  username: string;
  user_type: 'customer' | 'merchant' | 'superuser';
  is_admin: boolean;
  [key: string]: unknown;
}

export type DemoAccount = 'customer' | 'merchant' | 'admin';

/** The demo accounts of the seed (README), all with the password demo1234. */
const demoEmails: Record<DemoAccount, string> = {
  customer: 'customer@example.com',
  merchant: 'merchant@example.com',
  admin: 'admin@example.com',
};

/**
 * Signs a demo account in the way the login screen does: POST /api/auth/login with form data,
 * then token and user stored under the local storage keys `token` and `user`. Any other answer than
 * 200 fails the journey.
 */
export async function signIn(page: Page, tenant: TenantName, account: DemoAccount): Promise<SessionUser> {
  await page.goto(`${origin(tenant)}/policy`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const answer = await page.evaluate(async (email) => {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ username: email, password: 'demo1234' }),
    });
    return { status: res.status, body: res.ok ? await res.json() : null };
  }, demoEmails[account]);

  if (answer.status !== 200 || !answer.body) throw new Error(`e2e: login of ${account} answered ${answer.status}`);
  const { access_token: token, user } = answer.body as { access_token: string; user: SessionUser };
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify(u));
    },
    [token, user] as const,
  );
  // As the app's sign-in sets it (apps/web/src/lib/storage.ts): the server then sends no signed-out first screen.
  await page.context().addCookies([{ name: 'signed_in', value: '1', url: origin(tenant) }]);
  return user;
}

/** The value of a CSS custom property on <html>. */
export function cssVariable(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}

/** Fails with the list of serious and critical axe-core violations, if any. */
export async function expectAccessible(page: Page): Promise<void> {
  const violations = await seriousAxeViolations(page);
  if (violations.length) {
    throw new Error(
      `axe-core: serious or critical violations on ${page.url()}:\n${JSON.stringify(violations, null, 2)}`,
    );
  }
}
