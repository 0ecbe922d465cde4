import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage, StorageConfig } from './storage.js';
import { STALE_AFTER_MS, sweepWhenReady } from './sweep.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Media files (product images, later post videos). */
    storage: Storage;
  }
}

/** The configured adapter: S3-compatible when `driver` is s3, else files under `localDir`. */
export function createStorage(config: StorageConfig): Storage {
  const base = config.publicBaseUrl ?? '/api/media';
  if (config.driver === 's3') {
    if (!config.s3) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
    return createS3Storage(config.s3, base);
  }
  return createLocalStorage(config.localDir, base);
}

/** The local folder of uploads under the data directory. */
export function uploadsDir(dataDir: string): string {
  return join(dataDir, 'uploads');
}

/** Decorates the app with a storage adapter (an already made one in tests, else from the config). */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { storage: Storage }) => {
    app.decorate('storage', opts.storage);
    const storage = opts.storage;
    sweepWhenReady(app, 'partial files', () => storage.removeStaleTemporaries(new Date(Date.now() - STALE_AFTER_MS)));
  },
  { name: 'storage' },
);
