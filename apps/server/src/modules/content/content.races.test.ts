import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isLostRace } from '../../platform/errors.js';
import { buildTestApp, onPostgres } from '../../test/app.js';
import { type HttpAnswer, httpCall } from '../../test/http.js';
import { catalogueTenant } from '../catalogue/catalogue.test-helpers.js';
import { postLikes } from './content.schema.js';

/**
 * Writes that race on PostgreSQL through real concurrent HTTP requests (a listening server and a
 * pool of connections, not `inject`): a request that loses a race (its post or comment was deleted
 * under it) answers 404, never 500 (issue 9). PGlite runs one statement at a time, so these only
 * mean something on a real server.
 */
describe.runIf(onPostgres)('content races on PostgreSQL', () => {
  let app: FastifyInstance;
  let w: Awaited<ReturnType<typeof catalogueTenant>>;
  let port: number;
  let author: string;
  let readers: string[];

  beforeAll(async () => {
    app = await buildTestApp({
      storage: { driver: 'local', localDir: mkdtempSync(join(tmpdir(), 'content-races-')) },
      databasePoolMax: 20,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
    w = await catalogueTenant(app);
    author = (await w.signIn('merchant', '햇살농장')).token;
    readers = await Promise.all([1, 2, 3, 4].map(async () => (await w.signIn('customer')).token));
  });
  afterAll(() => app.close());

  type Answer = HttpAnswer;

  /** One real HTTP request on its own connection. */
  function send(
    method: string,
    path: string,
    token: string,
    body?: unknown,
    raw?: { payload: Buffer; type: string },
  ): Promise<Answer> {
    const payload = raw?.payload ?? (body === undefined ? undefined : Buffer.from(JSON.stringify(body)));
    return httpCall({ port, host: w.host, method, path, token, payload, type: raw?.type, agent: false });
  }

  function form(fields: Record<string, string>) {
    const boundary = `----race${Math.random().toString(16).slice(2)}`;
    const body = Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    return { payload: Buffer.from(`${body}--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
  }

  async function newPost(): Promise<number> {
    const res = await send('POST', '/api/content/posts', author, undefined, form({ title: '경주', content: '동시에' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  }

  async function newComment(postId: number, token: string, parentId?: number): Promise<number> {
    const res = await send('POST', `/api/content/posts/${postId}/comments`, token, {
      content: '댓글',
      ...(parentId ? { parent_id: parentId } : {}),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as number;
  }

  /**
   * Every answer is a success, a 404 (the post or comment is gone) or a 409 (a reply to a comment
   * that became '삭제된 댓글입니다.'), with the JSON error shape; none is a 5xx.
   */
  function expectWonOrGone(answers: Answer[], ok: number[]) {
    const bad = answers.filter((a) => !ok.includes(a.status) && a.status !== 404 && a.status !== 409);
    expect(bad, JSON.stringify(bad.slice(0, 3))).toEqual([]);
    for (const a of answers.filter((x) => x.status === 404)) {
      expect(a.body.code).toMatch(/^(post|comment)_not_found$/);
    }
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.code).toBe('parent_comment_deleted');
  }

  it('deleting a comment while replies to it are written: each reply is made or answers 404/409', async () => {
    const post = await newPost();
    const all: Answer[] = [];
    let lost = 0;
    for (let round = 0; round < 30; round++) {
      const comment = await newComment(post, readers[0] as string);
      const [deleted, ...replies] = await Promise.all([
        send('DELETE', `/api/content/comments/${comment}`, readers[0] as string),
        ...[1, 2, 3].map((i) =>
          send('POST', `/api/content/posts/${post}/comments`, readers[i] as string, {
            content: '답글',
            parent_id: comment,
          }),
        ),
      ]);
      expect(deleted?.status, JSON.stringify(deleted?.body)).toBe(200);
      // A reply written first keeps the comment as '삭제된 댓글입니다.'; one written after finds it gone.
      const made = replies.filter((r) => r.status === 201).length;
      expect(deleted?.body.mode).toBe(made > 0 ? 'soft' : 'hard');
      lost += replies.length - made;
      all.push(...replies);
    }
    expectWonOrGone(all, [201]);
    // The post's count still equals the comments not deleted.
    const list = await send('GET', `/api/content/posts/${post}/comments?size=100`, author);
    const live = (list.body.comments as { is_deleted: boolean }[]).filter((c) => !c.is_deleted);
    expect(list.body.comments_count).toBe(live.length);
    // Some replies lost the race (otherwise the test proved nothing about it).
    expect(lost).toBeGreaterThan(0);
  });

  it('deleting a post while likes and comments arrive: each answers 200/201 or 404/409', async () => {
    const all: Answer[] = [];
    for (let round = 0; round < 15; round++) {
      const post = await newPost();
      const comment = await newComment(post, readers[0] as string);
      const writes = Array.from({ length: 20 }, (_, i) => {
        const token = readers[i % readers.length] as string;
        if (i % 4 === 0) return send('POST', `/api/content/posts/${post}/like`, token);
        if (i % 4 === 1) return send('DELETE', `/api/content/posts/${post}/like`, token);
        if (i % 4 === 2) return send('POST', `/api/content/posts/${post}/comments`, token, { content: '와' });
        return send('POST', `/api/content/posts/${post}/comments`, token, { content: '답', parent_id: comment });
      });
      writes.splice(round, 0, send('DELETE', `/api/content/posts/${post}`, author));
      const answers = await Promise.all(writes);
      const deleted = answers.splice(round, 1)[0];
      expect(deleted?.status, JSON.stringify(deleted?.body)).toBe(200);
      all.push(...answers);
      expect((await send('GET', `/api/content/posts/${post}`, author)).status).toBe(404);
    }
    expect(all).toHaveLength(300);
    expectWonOrGone(all, [200, 201]);
  });

  it('deleting comments, editing and deleting the post at once: no 5xx', async () => {
    const all: Answer[] = [];
    for (let round = 0; round < 10; round++) {
      const post = await newPost();
      const parent = await newComment(post, readers[0] as string);
      const comments = await Promise.all([1, 2, 3].map((i) => newComment(post, readers[i] as string, parent)));
      const answers = await Promise.all([
        ...comments.map((c, i) => send('DELETE', `/api/content/comments/${c}`, readers[i + 1] as string)),
        send('DELETE', `/api/content/comments/${parent}`, readers[0] as string),
        send('PUT', `/api/content/posts/${post}`, author, undefined, form({ title: '고침', content: '수정' })),
        send('DELETE', `/api/content/posts/${post}`, author),
      ]);
      all.push(...answers);
    }
    expectWonOrGone(all, [200]);
  });
});

describe('the safety net for a write that still loses a race', () => {
  it('recognises a foreign-key violation through drizzle on either driver (answered 409, not 500)', async () => {
    const app = await buildTestApp();
    try {
      const t = await catalogueTenant(app);
      const error = await app.db
        .insert(postLikes)
        .values({ tenantId: t.tenant.id, postId: 999_999, userId: 999_999 })
        .then(
          () => null,
          (err: unknown) => err,
        );
      expect(isLostRace(error)).toBe(true);
      expect(isLostRace(new Error('other'))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
