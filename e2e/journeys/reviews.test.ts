import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  launchBrowser,
  MOBILE,
  openPage,
  origin,
  screenshots,
  sheetScreenshots,
} from '../support/browser';
import {
  addReviewPhoto,
  type Customer,
  callApi,
  merchantCreatesProduct,
  newCustomer,
  type Product,
  purchase,
  signInAs,
  writeReview,
} from '../support/shop';

let browser: Browser;
let photoDir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  photoDir = mkdtempSync(join(tmpdir(), 'e2e-review-photos-'));
});
afterAll(async () => {
  await browser?.close();
  if (photoDir) rmSync(photoDir, { recursive: true, force: true });
});

const stamp = Date.now().toString(36).slice(-5);
const reviewTitle = `아침마다 챙겨 먹어요 ${stamp}`;
const reviewContent = '포장이 깔끔하고 양도 넉넉했어요. 반찬 간이 딱 맞아서 가족 모두 맛있게 먹었습니다.';
const editedTitle = `다시 먹어 보니 아쉬워요 ${stamp}`;
const editedContent = '두 번째 주문은 밥이 조금 식어서 왔어요. 맛은 괜찮지만 포장 온도가 아쉬웠습니다.';

/** A photo as a phone would save it: a coloured picture with a label, written to the temp folder. */
async function photoFile(name: string, color: string, label: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="720"><rect width="960" height="720" fill="${color}"/><text x="480" y="400" font-size="96" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  const image = sharp(Buffer.from(svg));
  const path = join(photoDir, name);
  await (name.endsWith('.png') ? image.png() : image.jpeg({ quality: 85 })).toFile(path);
  return path;
}

/**
 * Taps the n-th star of the modal's rating. The radios are visually hidden behind the stars (their
 * labels), so the tap goes to the star the user sees; the radio of that many stars is then checked.
 */
async function pickStars(dialog: Locator, n: number): Promise<void> {
  const name = { name: `${n}점`, exact: true };
  const radio = dialog.getByRole('radio', name);
  await dialog
    .locator('label.rating-star')
    .filter({ has: dialog.page().getByRole('radio', name) })
    .click();
  expect(await radio.isChecked()).toBe(true);
}

/** The product page opened on its reviews tab (/products/{id}#reviews), once the tab has loaded. */
async function openReviewsTab(page: Page, product: Product): Promise<Locator> {
  await page.goto(`${origin('farm')}/products/${product.id}#reviews`);
  await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
  const section = page.getByRole('region', { name: '상품 리뷰' });
  await section.waitFor();
  // The skeleton gives way to the empty state or the statistics.
  await section.locator('.review-skeleton').waitFor({ state: 'detached' });
  return section;
}

/**
 * Waits until the confirmation toasts have gone by themselves (sonner's 4 s) and scrolls to the
 * top: the tab as a reader finds it afterwards, for its screenshots.
 */
async function settle(page: Page): Promise<void> {
  await page.locator('[data-sonner-toast]').last().waitFor({ state: 'detached' });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** The review card of `reviewId` in the list. */
function reviewCard(section: Locator, reviewId: number): Locator {
  return section.locator(`article.review[data-review-id="${reviewId}"]`);
}

/** The figures of the statistics card as a reader sees them. */
async function statsOf(section: Locator) {
  const stats = section.getByRole('region', { name: '리뷰 통계' });
  return {
    average: (await stats.locator('.review-average-figure strong').textContent())?.trim(),
    total: (await stats.locator('.review-total').textContent())?.trim(),
    bars: await stats.locator('.review-bar-count').allTextContents(),
  };
}

const isReviewWrite = (product: Product) => (res: { url(): string; request(): { method(): string } }) =>
  new URL(res.url()).pathname === `/api/reviews/product/${product.id}` && res.request().method() === 'POST';

/**
 * A fresh pickup-only product of the demo merchant and a fresh customer who bought it by card, all
 * made through the API (the product while the customer registers).
 */
async function boughtProduct(dish: string): Promise<{ product: Product; buyer: Customer }> {
  const [product, buyer] = await Promise.all([
    merchantCreatesProduct('pickup', {
      title: `${dish} ${stamp}`,
      price: 11_000,
      display_remaining: -1,
      description: '리뷰 여정 시험용 포장 전용 상품입니다.',
    }),
    newCustomer('reviewer'),
  ]);
  await purchase(buyer, product);
  return { product, buyer };
}

/**
 * `boughtProduct`, and the buyer's review of it written through the API as the first journey
 * writes it in the form (4 stars, `reviewTitle`, `reviewContent`), with `photos` uploaded to it.
 */
async function reviewedProduct(
  dish: string,
  photos: string[],
): Promise<{ product: Product; buyer: Customer; reviewId: number }> {
  const { product, buyer } = await boughtProduct(dish);
  const reviewId = await writeReview(buyer, product, { rating: 4, title: reviewTitle, content: reviewContent });
  for (const photo of photos) await addReviewPhoto(buyer, reviewId, photo);
  return { product, buyer, reviewId };
}

/**
 * Issue 13 in the browser against the real server. Each journey has its own fresh product of the
 * demo merchant, bought by its own fresh customer, so that the review tab holds only what the
 * journey put there and every figure is known; it runs alone or in any order.
 */
describe('reviews: a buyer writes, another user finds it helpful, the author edits and deletes', () => {
  it('a buyer writes a review with two photos; it leads 최신순, the stats count it and the write button goes', async () => {
    const { product, buyer } = await boughtProduct('햇살 불고기 덮밥');
    const photos = [
      await photoFile('breakfast-1.png', '#e4572e', '덮밥 1'),
      await photoFile('breakfast-2.jpg', '#2e86ab', '덮밥 2'),
    ];

    const { page, problems, context } = await openPage(browser);
    await signInAs(page, buyer);

    // From the product page's information tab to its reviews tab.
    await page.goto(`${origin('farm')}/products/${product.id}`);
    await page.getByRole('heading', { level: 1, name: product.title }).waitFor();
    await page.getByRole('tab', { name: '리뷰 0', exact: true }).click();
    const section = page.getByRole('region', { name: '상품 리뷰' });
    await section.getByRole('heading', { level: 2, name: '아직 작성된 리뷰가 없어요' }).waitFor();
    const write = section.getByRole('button', { name: '리뷰 작성하기' });
    await write.waitFor();
    await expectAccessible(page);

    await write.click();
    const dialog = page.getByRole('dialog', { name: '리뷰 작성' });
    await dialog.waitFor();
    expect(await dialog.getByText(product.title).count()).toBe(1);
    await pickStars(dialog, 4);
    expect(await dialog.locator('.rating-word').textContent()).toBe('좋아요');
    await dialog.getByLabel('제목 (선택)').fill(reviewTitle);
    await dialog.getByText(`${reviewTitle.length} / 100`).waitFor();
    const content = dialog.getByLabel('리뷰 내용');
    const counter = dialog.getByTestId('review-counter');
    expect(await counter.innerText()).toMatch(/^0 \/ 1,000/);
    // The counter follows the text as it is typed (what will be saved: trimmed).
    await content.pressSequentially('포장이 깔끔');
    expect(await counter.locator('[aria-hidden="true"]').textContent()).toBe('6 / 1,000');
    await content.fill(`  ${reviewContent}  `);
    expect(await counter.locator('[aria-hidden="true"]').textContent()).toBe(`${reviewContent.length} / 1,000`);
    expect(await counter.locator('.visually-hidden').textContent()).toBe(`1,000자 중 ${reviewContent.length}자 입력`);

    await dialog.locator('input[type="file"]').setInputFiles(photos);
    const tiles = dialog.getByTestId('review-photo-tile');
    await tiles.nth(1).waitFor();
    expect(await tiles.evaluateAll((els) => els.map((el) => el.getAttribute('data-photo')))).toEqual([
      'breakfast-1.png',
      'breakfast-2.jpg',
    ]);
    expect(await dialog.locator('.review-photo-count').textContent()).toBe('2/5');
    // The previews have loaded (object URLs of the picked files).
    await expect
      .poll(
        () =>
          tiles.locator('img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)),
        { timeout: 10_000 },
      )
      .toBe(true);
    await screenshots(page, 'reviews-modal');
    // As a phone and a desktop show it: fits the viewport, scrolled to its top and its end.
    await sheetScreenshots(page, page.locator('.review-sheet'), 'reviews-modal-sheet');
    await expectAccessible(page);

    // Saving writes the review, then uploads the photos one by one.
    const written = page.waitForResponse(isReviewWrite(product));
    const uploads = page.waitForResponse(
      (res) => /^\/api\/reviews\/\d+\/images$/.test(new URL(res.url()).pathname) && res.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: '리뷰 등록하기' }).click();
    const answer = await written;
    expect(answer.status()).toBe(201);
    const reviewId = ((await answer.json()) as { id: number }).id;
    expect((await uploads).status()).toBe(201);
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByText('리뷰를 등록했어요. 소중한 후기 고마워요!').waitFor();

    // On top of the list sorted 최신순, with its two photos.
    const sort = section.getByLabel('정렬');
    expect(await sort.inputValue()).toBe('newest');
    expect(await sort.locator('option:checked').textContent()).toBe('최신순');
    const first = section.locator('.review-list > li').first().locator('article.review');
    await expect.poll(() => first.getAttribute('data-review-id'), { timeout: 10_000 }).toBe(String(reviewId));
    const card = reviewCard(section, reviewId);
    await card.locator('.review-photos li').nth(1).waitFor();
    expect(await card.locator('.review-photos li').count()).toBe(2);
    expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(reviewTitle);
    expect(await card.locator('.review-content').textContent()).toBe(reviewContent);
    expect(await card.getByRole('img', { name: '별점 5점 중 4점' }).count()).toBe(1);
    expect(await card.locator('.review-mine').textContent()).toBe('내 리뷰');
    // The thumbnails the server made from the uploads load (lazily: once in view).
    await card.locator('.review-photos').scrollIntoViewIfNeeded();
    await expect
      .poll(
        () =>
          card
            .locator('.review-photos img')
            .evaluateAll((imgs) =>
              imgs.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
            ),
        { timeout: 10_000 },
      )
      .toBe(true);

    // The statistics: one review of 4 stars; the tab says 리뷰 1; the write button is gone.
    await expect
      .poll(() => statsOf(section), { timeout: 10_000 })
      .toEqual({ average: '4.0', total: '리뷰 1개', bars: ['0', '1', '0', '0', '0'] });
    await page.getByRole('tab', { name: '리뷰 1', exact: true }).waitFor({ timeout: 10_000 });
    await write.waitFor({ state: 'detached' });
    await settle(page);
    await screenshots(page, 'reviews-tab');
    await expectAccessible(page);

    // The photo viewer opens the first photo large.
    await card.getByRole('button', { name: '리뷰 사진 2장 중 1번째 크게 보기' }).click();
    const viewer = page.getByRole('dialog', { name: '리뷰 사진 보기' });
    await viewer.getByRole('img', { name: '리뷰 사진 2장 중 1번째' }).waitFor();
    await viewer.getByRole('button', { name: '다음 사진' }).click();
    await viewer.getByRole('img', { name: '리뷰 사진 2장 중 2번째' }).waitFor();
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('another customer marks it 도움돼요: 1 at once and after a reload; the author has no such button', async () => {
    // A review of 4 stars by its buyer, no vote yet; the reader is a customer who did not buy it.
    const [{ product, buyer, reviewId }, reader] = await Promise.all([
      reviewedProduct('햇살 비빔밥', []),
      newCustomer('review-reader'),
    ]);
    const { page, problems, context } = await openPage(browser, MOBILE);
    await signInAs(page, reader);
    const section = await openReviewsTab(page, product);
    // Not a buyer: no write button, the hint says why.
    await section.getByText('상품을 구매한 고객만 리뷰를 작성할 수 있어요.').waitFor();
    expect(await section.getByRole('button', { name: '리뷰 작성하기' }).count()).toBe(0);

    const card = reviewCard(section, reviewId);
    const helpful = card.getByRole('button', { name: /도움돼요/ });
    expect(await helpful.getAttribute('aria-pressed')).toBe('false');
    expect(await helpful.locator('.tabular').textContent()).toBe('0');
    // The vote is held on its way to the server until the count has been read: "at once" is
    // before the server answers, not merely soon.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const votePath = `/api/reviews/${reviewId}/helpful`;
    await page.route(`**${votePath}`, async (route) => {
      await held;
      await route.continue();
    });
    const voted = page.waitForResponse(
      (res) => new URL(res.url()).pathname === votePath && res.request().method() === 'POST',
    );
    await helpful.click();
    await card.locator('.review-helpful[aria-pressed="true"]').waitFor();
    expect(await helpful.locator('.tabular').textContent()).toBe('1');
    release();
    const answer = await voted;
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toMatchObject({ review_id: reviewId, is_helpful: true, helpful_count: 1 });
    await page.unroute(`**${votePath}`);
    // The server's answer agrees: still pressed, still 1.
    expect(await helpful.getAttribute('aria-pressed')).toBe('true');
    expect(await helpful.locator('.tabular').textContent()).toBe('1');

    // The server kept it: after a reload the vote and the count are still there.
    await page.reload();
    const again = await openReviewsTab(page, product);
    const reloaded = reviewCard(again, reviewId).getByRole('button', { name: /도움돼요/ });
    await reviewCard(again, reviewId).locator('.review-helpful[aria-pressed="true"]').waitFor();
    expect(await reloaded.locator('.tabular').textContent()).toBe('1');
    expect(problems).toEqual([]);
    await context.close();

    // The author sees how many it helped, with edit and delete instead of the button.
    const author = await openPage(browser);
    await signInAs(author.page, buyer);
    const own = reviewCard(await openReviewsTab(author.page, product), reviewId);
    await own.getByText('1명에게 도움이 됐어요').waitFor();
    expect(await own.getByRole('button', { name: /도움돼요/ }).count()).toBe(0);
    expect(await own.getByRole('button', { name: '내 리뷰 수정' }).count()).toBe(1);
    expect(await own.getByRole('button', { name: '내 리뷰 삭제' }).count()).toBe(1);
    // The server refuses a self-vote too (the button is not merely hidden): the refused call is the
    // one expected problem of this step.
    const seen = author.problems.length;
    const selfVote = await author.page.evaluate(async (id) => {
      const res = await fetch(`/api/reviews/${id}/helpful`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return { status: res.status, body: await res.json() };
    }, reviewId);
    expect(selfVote).toMatchObject({ status: 403, body: { code: 'own_review' } });
    expect(author.problems.splice(seen)).toEqual([`http 403 POST /api/reviews/${reviewId}/helpful`]);
    expect(author.problems).toEqual([]);
    await author.context.close();
  });

  it('the author edits it to two stars, then deletes it: the empty state and the write button come back', async () => {
    // The buyer's review of 4 stars with two photos, as the first journey leaves it.
    const { product, buyer, reviewId } = await reviewedProduct('햇살 제육 덮밥', [
      await photoFile('lunch-1.png', '#e4572e', '덮밥 1'),
      await photoFile('lunch-2.jpg', '#2e86ab', '덮밥 2'),
    ]);
    const { page, problems, context } = await openPage(browser);
    await signInAs(page, buyer);
    const section = await openReviewsTab(page, product);
    const card = reviewCard(section, reviewId);
    await card.getByRole('button', { name: '내 리뷰 수정' }).click();

    const dialog = page.getByRole('dialog', { name: '리뷰 수정' });
    await dialog.waitFor();
    // The form holds the review as saved.
    expect(await dialog.getByRole('radio', { name: '4점' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('제목 (선택)').inputValue()).toBe(reviewTitle);
    expect(await dialog.getByLabel('리뷰 내용').inputValue()).toBe(reviewContent);
    expect(await dialog.getByTestId('review-photo-tile').count()).toBe(2);
    await pickStars(dialog, 2);
    expect(await dialog.locator('.rating-word').textContent()).toBe('그저 그래요');
    await dialog.getByLabel('제목 (선택)').fill(editedTitle);
    await dialog.getByLabel('리뷰 내용').fill(editedContent);
    expect(await dialog.getByTestId('review-counter').locator('[aria-hidden="true"]').textContent()).toBe(
      `${editedContent.length} / 1,000`,
    );
    await expectAccessible(page);
    const saved = page.waitForResponse(
      (res) => new URL(res.url()).pathname === `/api/reviews/${reviewId}` && res.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: '수정 완료' }).click();
    expect((await saved).status()).toBe(200);
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('리뷰를 수정했어요.').waitFor();

    // The new stars and text; the photos stay; the statistics average 2.0.
    await card.getByRole('img', { name: '별점 5점 중 2점' }).waitFor();
    expect(await card.getByRole('heading', { level: 3 }).textContent()).toBe(editedTitle);
    expect(await card.locator('.review-content').textContent()).toBe(editedContent);
    expect(await card.locator('.review-photos li').count()).toBe(2);
    await expect
      .poll(() => statsOf(section), { timeout: 10_000 })
      .toEqual({ average: '2.0', total: '리뷰 1개', bars: ['0', '0', '0', '1', '0'] });
    expect(await page.getByRole('tab', { name: '리뷰 1', exact: true }).count()).toBe(1);
    await settle(page);
    await screenshots(page, 'reviews-edited');

    // Delete asks first; confirmed, the tab is empty again and the buyer may write a new one.
    await card.getByRole('button', { name: '내 리뷰 삭제' }).click();
    const ask = page.getByRole('alertdialog', { name: '리뷰를 삭제할까요?' });
    await ask.getByText('삭제한 리뷰와 사진은 되돌릴 수 없어요.').waitFor();
    const deleted = page.waitForResponse(
      (res) => new URL(res.url()).pathname === `/api/reviews/${reviewId}` && res.request().method() === 'DELETE',
    );
    await ask.getByRole('button', { name: '삭제', exact: true }).click();
    expect((await deleted).status()).toBe(200);
    await ask.waitFor({ state: 'detached' });
    await page.getByText('리뷰를 삭제했어요.').waitFor();
    // The toast itself reads well (its text at 4.5:1 or more).
    const toast = page.locator('[data-sonner-toast]', { hasText: '리뷰를 삭제했어요.' });
    await toast.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    await expectAccessible(page);
    await section.getByRole('heading', { level: 2, name: '아직 작성된 리뷰가 없어요' }).waitFor();
    expect(await card.count()).toBe(0);
    expect(await section.getByRole('region', { name: '리뷰 통계' }).count()).toBe(0);
    await section.getByRole('button', { name: '리뷰 작성하기' }).waitFor();
    await page.getByRole('tab', { name: '리뷰 0', exact: true }).waitFor({ timeout: 10_000 });
    const eligibility = await callApi<{ has_purchased: boolean; review_id: number | null; can_write: boolean }>(
      page,
      'GET',
      `/api/reviews/product/${product.id}/eligibility`,
    );
    expect(eligibility).toEqual({ has_purchased: true, review_id: null, can_write: true });
    await settle(page);
    await screenshots(page, 'reviews-deleted');
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
