import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCatalogueTestApp,
  catalogueTenant,
  multipartBody,
  shoppingProduct,
} from '../../modules/catalogue/catalogue.test-helpers.js';
import { buildTestApp } from '../../test/app.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage, StorageConfig } from './storage.js';
import { parseRange } from './storage.routes.js';

let s3server: S3rver;
let s3config: NonNullable<StorageConfig['s3']>;
beforeAll(async () => {
  s3server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 's3rver-')),
    configureBuckets: [{ name: 'media-test' }],
  });
  const { port } = await s3server.run();
  s3config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'media-test',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
});
afterAll(() => s3server.close());

const adapters: [string, () => Storage][] = [
  ['local disk', () => createLocalStorage(mkdtempSync(join(tmpdir(), 'storage-')))],
  ['S3 (s3rver through the AWS SDK)', () => createS3Storage(s3config)],
];

describe.each(adapters)('storage adapter: %s', (_name, make) => {
  it('puts, describes, reads whole and in ranges, and deletes', async () => {
    const storage = make();
    const key = `tenants/1/test/${Date.now()}-a.txt`;
    await storage.put(key, Buffer.from('0123456789'), { contentType: 'text/plain; charset=utf-8' });
    const meta = await storage.head(key);
    expect(meta).toMatchObject({ size: 10, contentType: expect.stringContaining('text/plain') });
    expect(meta?.etag).toMatch(/^".+"$/);
    const whole = await storage.get(key);
    expect(await text(whole?.body as Readable)).toBe('0123456789');
    const part = await storage.get(key, { start: 2, end: 5 });
    expect(part?.size).toBe(10);
    expect(await text(part?.body as Readable)).toBe('2345');

    const streamed = `tenants/1/test/${Date.now()}-b.webp`;
    await storage.put(streamed, Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
      contentType: 'image/webp',
      contentLength: 6,
    });
    expect((await storage.head(streamed))?.contentType).toBe('image/webp');

    await storage.delete([key, streamed, 'tenants/1/test/never-there.txt']);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.get(streamed)).toBeNull();
  });

  it('lists the objects under a prefix with their time (for the clean-up at start)', async () => {
    const storage = make();
    const prefix = `tenants/9/list-${Date.now()}/`;
    await storage.put(`${prefix}a.webp`, Buffer.from('a'), { contentType: 'image/webp' });
    await storage.put(`${prefix}sub/b.webp`, Buffer.from('b'), { contentType: 'image/webp' });
    await storage.put(`tenants/9/other-${Date.now()}.webp`, Buffer.from('c'), { contentType: 'image/webp' });
    const listed: { key: string; lastModified: Date }[] = [];
    for await (const o of storage.list(prefix)) listed.push(o);
    expect(listed.map((o) => o.key).sort()).toEqual([`${prefix}a.webp`, `${prefix}sub/b.webp`]);
    for (const o of listed) expect(Math.abs(o.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await storage.removeStaleTemporaries(new Date())).toBe(0);
  });

  it('refuses keys that leave their folder', async () => {
    const storage = make();
    await expect(storage.put('../x.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow();
    await expect(storage.head('/etc/passwd')).rejects.toThrow();
    await expect(storage.head('a//b')).rejects.toThrow();
  });
});

describe('HTTP ranges', () => {
  it('parses one range of bytes and refuses one past the end', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'none' });
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'range', range: { start: 0, end: 9 } });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'range', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-5', 100)).toEqual({ kind: 'range', range: { start: 95, end: 99 } });
    expect(parseRange('bytes=50-500', 100)).toEqual({ kind: 'range', range: { start: 50, end: 99 } });
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'none' });
    expect(parseRange('items=0-1', 100)).toEqual({ kind: 'none' });
  });
});

describe('the app on S3 storage', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({
      storage: { driver: 's3', localDir: '/nonexistent', s3: s3config },
      catalogue: { counterFlushMs: 60_000, seedProductsPerTenant: 0, answerCacheMs: 2_000 },
    });
  });
  afterAll(() => app.close());

  it('stores product images in the bucket and serves them with ranges', async () => {
    const t = await catalogueTenant(app);
    const owner = await t.signIn('merchant');
    const product = (await t.call('POST', '/api/products', shoppingProduct(), owner.token)).json();
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#2f80ed' } })
      .png()
      .toBuffer();
    const body = multipartBody({ data: png, filename: 'blue.png' });
    const res = await app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/media`,
      headers: { host: t.host, authorization: `Bearer ${owner.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    const file = await t.call('GET', res.json().file_path);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const head = await t.call('GET', res.json().file_path, undefined, undefined, { headers: { range: 'bytes=0-11' } });
    expect(head.statusCode).toBe(206);
    expect(head.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });
});

describe('the app on local storage', () => {
  it('builds with the default adapter', async () => {
    const app = await buildCatalogueTestApp();
    expect(app.storage.kind).toBe('local');
    await app.close();
  });
});
