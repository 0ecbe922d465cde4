import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  type ByteRange,
  contentTypeOfKey,
  isValidKey,
  joinUrl,
  type ObjectStream,
  type PutOptions,
  type Storage,
  type StoredObject,
} from './storage.js';

/** Files under one folder; writes go to a temporary name first and are renamed into place. */
export function createLocalStorage(rootDir: string, publicBaseUrl = '/api/media'): Storage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    assertValidKey(key);
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error('storage key escapes the root');
    return path;
  };
  const describe = async (path: string, key: string): Promise<StoredObject | null> => {
    try {
      const s = await stat(path);
      if (!s.isFile()) return null;
      return {
        size: s.size,
        contentType: contentTypeOfKey(key),
        lastModified: s.mtime,
        etag: `"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  };

  return {
    kind: 'local',
    async put(key: string, body: Buffer | Readable, _options: PutOptions) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const temp = join(dirname(path), `.${randomUUID()}.part`);
      try {
        if (Buffer.isBuffer(body)) await writeFile(temp, body);
        else await pipeline(body, createWriteStream(temp));
        await rename(temp, path);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    head: async (key: string) => describe(pathOf(key), key),
    async get(key: string, range?: ByteRange): Promise<ObjectStream | null> {
      const path = pathOf(key);
      const meta = await describe(path, key);
      if (!meta) return null;
      const body = range ? createReadStream(path, { start: range.start, end: range.end }) : createReadStream(path);
      return { ...meta, body: body as Readable, range };
    },
    async delete(keys: string[]) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    url: (key: string) => joinUrl(publicBaseUrl, key),
    async *list(prefix: string) {
      for await (const { path, mtime } of walk(root)) {
        const key = relative(root, path).split(sep).join('/');
        if (key.startsWith(prefix) && isValidKey(key)) yield { key, lastModified: mtime };
      }
    },
    async removeStaleTemporaries(before: Date) {
      let removed = 0;
      for await (const { path, mtime } of walk(root, true)) {
        if (!/^\..+\.part$/.test(basename(path)) || mtime >= before) continue;
        await rm(path, { force: true });
        removed++;
      }
      return removed;
    },
  };
}

/** The files under a folder, with their modification time; `.part` files only when asked. */
async function* walk(dir: string, temporaries = false): AsyncGenerator<{ path: string; mtime: Date }> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path, temporaries);
    else if (entry.isFile() && entry.name.endsWith('.part') === temporaries) {
      const s = await stat(path).catch(() => null);
      if (s) yield { path, mtime: s.mtime };
    }
  }
}
