import { mediaListSchema, PRODUCT_IMAGE_BYTES_MAX, productMediaSchema, productMessages } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildCatalogueTestApp,
  catalogueTenant,
  heicBytes,
  multipartBody,
  shoppingProduct,
} from './catalogue.test-helpers.js';

let app: FastifyInstance;
let png: Buffer;
let jpegWithExif: Buffer;
let gif: Buffer;
let webp: Buffer;
beforeAll(async () => {
  app = await buildCatalogueTestApp();
  const base = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#ff9630' } });
  png = await base().png().toBuffer();
  jpegWithExif = await base()
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: '비밀 좌표', Artist: 'tester' } } })
    .toBuffer();
  gif = await base().gif().toBuffer();
  webp = await base().webp().toBuffer();
});
afterAll(() => app.close());

async function productOfOwner() {
  const t = await catalogueTenant(app);
  const owner = await t.signIn('merchant');
  const product = (await t.call('POST', '/api/products', shoppingProduct(), owner.token)).json();
  const upload = (data: Buffer, filename: string, fields: Record<string, string> = {}, token = owner.token) => {
    const body = multipartBody({ data, filename, contentType: 'image/jpeg' }, fields);
    return app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/media`,
      headers: { host: t.host, authorization: `Bearer ${token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
  };
  return { ...t, owner, product, upload };
}

describe('product images', () => {
  it('accepts a PNG named .jpg by its content, re-encodes it to WebP in two sizes, and serves it', async () => {
    const { upload, call, product } = await productOfOwner();
    const res = await upload(png, 'photo.jpg');
    expect(res.statusCode).toBe(201);
    const media = productMediaSchema.parse(res.json());
    expect(media).toMatchObject({ media_type: 'image', file_name: 'photo.jpg', is_thumbnail: true, order: 0 });
    expect(media.file_path).toMatch(/^\/api\/media\/tenants\/\d+\/products\/\d+\/[\w-]+-display\.webp$/);

    const detail = (await call('GET', `/api/products/${product.id}`)).json();
    expect(detail.image_url).toBe(media.file_path);
    expect(detail.thumbnail_url).toBe(media.thumbnail_url);
    expect(detail.media).toHaveLength(1);

    const file = await call('GET', media.file_path);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['cache-control']).toContain('immutable');
    const served = await sharp(file.rawPayload).metadata();
    expect(served).toMatchObject({ format: 'webp', width: 640, height: 480 });
    const thumb = await sharp((await call('GET', media.thumbnail_url)).rawPayload).metadata();
    expect(thumb).toMatchObject({ format: 'webp', width: 400, height: 400 });
  });

  it('strips metadata (EXIF) and accepts JPEG, GIF and WebP', async () => {
    const { upload, call } = await productOfOwner();
    expect((await sharp(jpegWithExif).metadata()).exif).toBeDefined();
    const res = await upload(jpegWithExif, 'exif.jpeg');
    expect(res.statusCode).toBe(201);
    const stored = await sharp((await call('GET', res.json().file_path)).rawPayload).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect((await upload(gif, 'a.gif')).statusCode).toBe(201);
    expect((await upload(webp, 'a.webp')).statusCode).toBe(201);
  });

  it('refuses a text file named .jpg, HEIC, an unreadable image and a missing file', async () => {
    const { upload, call, product, owner, host } = await productOfOwner();
    const text = await upload(Buffer.from('이것은 그림이 아닙니다'.repeat(500)), 'fake.jpg');
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ detail: productMessages.imageOnly, code: 'unsupported_media_type' });

    const heic = await upload(heicBytes(), 'IMG_0001.jpg');
    expect(heic.statusCode).toBe(415);
    expect(heic.json()).toEqual({ detail: productMessages.imageHeic, code: 'heic_not_supported' });

    const broken = await upload(Buffer.concat([png.subarray(0, 100), Buffer.alloc(5000)]), 'broken.png');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('image_unreadable');

    const none = multipartBody(null, { is_thumbnail: 'true' });
    const missing = await app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/media`,
      headers: { host, authorization: `Bearer ${owner.token}`, 'content-type': none.contentType },
      payload: none.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe(productMessages.imageMissing);
    expect((await call('GET', `/api/products/${product.id}/media`)).json().media).toEqual([]);
  });

  it('refuses a file over 20 MB while reading it', async () => {
    const { upload, call, product } = await productOfOwner();
    const big = Buffer.concat([png, Buffer.alloc(PRODUCT_IMAGE_BYTES_MAX + 1 - png.length)]);
    const res = await upload(big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: productMessages.imageTooLarge, code: 'file_too_large' });
    expect((await call('GET', `/api/products/${product.id}/media`)).json().media).toEqual([]);
  });

  it('keeps at most 10 images: the 11th is refused', async () => {
    const { upload, call, product } = await productOfOwner();
    const small = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    for (let i = 0; i < 10; i++) expect((await upload(small, `${i}.png`)).statusCode).toBe(201);
    const eleventh = await upload(small, '10.png');
    expect(eleventh.statusCode).toBe(400);
    expect(eleventh.json()).toEqual({ detail: productMessages.imagesMax, code: 'too_many_images' });
    expect((await call('GET', `/api/products/${product.id}/media`)).json().media).toHaveLength(10);
  });

  it('keeps the order and the thumbnail flag, deletes one or many, and only for the owner', async () => {
    const { upload, call, product, owner, signIn } = await productOfOwner();
    const ids: number[] = [];
    for (const name of ['a.png', 'b.png', 'c.png']) ids.push((await upload(png, name)).json().id);
    const [a, b, c] = ids as [number, number, number];

    // An upload flagged as thumbnail goes first.
    const d = (await upload(png, 'd.png', { is_thumbnail: 'true' })).json();
    let media = mediaListSchema.parse((await call('GET', `/api/products/${product.id}/media`)).json()).media;
    expect(media.map((m) => [m.id, m.order, m.is_thumbnail])).toEqual([
      [d.id, 0, true],
      [a, 1, false],
      [b, 2, false],
      [c, 3, false],
    ]);

    const ordered = await call(
      'PUT',
      `/api/products/${product.id}/media/order`,
      [
        { id: a, order: 2, is_thumbnail: false },
        { id: b, order: 0, is_thumbnail: true },
        { id: c, order: 1, is_thumbnail: false },
        { id: d.id, order: 3, is_thumbnail: false },
      ],
      owner.token,
    );
    expect(ordered.statusCode).toBe(200);
    media = mediaListSchema.parse(ordered.json()).media;
    expect(media.map((m) => m.id)).toEqual([b, c, a, d.id]);
    expect(media.map((m) => m.is_thumbnail)).toEqual([true, false, false, false]);
    const detail = (await call('GET', `/api/products/${product.id}`)).json();
    expect(detail.image_url).toBe(media[0]?.file_path);

    const unknown = await call(
      'PUT',
      `/api/products/${product.id}/media/order`,
      [{ id: 999_999, order: 0 }],
      owner.token,
    );
    expect(unknown.statusCode).toBe(404);

    const rival = await signIn('merchant');
    expect((await upload(png, 'x.png', {}, rival.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/products/${product.id}/media/${b}`, undefined, rival.token)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `/api/products/${product.id}/media/${b}`)).statusCode).toBe(401);

    const one = await call('DELETE', `/api/products/${product.id}/media/${b}`, undefined, owner.token);
    expect(one.statusCode).toBe(200);
    expect(one.json().media.map((m: { id: number }) => m.id)).toEqual([c, a, d.id]);
    expect(one.json().media[0].is_thumbnail).toBe(true);
    expect((await call('GET', media[0]?.file_path ?? '')).statusCode).toBe(404); // file removed too

    const bulk = await call('DELETE', `/api/products/${product.id}/media`, { ids: [c, d.id] }, owner.token);
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json().media.map((m: { id: number }) => m.id)).toEqual([a]);
    const last = await call('DELETE', `/api/products/${product.id}/media`, { ids: [a] }, owner.token);
    expect(last.json().media).toEqual([]);
    expect((await call('GET', `/api/products/${product.id}`)).json().image_url).toBeNull();
  });

  it("serves files only on their tenant's host, with byte ranges", async () => {
    const { upload, call } = await productOfOwner();
    const media = (await upload(png, 'range.png')).json();
    const whole = await call('GET', media.file_path);
    const size = whole.rawPayload.length;

    const part = await call('GET', media.file_path, undefined, undefined, { headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 100));
    const tail = await call('GET', media.file_path, undefined, undefined, { headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 10));
    const beyond = await call('GET', media.file_path, undefined, undefined, {
      headers: { range: `bytes=${size}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
    const cached = await call('GET', media.file_path, undefined, undefined, {
      headers: { 'if-none-match': String(whole.headers.etag) },
    });
    expect(cached.statusCode).toBe(304);

    const other = await catalogueTenant(app);
    expect((await other.call('GET', media.file_path)).statusCode).toBe(404);
    expect((await call('GET', '/api/media/tenants/1/../../etc/passwd')).statusCode).toBe(404);
  });
});
