import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { postSchema } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { catalogueTenant } from '../catalogue/catalogue.test-helpers.js';

/**
 * Spec part 2 section 6 as one table: who may do what with a post and its comments. The post
 * (and, where needed, a comment) is made fresh for every cell, so the cells do not depend on
 * each other. "merchant" is a merchant who did not write the post; "author" is the one who did.
 */
let app: FastifyInstance;
let w: Awaited<ReturnType<typeof catalogueTenant>>;
let tokens: Record<Role, string | undefined>;

type Role = 'anonymous' | 'customer' | 'merchant' | 'author';
const roles: Role[] = ['anonymous', 'customer', 'merchant', 'author'];

beforeAll(async () => {
  app = await buildTestApp({ storage: { driver: 'local', localDir: mkdtempSync(join(tmpdir(), 'content-perm-')) } });
  w = await catalogueTenant(app);
  const [customer, merchant, author, neighbour] = await Promise.all([
    w.signIn('customer'),
    w.signIn('merchant', '달빛농장'),
    w.signIn('merchant', '햇살농장'),
    w.signIn('customer'),
  ]);
  tokens = { anonymous: undefined, customer: customer.token, merchant: merchant.token, author: author.token };
  neighbourToken = neighbour.token;
});
afterAll(() => app.close());
let neighbourToken: string;

function form(fields: Record<string, string>) {
  const boundary = `----perm${Math.random().toString(16).slice(2)}`;
  const body = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return { payload: Buffer.from(`${body}--${boundary}--\r\n`), type: `multipart/form-data; boundary=${boundary}` };
}
async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>, token?: string) {
  const f = form(fields);
  const res = await app.inject({
    method,
    url,
    headers: { host: w.host, 'content-type': f.type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: f.payload,
  });
  return res.statusCode;
}
const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, token?: string) =>
  (await w.call(method, url, payload, token)).statusCode;

async function newPost() {
  const res = await send(
    'POST',
    '/api/content/posts',
    { title: '농장 일기', content: '오늘은 감자를 캤습니다.' },
    tokens.author,
  );
  expect(res).toBe(201);
  const list = await w.call('GET', '/api/content/posts?size=1');
  return postSchema.parse(list.json().posts[0]).id;
}
async function newComment(postId: number, token: string, parentId?: number) {
  const res = await w.call(
    'POST',
    `/api/content/posts/${postId}/comments`,
    { content: '좋아요', parent_id: parentId },
    token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

type Action = (token: string | undefined) => Promise<number>;
const post =
  (fields: Record<string, string>): Action =>
  (token) =>
    send('POST', '/api/content/posts', fields, token);
const actions: [string, Action, [number, number, number, number]][] = [
  // action, what the role does, expected status for [anonymous, customer, merchant, author]
  ['read post', async (t) => call('GET', `/api/content/posts/${await newPost()}`, undefined, t), [200, 200, 200, 200]],
  [
    'read comments',
    async (t) => call('GET', `/api/content/posts/${await newPost()}/comments`, undefined, t),
    [200, 200, 200, 200],
  ],
  ['like', async (t) => call('POST', `/api/content/posts/${await newPost()}/like`, undefined, t), [401, 200, 200, 200]],
  [
    'unlike',
    async (t) => call('DELETE', `/api/content/posts/${await newPost()}/like`, undefined, t),
    [401, 200, 200, 200],
  ],
  [
    'main-feed like toggle',
    async (t) => call('POST', `/api/main/posts/${await newPost()}/like`, undefined, t),
    [401, 200, 200, 200],
  ],
  [
    'comment',
    async (t) => call('POST', `/api/content/posts/${await newPost()}/comments`, { content: '안녕하세요' }, t),
    [401, 201, 201, 201],
  ],
  [
    'reply',
    async (t) => {
      const id = await newPost();
      const parent = await newComment(id, neighbourToken);
      return call('POST', `/api/content/posts/${id}/comments`, { content: '답글', parent_id: parent }, t);
    },
    [401, 201, 201, 201],
  ],
  ['create post', post({ title: '새 글', content: '내용' }), [401, 403, 201, 201]],
  ['create announcement', post({ title: '공지', content: '내용', is_announcement: 'true' }), [401, 403, 201, 201]],
  [
    'edit post',
    async (t) => send('PUT', `/api/content/posts/${await newPost()}`, { title: '수정', content: '수정' }, t),
    [401, 403, 403, 200],
  ],
  [
    'edit announcement flag',
    async (t) =>
      send(
        'PUT',
        `/api/content/posts/${await newPost()}`,
        { title: '공지', content: '수정', is_announcement: 'true' },
        t,
      ),
    [401, 403, 403, 200],
  ],
  [
    'delete post',
    async (t) => call('DELETE', `/api/content/posts/${await newPost()}`, undefined, t),
    [401, 403, 403, 200],
  ],
  [
    'delete own comment',
    async (t) => {
      const id = await newPost();
      // The visitor has no comment of its own: it tries the customer's.
      const mine = await newComment(id, t ?? (tokens.customer as string));
      return call('DELETE', `/api/content/comments/${mine}`, undefined, t);
    },
    [401, 200, 200, 200],
  ],
  [
    "delete another's comment",
    async (t) =>
      call('DELETE', `/api/content/comments/${await newComment(await newPost(), neighbourToken)}`, undefined, t),
    [401, 403, 403, 403],
  ],
];

describe('content permissions (spec part 2 section 6)', () => {
  it('answers the expected status for every role and action', async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const [name, act, expected] of actions) {
      for (const [i, role] of roles.entries()) {
        got.push(`${name} / ${role}: ${await act(tokens[role])}`);
        want.push(`${name} / ${role}: ${expected[i]}`);
      }
    }
    expect(got).toEqual(want);
  });
});
