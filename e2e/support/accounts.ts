import type { Page } from 'playwright-core';
import { origin, type TenantName } from './browser';

/** Password of every demo account (apps/server/src/seed/demo.ts; named in the README). */
export const DEMO_PASSWORD = 'demo1234';

let counter = 0;
/** An address no other journey (or earlier run on this server) uses. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.kr`;
}

/** A unique Korean mobile number (find-email answers by phone). */
export function uniquePhone(): string {
  return `010${String(Date.now() % 100_000_000).padStart(8, '0')}`;
}

export interface OutboxMail {
  to: string;
  kind: string | null;
  code: string | null;
  link: string | null;
}

/**
 * The newest mail of `kind` to `to` in the development outbox, read from the page's own origin
 * (the outbox is per tenant), waiting briefly for it to arrive.
 */
export async function latestMail(
  page: Page,
  to: string,
  kind: 'email_verification' | 'password_reset',
): Promise<OutboxMail> {
  for (let i = 0; i < 40; i++) {
    const mails = await page.evaluate(async (address) => {
      const res = await fetch(`/api/dev/outbox?to=${encodeURIComponent(address)}`);
      return ((await res.json()) as { mails: OutboxMail[] }).mails;
    }, to);
    const mail = mails.find((m) => m.kind === kind);
    if (mail) return mail;
    await page.waitForTimeout(250);
  }
  throw new Error(`no ${kind} mail to ${to} in the outbox`);
}

/** The postcode widget's script never loads on this offline machine: fail it at once, as offline does. */
export async function blockPostcodeScript(page: Page): Promise<void> {
  await page.route('**/t1.daumcdn.net/**', (route) => route.abort('internetdisconnected'));
}

/** Signs in through the login screen and waits for the landing route of the user type. */
export async function loginThroughUi(page: Page, tenant: TenantName, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${origin(tenant)}/login`);
  await page.getByLabel('이메일', { exact: true }).fill(email);
  await page.getByLabel('비밀번호', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: '로그인' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * Registers a customer through the API from inside the page (send code, read it from the outbox,
 * verify, register): for journeys that need a fresh account of their own.
 */
export async function registerCustomerViaApi(page: Page, tenant: TenantName, email: string, password: string) {
  await page.goto(`${origin(tenant)}/policy`);
  const post = (path: string, body: unknown) =>
    page.evaluate(
      async ({ path, body }) => {
        const res = await fetch(path, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      },
      { path, body },
    );
  await post('/api/auth/send-verification-email', { email });
  const { code } = await latestMail(page, email, 'email_verification');
  await post('/api/auth/verify-email', { email, code });
  await post('/api/auth/register/customer', {
    email,
    username: `테스트${Date.now().toString(36).slice(-5)}`,
    password,
    user_type: 'customer',
    phone: uniquePhone(),
    address: '서울특별시 중구 세종대로 110, 1층',
  });
}
