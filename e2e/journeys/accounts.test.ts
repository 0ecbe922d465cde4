import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blockPostcodeScript,
  DEMO_PASSWORD,
  latestMail,
  loginThroughUi,
  POSTCODE_FALLBACK,
  POSTCODE_SCRIPT,
  registerCustomer,
  uniqueEmail,
  uniquePhone,
} from '../support/accounts';
import {
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

async function verifyEmailOnForm(page: Page, email: string) {
  await page.getByLabel('이메일', { exact: true }).fill(email);
  await page.getByRole('button', { name: '인증코드 발송' }).click();
  const { code } = await latestMail(email, 'email_verification');
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('인증 코드').fill(code ?? '');
  await page.getByRole('button', { name: '인증 확인' }).click();
  await page.getByRole('button', { name: '인증완료' }).waitFor();
  expect(await page.getByLabel('이메일', { exact: true }).getAttribute('readonly')).not.toBeNull();
}

async function fillManualAddress(page: Page, base: string, detail: string) {
  // Offline, the postcode widget cannot load: the base address is typed by hand.
  await page.getByText(POSTCODE_FALLBACK).first().waitFor();
  await page.getByRole('textbox', { name: /주소$/ }).first().fill(base);
  await page.getByRole('textbox', { name: '상세 주소' }).fill(detail);
}

describe('accounts: registration, login, logout, password reset', () => {
  it('a customer registers with the mailed code, logs in, sees the greeting, edits the profile and logs out', async () => {
    const { page, problems, context } = await openPage(browser);
    await blockPostcodeScript(page);
    const email = uniqueEmail('customer');
    const username = `소비자${Date.now().toString(36).slice(-4)}`;

    await page.goto(`${origin('farm')}/login`);
    await page.getByRole('heading', { level: 1, name: '로그인' }).waitFor();
    await screenshots(page, 'login-farm');
    await expectAccessible(page);
    await page.getByRole('link', { name: '소비자 회원가입' }).click();
    await page.waitForURL(/\/terms$/);
    await page.getByText('소비자 회원가입').first().waitFor();
    await page.getByRole('checkbox', { name: /전체 동의하기/ }).check({ force: true });
    await page.getByRole('button', { name: '다음' }).click();
    await page.waitForURL(/\/register\/customer$/);
    await page.getByRole('heading', { level: 1, name: '소비자 회원가입' }).waitFor();

    const submit = page.getByRole('button', { name: '가입하기' });
    expect(await submit.isDisabled()).toBe(true);
    // Empty e-mail: the spec's "enter e-mail" text under the field.
    await page.getByRole('button', { name: '인증코드 발송' }).click();
    await page.getByText('이메일을 입력해주세요.').waitFor();

    await verifyEmailOnForm(page, email);
    await page.getByLabel('사용자명').fill(username);
    await page.getByLabel('비밀번호', { exact: true }).fill('test1234a');
    await page.getByLabel('비밀번호 확인').fill('test1234b');
    await page.getByLabel('휴대전화번호').fill(uniquePhone());
    await page.getByLabel('휴대전화번호').blur();
    await page.getByText('비밀번호가 일치하지 않습니다.').waitFor();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('비밀번호 확인').fill('test1234a');
    await fillManualAddress(page, '서울특별시 마포구 월드컵로 1', '101호');
    await page.waitForFunction(() => !(document.querySelector('button[type=submit]') as HTMLButtonElement).disabled);
    await screenshots(page, 'register-customer-filled');
    await expectAccessible(page);
    await submit.click();

    await page.waitForURL(/\/login$/);
    await page.getByText('회원가입이 완료되었습니다. 로그인해주세요.').waitFor();

    // A wrong password shows the server's detail.
    await page.getByLabel('이메일', { exact: true }).fill(email);
    await page.getByLabel('비밀번호', { exact: true }).fill('wrong-password1');
    await page.locator('form').getByRole('button', { name: '로그인' }).click();
    await page.getByText('이메일 또는 비밀번호가 올바르지 않습니다.').waitFor();
    await screenshots(page, 'login-error');

    await page.getByLabel('비밀번호', { exact: true }).fill('test1234a');
    await page.locator('form').getByRole('button', { name: '로그인' }).click();
    await page.waitForURL(/\/main$/);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(stored.email).toBe(email);
    expect(stored.address).toBe('서울특별시 마포구 월드컵로 1, 101호');

    await page.goto(origin('farm'));
    const nav = page.locator('header.nav');
    await nav.getByText(`안녕하세요, ${username}님`).waitFor();

    // Profile edit: the answer is merged into the stored user and the bar follows (userDataUpdated).
    await page.goto(`${origin('farm')}/profile/edit`);
    await page.getByRole('heading', { level: 1, name: '프로필 설정' }).waitFor();
    const renamed = `${username}변경`;
    await page.getByLabel('사용자명').fill(renamed);
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await page.getByText('프로필이 성공적으로 수정되었습니다.').waitFor();
    await nav.getByText(`안녕하세요, ${renamed}님`).waitFor();
    await screenshots(page, 'profile-edit-customer');
    await expectAccessible(page);

    await page.getByRole('button', { name: '메뉴' }).click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.locator('.hero-title').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The wrong password's refusal was provoked on purpose.
    takeProvoked(problems, POSTCODE_SCRIPT, /^http 401 POST \/api\/auth\/login$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a merchant registers in two steps with a previous button, then lands on the dashboard route', async () => {
    const { page, problems, context } = await openPage(browser, MOBILE);
    await blockPostcodeScript(page);
    const email = uniqueEmail('merchant');
    // Opened directly, the form first sends the visitor through its consent step (issue 36).
    await page.goto(`${origin('mall')}/register/merchant`);
    await page.waitForURL(/\/terms$/);
    await page.getByRole('checkbox', { name: /전체 동의하기/ }).check({ force: true });
    await page.getByRole('button', { name: '다음' }).click();
    await page.waitForURL(/\/register\/merchant$/);
    await page.getByRole('heading', { level: 1, name: '생산자(판매자) 회원가입' }).waitFor();
    const next = page.getByRole('button', { name: '다음' });
    expect(await next.isDisabled()).toBe(true);

    await verifyEmailOnForm(page, email);
    const username = `판매자${Date.now().toString(36).slice(-4)}`;
    await page.getByLabel('사용자명').fill(username);
    await page.getByLabel('비밀번호', { exact: true }).fill('shop2025ok');
    await page.getByLabel('비밀번호 확인').fill('shop2025ok');
    await screenshots(page, 'register-merchant-step1');
    await next.click();

    await page.getByLabel('상호명').waitFor();
    await page.getByLabel('상호명').fill('바른 텃밭');
    await page.getByRole('button', { name: '이전' }).click();
    // Step 1 keeps what was typed and the verified e-mail.
    expect(await page.getByLabel('사용자명').inputValue()).toBe(username);
    await page.getByRole('button', { name: '인증완료' }).waitFor();
    await next.click();

    expect(await page.getByLabel('상호명').inputValue()).toBe('바른 텃밭');
    await page.getByLabel('사업자등록번호').fill('123-45-6789');
    await page.getByLabel('사업자등록번호').blur();
    await page.getByText('사업자등록번호는 숫자 10자리로 입력해주세요.').waitFor();
    await page.getByLabel('사업자등록번호').fill('1234567890');
    await page.getByLabel('사업장 소개 (선택)').fill('성수동 옥상 텃밭에서 기른 허브를 팝니다.');
    await fillManualAddress(page, '서울특별시 성동구 성수이로 77', '옥상');
    await page.getByLabel('사업장 전화번호').fill('02-123-4567');
    await page.getByLabel('사업장 전화번호').blur();
    const submit = page.getByRole('button', { name: '가입하기' });
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent === '가입하기');
      return button && !button.disabled;
    });
    await screenshots(page, 'register-merchant-step2');
    await expectAccessible(page);
    await submit.click();
    await page.waitForURL(/\/login$/);
    await page.getByText('회원가입이 완료되었습니다. 로그인해주세요.').waitFor();

    await loginThroughUi(page, 'mall', email, 'shop2025ok');
    expect(new URL(page.url()).pathname).toBe('/merchant/dashboard');
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}'));
    expect(user.user_type).toBe('merchant');
    expect(user.merchant.business_name).toBe('바른 텃밭');
    expect(user.merchant.business_number).toBe('1234567890');
    expect(user.merchant.address).toBe('서울특별시 성동구 성수이로 77, 옥상');
    takeProvoked(problems, POSTCODE_SCRIPT);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a password is reset through the mailed link; without a token the page says the access is invalid', async () => {
    const { page, problems, context } = await openPage(browser);
    const { email } = await registerCustomer('farm', 'reset', 'first1234');

    await page.goto(`${origin('farm')}/reset-password`);
    await page.getByText('유효하지 않은 접근입니다', { exact: false }).waitFor();
    await screenshots(page, 'reset-password-no-token');
    await expectAccessible(page);
    await page.getByRole('link', { name: '재설정 링크 다시 요청하기' }).click();
    await page.waitForURL(/\/reset-password-request$/);

    await page.getByLabel('이메일', { exact: true }).fill(email);
    await page.getByRole('button', { name: '재설정 링크 받기' }).click();
    await page.getByText('비밀번호 재설정 링크를 보냈습니다.', { exact: false }).waitFor();
    await screenshots(page, 'reset-password-request-sent');
    const { link } = await latestMail(email, 'password_reset');
    expect(link).toContain('/reset-password?token=');

    // The link opens on the tenant's own address (its domain and the server's public port).
    expect(new URL(link ?? '').origin).toBe(origin('farm'));
    await page.goto(link ?? '');
    await page.getByLabel('새 비밀번호').fill('short');
    await page.getByLabel('비밀번호 확인').fill('short');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.getByText('비밀번호는 최소 8자 이상이어야 합니다.').waitFor();
    await page.getByLabel('새 비밀번호').fill('second5678');
    await page.getByLabel('비밀번호 확인').fill('second5678');
    await screenshots(page, 'reset-password-form');
    await page.getByRole('button', { name: '비밀번호 변경' }).click();
    await page.getByText('비밀번호가 변경되었습니다.', { exact: false }).waitFor();
    await page.getByRole('link', { name: '로그인하기' }).click();
    await page.waitForURL(/\/login$/);

    await loginThroughUi(page, 'farm', email, 'second5678');
    expect(new URL(page.url()).pathname).toBe('/main');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('find e-mail shows the masked address; unknown phones get the spec text', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${origin('farm')}/find-email`);
    await page.getByLabel('휴대전화번호').fill('010-1234-5678');
    await page.getByRole('button', { name: '이메일 찾기' }).click();
    await page.getByText('가입된 이메일').waitFor();
    expect(await page.locator('.auth-result strong').textContent()).toMatch(/\*/);
    await screenshots(page, 'find-email-found');
    await expectAccessible(page);
    await page.getByLabel('휴대전화번호').fill('010-0000-0001');
    await page.getByRole('button', { name: '이메일 찾기' }).click();
    await page.getByText('등록된 이메일을 찾을 수 없습니다.').waitFor();
    takeProvoked(problems, /^http 404 POST \/api\/auth\/find-email$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a login opened from a purchase attempt says so and returns to the product; demo merchants land on their dashboard', async () => {
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${origin('farm')}/policy`);
    await page.evaluate(() => {
      window.history.pushState({ usr: { returnUrl: '/products/1' }, key: 'buy', idx: 1 }, '', '/login');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await page.getByText('주문하려면 로그인이 필요합니다.').waitFor();
    await page.getByLabel('이메일', { exact: true }).fill('customer@example.com');
    await page.getByLabel('비밀번호', { exact: true }).fill(DEMO_PASSWORD);
    await page.locator('form').getByRole('button', { name: '로그인' }).click();
    await page.waitForURL(/\/products\/1$/);
    expect(problems).toEqual([]);
    await context.close();

    const second = await openPage(browser);
    await loginThroughUi(second.page, 'farm', 'merchant@example.com');
    expect(new URL(second.page.url()).pathname).toBe('/merchant/dashboard');
    expect(second.problems).toEqual([]);
    await second.context.close();
  });
});
