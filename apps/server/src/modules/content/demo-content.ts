import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage/storage.js';
import { createUser } from '../../seed/factories.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';
import { comments, type NewPostMediaRow, postLikes, postMedia, posts } from './content.schema.js';
import {
  type DemoPost,
  deepThread,
  demoReaders,
  demoVideoSources,
  farmPosts,
  mallPosts,
  shortComments,
} from './demo-posts.js';
import { ffmpegPath } from './post-media.js';

export interface DemoVideo {
  mp4: Buffer;
  poster: Buffer;
  fileName: string;
}

/** Renders one short clip (2 s, 270x480, H.264 yuv420p, faststart) and its first frame as JPEG. */
async function renderVideo(source: string, fileName: string): Promise<DemoVideo | null> {
  const bin = ffmpegPath();
  if (!bin) return null;
  const dir = await mkdtemp(join(tmpdir(), 'demo-video-'));
  try {
    const [mp4Path, jpgPath] = [join(dir, 'v.mp4'), join(dir, 'p.jpg')];
    const ok = await new Promise<boolean>((resolve) => {
      const child = spawn(
        bin,
        [
          ...['-hide_banner', '-loglevel', 'error', '-y', '-t', '2', '-f', 'lavfi', '-i', source],
          ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '30', '-pix_fmt', 'yuv420p'],
          ...['-movflags', '+faststart', mp4Path, '-frames:v', '1', '-q:v', '4', jpgPath],
        ],
        { stdio: 'ignore' },
      );
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('error', () => resolve(false));
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve(code === 0);
      });
    });
    if (!ok) return null;
    return { mp4: await readFile(mp4Path), poster: await readFile(jpgPath), fileName };
  } catch {
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let videos: Promise<DemoVideo[]> | undefined;
/**
 * The demo videos, rendered once per process (in parallel, by child processes) and shared by
 * every tenant. Calling it early lets ffmpeg work while the rest of the seed runs.
 */
export function demoVideos(): Promise<DemoVideo[]> {
  videos ??= Promise.all(demoVideoSources.map(([source, name]) => renderVideo(source, name))).then((list) =>
    list.filter((v): v is DemoVideo => v !== null),
  );
  return videos;
}

const colours = ['#FF9630', '#4CAF50', '#2F80ED', '#E85D04', '#8E5BD8', '#2BA59B'];

async function drawImage(title: string, colour: string, seed: number): Promise<Buffer> {
  const safe = title.replace(/[<>&"']/g, '').slice(0, 16);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="${colour}"/>
    <circle cx="${480 + (seed % 5) * 20}" cy="${110 + (seed % 3) * 30}" r="80" fill="#ffffff" fill-opacity="0.25"/>
    <rect x="0" y="380" width="640" height="100" fill="#000000" fill-opacity="0.12"/>
    <text x="40" y="260" font-size="40" font-family="sans-serif" fill="#ffffff">${safe}</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
}

/**
 * Demo posts (demo-posts.ts): 30-odd per tenant by the demo producers, farm diaries, recipes and
 * announcements (the mall's shops write shop news and how-tos), each with a drawn image, five of
 * them with a real short video; demo readers (reader1-5@example.com and customer@example.com)
 * like them, comment, and one thread per tenant goes six levels deep (depth 0-5). Without
 * storage, posts have no media. `extraPosts` adds that many plain posts by bulk SQL (benchmark).
 */
export async function seedDemoContent(
  tx: DbOrTx,
  tenant: TenantRow,
  options: { storage?: Storage; password?: string; extraPosts?: number } = {},
) {
  const { storage } = options;
  const clips = storage ? demoVideos() : Promise.resolve([]);
  for (const [email, username] of demoReaders) {
    await createUser(tx, tenant.id, { email, username, password: options.password, userType: 'customer' });
  }
  const people = await tx
    .select({ id: users.id, email: users.email, userType: users.userType })
    .from(users)
    .where(eq(users.tenantId, tenant.id))
    .orderBy(users.id);
  const merchants = people.filter((p) => p.userType === 'merchant');
  const readers = people.filter((p) => p.userType === 'customer');
  if (merchants.length === 0 || readers.length === 0) return;
  const byKey = new Map(
    merchants.map((m) => [m.email === 'merchant@example.com' ? 'demo' : m.email.split('@')[0], m.id]),
  );
  const fallback = merchants[0]?.id as number;
  const stories: DemoPost[] = tenant.features.delivery ? farmPosts : mallPosts;
  const now = Date.now();

  const rows = await tx
    .insert(posts)
    .values(
      stories.map(([key, title, content, announcement, video], n) => {
        const createdAt = new Date(now - (n * 5 + 1) * 3_600_000);
        return {
          tenantId: tenant.id,
          authorId: byKey.get(key) ?? fallback,
          title,
          content,
          isAnnouncement: announcement,
          hasVideo: storage !== undefined && video !== undefined,
          viewsCount: 10 + ((n * 37) % 200),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: posts.id, authorId: posts.authorId, createdAt: posts.createdAt });

  if (storage) {
    const [images, rendered] = await Promise.all([
      Promise.all(stories.map(([, title], i) => drawImage(title, colours[i % colours.length] as string, i))),
      clips,
    ]);
    const media: NewPostMediaRow[] = [];
    const writes: Promise<unknown>[] = [];
    for (const [i, post] of rows.entries()) {
      const [, title, , , videoIndex] = stories[i] as DemoPost;
      const base = `tenants/${tenant.id}/posts/seed-${post.id}`;
      const img = images[i] as Buffer;
      writes.push(storage.put(`${base}-display.webp`, img, { contentType: 'image/webp' }));
      const video = videoIndex === undefined ? undefined : rendered[videoIndex % Math.max(1, rendered.length)];
      if (video) {
        writes.push(storage.put(`${base}.mp4`, video.mp4, { contentType: 'video/mp4' }));
        writes.push(storage.put(`${base}-poster.jpg`, video.poster, { contentType: 'image/jpeg' }));
        media.push({
          tenantId: tenant.id,
          postId: post.id,
          mediaType: 'video',
          fileKey: `${base}.mp4`,
          thumbnailKey: `${base}-poster.jpg`,
          fileName: video.fileName,
          contentType: 'video/mp4',
          sizeBytes: video.mp4.length,
          sortOrder: 0,
        });
      } else if (videoIndex !== undefined) {
        await tx
          .update(posts)
          .set({ hasVideo: false })
          .where(and(eq(posts.tenantId, tenant.id), eq(posts.id, post.id)));
      }
      media.push({
        tenantId: tenant.id,
        postId: post.id,
        mediaType: 'image',
        fileKey: `${base}-display.webp`,
        thumbnailKey: `${base}-display.webp`,
        fileName: `${title}.webp`,
        contentType: 'image/webp',
        sizeBytes: img.length,
        sortOrder: video ? 1 : 0,
      });
    }
    await Promise.all(writes);
    await tx.insert(postMedia).values(media);
  }

  // Likes: every post from one to all of the readers.
  const likes = rows.flatMap((post, i) =>
    readers
      .slice(0, 1 + ((i * 5) % readers.length))
      .map((r) => ({ tenantId: tenant.id, postId: post.id, userId: r.id })),
  );
  if (likes.length) await tx.insert(postLikes).values(likes);

  // Comments: the deep thread on the newest post with a video, short ones on the first posts.
  type Draft = { postId: number; authorId: number; content: string; at: Date };
  const threads: Draft[][] = [];
  const deepIndex = Math.max(
    0,
    stories.findIndex((s) => s[4] !== undefined),
  );
  for (const [i, post] of rows.slice(0, 12).entries()) {
    const reader = (k: number) => (readers[(i + k) % readers.length] as { id: number }).id;
    const at = (k: number) => new Date(post.createdAt.getTime() + (k + 1) * 600_000);
    if (i === deepIndex || i === 0) {
      threads.push(
        deepThread.map((content, d) => ({
          postId: post.id,
          authorId: d % 2 ? post.authorId : reader(d),
          content,
          at: at(d),
        })),
      );
    }
    threads.push(
      shortComments
        .slice(0, 1 + (i % 3))
        .map((content, d) => ({ postId: post.id, authorId: reader(d + 1), content, at: at(d + 6) })),
    );
  }
  // One insert per depth: a thread's comment at depth d answers its comment at depth d - 1.
  const ids: (number | null)[][] = threads.map(() => []);
  const roots: (number | null)[] = threads.map(() => null);
  for (let depth = 0; depth < deepThread.length; depth++) {
    const at = threads.map((t, k) => ({ t, k })).filter(({ t }) => t.length > depth);
    if (!at.length) break;
    const inserted = await tx
      .insert(comments)
      .values(
        at.map(({ t, k }) => {
          const d = t[depth] as Draft;
          return {
            tenantId: tenant.id,
            postId: d.postId,
            authorId: d.authorId,
            parentId: depth ? (ids[k]?.[depth - 1] ?? null) : null,
            rootId: roots[k] ?? null,
            depth,
            content: d.content,
            createdAt: d.at,
          };
        }),
      )
      .returning({ id: comments.id });
    for (const [j, { k }] of at.entries()) {
      const id = inserted[j]?.id ?? null;
      ids[k]?.push(id);
      roots[k] ??= id;
    }
  }

  const postIds = rows.map((r) => r.id);
  await tx
    .update(posts)
    .set({
      likesCount: sql`(select count(*) from ${postLikes} l where l.tenant_id = ${posts.tenantId} and l.post_id = ${posts.id})`,
      commentsCount: sql`(select count(*) from ${comments} c where c.tenant_id = ${posts.tenantId} and c.post_id = ${posts.id})`,
    })
    .where(and(eq(posts.tenantId, tenant.id), inArray(posts.id, postIds)));

  const extra = options.extraPosts ?? 0;
  if (extra > 0) {
    const authorIds = sql.raw(`array[${merchants.map((m) => m.id).join(',')}]::int[]`);
    await tx.execute(sql`
      insert into posts (tenant_id, author_id, title, content, views_count, likes_count, created_at, updated_at)
      select ${tenant.id}, (${authorIds})[1 + g % ${merchants.length}],
             '농장 소식 ' || g, '오늘의 작업 기록 ' || g || '번째: 밭을 돌보고 이웃과 나눈 이야기입니다.',
             g % 97, 0,
             now() - interval '60 days' - g * interval '1 minute', now() - interval '60 days' - g * interval '1 minute'
      from generate_series(1, ${extra}) as g`);
  }
}
