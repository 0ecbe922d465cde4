import { mkdirSync, readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
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
  /** Console errors and failed requests other than the expected 404s of APIs not built yet. */
  problems: string[];
}

export async function openPage(browser: Browser, viewport = DESKTOP): Promise<PageHandle> {
  const context = await browser.newContext({ viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // A 404 of an API that later issues build is expected and logged by the app on purpose.
    if (msg.type() === 'error' && !/404 \(Not Found\)/.test(msg.text())) problems.push(`console: ${msg.text()}`);
  });
  return { context, page, problems };
}

/** Full-page screenshots at 1280 px and 390 px under test-output/e2e/, back at the starting size. */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(outputDir, { recursive: true });
  const start = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150);
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
      await page.waitForTimeout(100);
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

/** Stand-ins used only while the accounts API is absent (see signIn). */
const fallbackUsers: Record<DemoAccount, SessionUser> = {
  customer: { id: 101, email: demoEmails.customer, username: '김고객', user_type: 'customer', is_admin: false },
  merchant: {
    id: 202,
    email: demoEmails.merchant,
    username: '햇살농원',
    user_type: 'merchant',
    is_admin: false,
    merchant: { id: 7, business_name: '햇살농원', business_description: '양평의 유기농 농장' },
  },
  admin: { id: 1, email: demoEmails.admin, username: '관리자', user_type: 'customer', is_admin: true },
};

/**
 * Signs a demo account in the way the login screen does: POST /api/auth/login with form data,
 * then token and user stored under the local storage keys `token` and `user`. Where the server has
 * no accounts API yet (404), the session is SEEDED instead: a stand-in user is written to local
 * storage and the token check (GET /api/auth/me) is answered with it.
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

  if (answer.status === 404) {
    const user = fallbackUsers[account];
    await page.route('**/api/auth/me', (route) => route.fulfill({ json: user }));
    await page.evaluate((u) => {
      localStorage.setItem('token', `seeded-test-token-${u.id}`);
      localStorage.setItem('user', JSON.stringify(u));
    }, user);
    return user;
  }
  if (answer.status !== 200 || !answer.body) throw new Error(`e2e: login of ${account} answered ${answer.status}`);
  const { access_token: token, user } = answer.body as { access_token: string; user: SessionUser };
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify(u));
    },
    [token, user] as const,
  );
  return user;
}

/** The value of a CSS custom property on <html>. */
export function cssVariable(page: Page, name: string): Promise<string> {
  return page.evaluate((n) => getComputedStyle(document.documentElement).getPropertyValue(n).trim(), name);
}

/**
 * Changes the real tenant answer, for rules the demo seed has no tenant for (a feature off). The
 * answer is fetched from the test server with the page's Host (Node cannot resolve *.localhost).
 */
export async function overrideTenant(page: Page, change: (tenant: Record<string, unknown>) => void): Promise<void> {
  await page.route('**/api/tenant/current', async (route) => {
    const host = new URL(route.request().url()).host;
    const tenant = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = httpGet(
        { host: '127.0.0.1', port: inject('port'), path: '/api/tenant/current', headers: { host } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
          });
          res.on('end', () => resolve(JSON.parse(body)));
        },
      );
      req.on('error', reject);
    });
    change(tenant);
    await route.fulfill({ json: tenant });
  });
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
