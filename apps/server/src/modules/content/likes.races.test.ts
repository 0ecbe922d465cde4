import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onPostgres } from '../../test/app.js';
import { catalogueTenant } from '../catalogue/catalogue.test-helpers.js';
import { insertPost } from './content.repository.js';

/**
 * Likes racing on PostgreSQL: a like call is one statement that moves the post's likes_count by
 * the rows it actually added or removed, so whatever the interleaving of many users' (and one
 * user's own) likes, unlikes and toggles, likes_count equals the rows in post_likes. PGlite runs
 * one statement at a time, so these only mean something on a real server.
 */
describe.runIf(onPostgres)('likes racing on PostgreSQL', () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof catalogueTenant>>;
  let authorId: number;
  let people: { id: number; token: string }[];

  beforeAll(async () => {
    app = await buildTestApp({ databasePoolMax: 20 });
    w = await catalogueTenant(app);
    authorId = (await w.signIn('merchant', '햇살농장')).user.id;
    people = await Promise.all(
      Array.from({ length: 24 }, async () => {
        const p = await w.signIn('customer');
        return { id: p.user.id, token: p.token };
      }),
    );
  });
  afterAll(() => app.close());

  async function newPost(): Promise<number> {
    const post = await insertPost(app.db, { tenantId: w.tenant.id, authorId, title: '경주', content: '동시에' });
    return post?.id as number;
  }

  /** Each post's likes_count beside the count of its rows in post_likes. */
  async function counts(ids: number[]) {
    const { rows } = await app.db.execute<{ id: number; likes_count: number; rows: number }>(sql`
      select p.id, p.likes_count,
             (select count(*)::int from post_likes l where l.tenant_id = ${w.tenant.id} and l.post_id = p.id) as rows
        from posts p where p.tenant_id = ${w.tenant.id} and p.id = any(${`{${ids.join(',')}}`}::int[])
       order by p.id`);
    return rows;
  }

  function expectExact(found: Awaited<ReturnType<typeof counts>>, ids: number[]) {
    expect(found.map((r) => r.id)).toEqual([...ids].sort((a, b) => a - b));
    for (const r of found) expect(r.likes_count, `post ${r.id}`).toBe(r.rows);
  }

  const like = (post: number) => `/api/content/posts/${post}/like`;
  const toggle = (post: number) => `/api/main/posts/${post}/like`;
  type Call = 'like' | 'unlike' | 'toggle';
  function send(call: Call, post: number, token: string) {
    if (call === 'like') return w.call('POST', like(post), undefined, token);
    if (call === 'unlike') return w.call('DELETE', like(post), undefined, token);
    return w.call('POST', toggle(post), undefined, token);
  }
  const calls: Call[] = ['like', 'unlike', 'toggle'];
  const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)] as T;

  it('many users liking, unliking and toggling one post at once, each several calls at once: exact', async () => {
    const post = await newPost();
    for (let round = 0; round < 6; round++) {
      const answers = await Promise.all(
        people.flatMap((p) => Array.from({ length: 4 }, () => send(pick(calls), post, p.token))),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      for (const a of answers) {
        const body = a.json();
        expect(body.post_id).toBe(post);
        expect(body.likes_count).toBeGreaterThanOrEqual(0);
        expect(body.likes_count).toBeLessThanOrEqual(people.length);
      }
      expectExact(await counts([post]), [post]);
    }
    // And each user's is_liked is their row.
    const [row] = await counts([post]);
    const liked = await Promise.all(
      people.map(async (p) => (await w.call('GET', `/api/content/posts/${post}`, undefined, p.token)).json().is_liked),
    );
    expect(liked.filter(Boolean).length).toBe(row?.rows);
  });

  it("a double-click on the toggle flips twice, whatever the interleaving (the same user's two calls at once)", async () => {
    const post = await newPost();
    // Half the users already like the post: their double-click unlikes, then likes again.
    const before = people.filter((_, i) => i % 2 === 0);
    await Promise.all(before.map((p) => send('like', post, p.token)));
    for (let round = 0; round < 4; round++) {
      const pairs = await Promise.all(
        people.map((p) => Promise.all([send('toggle', post, p.token), send('toggle', post, p.token)])),
      );
      for (const [i, pair] of pairs.entries()) {
        expect(pair.map((a) => a.statusCode)).toEqual([200, 200]);
        // One of the two saw the other: one answer liked, one not.
        expect(pair.map((a) => a.json().is_liked).sort(), `user ${i}`).toEqual([false, true]);
      }
      const [row] = await counts([post]);
      expect(row).toEqual({ id: post, likes_count: before.length, rows: before.length });
    }
  });

  it('likes spread over several posts at once: every post stays exact', async () => {
    const posts = await Promise.all(Array.from({ length: 6 }, () => newPost()));
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        people.flatMap((p) => Array.from({ length: 5 }, () => send(pick(calls), pick(posts), p.token))),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      expectExact(await counts(posts), posts);
    }
  });
});
