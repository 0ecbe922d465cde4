import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, MOBILE, openPage, origin, screenshots, signIn } from '../support/browser';
import { type Customer, newCustomer, signInAs, topUpPoints } from '../support/shop';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Test cards of the sandbox checkout page (apps/server/src/platform/payments/sandbox-gateway.ts). */
const APPROVE_CARD = '4242 4242 4242 4242';
const DECLINE_CARD = '4000 0000 0000 0002';
const DECLINE_MESSAGE = '카드 한도가 초과되었습니다. (테스트 카드)';

/** The demo customer of the farm tenant, whose seeded wallet has a balance and a history. */
const CUSTOMER = 'customer@example.com';

/** Points a fresh customer of a journey starts with: topped up by card through the API. */
const START_POINTS = 10_000;

/**
 * A fresh customer of the journey's own with START_POINTS and nothing locked, so that its wallet
 * holds only what the journey does (the demo customer's is shared with the other journeys).
 */
async function fundedCustomer(prefix: string): Promise<Customer> {
  const customer = await newCustomer(prefix);
  expect(await topUpPoints(customer, START_POINTS)).toBe(START_POINTS);
  return customer;
}

const won = (v: number) => v.toLocaleString('ko-KR');

/** The available points on the balance card, once it has loaded. */
async function readBalance(page: Page): Promise<number> {
  const text = (await page.locator('.wallet-balance-amount').textContent()) ?? '';
  expect(text).toMatch(/^[\d,]+P$/);
  return Number(text.replace(/\D/g, ''));
}

/** Waits until the balance card shows `expected` (the wallet reloads after money moved). */
async function expectBalance(page: Page, expected: number): Promise<void> {
  await page.locator('.wallet-balance-amount', { hasText: new RegExp(`^${won(expected)}P$`) }).waitFor();
}

/** The newest row of the history as the user reads it: label, second line, signed amount. */
async function firstHistoryRow(page: Page) {
  const row = page.locator('.wallet-tx').first();
  await row.waitFor();
  return {
    label: (await row.locator('.wallet-tx-label').textContent())?.trim(),
    meta: (await row.locator('.wallet-tx-meta').textContent())?.trim() ?? '',
    amount: (await row.locator('.wallet-tx-amount').textContent())?.trim(),
  };
}

/** The quick-amount chips of a modal each show their amount on one line, inside the chip. */
async function expectChipsFit(page: Page): Promise<void> {
  const broken = await page.locator('.wallet-chip').evaluateAll((chips) =>
    chips
      .filter((chip) => {
        const text = document.createRange();
        text.selectNodeContents(chip);
        const lines = new Set([...text.getClientRects()].map((r) => Math.round(r.top)));
        return lines.size > 1 || chip.scrollWidth > chip.clientWidth;
      })
      .map((chip) => chip.textContent),
  );
  expect(broken).toEqual([]);
}

/** Opens the wallet tab of /main signed in, and waits for the balance and the history. */
async function openWalletTab(page: Page): Promise<number> {
  await page.goto(`${origin('farm')}/main?tab=wallet`);
  await page.getByRole('tab', { name: '지갑', selected: true }).waitFor();
  await page.locator('.wallet-balance-amount').waitFor();
  await page.locator('.wallet-tx').first().waitFor();
  return readBalance(page);
}

/**
 * Opens the top-up modal, picks `amount` (a quick chip, or the default 10,000 when omitted), checks
 * the buyer fields the session prefilled and submits: the browser leaves for the sandbox checkout.
 */
async function startTopup(page: Page, amount?: number): Promise<void> {
  await page.locator('.wallet-balance').getByRole('button', { name: '충전하기' }).click();
  const dialog = page.getByRole('dialog', { name: '포인트 충전' });
  await dialog.waitFor();
  const amountField = dialog.getByLabel('충전 금액');
  expect(await amountField.inputValue()).toBe('10,000');
  await expectChipsFit(page);
  if (amount !== undefined) {
    await dialog.getByRole('button', { name: `${won(amount)}원`, exact: true }).click();
    expect(await amountField.inputValue()).toBe(won(amount));
  }
  // Buyer details come from the signed-in demo customer (name, phone, e-mail are required).
  expect(await dialog.getByLabel('이름').inputValue()).toBe('김고객');
  expect(await dialog.getByLabel('이메일').inputValue()).toBe(CUSTOMER);
  const phone = dialog.getByLabel('휴대폰 번호');
  if (!(await phone.inputValue())) await phone.fill('010-1234-5678');
  await dialog.getByRole('button', { name: `${won(amount ?? 10_000)}원 결제하기` }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/sandbox-pay/'));
  await page.getByRole('heading', { level: 1, name: '카드 결제' }).waitFor();
  expect(await page.locator('.amount').textContent()).toBe(`${won(amount ?? 10_000)}원`);
}

/** Types a card on the sandbox checkout page and pays: the page sends the browser back to the shop. */
async function payWithCard(page: Page, card: string): Promise<void> {
  await page.getByLabel('카드 번호').fill(card);
  await page.getByRole('button', { name: '결제하기' }).click();
  await page.waitForURL((url) => url.pathname === '/payment/callback');
}

describe('wallet: top-up through the sandbox checkout, transfer, declined card, withdraw', () => {
  it('a customer tops up 30,000 with the approve card and sees the balance and the history grow', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'farm', 'customer');
    const before = await openWalletTab(page);
    await screenshots(page, 'wallet-tab-farm');
    await expectAccessible(page);

    await page.locator('.wallet-balance').getByRole('button', { name: '충전하기' }).click();
    const topupDialog = page.getByRole('dialog', { name: '포인트 충전' });
    await topupDialog.waitFor();
    await screenshots(page, 'wallet-topup-modal');
    await expectAccessible(page);
    // An amount off the 1,000 step is refused on the form, before any payment is prepared.
    await topupDialog.getByLabel('충전 금액').fill('1500');
    await topupDialog.getByRole('button', { name: /결제하기$/ }).click();
    await topupDialog.getByText('1,000원 단위로만 충전 가능합니다.').waitFor();
    expect(new URL(page.url()).pathname).not.toMatch(/^\/sandbox-pay\//);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await startTopup(page, 30_000);
    expect(page.url()).toMatch(new RegExp(`^${origin('farm')}/sandbox-pay/`));
    await screenshots(page, 'wallet-sandbox-checkout');
    await expectAccessible(page);
    // A number that is none of the test cards is refused on the page itself (answered with a 400).
    const seen = problems.length;
    await page.getByLabel('카드 번호').fill('1111 2222 3333 4444');
    await page.getByRole('button', { name: '결제하기' }).click();
    await page.getByRole('alert').getByText('아래 테스트 카드 번호 중 하나를 입력해주세요.').waitFor();
    expect(problems.splice(seen)).toEqual([`http 400 POST ${new URL(page.url()).pathname}`]);
    await payWithCard(page, APPROVE_CARD);

    expect(new URL(page.url()).searchParams.get('type')).toBe('topup');
    await page.getByRole('heading', { name: '충전이 완료되었습니다' }).waitFor({ timeout: 20_000 });
    const receipt = page.locator('.pay-receipt');
    expect(await receipt.locator('div', { hasText: '충전 포인트' }).locator('dd').textContent()).toBe('30,000P');
    expect(await receipt.locator('div', { hasText: '현재 잔액' }).locator('dd').textContent()).toBe(
      `${won(before + 30_000)}P`,
    );
    await screenshots(page, 'wallet-callback-success');
    await expectAccessible(page);

    await page.getByRole('link', { name: '지갑으로 가기' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet');
    await page.getByRole('heading', { level: 1, name: '내 지갑' }).waitFor();
    await page.locator('.wallet-balance-amount').waitFor();
    expect(await readBalance(page)).toBe(before + 30_000);
    expect(await firstHistoryRow(page)).toMatchObject({ label: '충전', amount: '+30,000P' });
    // Reloading the callback (the back button, a second tab) never credits the payment twice.
    await page.goBack();
    await page.getByRole('heading', { name: '충전이 완료되었습니다' }).waitFor({ timeout: 20_000 });
    await page.goto(`${origin('farm')}/wallet`);
    await page.locator('.wallet-balance-amount').waitFor();
    expect(await readBalance(page)).toBe(before + 30_000);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a customer sends 1,000 to a user found by e-mail; both wallets show the transfer with its memo', async () => {
    // Sender and recipient are accounts of this journey's own: the sender's wallet holds only its
    // top-up, the recipient's is known to be empty.
    const [sender, recipient] = await Promise.all([fundedCustomer('wallet-sender'), newCustomer('wallet-recipient')]);
    const recipientEmail = recipient.email;

    const { page, problems, context } = await openPage(browser);
    await signInAs(page, sender);
    const before = await openWalletTab(page);
    expect(before).toBe(START_POINTS);
    await page.locator('.wallet-balance').getByRole('button', { name: '보내기' }).click();
    const dialog = page.getByRole('dialog', { name: '포인트 보내기' });
    await dialog.waitFor();
    await expectChipsFit(page);

    // Part of the address (no domain): one result after the pause, its address masked (only the
    // whole address is shown back), with the customer badge and the matched search type.
    const localPart = recipientEmail.split('@')[0] ?? '';
    await dialog.getByLabel('받는 사람').fill(localPart.slice(0, -2));
    const result = dialog.locator('.wallet-result');
    await result.first().waitFor();
    expect(await result.count()).toBe(1);
    // Two letters, then at most six stars: the length of the address is not given away either.
    const masked = `${localPart.slice(0, 2)}******@example.kr`;
    expect(await result.locator('.wallet-result-meta').textContent()).toBe(`${masked} · 이메일로 찾음`);
    expect(await result.locator('.wallet-badge').textContent()).toBe('고객');
    const recipientName = ((await result.locator('.wallet-result-name').textContent()) ?? '').trim();
    expect(recipientName).not.toBe('');
    await result.click();
    await dialog.locator('.wallet-selected', { hasText: recipientName }).waitFor();

    const memo = `딸기 값 나눠 내요 ${Date.now().toString(36).slice(-4)}`;
    await dialog.getByRole('button', { name: '1,000P', exact: true }).click();
    expect(await dialog.getByLabel('보낼 포인트').inputValue()).toBe('1,000');
    await dialog.getByLabel('메모 (선택)').fill(memo);
    const summary = dialog.getByRole('region', { name: '보내기 전에 확인해주세요' });
    expect(await summary.textContent()).toContain(recipientName);
    expect(await summary.textContent()).toContain(`${won(before - 1_000)}P`);
    await screenshots(page, 'wallet-transfer-modal');
    await expectAccessible(page);

    await dialog.getByRole('button', { name: '보내기', exact: true }).click();
    await dialog.getByRole('heading', { name: '포인트를 보냈어요' }).waitFor();
    expect(await dialog.textContent()).toContain(`${recipientName}님에게 1,000P를 보냈습니다.`);
    expect(await dialog.locator('.wallet-summary > div', { hasText: '남은 포인트' }).locator('dd').textContent()).toBe(
      `${won(before - 1_000)}P`,
    );
    await dialog.getByRole('button', { name: '확인' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // The balance refreshed and the history restarted at page 1 with the transfer first.
    await expectBalance(page, before - 1_000);
    await page.locator('.wallet-tx').first().filter({ hasText: memo }).waitFor();
    expect(await firstHistoryRow(page)).toMatchObject({ label: `${recipientName}님에게 보냄`, amount: '-1,000P' });
    expect((await firstHistoryRow(page)).meta).toContain(memo);
    expect(problems).toEqual([]);
    await context.close();

    // The recipient's own wallet: 1,000 received from the sender, with the memo.
    const other = await openPage(browser, MOBILE);
    await signInAs(other.page, recipient);
    const signedIn = await other.page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').username);
    expect(signedIn).toBe(recipientName);
    expect(await openWalletTab(other.page)).toBe(1_000);
    expect(await firstHistoryRow(other.page)).toMatchObject({
      label: `${sender.username}님에게서 받음`,
      amount: '+1,000P',
    });
    expect((await firstHistoryRow(other.page)).meta).toContain(memo);
    expect(other.problems).toEqual([]);
    await other.context.close();
  });

  it('a declined card shows the failure screen with the issuer message and a retry; nothing is credited', async () => {
    const { page, problems, context } = await openPage(browser, MOBILE);
    await signIn(page, 'farm', 'customer');
    const before = await openWalletTab(page);
    const newest = await firstHistoryRow(page);

    await startTopup(page);
    await payWithCard(page, DECLINE_CARD);
    await page.getByRole('heading', { name: '결제에 실패했습니다' }).waitFor();
    expect(await page.getByRole('alert').textContent()).toBe(DECLINE_MESSAGE);
    await screenshots(page, 'wallet-callback-declined');
    await expectAccessible(page);

    const retry = page.getByRole('link', { name: '다시 결제하기' });
    expect(await retry.getAttribute('href')).toBe('/payment/test');
    await retry.click();
    await page.waitForURL((url) => url.pathname === '/payment/test');
    await page.getByRole('heading', { level: 1, name: '포인트 충전' }).waitFor();
    await page.getByRole('button', { name: '10,000원 결제하기' }).waitFor();

    await page.getByRole('link', { name: '지갑으로 가기' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet');
    await page.locator('.wallet-balance-amount').waitFor();
    expect(await readBalance(page)).toBe(before);
    expect(await firstHistoryRow(page)).toEqual(newest);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a customer withdraws 1,000 to an address: pending with the points locked, then completed', async () => {
    const customer = await fundedCustomer('wallet-withdraw');
    const { page, problems, context } = await openPage(browser);
    await signInAs(page, customer);
    const before = await openWalletTab(page);
    expect(before).toBe(START_POINTS);
    expect(await page.locator('.wallet-balance-locked').count()).toBe(0);

    await page.locator('.wallet-balance').getByRole('button', { name: '출금' }).click();
    const dialog = page.getByRole('dialog', { name: '포인트 출금' });
    await dialog.waitFor();
    const address = '0x52908400098527886e0f7030069857d2e4169ee7';
    await dialog.getByLabel('받을 지갑 주소').fill(address);
    expect(await dialog.getByLabel('네트워크').inputValue()).toBe('ethereum');
    await dialog.getByLabel('출금 포인트').fill('1000');
    await screenshots(page, 'wallet-withdraw-modal');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: '출금 신청' }).click();
    await dialog.getByText('1,000P 출금을 신청했습니다. 잠시 후 처리돼요.').waitFor();

    // Pending: the points leave the available balance and show as locked on the card.
    const withdrawal = dialog.locator('.wallet-withdrawal').first();
    expect(await withdrawal.locator('strong').textContent()).toBe('1,000P');
    expect(await withdrawal.locator('.wallet-status').textContent()).toBe('대기중');
    // The address comes back in its EIP-55 checksum form, shortened.
    expect(await withdrawal.textContent()).toContain('0x5290…9EE7');
    await expectBalance(page, before - 1_000);
    await page.locator('.wallet-balance-locked', { hasText: '1,000P' }).waitFor();

    // The sandbox bridge settles after WITHDRAW_SETTLE_MS (5 s); the list polls while it is pending.
    await withdrawal.locator('.wallet-status', { hasText: '완료' }).waitFor({ timeout: 30_000 });
    await screenshots(page, 'wallet-withdraw-completed');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.locator('.wallet-balance-locked').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await readBalance(page)).toBe(before - 1_000);
    expect(await firstHistoryRow(page)).toMatchObject({ label: '출금', amount: '-1,000P' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
