import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { inject, vi } from 'vitest';
import { origin, type TenantName } from './browser';
import { api } from './http';
import type { CaughtMail } from './mail-catcher';

/** Password of every demo account (apps/server/src/seed/demo.ts; named in the README). */
export const DEMO_PASSWORD = 'demo1234';

let counter = 0;
/** A token no other call of this run makes: the time and a counter, both taken at once. */
function uniqueToken(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
}

/** An address no other journey (or earlier run on this server) uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${uniqueToken()}@example.kr`;
}

/** A Korean mobile number no other journey uses (find-email answers by phone). */
export function uniquePhone(): string {
  counter += 1;
  return `010${String((Date.now() + counter) % 100_000_000).padStart(8, '0')}`;
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  kind: 'email_verification' | 'password_reset';
  /** The 6-digit verification code the mail's text carries, or null. */
  code: string | null;
  /** The password reset link the mail's text carries, or null. */
  link: string | null;
}

/** What a person reads in a mail: the code of a verification mail, the link of a reset mail. */
function readMail(to: string, mail: CaughtMail): SentMail {
  const code = /인증 코드: (\d{6})/.exec(mail.text)?.[1] ?? null;
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0] ?? null;
  return {
    to,
    subject: mail.subject,
    text: mail.text,
    kind: link ? 'password_reset' : 'email_verification',
    code,
    link,
  };
}

/**
 * The newest mail of `kind` to `to` that the server sent (through SMTP to the stand-in of the
 * global setup, which writes each mail into the folder `mailDir`), waiting up to 10 s for it.
 */
export function latestMail(to: string, kind: 'email_verification' | 'password_reset'): Promise<SentMail> {
  const dir = inject('mailDir');
  const address = to.toLowerCase();
  return vi.waitFor(
    () => {
      const names = readdirSync(dir)
        .filter((n) => n.endsWith('.json'))
        .sort()
        .reverse();
      for (const name of names) {
        const caught = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CaughtMail;
        if (!caught.to.includes(address)) continue;
        const mail = readMail(address, caught);
        if (mail.kind === kind) return mail;
      }
      throw new Error(`no ${kind} mail to ${to} reached the SMTP stand-in`);
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** What an address field says once the postcode script has failed (apps/web/src/messages/form.ts). */
export const POSTCODE_FALLBACK = '주소 검색을 불러올 수 없어 직접 입력해주세요.';

/** The problem entry (support/browser.ts) of the postcode script that `blockPostcodeScript` fails. */
export const POSTCODE_SCRIPT = /^failed GET https:\/\/t1\.daumcdn\.net\//;

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
 * Registers a fresh customer through the API from Node, as the sign-up screen does (code sent by
 * mail, read from the SMTP stand-in, verified, then the account): for journeys that need an
 * account of their own. Answers its e-mail and phone, both unique in the run.
 */
export async function registerCustomer(
  tenant: TenantName,
  prefix: string,
  password: string,
): Promise<{ email: string; phone: string }> {
  // Taken before the first await: two registrations side by side must not share a name.
  const email = uniqueEmail(prefix);
  const username = `테스트${uniqueToken()}`;
  const phone = uniquePhone();
  const post = (path: string, json: unknown) => api(tenant, 'POST', path, { body: { json } });
  await post('/api/auth/send-verification-email', { email });
  const { code } = await latestMail(email, 'email_verification');
  await post('/api/auth/verify-email', { email, code });
  await post('/api/auth/register/customer', {
    email,
    username,
    password,
    user_type: 'customer',
    phone,
    address: '서울특별시 중구 세종대로 110, 1층',
  });
  return { email, phone };
}
