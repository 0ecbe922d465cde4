import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage/storage.js';
import { drawPostPicture, motifFor, type PostArt } from '../../seed/demo-art.js';
import { type DemoClip, demoClips } from '../../seed/demo-videos.js';
import { createUser } from '../../seed/factories.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { merchants, users } from '../users/users.schema.js';
import { comments, type NewPostMediaRow, postLikes, postMedia, posts } from './content.schema.js';
import { type DemoPost, deepThread, demoReaders, farmPosts, mallPosts, shortComments } from './demo-posts.js';

/**
 * The demo videos (one per scene of demo-video-scenes.ts), rendered once per process and shared
 * by every tenant. Calling it early lets ffmpeg work while the rest of the seed runs.
 */
export async function demoVideos(log?: FastifyBaseLogger): Promise<DemoClip[]> {
  return [...(await demoClips(log)).values()];
}

/** Each producer's colour: its post pictures share it, as a shop's posts would. */
const authorColours: Record<string, string> = {
  demo: '#FF9630',
  sunny: '#4CAF50',
  bakery: '#E0A458',
  butcher: '#D9534F',
  fish: '#2F80ED',
  banchan: '#9C6B4E',
  living: '#2BA59B',
  cotton: '#577590',
  books: '#8E5BD8',
  kitchen: '#8D99AE',
  beauty: '#F28CB1',
};

/** What a producer's posts show when a post names nothing the drawings know. */
const signatures: Record<string, string> = {
  demo: '상추',
  sunny: '방울토마토',
  bakery: '식빵',
  butcher: '등심',
  fish: '고등어',
  banchan: '반찬',
  living: '수건',
  cotton: '티셔츠',
  books: '그림책',
  kitchen: '냄비',
  beauty: '크림',
};
const mallSignatures: Record<string, string> = { demo: '계란' };

/**
 * The picture of a demo post: its title and its author's shop name over a drawing of its product,
 * else of what its title or text names, else of its author's trade.
 */
export function demoPostArt(story: DemoPost, isFarm: boolean, authorName: string): PostArt {
  const [key, title, content, , , product] = story;
  const subject =
    product ??
    [title, content].find((text) => motifFor(text) !== null) ??
    (isFarm ? undefined : mallSignatures[key]) ??
    signatures[key] ??
    title;
  return { title, author: authorName, subject, colour: authorColours[key] ?? '#FF9630' };
}

/**
 * Demo posts (demo-posts.ts): 30-odd per tenant by the demo producers, farm diaries, recipes and
 * announcements (the mall's shops write shop news and how-tos), each with a drawn picture of its
 * subject naming its author, six or seven of them with a short video of the place or product; demo readers (reader1-5@example.com and customer@example.com)
 * like them, comment, and one thread per tenant goes six levels deep (depth 0-5). Without
 * storage, posts have no media. `extraPosts` adds that many plain posts by bulk SQL (benchmark).
 */
export async function seedDemoContent(
  tx: DbOrTx,
  tenant: TenantRow,
  options: { storage?: Storage; password?: string; extraPosts?: number } = {},
) {
  const { storage } = options;
  const clips = storage ? demoClips() : Promise.resolve(new Map<string, DemoClip>());
  for (const [email, username] of demoReaders) {
    await createUser(tx, tenant.id, { email, username, password: options.password, userType: 'customer' });
  }
  const people = await tx
    .select({ id: users.id, email: users.email, userType: users.userType })
    .from(users)
    .where(eq(users.tenantId, tenant.id))
    .orderBy(users.id);
  const sellers = people.filter((p) => p.userType === 'merchant');
  const readers = people.filter((p) => p.userType === 'customer');
  if (sellers.length === 0 || readers.length === 0) return;
  const byKey = new Map(
    sellers.map((m) => [m.email === 'merchant@example.com' ? 'demo' : m.email.split('@')[0], m.id]),
  );
  const fallback = sellers[0]?.id as number;
  const shops = await tx
    .select({ userId: merchants.userId, businessName: merchants.businessName })
    .from(merchants)
    .where(eq(merchants.tenantId, tenant.id));
  const shopName = new Map(shops.map((m) => [m.userId, m.businessName]));
  const isFarm = tenant.features.delivery;
  const stories: DemoPost[] = isFarm ? farmPosts : mallPosts;
  const now = Date.now();

  const rows = await tx
    .insert(posts)
    .values(
      stories.map(([key, title, content, announcement, scene], n) => {
        const createdAt = new Date(now - (n * 5 + 1) * 3_600_000);
        return {
          tenantId: tenant.id,
          authorId: byKey.get(key) ?? fallback,
          title,
          content,
          isAnnouncement: announcement,
          hasVideo: storage !== undefined && Boolean(scene),
          viewsCount: 10 + ((n * 37) % 200),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: posts.id, authorId: posts.authorId, createdAt: posts.createdAt });

  if (storage) {
    const [images, rendered] = await Promise.all([
      Promise.all(
        stories.map((story, i) =>
          drawPostPicture(demoPostArt(story, isFarm, shopName.get(rows[i]?.authorId as number) ?? tenant.displayName)),
        ),
      ),
      clips,
    ]);
    const media: NewPostMediaRow[] = [];
    const writes: Promise<unknown>[] = [];
    for (const [i, post] of rows.entries()) {
      const [, title, , , scene] = stories[i] as DemoPost;
      const base = `tenants/${tenant.id}/posts/seed-${post.id}`;
      const img = images[i] as Buffer;
      writes.push(storage.put(`${base}-display.webp`, img, { contentType: 'image/webp' }));
      const video = scene ? rendered.get(scene) : undefined;
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
      } else if (scene) {
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
    stories.findIndex((s) => Boolean(s[4])),
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
      likesCount: sql`(select count(*) from ${postLikes} l where l.tenant_id = ${tenant.id} and l.post_id = ${posts.id})`,
      commentsCount: sql`(select count(*) from ${comments} c where c.tenant_id = ${tenant.id} and c.post_id = ${posts.id})`,
    })
    .where(and(eq(posts.tenantId, tenant.id), inArray(posts.id, postIds)));

  const extra = options.extraPosts ?? 0;
  if (extra > 0) {
    const authorIds = sql.raw(`array[${sellers.map((m) => m.id).join(',')}]::int[]`);
    await tx.execute(sql`
      insert into posts (tenant_id, author_id, title, content, views_count, likes_count, created_at, updated_at)
      select ${tenant.id}, (${authorIds})[1 + g % ${sellers.length}],
             '농장 소식 ' || g, '오늘의 작업 기록 ' || g || '번째: 밭을 돌보고 이웃과 나눈 이야기입니다.',
             g % 97, 0,
             now() - interval '60 days' - g * interval '1 minute', now() - interval '60 days' - g * interval '1 minute'
      from generate_series(1, ${extra}) as g`);
  }
}
