import type { FastifyInstance } from 'fastify';
import type { Storage } from './storage.js';

/**
 * What a crash can leave behind is removed at start once it is this old: far longer than any
 * upload takes, so that with several nodes sharing the storage one node's start never removes
 * another node's upload in progress.
 */
export const STALE_AFTER_MS = 60 * 60 * 1000;

/**
 * Deletes the stored objects under `prefix` that match, are older than `before` and that no row
 * references (`referenced` answers which of the given keys a row holds). A media file is stored
 * before the row that names it is committed, and removed after the row is deleted; a crash in
 * between leaves it unreferenced, which is what this finds. Answers how many were deleted.
 */
export async function removeOrphanedMedia(
  storage: Storage,
  opts: {
    prefix: string;
    match: (key: string) => boolean;
    before: Date;
    referenced: (keys: string[]) => Promise<Set<string>>;
  },
): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const keys = batch;
    batch = [];
    if (keys.length === 0) return;
    const kept = await opts.referenced(keys);
    const orphans = keys.filter((k) => !kept.has(k));
    await storage.delete(orphans);
    removed += orphans.length;
  };
  for await (const object of storage.list(opts.prefix)) {
    if (object.lastModified >= opts.before || !opts.match(object.key)) continue;
    batch.push(object.key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return removed;
}

/**
 * Runs a clean-up in the background once the app is ready (a large bucket must not delay the
 * start), logs what it removed, and lets `close` wait for it so it never outlives the database.
 */
export function sweepWhenReady(app: FastifyInstance, what: string, sweep: () => Promise<number>) {
  let running: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    running = sweep().then(
      (n) => {
        if (n > 0) app.log.info({ removed: n }, `removed ${what} left by an interrupted write`);
      },
      (err) => app.log.warn({ err }, `could not remove stale ${what}`),
    );
  });
  app.addHook('onClose', async () => {
    await running;
  });
}
