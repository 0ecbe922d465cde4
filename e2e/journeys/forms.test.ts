import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockPostcodeScript, DEMO_PASSWORD, POSTCODE_SCRIPT } from '../support/accounts';
import { launchBrowser, MOBILE, openPage, origin, screenshots, signIn, takeProvoked } from '../support/browser';
import { api, login } from '../support/http';
import { newCustomer, signInAs } from '../support/shop';

/** Forms and formats of issue 10: single-flight submits, errors tied to fields, Korean numbers. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const stamp = Date.now().toString(36).slice(-5);

async function farmPost(title: string): Promise<number> {
  const merchant = await login('farm', 'merchant@example.com', DEMO_PASSWORD);
  const post = await api<{ id: number }>('farm', 'POST', '/api/content/posts', {
    token: merchant.token,
    body: { multipart: { fields: { title, content: '댓글을 기다립니다.' }, files: [] } },
  });
  return post.id;
}

interface ThreadComment {
  id: number;
  content: string;
  parent_id: number | null;
}

async function commentsOf(postId: number): Promise<ThreadComment[]> {
  const answer = await api<{ comments: ThreadComment[] }>(
    'farm',
    'GET',
    `/api/content/posts/${postId}/comments?size=50`,
  );
  return answer.comments;
}

describe('forms: one submission per click, errors where they belong, Korean numbers', () => {
  it('double-clicking 등록 posts a comment and a reply once each', async () => {
    const postId = await farmPost(`한 번만 등록 ${stamp}`);
    const customer = await newCustomer('single-flight');
    const { page, problems, context } = await openPage(browser, MOBILE);
    await signInAs(page, customer);
    await page.goto(`${origin('farm')}/content/${postId}`);
    const comment = `두 번 눌러도 한 번 ${stamp}`;
    await page.getByRole('textbox', { name: '댓글 내용' }).fill(comment);
    const form = page.locator('form.comment-form').first();
    await form.getByRole('button', { name: '등록' }).dblclick();
    await page.locator('.comment-body', { hasText: comment }).first().waitFor();
    await page.getByRole('textbox', { name: '댓글 내용' }).and(page.locator(':placeholder-shown')).waitFor();

    // A reply sent by two clicks in the same task, before React can re-render the button disabled.
    const row = page.locator('li.comment', { hasText: comment });
    await row.getByRole('button', { name: '답글' }).click();
    const reply = `답글도 한 번 ${stamp}`;
    await row.getByRole('textbox').fill(reply);
    await row.locator('button[type="submit"]').evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await page.locator('.comment-body', { hasText: reply }).waitFor();
    await screenshots(page, 'forms-comment-once');

    const comments = await commentsOf(postId);
    expect(comments.filter((c) => c.content === comment)).toHaveLength(1);
    expect(comments.filter((c) => c.content === reply)).toHaveLength(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the post form shows its errors on submit, tied to the fields, and drops each as the field is filled', async () => {
    const { page, problems, context } = await openPage(browser, MOBILE);
    await signIn(page, 'farm', 'merchant');
    await page.goto(`${origin('farm')}/content/upload`);
    const title = page.getByLabel('제목', { exact: true });
    const content = page.getByLabel('내용', { exact: true });
    await page.getByRole('button', { name: '게시글 등록' }).click();
    await page.getByText('제목을 입력해주세요.').waitFor();
    await page.getByText('내용을 입력해주세요.').waitFor();
    expect(await title.getAttribute('aria-invalid')).toBe('true');
    expect(await content.getAttribute('aria-invalid')).toBe('true');
    const described = (id: string | null) =>
      page.evaluate((ids) => ids?.split(' ').map((i) => document.getElementById(i)?.textContent ?? '') ?? [], id);
    expect(await described(await title.getAttribute('aria-describedby'))).toEqual(['제목을 입력해주세요.']);
    expect(await described(await content.getAttribute('aria-describedby'))).toEqual(['내용을 입력해주세요.']);
    await screenshots(page, 'forms-post-errors');

    await title.fill(`오늘의 농장 ${stamp}`);
    await page.getByText('제목을 입력해주세요.').waitFor({ state: 'detached' });
    expect(await title.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText('내용을 입력해주세요.').count()).toBe(1);
    await content.fill('감자 싹이 올라왔어요.');
    await page.getByText('내용을 입력해주세요.').waitFor({ state: 'detached' });
    expect(await content.getAttribute('aria-invalid')).toBeNull();
    await screenshots(page, 'forms-post-errors-cleared');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('phone numbers show and are typed with hyphens, and are stored as digits', async () => {
    const customer = await newCustomer('phone-format');
    const { page, problems, context } = await openPage(browser, MOBILE);
    // The profile's address field loads the postcode script, which this offline machine cannot.
    await blockPostcodeScript(page);
    await signInAs(page, customer);
    await page.goto(`${origin('farm')}/profile/edit`);
    const phone = page.getByLabel('휴대전화번호');
    await page.waitForFunction(() => !!document.querySelector<HTMLInputElement>('input[type="tel"]')?.value);
    const shown = customer.phone.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1-$2-$3');
    expect(await phone.inputValue()).toBe(shown);

    await phone.fill('');
    await phone.pressSequentially('0317701234');
    expect(await phone.inputValue()).toBe('031-770-1234');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('프로필이 성공적으로 수정되었습니다.').first().waitFor();
    const me = await api<{ profile: { phone: string } }>('farm', 'GET', '/api/dashboard/profile', {
      token: customer.session.token,
    });
    expect(me.profile.phone).toBe('0317701234');
    await page.reload();
    await page.waitForFunction(
      () => document.querySelector<HTMLInputElement>('input[type="tel"]')?.value === '031-770-1234',
    );
    await screenshots(page, 'forms-phone-format');

    await page.goto(`${origin('farm')}/find-email`);
    const findPhone = page.getByLabel('휴대전화번호');
    await findPhone.pressSequentially('021234567');
    expect(await findPhone.inputValue()).toBe('02-123-4567');
    takeProvoked(problems, POSTCODE_SCRIPT);
    expect(problems).toEqual([]);
    await context.close();
  });
});
