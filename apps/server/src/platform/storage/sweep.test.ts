import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { postSchema } from '@app/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { catalogueTenant } from '../../modules/catalogue/catalogue.test-helpers.js';
import { referencedMediaKeys } from '../../modules/content/content.repository.js';
import { buildTestApp } from '../../test/app.js';
import { acrossShards } from '../db/citus.js';
import { removeOrphanedMedia, STALE_AFTER_MS } from './sweep.js';

/** Makes a file (and its folders) with the given age. */
function file(path: string, ageMs: number) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, 'x');
  age(path, ageMs);
}
function age(path: string, ageMs: number) {
  const t = new Date(Date.now() - ageMs);
  utimesSync(path, t, t);
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('what a crash leaves behind is removed at start (issue 9)', () => {
  it('removes stale .part files, upload folders and media no row names; keeps fresh ones', async () => {
    const localDir = mkdtempSync(join(tmpdir(), 'sweep-test-'));
    const OLD = STALE_AFTER_MS + 60_000;
    const stale = [
      join(localDir, 'tenants/1/posts/.0b2f.part'),
      join(localDir, 'tenants/1/posts/3c1e-display.webp'),
      join(localDir, 'tenants/1/posts/3c1e-thumb.webp'),
      join(localDir, 'tenants/2/products/7/9a0d-display.webp'),
    ];
    const fresh = [
      join(localDir, 'tenants/1/posts/.77aa.part'),
      join(localDir, 'tenants/1/posts/5d2e-display.webp'),
      join(localDir, 'tenants/2/products/7/1f3b-thumb.webp'),
    ];
    for (const path of stale) file(path, OLD);
    for (const path of fresh) file(path, 1000);
    const staleFolder = mkdtempSync(join(tmpdir(), 'post-upload-'));
    file(join(staleFolder, '0'), OLD);
    age(staleFolder, OLD);
    const freshFolder = mkdtempSync(join(tmpdir(), 'post-upload-'));

    const app = await buildTestApp({ storage: { driver: 'local', localDir } });
    try {
      await app.ready();
      await until(() => stale.every((p) => !existsSync(p)) && !existsSync(staleFolder));
      for (const path of stale) expect(existsSync(path), path).toBe(false);
      expect(existsSync(staleFolder)).toBe(false);
      for (const path of fresh) expect(existsSync(path), path).toBe(true);
      expect(existsSync(freshFolder)).toBe(true);

      // Old files that a post's media row names stay; an old one no row names goes.
      const t = await catalogueTenant(app);
      const merchant = await t.signIn('merchant', '햇살농장');
      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer();
      const boundary = '----sweep';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n사진\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n한 장\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await app.inject({
        method: 'POST',
        url: '/api/content/posts',
        headers: {
          host: t.host,
          authorization: `Bearer ${merchant.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      const post = postSchema.parse(res.json());
      const keys = post.media
        .flatMap((m) => [m.file_path, m.thumbnail_url as string])
        .map((u) => u.replace('/api/media/', ''));
      for (const key of keys) age(join(localDir, key), OLD);
      const orphan = join(localDir, `tenants/${t.tenant.id}/posts/dead-display.webp`);
      file(orphan, OLD);
      const removed = await removeOrphanedMedia(app.storage, {
        prefix: 'tenants/',
        match: (key) => /^tenants\/\d+\/posts\//.test(key),
        before: new Date(Date.now() - STALE_AFTER_MS),
        referenced: (k) => acrossShards(app.db, (tx) => referencedMediaKeys(tx, k)),
      });
      expect(removed).toBe(1);
      expect(existsSync(orphan)).toBe(false);
      for (const key of keys) expect(existsSync(join(localDir, key)), key).toBe(true);
      expect(
        (await app.inject({ method: 'GET', url: post.media[0]?.file_path as string, headers: { host: t.host } }))
          .statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });
});
