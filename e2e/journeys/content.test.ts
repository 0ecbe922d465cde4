import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, loginThroughUi } from '../support/accounts';
import {
  DESKTOP,
  expectAccessible,
  launchBrowser,
  MOBILE,
  openPage,
  origin,
  screenshots,
  sheetScreenshots,
  signIn,
  takeProvoked,
} from '../support/browser';
import { api, login } from '../support/http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A small coloured PNG with a label, so each test image is a different file. */
async function pngBase64(color: string, label: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="${color}"/><text x="240" y="180" font-size="64" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return (await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64');
}

/** A real 3 s H.264 clip made with the ffmpeg the server uses for its demo videos. */
function mp4(): Buffer {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const dir = mkdtempSync(join(tmpdir(), 'e2e-video-'));
  try {
    const out = join(dir, 'clip.mp4');
    execFileSync(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-t', '3', '-f', 'lavfi', '-i', 'testsrc=size=270x480:rate=25'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', out],
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface CreatedPost {
  id: number;
  author_id: number;
}

interface PostFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const twoPhotos = async (): Promise<PostFile[]> => [
  { name: 'photo-1.png', mimeType: 'image/png', buffer: Buffer.from(await pngBase64('#e4572e', '딸기 1'), 'base64') },
  { name: 'photo-2.png', mimeType: 'image/png', buffer: Buffer.from(await pngBase64('#2e86ab', '딸기 2'), 'base64') },
];

/**
 * The demo merchant publishes a post of its own through the API (the multipart call the post form
 * makes), so that each journey starts from its own post whatever ran before it.
 */
async function publishPost(title: string, content: string, files: PostFile[]): Promise<CreatedPost> {
  const merchant = await login('farm', 'merchant@example.com', DEMO_PASSWORD);
  const post = await api<{ id: number }>('farm', 'POST', '/api/content/posts', {
    token: merchant.token,
    body: {
      multipart: {
        fields: { title, content },
        files: files.map((f) => ({ field: 'files', name: f.name, type: f.mimeType, bytes: f.buffer })),
      },
    },
  });
  return { id: post.id, author_id: merchant.user.id };
}

const stamp = Date.now().toString(36).slice(-5);
const postTitle = `양평 딸기 수확 일기 ${stamp}`;
const postContent =
  '올해 첫 딸기를 땄습니다. 새벽 공기가 차가워서 당도가 아주 높아요. 하우스 안은 벌써 봄 냄새가 가득합니다.\n' +
  '다음 주부터 주문을 받을 예정이니 많이 기대해 주세요! 수확 체험 일정도 곧 공지하겠습니다. 감사합니다.';
const videoTitle = `비닐하우스 한 바퀴 ${stamp}`;

describe('content: posts, comments, channel', () => {
  it('a merchant publishes a post with two images and sees edit and delete on it', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'farm', 'merchant');
    await page.goto(`${origin('farm')}/content/upload`);
    await page.getByRole('heading', { level: 1, name: '게시글 등록' }).waitFor();
    await screenshots(page, 'content-post-form-farm-empty');
    await expectAccessible(page);
    await page.getByLabel('제목', { exact: true }).fill(postTitle);
    await page.getByLabel('내용', { exact: true }).fill(postContent);
    expect(await page.getByLabel('공지사항으로 등록').isChecked()).toBe(false);
    await page.locator('input[type="file"]').setInputFiles(await twoPhotos());
    await page.locator('.post-form-file').nth(1).waitFor();
    // A file that is not an image or a video is refused with the spec's message.
    await page
      .locator('input[type="file"]')
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('memo') }]);
    await page.getByText('지원하지 않는 파일 형식입니다: notes.txt').waitFor();
    await screenshots(page, 'content-post-form-farm-filled');
    await page.getByRole('button', { name: '게시글 등록' }).click();
    await page.waitForURL(/\/content\/\d+$/);

    // The author sees edit and delete on the detail page; delete asks first (and is cancelled).
    await page.getByRole('heading', { level: 1, name: postTitle }).waitFor();
    expect(await page.locator('.post-media img').count()).toBe(2);
    expect(await page.getByRole('link', { name: '수정' }).count()).toBe(1);
    await page.getByRole('button', { name: '삭제', exact: true }).click();
    await page.getByRole('alertdialog').getByText('게시글이 삭제되며 되돌릴 수 없습니다.').waitFor();
    await page.getByRole('button', { name: '취소' }).click();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a merchant publishes a post with two images and a video and picks the video thumbnail', async () => {
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'farm', 'merchant');
    await page.goto(`${origin('farm')}/content/upload`);
    await page.getByRole('heading', { level: 1, name: '게시글 등록' }).waitFor();
    await page.getByLabel('제목', { exact: true }).fill(videoTitle);
    await page
      .getByLabel('내용', { exact: true })
      .fill('하우스 안을 한 바퀴 돌아봤어요. 딸기가 익어 가는 모습을 영상으로 담았습니다.');
    await page.locator('input[type="file"]').setInputFiles([
      {
        name: 'house-1.png',
        mimeType: 'image/png',
        buffer: Buffer.from(await pngBase64('#6a994e', '하우스 1'), 'base64'),
      },
      {
        name: 'house-2.png',
        mimeType: 'image/png',
        buffer: Buffer.from(await pngBase64('#bc4749', '하우스 2'), 'base64'),
      },
      { name: 'tour.mp4', mimeType: 'video/mp4', buffer: mp4() },
    ]);
    const videoRow = page.locator('.post-form-file', { hasText: 'tour.mp4' });
    await videoRow.getByRole('button', { name: '썸네일 선택' }).click();
    const slider = videoRow.getByRole('slider');
    await page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('.thumb-picker input[type="range"]');
      return !!input && !input.disabled;
    });
    expect(await slider.getAttribute('step')).toBe('0.1');
    expect(Number(await slider.inputValue())).toBeCloseTo(0.3, 1);
    await slider.fill('1.5');
    // The picker's video has moved to 1.5 s and shows that frame.
    await page.waitForFunction(() => {
      const video = document.querySelector<HTMLVideoElement>('.thumb-picker video');
      return !!video && Math.abs(video.currentTime - 1.5) < 0.05 && !video.seeking && video.readyState >= 2;
    });
    await videoRow.getByRole('button', { name: '이 장면으로 저장' }).click();
    await videoRow.getByRole('button', { name: '썸네일 지정됨' }).waitFor();
    expect(await videoRow.locator('img.post-form-thumb').getAttribute('src')).toMatch(/^data:image\/jpeg/);
    await screenshots(page, 'content-post-form-video-farm');
    await page.getByRole('button', { name: '게시글 등록' }).click();
    await page.waitForURL(/\/content\/\d+$/);
    await page.getByRole('heading', { level: 1, name: videoTitle }).waitFor();
    expect(await page.locator('.post-media img').count()).toBe(2);
    const video = page.locator('.post-media video');
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.getAttribute('poster')).toBeTruthy();
    await page.waitForFunction(
      () => (document.querySelector<HTMLVideoElement>('.post-media video')?.readyState ?? 0) >= 1,
    );
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a customer likes the post, replies three levels deep and copies its link', async () => {
    const title = `${postTitle} 좋아요`;
    const post = await publishPost(title, postContent, await twoPhotos());
    const { page, problems, context } = await openPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: origin('farm') });
    await signIn(page, 'farm', 'customer');
    // From the post tab (signed in) to the post.
    await page.goto(`${origin('farm')}/main?tab=post`);
    await page.locator('article.post-card').getByRole('link', { name: title }).click();
    await page.waitForURL(`**/content/${post.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length).toBeLessThanOrEqual(163);
    expect(await page.getByRole('link', { name: '수정' }).count()).toBe(0);

    const like = page.locator('.like-button');
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    await page.locator('.like-button[aria-pressed="true"]').waitFor();
    expect(await page.getByTestId('likes-count').innerText()).toBe('1');
    await like.click();
    await page.locator('.like-button[aria-pressed="false"]').waitFor();
    expect(await page.getByTestId('likes-count').innerText()).toBe('0');
    await like.click();
    await page.locator('.like-button[aria-pressed="true"]').waitFor();

    await page.getByLabel('댓글 내용').fill('딸기 정말 맛있어 보여요!');
    await page.getByRole('button', { name: '등록' }).click();
    await page.locator('.comment[data-depth="0"]', { hasText: '딸기 정말 맛있어 보여요!' }).waitFor();
    for (let depth = 1; depth <= 3; depth++) {
      const parent = page.locator(`.comment[data-depth="${depth - 1}"]`).last();
      await parent.getByRole('button', { name: '답글' }).click();
      await parent.locator('textarea').fill(`${depth}단계 답글입니다`);
      await parent.getByRole('button', { name: '등록' }).click();
      await page.locator(`.comment[data-depth="${depth}"]`, { hasText: `${depth}단계 답글입니다` }).waitFor();
    }
    const deepest = page.locator('.comment[data-depth="3"]').last();
    expect(await deepest.evaluate((el) => getComputedStyle(el).marginLeft)).toBe('75px');
    expect(await deepest.locator('.comment-date').innerText()).toBe('오늘');

    await page.getByRole('button', { name: '공유' }).click();
    for (const name of ['카카오톡', '페이스북', '트위터', '라인']) {
      expect(await page.getByRole('link', { name }).count()).toBe(1);
    }
    await page.getByRole('button', { name: '링크 복사' }).click();
    await page.getByText('링크가 복사되었습니다.').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`${origin('farm')}/content/${post.id}`);
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.scrollTo(0, 0));

    await screenshots(page, 'content-post-detail-farm');
    await expectAccessible(page);

    // The customer's own comment can be deleted after the confirmation.
    const mine = page.locator('.comment[data-depth="3"]').last();
    await mine.getByRole('button', { name: '삭제' }).click();
    await page.getByRole('alertdialog').getByText('댓글이 삭제되며 되돌릴 수 없습니다.').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: '삭제' }).click();
    await page.locator('.comment', { hasText: '3단계 답글입니다' }).waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a visitor is sent to login when liking, reads the post tab; unknown posts say so', async () => {
    const title = `${postTitle} 방문`;
    const post = await publishPost(title, postContent, await twoPhotos());
    const { page, problems, context } = await openPage(browser, MOBILE);
    await page.goto(`${origin('farm')}/content/${post.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    let alerted = '';
    page.once('dialog', (d) => {
      alerted = d.message();
      d.accept();
    });
    await page.locator('.like-button').click();
    await page.waitForURL('**/login');
    expect(alerted).toBe('좋아요를 누르려면 로그인이 필요합니다.');

    // The post tab as a visitor.
    await page.goto(`${origin('farm')}/main?tab=post`);
    const card = page.locator('article.post-card', { hasText: title });
    await card.waitFor();
    expect(await card.locator('.post-excerpt').innerText()).toMatch(/\.\.\.$/);
    expect(await card.locator('img').count()).toBe(1);
    expect(await card.getByRole('link').first().getAttribute('href')).toBe(`/merchant/${post.author_id}`);
    await screenshots(page, 'content-post-tab-farm');
    await expectAccessible(page);

    await page.goto(`${origin('farm')}/content/2000000000`);
    await page.getByRole('heading', { level: 1, name: '게시글을 찾을 수 없습니다' }).waitFor();
    takeProvoked(problems, /^http 404 GET \/api\/\S+\/2000000000\b/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the channel page shows the post under posts', async () => {
    const clipTitle = `${videoTitle} 채널`;
    const title = `${postTitle} 채널`;
    const post = await publishPost(title, postContent, await twoPhotos());
    await publishPost(clipTitle, '하우스 안을 한 바퀴 돌아봤어요.', [
      { name: 'tour.mp4', mimeType: 'video/mp4', buffer: mp4() },
    ]);
    const { page, problems, context } = await openPage(browser);
    await page.goto(`${origin('farm')}/merchant/${post.author_id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('tab', { name: '게시글' }).click();
    await page.getByRole('link', { name: title }).waitFor();
    expect(await page.getByRole('link', { name: clipTitle }).count()).toBe(0);
    await screenshots(page, 'content-channel-farm');
    await expectAccessible(page);
    await page.getByRole('tab', { name: '동영상' }).click();
    await page.getByRole('link', { name: clipTitle }).waitFor();
    await screenshots(page, 'content-channel-videos-farm');

    await page.goto(`${origin('farm')}/merchant/2000000000`);
    await page.getByRole('heading', { level: 1, name: '채널을 찾을 수 없습니다' }).waitFor();
    takeProvoked(problems, /^http 404 GET \/api\/\S+\/2000000000\b/);
    expect(problems).toEqual([]);
    await context.close();
  });
  it('a visitor opens shorts, the visible video plays muted, and liking sends them to login', async () => {
    const clipTitle = `${videoTitle} 숏츠`;
    const videoPost = await publishPost(clipTitle, '하우스 안을 한 바퀴 돌아봤어요.', [
      { name: 'tour.mp4', mimeType: 'video/mp4', buffer: mp4() },
    ]);
    const { page, problems, context } = await openPage(browser, MOBILE);
    await page.goto(`${origin('farm')}/main?tab=video`);
    const slides = page.locator('section.short');
    await slides.first().waitFor();
    // The newest video post leads; the seed's video follows it.
    expect(await slides.first().getAttribute('data-post-id')).toBe(String(videoPost.id));
    expect(await slides.count()).toBeGreaterThan(1);
    const first = slides.first().locator('video');
    expect(await first.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('section.short video');
      return !!v && !v.paused;
    });
    // A tap on the video turns the sound on.
    await first.click();
    expect(await first.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);
    await first.click();
    if ((await slides.count()) > 1) {
      await slides.nth(1).scrollIntoViewIfNeeded();
      await page.waitForFunction(() => {
        const [a, b] = document.querySelectorAll<HTMLVideoElement>('section.short video');
        return !!a && !!b && a.paused && !b.paused;
      });
    }
    await screenshots(page, 'content-shorts-farm');
    await expectAccessible(page);
    let alerted = '';
    page.once('dialog', (d) => {
      alerted = d.message();
      d.accept();
    });
    await slides
      .last()
      .getByRole('button', { name: /좋아요/ })
      .click();
    await page.waitForURL('**/login');
    expect(alerted).toBe('좋아요를 누르려면 로그인이 필요합니다.');
    expect(problems).toEqual([]);
    await context.close();
  });
  it('the author removes an image in the edit form; another merchant gets the forbidden state', async () => {
    const title = `${postTitle} 수정`;
    const post = await publishPost(title, postContent, await twoPhotos());
    const { page, problems, context } = await openPage(browser);
    await signIn(page, 'farm', 'merchant');
    await page.goto(`${origin('farm')}/content/${post.id}/edit`);
    await page.getByRole('heading', { level: 1, name: '게시글 수정' }).waitFor();
    expect(await page.getByLabel('제목', { exact: true }).inputValue()).toBe(title);
    expect(await page.locator('.post-form-file').count()).toBe(2);
    await page.getByRole('button', { name: 'photo-2.png 삭제' }).click();
    expect(await page.locator('.post-form-file').count()).toBe(1);
    await screenshots(page, 'content-post-edit-farm');
    await expectAccessible(page);
    await page.getByRole('button', { name: '수정 완료' }).click();
    await page.waitForURL(`**/content/${post.id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.post-media img').length === 1);
    expect(problems).toEqual([]);
    await context.close();

    const other = await openPage(browser);
    await loginThroughUi(other.page, 'farm', 'sunny@example.com');
    await other.page.goto(`${origin('farm')}/content/${post.id}/edit`);
    await other.page.getByRole('heading', { level: 1, name: '게시글을 수정할 권한이 없습니다.' }).waitFor();
    await other.context.close();
  });

  it('the post tab keeps its page in the URL through reload, back and forward, and a new page starts at the list top', async () => {
    // At least two pages of 20, whatever the seed holds.
    const { total } = await api<{ total: number }>('farm', 'GET', '/api/main/posts?is_announcement=false&size=20');
    for (let i = total; i < 21; i++) await publishPost(`${postTitle} 페이지 ${i}`, postContent, []);
    const { page, problems, context } = await openPage(browser, MOBILE);
    await page.goto(`${origin('farm')}/main?tab=post`);
    const firstTitle = () => page.locator('article.post-card .post-title').first().textContent();
    // The list shows the page before until the next one has loaded.
    const firstTitleBecomes = (title: string | null) =>
      page.waitForFunction(
        (want) => document.querySelector('article.post-card .post-title')?.textContent === want,
        title,
      );
    const pager = page.getByRole('navigation', { name: /^1 \/ \d+ 페이지$/ });
    await pager.waitFor();
    const onFirst = await firstTitle();

    await pager.getByRole('button', { name: '다음' }).click();
    await page.waitForURL((url) => url.pathname + url.search === '/main?tab=post&page=2');
    await page.getByRole('navigation', { name: /^2 \/ \d+ 페이지$/ }).waitFor();
    await page.waitForFunction((before) => {
      const title = document.querySelector('article.post-card .post-title')?.textContent;
      return !!title && title !== before;
    }, onFirst);
    // The list's top is in view just below the sticky tabs, not the pager where the click was.
    const top = await page.locator('section.feed-posts').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThanOrEqual(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const onSecond = await firstTitle();
    await screenshots(page, 'content-post-tab-page-2');

    await page.reload();
    await page.getByRole('navigation', { name: /^2 \/ \d+ 페이지$/ }).waitFor();
    await firstTitleBecomes(onSecond);

    await page.goBack();
    await page.waitForURL((url) => url.pathname + url.search === '/main?tab=post');
    await page.getByRole('navigation', { name: /^1 \/ \d+ 페이지$/ }).waitFor();
    await firstTitleBecomes(onFirst);
    await page.goForward();
    await page.waitForURL((url) => url.pathname + url.search === '/main?tab=post&page=2');
    await page.getByRole('navigation', { name: /^2 \/ \d+ 페이지$/ }).waitFor();
    await firstTitleBecomes(onSecond);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the shorts comment sheet fits the screen at 360, 390 and 1280 px, with its close button and 등록 in view', async () => {
    const clipTitle = `${videoTitle} 댓글 시트`;
    const clip = await publishPost(clipTitle, '하우스 안을 한 바퀴 돌아봤어요.', [
      { name: 'tour.mp4', mimeType: 'video/mp4', buffer: mp4() },
    ]);
    const { page, problems, context } = await openPage(browser, MOBILE);
    await page.goto(`${origin('farm')}/main?tab=video`);
    const slide = page.locator(`section.short[data-post-id="${clip.id}"]`);
    await slide.getByRole('button', { name: /댓글/ }).click();
    const sheet = page.getByRole('dialog', { name: clipTitle });
    await sheet.getByRole('button', { name: '등록' }).waitFor();
    for (const size of [{ width: 360, height: 740 }, MOBILE, DESKTOP]) {
      await page.setViewportSize(size);
      await sheet.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const boxes = await sheet.evaluate((el) => {
        const rect = (e: Element | null) => {
          const r = e?.getBoundingClientRect();
          return r ? { left: r.left, right: r.right, top: r.top, bottom: r.bottom } : null;
        };
        const submit = [...el.querySelectorAll('button')].find((b) => b.textContent?.trim() === '등록') ?? null;
        return { sheet: rect(el), close: rect(el.querySelector('button[aria-label="닫기"]')), submit: rect(submit) };
      });
      for (const [name, box] of Object.entries(boxes)) {
        expect(box, `${name} at ${size.width}px`).not.toBeNull();
        expect(box?.left, `${name} left at ${size.width}px`).toBeGreaterThanOrEqual(0);
        expect(box?.right, `${name} right at ${size.width}px`).toBeLessThanOrEqual(size.width);
        expect(box?.top, `${name} top at ${size.width}px`).toBeGreaterThanOrEqual(0);
        expect(box?.bottom, `${name} bottom at ${size.width}px`).toBeLessThanOrEqual(size.height);
      }
    }
    await sheetScreenshots(page, sheet, 'content-shorts-comments');
    await expectAccessible(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
