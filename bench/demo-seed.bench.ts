/**
 * How long the demo seed takes with its media (drawn images, the short videos ffmpeg renders,
 * review photos) into a fresh, migrated database: what the first start of a server waits for
 * before it answers. The target is under 30 s. One cold run per process (the videos are rendered
 * once per process), timed from the seed's call to its end; the migrations are timed apart.
 *
 *   npm run bench:demo-seed --workspace bench   (DATABASE_URL=... to seed a database of its own on
 *                                               that PostgreSQL server instead of in-memory PGlite)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { demoVideos } from '../apps/server/src/modules/content/demo-content.js';
import { ffmpegPath } from '../apps/server/src/modules/content/post-media.js';
import { createDatabase } from '../apps/server/src/platform/db/client.js';
import { createStorage } from '../apps/server/src/platform/storage/storage.plugin.js';
import { seedDemoIfEmpty } from '../apps/server/src/seed/demo.js';
import { benchDatabase } from './support.js';

const targetMs = 30_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const bench = process.env.DATABASE_URL ? benchDatabase('demo_seed') : undefined;
await bench?.create();
const mediaDir = mkdtempSync(join(tmpdir(), 'bench-demo-seed-'));
const database = createDatabase(bench ? { databaseUrl: bench.url, poolMax: 2 } : {});
try {
  let started = Date.now();
  await database.migrate();
  const migrateMs = Date.now() - started;

  const checks: [string, boolean][] = [[`ffmpeg at ${ffmpegPath()}`, ffmpegPath() !== null]];
  started = Date.now();
  // The seed starts the same (memoised) rendering: this only notes when the videos are ready.
  let videosMs = 0;
  const videos = demoVideos().then((list) => {
    videosMs = Date.now() - started;
    return list;
  });
  await seedDemoIfEmpty(database.db, pino({ level: 'warn' }), {
    storage: createStorage({ driver: 'local', localDir: mediaDir }),
  });
  const seedMs = Date.now() - started;
  const rendered = (await videos).length;

  const [counts] = (
    await database.db.execute(sql`select
      (select count(*) from tenants)::int as tenants,
      (select count(*) from posts)::int as posts,
      (select count(*) from post_media where media_type = 'image')::int as images,
      (select count(*) from post_media where media_type = 'video')::int as videos,
      (select count(*) from products)::int as products,
      (select count(*) from reviews)::int as reviews`)
  ).rows as Record<string, number>[];

  console.log(`\n${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}, one cold run`);
  console.log(`migrations              ${seconds(migrateMs).padStart(8)}`);
  console.log(`demo seed with media    ${seconds(seedMs).padStart(8)}   target under ${seconds(targetMs)}`);
  console.log(
    `  of which videos ready ${seconds(videosMs).padStart(8)}   (${rendered} rendered by ffmpeg, in parallel)`,
  );
  console.log(`seeded: ${JSON.stringify(counts)}`);
  checks.push(
    [`${rendered} demo videos rendered, ${counts?.videos ?? 0} stored (the timing includes ffmpeg)`, rendered > 0],
    [`demo seed with media: ${seconds(seedMs)} (target under ${seconds(targetMs)})`, seedMs < targetMs],
  );
  for (const [what, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!checks.every(([, ok]) => ok)) process.exitCode = 1;
} finally {
  await database.close();
  await bench?.drop();
  rmSync(mediaDir, { recursive: true, force: true });
}
