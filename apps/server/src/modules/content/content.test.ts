import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  commentListSchema,
  contentStatsSchema,
  creatorListSchema,
  merchantChannelSchema,
  postListSchema,
  postMessages,
  postSchema,
  publicUserSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFeatures } from '../../seed/factories.js';
import { buildTestApp, onPostgres } from '../../test/app.js';
import { catalogueTenant } from '../catalogue/catalogue.test-helpers.js';
import { ffmpegPath, runFfmpeg } from './post-media.js';

let app: FastifyInstance;
let png: Buffer;
let mp4: Buffer;
let webm: Buffer;
const FILE_LIMIT = 256 * 1024;

beforeAll(async () => {
  app = await buildTestApp({
    storage: { driver: 'local', localDir: mkdtempSync(join(tmpdir(), 'content-test-')) },
    content: { fileBytesMax: FILE_LIMIT, viewPeriodMs: 60_000 },
  });
  png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();
  // ffmpeg ships with the project (@ffmpeg-installer/ffmpeg): the video tests never skip.
  if (!ffmpegPath()) throw new Error('ffmpeg is missing: @ffmpeg-installer/ffmpeg should provide it (npm ci)');
  const madeMp4 = await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10',
    '-t',
    '2',
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-movflags',
    '+faststart+frag_keyframe+empty_moov',
    '-f',
    'mp4',
    '-',
  ]);
  if (!madeMp4) throw new Error('ffmpeg could not make the sample MP4 (libx264)');
  mp4 = madeMp4;
  const madeWebm = await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=5',
    '-t',
    '1',
    '-c:v',
    'libvpx',
    '-f',
    'webm',
    '-',
  ]);
  if (!madeWebm) throw new Error('ffmpeg could not make the sample WebM (libvpx)');
  webm = madeWebm;
});
afterAll(() => app.close());

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

function form(parts: Part[]) {
  const boundary = `----post${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const text = (title: string, content: string, extra: Record<string, string> = {}): Part[] => [
  { name: 'title', value: title },
  { name: 'content', value: content },
  ...Object.entries(extra).map(([name, value]) => ({ name, value })),
];
const image = (filename = 'photo.png'): Part => ({ name: 'files', filename, data: png, type: 'image/png' });

async function world(features = allFeatures()) {
  const t = await catalogueTenant(app, { features });
  const merchant = await t.signIn('merchant', '햇살농장');
  const other = await t.signIn('merchant', '달빛농장');
  const customer = await t.signIn('customer');
  const send = (method: 'POST' | 'PUT', url: string, parts: Part[], token?: string) => {
    const body = form(parts);
    return app.inject({
      method,
      url,
      headers: {
        host: t.host,
        'content-type': body.contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      payload: body.payload,
    });
  };
  const createPost = async (parts: Part[] = text('농장 일기', '오늘은 감자를 캤습니다.'), token = merchant.token) => {
    const res = await send('POST', '/api/content/posts', parts, token);
    expect(res.statusCode, res.body).toBe(201);
    return postSchema.parse(res.json());
  };
  return { ...t, merchant, other, customer, send, createPost };
}

describe('posts', () => {
  it("names a merchant's post by the shop: the post, the feed and the anonymous cached answers carry business_name", async () => {
    const w = await world();
    const post = await w.createPost();
    const shop = { id: w.merchant.user.id, username: w.merchant.user.username, business_name: '햇살농장' };
    expect(post.author).toMatchObject(shop);
    for (const token of [undefined, w.customer.token]) {
      const one = postSchema.parse((await w.call('GET', `/api/content/posts/${post.id}`, undefined, token)).json());
      expect(one.author).toMatchObject(shop);
      const feed = postListSchema.parse((await w.call('GET', '/api/content/posts', undefined, token)).json());
      expect(feed.posts.map((p) => p.author)).toEqual([expect.objectContaining(shop)]);
    }
  });

  it('a merchant creates a post with an image and a video; the video gets a poster and is served with Range', async () => {
    const w = await world();
    const post = await w.createPost([
      ...text('감자 수확', '올해 첫 감자입니다.', { is_announcement: 'true' }),
      image(),
      { name: 'files', filename: 'harvest.mp4', data: mp4, type: 'video/mp4' },
    ]);
    expect(post).toMatchObject({
      title: '감자 수확',
      is_announcement: true,
      likes_count: 0,
      comments_count: 0,
      is_liked: false,
      author: { id: w.merchant.user.id, user_type: 'merchant' },
    });
    expect(post.media[0]).toMatchObject({ media_type: 'image', content_type: 'image/webp', is_thumbnail: true });
    const stored = await w.call('GET', post.media[0]?.file_path as string);
    expect((await sharp(stored.rawPayload).metadata()).format).toBe('webp');
    const video = post.media[1];
    expect(video).toMatchObject({ media_type: 'video', content_type: 'video/mp4', size_bytes: mp4.length });
    expect(post.has_video).toBe(true);
    const poster = await w.call('GET', video?.thumbnail_url as string);
    expect(poster.statusCode).toBe(200);
    expect((await sharp(poster.rawPayload).metadata()).width).toBeGreaterThan(0);
    const range = await w.call('GET', video?.file_path as string, undefined, undefined, {
      headers: { range: 'bytes=0-99' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.length).toBe(100);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${mp4.length}`);
  });

  it('uses the client thumbnail of a video when given', async () => {
    const w = await world();
    const jpeg = await sharp({ create: { width: 90, height: 160, channels: 3, background: '#f00' } })
      .jpeg()
      .toBuffer();
    const thumbs = JSON.stringify([
      { fileName: 'a.mp4', thumbnailData: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
    ]);
    const post = await w.createPost([
      ...text('숏츠', '짧은 영상', { custom_thumbnails: thumbs }),
      { name: 'files', filename: 'a.mp4', data: mp4, type: 'video/mp4' },
    ]);
    const poster = await w.call('GET', post.media[0]?.thumbnail_url as string);
    expect(await sharp(poster.rawPayload).metadata()).toMatchObject({ width: 90, height: 160 });
  });

  it('validates title, content and the files with the spec messages, storing nothing', async () => {
    const w = await world();
    const cases: [Part[], number, string][] = [
      [text('', '내용'), 400, postMessages.titleRequired],
      [text('   ', '내용'), 400, postMessages.titleRequired],
      [text('제목', ''), 400, postMessages.contentRequired],
      [text('가'.repeat(101), '내용'), 400, postMessages.titleTooLong],
      [text('제목', '가'.repeat(2001)), 400, postMessages.contentTooLong],
      [
        [...text('제목', '내용'), ...Array.from({ length: 11 }, (_, i) => image(`p${i}.png`))],
        413,
        postMessages.filesMax,
      ],
      [
        [...text('제목', '내용'), { name: 'files', filename: 'big.png', data: Buffer.alloc(FILE_LIMIT + 10, 1) }],
        413,
        postMessages.fileTooLarge('big.png', 1).replace('1MB', `${Math.max(1, Math.round(FILE_LIMIT / 1048576))}MB`),
      ],
      [
        [
          ...text('제목', '내용'),
          {
            name: 'files',
            filename: 'movie.mp4',
            data: Buffer.from('just text, not a video'.repeat(50)),
            type: 'video/mp4',
          },
        ],
        415,
        postMessages.unsupportedFile('movie.mp4'),
      ],
      [text('제목', '내용', { custom_thumbnails: '{not json' }), 400, postMessages.badJsonField('custom_thumbnails')],
    ];
    for (const [parts, status, detail] of cases) {
      const res = await w.send('POST', '/api/content/posts', parts, w.merchant.token);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toBe(detail);
    }
    expect(postListSchema.parse((await w.call('GET', '/api/content/posts')).json()).total).toBe(0);
    expect(postMessages.fileTooLarge('a.mp4')).toBe('파일 크기는 50MB를 초과할 수 없습니다: a.mp4');
  });

  it('refuses a video header followed by junk, and an SVG as a video thumbnail (issue 9)', async () => {
    const w = await world();
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'.repeat(80));
    // The real first bytes (MP4 `ftyp` box, WebM EBML header), then HTML: file-type calls them videos.
    const fakes = [
      { filename: 'fake.mp4', data: Buffer.concat([mp4.subarray(0, 32), html]), mime: 'video/mp4' },
      { filename: 'fake.webm', data: Buffer.concat([webm.subarray(0, 48), html]), mime: 'video/webm' },
    ];
    for (const fake of fakes) {
      expect((await fileTypeFromBuffer(fake.data))?.mime).toBe(fake.mime);
      const res = await w.send(
        'POST',
        '/api/content/posts',
        [...text('영상', '가짜'), { name: 'files', filename: fake.filename, data: fake.data, type: fake.mime }],
        w.merchant.token,
      );
      expect(res.statusCode, res.body).toBe(415);
      expect(res.json()).toEqual({
        detail: postMessages.unsupportedFile(fake.filename),
        code: 'unsupported_media_type',
      });
    }

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="90" height="160">' +
        '<script>alert(1)</script><image xlink:href="http://127.0.0.1:9/x.png" width="90" height="160"/>' +
        '<rect width="90" height="160" fill="red"/></svg>',
    );
    const svgData = `data:image/svg+xml;base64,${svg.toString('base64')}`;
    const withSvg = await w.send(
      'POST',
      '/api/content/posts',
      [
        ...text('숏츠', 'SVG 썸네일', {
          custom_thumbnails: JSON.stringify([{ fileName: 'a.mp4', thumbnailData: svgData }]),
        }),
        { name: 'files', filename: 'a.mp4', data: mp4, type: 'video/mp4' },
      ],
      w.merchant.token,
    );
    expect(withSvg.statusCode, withSvg.body).toBe(400);
    expect(withSvg.json().detail).toBe(postMessages.thumbnailFailed);
    // Nor as the new poster of an existing video.
    const post = await w.createPost([
      ...text('숏츠', '영상'),
      { name: 'files', filename: 'a.mp4', data: mp4, type: 'video/mp4' },
    ]);
    const existing = JSON.stringify([{ mediaId: post.media[0]?.id, thumbnailData: svgData }]);
    const edit = await w.send(
      'PUT',
      `/api/content/posts/${post.id}`,
      text('숏츠', '영상', { existing_media_thumbnails: existing }),
      w.merchant.token,
    );
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json().detail).toBe(postMessages.thumbnailFailed);
    expect(postListSchema.parse((await w.call('GET', '/api/content/posts')).json()).total).toBe(1);
  });

  it('permission matrix: anonymous, customer, merchant, author', async () => {
    const w = await world();
    const post = await w.createPost();
    const url = `/api/content/posts/${post.id}`;
    const parts = text('수정', '수정된 내용');
    // Create: merchants only.
    expect((await w.send('POST', '/api/content/posts', parts)).statusCode).toBe(401);
    expect((await w.send('POST', '/api/content/posts', parts, w.customer.token)).statusCode).toBe(403);
    // Edit and delete: the author only.
    expect((await w.send('PUT', url, parts)).statusCode).toBe(401);
    expect((await w.send('PUT', url, parts, w.customer.token)).statusCode).toBe(403);
    const foreign = await w.send('PUT', url, parts, w.other.token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBe(postMessages.editForbidden);
    expect((await w.call('DELETE', url, undefined, w.other.token)).statusCode).toBe(403);
    // Read: everyone. Like and comment: signed in.
    expect((await w.call('GET', url)).statusCode).toBe(200);
    expect((await w.call('POST', `${url}/like`)).statusCode).toBe(401);
    expect((await w.call('POST', `${url}/comments`, { content: '안녕' })).statusCode).toBe(401);
    for (const token of [w.customer.token, w.other.token, w.merchant.token]) {
      expect((await w.call('POST', `${url}/like`, undefined, token)).statusCode).toBe(200);
      expect((await w.call('POST', `${url}/comments`, { content: '좋아요' }, token)).statusCode).toBe(201);
    }
    // The author edits and deletes.
    const edited = await w.send('PUT', url, parts, w.merchant.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: '수정', content: '수정된 내용', likes_count: 3, comments_count: 3 });
    expect((await w.call('DELETE', url, undefined, w.merchant.token)).statusCode).toBe(200);
    expect((await w.call('GET', url)).statusCode).toBe(404);
  });

  it('edit removes media, replaces a video poster, adds files, keeps at most 10; delete removes the files', async () => {
    const w = await world();
    const post = await w.createPost([...text('사진', '사진 두 장'), image('a.png'), image('b.png')]);
    const [a, b] = post.media;
    const url = `/api/content/posts/${post.id}`;
    const tooMany = await w.send(
      'PUT',
      url,
      [...text('사진', '많이'), ...Array.from({ length: 9 }, (_, i) => image(`n${i}.png`))],
      w.merchant.token,
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().detail).toBe(postMessages.filesMax);
    const res = await w.send(
      'PUT',
      url,
      [...text('사진', '한 장 바꿈', { remove_media_ids: JSON.stringify([a?.id]) }), image('c.png')],
      w.merchant.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const edited = postSchema.parse(res.json());
    expect(edited.media.map((m) => m.file_name)).toEqual(['b.png', 'c.png']);
    expect(edited.media[0]?.is_thumbnail).toBe(true);
    expect((await w.call('GET', a?.file_path as string)).statusCode).toBe(404);
    expect((await w.call('DELETE', url, undefined, w.merchant.token)).statusCode).toBe(200);
    expect((await w.call('GET', b?.file_path as string)).statusCode).toBe(404);
  });

  it("another tenant's post answers 404; the content switch off answers feature_disabled", async () => {
    const w = await world();
    const post = await w.createPost();
    const elsewhere = await world();
    for (const [method, url] of [
      ['GET', `/api/content/posts/${post.id}`],
      ['GET', `/api/main/posts/${post.id}`],
      ['GET', `/api/content/posts/${post.id}/comments`],
      ['POST', `/api/content/posts/${post.id}/like`],
      ['DELETE', `/api/content/posts/${post.id}`],
    ] as const) {
      const res = await elsewhere.call(method, url, undefined, elsewhere.merchant.token);
      expect(res.statusCode, url).toBe(404);
    }
    expect(
      (await elsewhere.send('PUT', `/api/content/posts/${post.id}`, text('a', 'b'), elsewhere.merchant.token))
        .statusCode,
    ).toBe(404);
    const off = await world({ ...allFeatures(), content: false });
    const res = await off.call('GET', '/api/main/posts');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('feature_disabled');
  });

  it('lists, filters, searches Hangul substrings, pages with a stable order, and bulk-deletes own posts', async () => {
    const w = await world();
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await w.createPost(
          text(`딸기 일기 ${i}`, i % 2 ? '하우스 딸기가 익었어요' : '토마토 소식', {
            is_announcement: i === 0 ? 'true' : 'false',
          }),
        ),
      );
    }
    await w.createPost(text('다른 농장', '안녕하세요'), w.other.token);
    const list = postListSchema.parse((await w.call('GET', '/api/content/posts?size=4')).json());
    expect(list).toMatchObject({ total: 6, page: 1, pages: 2 });
    const second = postListSchema.parse((await w.call('GET', '/api/content/posts?size=4&page=2')).json());
    expect(new Set([...list.posts, ...second.posts].map((p) => p.id)).size).toBe(6);
    const mine = postListSchema.parse(
      (await w.call('GET', `/api/content/posts?author_id=${w.merchant.user.id}&size=50`)).json(),
    );
    expect(mine.total).toBe(5);
    const notices = postListSchema.parse((await w.call('GET', '/api/main/posts?is_announcement=true')).json());
    expect(notices.posts.map((p) => p.id)).toEqual([made[0]?.id]);
    const found = postListSchema.parse(
      (await w.call('GET', `/api/content/posts/search?q=${encodeURIComponent('딸기가')}`)).json(),
    );
    expect(found.total).toBe(2);
    const bad = await w.call('DELETE', '/api/content/posts', { ids: [made[1]?.id, made[2]?.id] }, w.other.token);
    expect(bad.statusCode).toBe(403);
    const bulk = await w.call('DELETE', '/api/content/posts', { ids: [made[1]?.id, made[2]?.id] }, w.merchant.token);
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(postListSchema.parse((await w.call('GET', '/api/content/posts')).json()).total).toBe(4);
  });

  it('counts a view once per viewer per period', async () => {
    const w = await world();
    const post = await w.createPost();
    for (let i = 0; i < 3; i++) await w.call('GET', `/api/content/posts/${post.id}`, undefined, w.customer.token);
    await w.call('GET', `/api/main/posts/${post.id}`, undefined, w.other.token);
    await app.content.flushViews();
    const seen = (await w.call('GET', `/api/content/posts/${post.id}`, undefined, w.customer.token)).json();
    expect(seen.views_count).toBe(2);
  });
});

describe('likes', () => {
  it('POST and DELETE are idempotent; the main form toggles; is_liked follows the caller', async () => {
    const w = await world();
    const post = await w.createPost();
    const like = `/api/content/posts/${post.id}/like`;
    expect((await w.call('POST', like, undefined, w.customer.token)).json()).toMatchObject({
      is_liked: true,
      likes_count: 1,
    });
    expect((await w.call('POST', like, undefined, w.customer.token)).json()).toMatchObject({
      is_liked: true,
      likes_count: 1,
    });
    expect((await w.call('GET', `/api/content/posts/${post.id}`, undefined, w.customer.token)).json().is_liked).toBe(
      true,
    );
    expect((await w.call('GET', `/api/content/posts/${post.id}`)).json()).toMatchObject({
      is_liked: false,
      likes_count: 1,
    });
    // The feeds answer the caller's own is_liked too, signed in or not.
    for (const feed of ['/api/content/posts', '/api/main/posts']) {
      const mine = (await w.call('GET', feed, undefined, w.customer.token)).json();
      expect(mine.posts.find((p: { id: number }) => p.id === post.id)).toMatchObject({
        is_liked: true,
        likes_count: 1,
      });
      const visitor = (await w.call('GET', feed)).json();
      expect(visitor.posts.find((p: { id: number }) => p.id === post.id)).toMatchObject({ is_liked: false });
    }
    expect((await w.call('DELETE', like, undefined, w.customer.token)).json()).toMatchObject({
      is_liked: false,
      likes_count: 0,
    });
    expect((await w.call('DELETE', like, undefined, w.customer.token)).json()).toMatchObject({
      is_liked: false,
      likes_count: 0,
    });
    const toggle = `/api/main/posts/${post.id}/like`;
    expect((await w.call('POST', toggle, undefined, w.other.token)).json()).toMatchObject({
      is_liked: true,
      likes_count: 1,
    });
    expect((await w.call('POST', toggle, undefined, w.other.token)).json()).toMatchObject({
      is_liked: false,
      likes_count: 0,
    });
  });

  it.runIf(onPostgres)('stays exact under parallel likes from many users (PostgreSQL)', async () => {
    const w = await world();
    const post = await w.createPost();
    const people = await Promise.all(Array.from({ length: 24 }, () => w.signIn('customer')));
    const like = `/api/content/posts/${post.id}/like`;
    // Every user likes twice at once; half of them also unlike at once afterwards.
    await Promise.all(
      people.flatMap((p) => [w.call('POST', like, undefined, p.token), w.call('POST', like, undefined, p.token)]),
    );
    expect((await w.call('GET', `/api/content/posts/${post.id}`, undefined, w.merchant.token)).json().likes_count).toBe(
      24,
    );
    await Promise.all(people.slice(0, 12).map((p) => w.call('DELETE', like, undefined, p.token)));
    expect((await w.call('GET', `/api/content/posts/${post.id}`, undefined, w.merchant.token)).json().likes_count).toBe(
      12,
    );
  });

  it.runIf(onPostgres)(
    'the toggle stays exact when many users toggle at once, several times each (PostgreSQL)',
    async () => {
      const w = await world();
      const post = await w.createPost();
      const people = await Promise.all(Array.from({ length: 20 }, () => w.signIn('customer')));
      const toggle = `/api/main/posts/${post.id}/like`;
      // User i toggles 1 to 4 times, all of every user's toggles at once: an odd count ends liked.
      const times = people.map((_, i) => 1 + (i % 4));
      const answers = await Promise.all(
        people.map((p, i) =>
          Promise.all(Array.from({ length: times[i] as number }, () => w.call('POST', toggle, undefined, p.token))),
        ),
      );
      for (const [i, mine] of answers.entries()) {
        expect(mine.map((a) => a.statusCode)).toEqual(mine.map(() => 200));
        // Each toggle saw the one before it: as many "liked" answers as odd steps, however they interleaved.
        const liked = mine.filter((a) => a.json().is_liked).length;
        expect(liked, `user ${i}: ${times[i]} toggles`).toBe(Math.ceil((times[i] as number) / 2));
      }
      const expected = people.filter((_, i) => (times[i] as number) % 2 === 1).map((p) => p.user.id);
      const final = (await w.call('GET', `/api/main/posts/${post.id}`, undefined, w.merchant.token)).json();
      expect(final.likes_count).toBe(expected.length);
      const likers = [];
      for (const p of people) {
        const seen = (await w.call('GET', `/api/main/posts/${post.id}`, undefined, p.token)).json();
        if (seen.is_liked) likers.push(p.user.id);
      }
      expect(likers).toEqual(expected);
    },
  );
});

describe('comments', () => {
  it('threads replies to depth 5, refuses depth 6, keeps a deleted comment with replies as a placeholder', async () => {
    const w = await world();
    const post = await w.createPost();
    const url = `/api/content/posts/${post.id}/comments`;
    const empty = await w.call('POST', url, { content: '   ' }, w.customer.token);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(postMessages.commentRequired);
    let parent: number | null = null;
    const ids: number[] = [];
    for (let depth = 0; depth <= 5; depth++) {
      const res = await w.call('POST', url, { content: `  깊이 ${depth}  `, parent_id: parent }, w.customer.token);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ depth, parent_id: parent, content: `깊이 ${depth}` });
      parent = res.json().id;
      ids.push(res.json().id);
    }
    const tooDeep = await w.call('POST', url, { content: '더 깊이', parent_id: parent }, w.customer.token);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({ code: 'comment_depth_exceeded', detail: postMessages.commentDepthExceeded });
    // The main form takes query parameters.
    const main = await w.call(
      'POST',
      `/api/main/posts/${post.id}/comments?content=${encodeURIComponent('두 번째 글')}`,
      undefined,
      w.other.token,
    );
    expect(main.statusCode, main.body).toBe(201);

    const list = commentListSchema.parse((await w.call('GET', url)).json());
    expect(list.comments.map((c) => c.depth)).toEqual([0, 1, 2, 3, 4, 5, 0]);
    expect(list).toMatchObject({ total: 2, comments_count: 7 });

    // Only the author deletes; one with replies stays as a placeholder; the leaf goes away.
    expect((await w.call('DELETE', `/api/content/comments/${ids[0]}`, undefined, w.other.token)).statusCode).toBe(403);
    const soft = await w.call('DELETE', `/api/content/comments/${ids[0]}`, undefined, w.customer.token);
    expect(soft.json()).toMatchObject({ mode: 'soft', comments_count: 6 });
    const after = commentListSchema.parse((await w.call('GET', `/api/main/posts/${post.id}/comments`)).json());
    expect(after.comments[0]).toMatchObject({ is_deleted: true, content: postMessages.deletedComment, author: null });
    const reply = await w.call('POST', url, { content: '답글', parent_id: ids[0] }, w.other.token);
    expect(reply.json().code).toBe('parent_comment_deleted');
    // Deleting the whole chain from the leaf up removes the placeholder too.
    for (const id of ids.slice(1).reverse()) {
      expect((await w.call('DELETE', `/api/content/comments/${id}`, undefined, w.customer.token)).json().mode).toBe(
        'hard',
      );
    }
    const final = commentListSchema.parse((await w.call('GET', url)).json());
    expect(final.comments).toHaveLength(1);
    expect(final.comments_count).toBe(1);
  });
});

describe('main feed extras and channel lookups', () => {
  it('creators, stats, user and merchant lookups', async () => {
    const w = await world();
    await w.createPost();
    await w.createPost(text('두 번째', '글'));
    const creators = creatorListSchema.parse((await w.call('GET', '/api/main/creators')).json()).creators;
    expect(creators).toHaveLength(1);
    expect(creators[0]).toMatchObject({ id: w.merchant.user.id, posts_count: 2, business_name: '햇살농장' });
    const stats = contentStatsSchema.parse((await w.call('GET', '/api/main/stats')).json());
    expect(stats).toMatchObject({ posts_count: 2, creators_count: 1 });
    const user = publicUserSchema.parse((await w.call('GET', `/api/users/${w.merchant.user.id}`)).json());
    expect(user).toMatchObject({ user_type: 'merchant', posts_count: 2, merchant_id: w.merchant.merchant?.id });
    expect(user.counts).toEqual({ posts: 2, videos: 0, likes: 0 });
    const channel = merchantChannelSchema.parse(
      (await w.call('GET', `/api/users/merchants/${w.merchant.merchant?.id}`)).json(),
    );
    expect(channel).toMatchObject({ user_id: w.merchant.user.id, business_name: '햇살농장', counts: { posts: 2 } });
    expect((await w.call('GET', '/api/users/99999999')).statusCode).toBe(404);
    const elsewhere = await world();
    expect((await elsewhere.call('GET', `/api/users/${w.merchant.user.id}`)).statusCode).toBe(404);
    expect((await elsewhere.call('GET', `/api/users/merchants/${w.merchant.merchant?.id}`)).statusCode).toBe(404);
  });

  it("the channel header counts are the author's totals: posts, video posts and likes received", async () => {
    const w = await world();
    const first = await w.createPost();
    await w.createPost(text('두 번째', '글'));
    await w.createPost(text('남의 글', '다른 판매자'), w.other.token);
    await w.createPost([
      ...text('수확 영상', '영상'),
      { name: 'files', filename: 'a.mp4', data: mp4, type: 'video/mp4' },
    ]);
    expect((await w.call('POST', `/api/content/posts/${first.id}/like`, undefined, w.customer.token)).statusCode).toBe(
      200,
    );
    const expected = { posts: 3, videos: 1, likes: 1 };
    const user = publicUserSchema.parse((await w.call('GET', `/api/users/${w.merchant.user.id}`)).json());
    expect(user.counts).toEqual(expected);
    const channel = merchantChannelSchema.parse(
      (await w.call('GET', `/api/users/merchants/${w.merchant.merchant?.id}`)).json(),
    );
    expect(channel.counts).toEqual(expected);
    // A page of one post still comes with the author's total.
    const page = (await w.call('GET', `/api/content/posts?author_id=${w.merchant.user.id}&size=1`)).json();
    expect(page.posts).toHaveLength(1);
    expect(page.total).toBe(expected.posts);
    const customer = publicUserSchema.parse((await w.call('GET', `/api/users/${w.customer.user.id}`)).json());
    expect(customer.counts).toEqual({ posts: 0, videos: 0, likes: 0 });
  });
});
