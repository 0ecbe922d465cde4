import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cartSchema,
  postListSchema,
  productDetailSchema,
  productListSchema,
  walletTransactionListSchema,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acrossShards } from '../../platform/db/citus.js';
import { DEMO_PASSWORD, demoTenants, seedDemoIfEmpty } from '../../seed/demo.js';
import {
  drawPostPicture,
  drawProductPicture,
  motifFor,
  postArtSvg,
  productArtSvg,
  svgTexts,
} from '../../seed/demo-art.js';
import { CAPTION_HEIGHT, CAPTION_TOP, demoScenes, SCENE_HEIGHT, SCENE_WIDTH } from '../../seed/demo-video-scenes.js';
import { captionFont } from '../../seed/demo-videos.js';
import { accountsClient } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';
import { demoCategoryColour } from '../catalogue/demo-catalogue.js';
import { ledgerProblems } from '../wallet/ledger.js';
import { demoPostArt } from './demo-content.js';
import { type DemoPost, farmPosts, mallPosts } from './demo-posts.js';
import { ffmpegPath } from './post-media.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp(
    { storage: { driver: 'local', localDir: mkdtempSync(join(tmpdir(), 'demo-content-')) } },
    { wholePlatform: true },
  );
  // ffmpeg ships with the project (@ffmpeg-installer/ffmpeg); without it the demo has no videos.
  if (!ffmpegPath()) throw new Error('ffmpeg is missing: @ffmpeg-installer/ffmpeg should provide it (npm ci)');
  await seedDemoIfEmpty(app.db, app.log, { storage: app.storage });
}, 120_000);
afterAll(() => app.close());

/** What ffmpeg reads from a clip's header: duration (s), frame size and metadata tags. */
function probe(mp4: Buffer) {
  const file = join(mkdtempSync(join(tmpdir(), 'probe-')), 'v.mp4');
  writeFileSync(file, mp4);
  const out = spawnSync(ffmpegPath() as string, ['-hide_banner', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
  const d = /Duration: (\d+):(\d+):(\d+\.\d+)/.exec(out.stderr);
  const size = /Video: .*?, (\d+)x(\d+)/.exec(out.stderr);
  const tag = (name: string) => new RegExp(`^\\s+${name}\\s+: (.*)$`, 'm').exec(out.stderr)?.[1]?.trim() ?? null;
  return {
    file,
    seconds: out.status === 0 && d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null,
    width: Number(size?.[1]),
    height: Number(size?.[2]),
    title: tag('title'),
    comment: tag('comment'),
  };
}

/** The frame at `at` seconds as RGB bytes (SCENE_WIDTH x SCENE_HEIGHT). */
function frameAt(file: string, at: number): Buffer {
  const out = spawnSync(
    ffmpegPath() as string,
    ['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  return out.stdout;
}

/** Mean of each RGB channel over a rectangle of a frame. */
function meanColour(rgb: Buffer, x0: number, y0: number, w: number, h: number): number[] {
  const sum = [0, 0, 0];
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (rgb[(y * SCENE_WIDTH + x) * 3 + c] as number);
    }
  }
  return sum.map((v) => v / (w * h));
}

const hexRgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
const storiesOf = (host: string): DemoPost[] => (host === 'farm.localhost' ? farmPosts : mallPosts);
/** A product title's words that are not amounts ('양평 유기농 상추 500g' → 양평, 유기농, 상추). */
const wordsOf = (title: string) => title.split(' ').filter((w) => !/\d/.test(w));

describe('demo content seed', () => {
  const hosts = demoTenants.map((t) => t.domain);
  const get = (host: string, url: string) => app.inject({ method: 'GET', url, headers: { host } });

  it.each(hosts)(
    '%s: 30+ posts with images, a depth-5 thread, exact counters, many authors and likers',
    async (host) => {
      const list = postListSchema.parse((await get(host, '/api/content/posts?size=100')).json());
      expect(list.total).toBeGreaterThanOrEqual(30);
      expect(list.posts.every((p) => p.media.some((m) => m.media_type === 'image'))).toBe(true);

      const tenant = (await app.db.execute(sql`select id from tenants where domain = ${host}`)).rows[0] as {
        id: number;
      };
      const stats = (
        await app.db.execute(sql`select
      (select max(depth) from comments where tenant_id = ${tenant.id}) as depth,
      (select count(distinct user_id) from post_likes where tenant_id = ${tenant.id}) as likers,
      (select count(*) from posts p where tenant_id = ${tenant.id} and likes_count <> (select count(*) from post_likes l where l.tenant_id = ${tenant.id} and l.post_id = p.id)) as wrong_likes,
      (select count(*) from posts p where tenant_id = ${tenant.id} and comments_count <> (select count(*) from comments c where c.tenant_id = ${tenant.id} and c.post_id = p.id)) as wrong_comments,
      (select count(distinct author_id) from posts where tenant_id = ${tenant.id}) as authors`)
      ).rows[0] as Record<string, number | string>;
      expect(Number(stats.depth)).toBe(5);
      expect(Number(stats.likers)).toBeGreaterThanOrEqual(5);
      expect(Number(stats.wrong_likes)).toBe(0);
      expect(Number(stats.wrong_comments)).toBe(0);
      expect(Number(stats.authors)).toBeGreaterThanOrEqual(5);
    },
  );

  it.each(hosts)('%s: the demo merchant and customer sign in with the demo password', async (host) => {
    for (const email of ['merchant@example.com', 'customer@example.com']) {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: email, password: DEMO_PASSWORD }).toString(),
      });
      expect(login.statusCode, email).toBe(200);
    }
  });

  const businessNames = async (host: string) => {
    const rows = (
      await acrossShards(app.db, (tx) =>
        tx.execute(sql`select m.user_id, m.business_name from merchants m join tenants t on t.id = m.tenant_id
          where t.domain = ${host}`),
      )
    ).rows as { user_id: number; business_name: string }[];
    return new Map(rows.map((r) => [Number(r.user_id), r.business_name]));
  };

  it.each(hosts)('%s: no two sellers share a business name', async (host) => {
    const names = [...(await businessNames(host)).values()];
    expect(names.length).toBeGreaterThanOrEqual(6);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('draws a product picture with the product, its name and its seller (the picture generator)', () => {
    const art = { title: '방울토마토 1kg', merchant: '해바라기농장', colour: '#7cc16b', variant: 0 };
    expect(svgTexts(productArtSvg(art))).toEqual(['방울토마토 1kg', '해바라기농장']);
    expect(motifFor(art.title)?.motif).toBe('cherryTomatoes');
    const post = {
      title: '새벽 <경매장> & 시장',
      author: '동해바다 수산',
      subject: '생물 오징어 3마리',
      colour: '#2F80ED',
    };
    expect(svgTexts(postArtSvg(post))).toEqual([post.title, post.author]);
  });

  it.each(hosts)(
    '%s: every product picture is the drawing of that product, naming it and the seller its card shows',
    async (host) => {
      const list = productListSchema.parse((await get(host, '/api/products?size=100')).json());
      expect(list.products.length).toBeGreaterThanOrEqual(30);
      let pictures = 0;
      for (const card of list.products) {
        // Every product has a drawing of its own kind (not the fallback gift box).
        expect(motifFor(card.title), card.title).not.toBeNull();
        const detail = productDetailSchema.parse((await get(host, `/api/products/${card.id}`)).json());
        expect(detail.media.length, card.title).toBeGreaterThan(0);
        for (const media of detail.media) {
          const stored = (await get(host, media.file_path)).rawPayload;
          const expected = await drawProductPicture({
            title: card.title,
            merchant: card.merchant.business_name,
            colour: demoCategoryColour(card.category ?? card.delivery_category ?? ''),
            variant: media.order,
          });
          expect(stored.equals(expected.display), `${card.title} (${card.merchant.business_name})`).toBe(true);
          pictures++;
        }
      }
      expect(pictures).toBeGreaterThan(list.products.length);
    },
    60_000,
  );

  it.each(hosts)(
    "%s: every post picture names its author's shop, and a post about a product is by its seller and names it",
    async (host) => {
      const names = await businessNames(host);
      const list = postListSchema.parse((await get(host, '/api/content/posts?size=100')).json());
      const stories = storiesOf(host);
      const products = productListSchema.parse((await get(host, '/api/products?size=100')).json()).products;
      for (const story of stories) {
        const post = list.posts.find((p) => p.title === story[1]);
        if (!post) throw new Error(`no post ${story[1]}`);
        const author = names.get(post.author_id) as string;
        const image = post.media.find((m) => m.media_type === 'image');
        const stored = (await get(host, image?.file_path as string)).rawPayload;
        const expected = await drawPostPicture(demoPostArt(story, host === 'farm.localhost', author));
        expect(stored.equals(expected), `${post.title} by ${author}`).toBe(true);
        const productTitle = story[5];
        if (productTitle) {
          const product = products.find((p) => p.title === productTitle);
          expect(product?.merchant.owner_id, `${post.title}: ${productTitle} is the author's`).toBe(post.author_id);
          const text = `${post.title} ${post.content}`;
          expect(
            wordsOf(productTitle).filter((w) => !text.includes(w)),
            post.title,
          ).toEqual([]);
        }
      }
    },
    60_000,
  );

  it.each(hosts)(
    "%s: 5+ videos, each a 3-6 s moving clip of its post's scene, captioned with the author's shop",
    async (host) => {
      const names = await businessNames(host);
      const list = postListSchema.parse((await get(host, '/api/content/posts?size=100')).json());
      const withVideo = list.posts.filter((p) => p.media.some((m) => m.media_type === 'video'));
      expect(withVideo.length).toBeGreaterThanOrEqual(5);
      const font = captionFont();
      const distinct = new Set<string>();
      for (const post of withVideo) {
        const video = post.media.find((m) => m.media_type === 'video') as { file_path: string; thumbnail_url: string };
        const res = await get(host, video.file_path);
        expect(res.statusCode).toBe(200);
        expect((await get(host, video.thumbnail_url)).statusCode).toBe(200);
        const clip = probe(res.rawPayload);
        expect(clip.seconds, post.title).toBeGreaterThanOrEqual(3);
        expect(clip.seconds, post.title).toBeLessThanOrEqual(6);
        expect([clip.width, clip.height]).toEqual([SCENE_WIDTH, SCENE_HEIGHT]);

        // The clip is the scene drawn for this post, and that scene is the author's.
        const story = storiesOf(host).find((s) => s[1] === post.title) as DemoPost;
        const scene = demoScenes.find((s) => s.key === story[4]);
        expect(clip.comment, post.title).toBe(`demo-scene:${story[4]}`);
        distinct.add(clip.comment as string);
        const author = names.get(post.author_id) as string;

        // Drawn, not a test pattern: the top-left corner has the scene's sky or wall colour...
        const early = frameAt(clip.file, 0.5);
        const late = frameAt(clip.file, 3);
        const corner = meanColour(late, 0, 0, 24, 24);
        const backdrop = hexRgb(scene?.backdrop as string);
        expect(
          corner.every((v, c) => Math.abs(v - (backdrop[c] as number)) < 20),
          `${post.title}: ${corner} vs ${backdrop}`,
        ).toBe(true);
        // ...and things move: the picture under the caption changes between 0.5 s and 3 s.
        const below = CAPTION_TOP + CAPTION_HEIGHT;
        let changed = 0;
        for (let i = below * SCENE_WIDTH * 3; i < SCENE_WIDTH * SCENE_HEIGHT * 3; i += 3) {
          let delta = 0;
          for (let c = 0; c < 3; c++) delta += Math.abs((early[i + c] as number) - (late[i + c] as number));
          if (delta > 60) changed++;
        }
        expect(changed / (SCENE_WIDTH * (SCENE_HEIGHT - below)), post.title).toBeGreaterThan(0.003);

        // The caption (drawn where a Korean font exists, as in CI) names the author's shop and subject,
        // in white letters on a dark band.
        if (font) {
          expect(clip.title, post.title).toBe(`${author} · ${scene?.caption}`);
          let white = 0;
          const top = CAPTION_TOP;
          const rows = CAPTION_HEIGHT;
          for (let y = top; y < top + rows; y++) {
            for (let x = 0; x < SCENE_WIDTH; x++) {
              const at = (y * SCENE_WIDTH + x) * 3;
              if ((late[at] as number) > 225 && (late[at + 1] as number) > 225 && (late[at + 2] as number) > 225)
                white++;
            }
          }
          const share = white / (SCENE_WIDTH * rows);
          expect(share, `${post.title}: caption letters`).toBeGreaterThan(0.01);
          expect(share, `${post.title}: caption band`).toBeLessThan(0.3);
        } else {
          expect(clip.title).toBeNull();
        }
      }
      expect(distinct.size).toBe(withVideo.length);
    },
    60_000,
  );
});

describe('demo wallets', () => {
  it('gives the demo customer a lived-in wallet where the wallet is on, and a sound ledger everywhere', async () => {
    const [farm, mall] = demoTenants;
    const token = await accountsClient(app, farm.domain).token('customer@example.com', DEMO_PASSWORD);
    const get = (url: string, host: string, bearer?: string) =>
      app.inject({ method: 'GET', url, headers: { host, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) } });
    const balance = (await get('/api/wallet/balance', farm.domain, token)).json();
    const history = walletTransactionListSchema.parse(
      (await get('/api/wallet/transactions?size=100', farm.domain, token)).json(),
    );
    // Top-ups, a transfer to the merchant, and the purchases and rewards of the demo orders.
    expect(balance.locked).toBe(0);
    expect(history.transactions.reduce((n, t) => n + t.delta, 0)).toBe(balance.available);
    const moves = history.transactions.map((t) => [t.tx_type, t.delta]);
    expect(moves).toEqual(
      expect.arrayContaining([
        ['topup', 50_000],
        ['topup', 30_000],
        ['adjustment', -5_000],
      ]),
    );
    expect(moves.some(([type]) => type === 'earn')).toBe(true);
    const firstTopup = history.transactions.findLast((t) => t.tx_type === 'topup');
    expect(new Date(firstTopup?.created_at as string).getTime()).toBeLessThan(Date.now() - 20 * 86_400_000);
    for (const t of demoTenants) {
      const tenant = (await app.db.execute(sql`select id from tenants where domain = ${t.domain}`)).rows[0] as {
        id: number;
      };
      expect(await ledgerProblems(app.db, tenant.id)).toEqual([]);
    }
    const mallToken = await accountsClient(app, mall.domain).token('customer@example.com', DEMO_PASSWORD);
    expect((await get('/api/wallet/balance', mall.domain, mallToken)).statusCode).toBe(404);
  });
});

describe('demo cart', () => {
  it('opens the demo customer’s cart with goods of several merchants, each line on sale and priced', async () => {
    for (const t of demoTenants) {
      const token = await accountsClient(app, t.domain).token('customer@example.com', DEMO_PASSWORD);
      const res = await app.inject({
        method: 'GET',
        url: '/api/cart',
        headers: { host: t.domain, authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      const cart = cartSchema.parse(res.json());
      expect(cart.groups.length).toBeGreaterThanOrEqual(2);
      expect(cart.groups.flatMap((g) => g.items).every((i) => i.available)).toBe(true);
      expect(cart.total_amount).toBe(cart.items_total + cart.delivery_total);
    }
  });
});
