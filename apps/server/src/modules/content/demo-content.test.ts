import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postListSchema, walletTransactionListSchema } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoTenants, seedDemoIfEmpty } from '../../seed/demo.js';
import { accountsClient } from '../../test/accounts.js';
import { buildTestApp } from '../../test/app.js';
import { ledgerProblems } from '../wallet/ledger.js';
import { ffmpegPath } from './post-media.js';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ storage: { driver: 'local', localDir: mkdtempSync(join(tmpdir(), 'demo-content-')) } });
  // ffmpeg ships with the project (@ffmpeg-installer/ffmpeg); without it the demo has no videos.
  if (!ffmpegPath()) throw new Error('ffmpeg is missing: @ffmpeg-installer/ffmpeg should provide it (npm ci)');
  await seedDemoIfEmpty(app.db, app.log, { storage: app.storage });
}, 120_000);
afterAll(() => app.close());

/** The duration ffmpeg reads from the file's header, in seconds (null when it cannot read it). */
function duration(mp4: Buffer): number | null {
  const file = join(mkdtempSync(join(tmpdir(), 'probe-')), 'v.mp4');
  writeFileSync(file, mp4);
  const out = spawnSync(ffmpegPath() as string, ['-hide_banner', '-i', file, '-f', 'null', '-'], { encoding: 'utf8' });
  const m = /Duration: (\d+):(\d+):(\d+\.\d+)/.exec(out.stderr);
  return out.status === 0 && m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

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
      (select count(*) from posts p where tenant_id = ${tenant.id} and likes_count <> (select count(*) from post_likes l where l.tenant_id = p.tenant_id and l.post_id = p.id)) as wrong_likes,
      (select count(*) from posts p where tenant_id = ${tenant.id} and comments_count <> (select count(*) from comments c where c.tenant_id = p.tenant_id and c.post_id = p.id)) as wrong_comments,
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

  it.each(hosts)('%s: 5+ playable videos of 1-3 s, not all alike, each with a poster', async (host) => {
    const list = postListSchema.parse((await get(host, '/api/content/posts?size=100')).json());
    const videos = list.posts.flatMap((p) => p.media.filter((m) => m.media_type === 'video'));
    expect(videos.length).toBeGreaterThanOrEqual(5);
    const distinct = new Set<number>();
    for (const v of videos) {
      const res = await get(host, v.file_path);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
      distinct.add(res.rawPayload.length);
      expect((await get(host, v.thumbnail_url as string)).statusCode).toBe(200);
    }
    for (const v of videos.slice(0, 5)) {
      const seconds = duration((await get(host, v.file_path)).rawPayload);
      expect(seconds).toBeGreaterThan(1);
      expect(seconds).toBeLessThanOrEqual(3);
    }
    expect(distinct.size).toBeGreaterThanOrEqual(2);
  });
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
