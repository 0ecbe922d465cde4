import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commentListSchema, postListSchema } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, onPostgres } from '../../test/app.js';
import { catalogueTenant } from '../catalogue/catalogue.test-helpers.js';
import { comments, posts } from './content.schema.js';

/**
 * A double click or a retry after a lost answer sends the same create twice: with the same
 * Idempotency-Key the second answers the first one's post or comment and creates nothing (issue 10).
 */
let app: FastifyInstance;
let mediaDir: string;
let png: Buffer;

beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'content-idempotency-'));
  app = await buildTestApp({ storage: { driver: 'local', localDir: mediaDir }, databasePoolMax: 20 });
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
});
afterAll(() => app.close());

function postForm(title: string, content: string, withImage = false) {
  const boundary = `----idem${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n${title}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n${content}\r\n`),
  ];
  if (withImage) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

async function world() {
  const t = await catalogueTenant(app);
  const merchant = await t.signIn('merchant', '햇살농장');
  const reader = await t.signIn('customer');
  const createPost = (title: string, content: string, key?: string, withImage = false) => {
    const body = postForm(title, content, withImage);
    return app.inject({
      method: 'POST',
      url: '/api/content/posts',
      headers: {
        host: t.host,
        authorization: `Bearer ${merchant.token}`,
        'content-type': body.type,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      payload: body.payload,
    });
  };
  const comment = (postId: number, content: string, key?: string, token = reader.token, parentId?: number) =>
    t.call(
      'POST',
      `/api/content/posts/${postId}/comments`,
      { content, ...(parentId ? { parent_id: parentId } : {}) },
      token,
      { headers: key ? { 'idempotency-key': key } : {} },
    );
  const commentRows = (postId: number) =>
    app.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.tenantId, t.tenant.id), eq(comments.postId, postId)));
  const postRows = (title: string) =>
    app.db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.tenantId, t.tenant.id), eq(posts.title, title)));
  return { ...t, merchant, reader, createPost, comment, commentRows, postRows };
}

describe('idempotent comment create', () => {
  it('the same key again answers the first comment and adds no row; another key adds a second comment', async () => {
    const w = await world();
    const post = (await w.createPost('감자 캐기', '오늘 감자를 캤습니다.')).json().id as number;
    const first = await w.comment(post, '맛있겠어요', 'key-comment-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await w.comment(post, '맛있겠어요', 'key-comment-1');
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(await w.commentRows(post)).toHaveLength(1);
    const list = commentListSchema.parse((await w.call('GET', `/api/content/posts/${post}/comments`)).json());
    expect(list.comments_count).toBe(1);

    const other = await w.comment(post, '맛있겠어요', 'key-comment-2');
    expect(other.statusCode).toBe(201);
    expect(other.json().id).not.toBe(first.json().id);
    // Without a key every request is a new comment (older clients keep working).
    expect((await w.comment(post, '맛있겠어요')).statusCode).toBe(201);
    expect((await w.comment(post, '맛있겠어요')).statusCode).toBe(201);
    expect(await w.commentRows(post)).toHaveLength(4);
    const after = commentListSchema.parse((await w.call('GET', `/api/content/posts/${post}/comments`)).json());
    expect(after.comments_count).toBe(4);
  });

  it('a key is the author’s own: another reader with the same key writes their own comment', async () => {
    const w = await world();
    const post = (await w.createPost('양파', '양파 수확')).json().id as number;
    const mine = await w.comment(post, '좋아요', 'shared-key');
    const theirs = await w.comment(post, '좋아요', 'shared-key', w.merchant.token);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await w.commentRows(post)).toHaveLength(2);
  });

  it('the same key for a different comment is refused with 409 and changes nothing', async () => {
    const w = await world();
    const post = (await w.createPost('배추', '배추 수확')).json().id as number;
    const first = await w.comment(post, '첫 댓글', 'key-x');
    const reply = await w.comment(post, '다른 내용', 'key-x');
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toMatchObject({ code: 'idempotency_key_reused' });
    const asReply = await w.comment(post, '첫 댓글', 'key-x', w.reader.token, first.json().id);
    expect(asReply.statusCode).toBe(409);
    expect(await w.commentRows(post)).toHaveLength(1);
  });

  it('a malformed key is a 400 in Korean; the query-string form is idempotent too', async () => {
    const w = await world();
    const post = (await w.createPost('무', '무 수확')).json().id as number;
    const bad = await w.comment(post, '안녕', 'x'.repeat(101));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Idempotency-Key');
    const url = `/api/main/posts/${post}/comments?content=${encodeURIComponent('쿼리 댓글')}`;
    const headers = { headers: { 'idempotency-key': 'query-key' } };
    const a = await w.call('POST', url, undefined, w.reader.token, headers);
    const b = await w.call('POST', url, undefined, w.reader.token, headers);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    expect(await w.commentRows(post)).toHaveLength(1);
  });
});

describe('idempotent post create', () => {
  it('the same key again answers the first post, stores no second row and no second file', async () => {
    const w = await world();
    const filesBefore = readdirSync(mediaDir, { recursive: true }).length;
    const first = await w.createPost('같은 글', '두 번 눌렀습니다.', 'post-key-1', true);
    expect(first.statusCode, first.body).toBe(201);
    const filesAfterFirst = readdirSync(mediaDir, { recursive: true }).length;
    expect(filesAfterFirst).toBeGreaterThan(filesBefore);
    const again = await w.createPost('같은 글', '두 번 눌렀습니다.', 'post-key-1', true);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect(again.json().media).toHaveLength(1);
    expect(await w.postRows('같은 글')).toHaveLength(1);
    expect(readdirSync(mediaDir, { recursive: true }).length).toBe(filesAfterFirst);
    const list = postListSchema.parse((await w.call('GET', '/api/content/posts?size=50')).json());
    expect(list.posts.filter((p) => p.title === '같은 글')).toHaveLength(1);

    const second = await w.createPost('같은 글', '두 번 눌렀습니다.', 'post-key-2');
    expect(second.json().id).not.toBe(first.json().id);
    expect(await w.postRows('같은 글')).toHaveLength(2);
    const changed = await w.createPost('다른 글', '내용', 'post-key-1');
    expect(changed.statusCode).toBe(409);
    expect(await w.postRows('다른 글')).toHaveLength(0);
  });
});

describe.runIf(onPostgres)('idempotent creates racing on PostgreSQL', () => {
  it('twelve identical comment requests at once create exactly one comment', async () => {
    const w = await world();
    const post = (await w.createPost('동시에', '여러 번')).json().id as number;
    for (let round = 0; round < 5; round++) {
      const key = `race-comment-${round}`;
      const answers = await Promise.all(Array.from({ length: 12 }, () => w.comment(post, `경주 ${round}`, key)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    }
    expect(await w.commentRows(post)).toHaveLength(5);
    const list = commentListSchema.parse((await w.call('GET', `/api/content/posts/${post}/comments`)).json());
    expect(list.comments_count).toBe(5);
  });

  it('eight identical post requests at once create exactly one post', async () => {
    const w = await world();
    for (let round = 0; round < 3; round++) {
      const title = `동시 글 ${round}`;
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => w.createPost(title, '한 번만', `race-post-${round}`, true)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
      expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
      expect(await w.postRows(title)).toHaveLength(1);
    }
  });
});
