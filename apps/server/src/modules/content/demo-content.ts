import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { users } from '../users/users.schema.js';
import { comments, type NewPostMediaRow, postLikes, postMedia, posts } from './content.schema.js';
import { runFfmpeg } from './post-media.js';

const stories: [string, string, boolean][] = [
  ['[공지] 이번 주 수확 일정 안내', '이번 주는 화요일과 금요일에 수확합니다. 픽업은 오후 2시부터 가능합니다.', true],
  ['새벽 밭 일기', '해 뜨기 전에 물을 주고 잡초를 뽑았어요. 올해 감자 잎이 유난히 튼튼합니다.', false],
  ['제철 채소로 만드는 된장찌개', '애호박, 감자, 두부를 넣고 집된장을 풀어 끓이면 밥 한 공기가 금방입니다.', false],
  ['딸기 하우스 이야기', '하우스 온도를 18도로 맞추니 딸기가 고르게 익고 있어요. 다음 주부터 출하합니다.', false],
];
const colours = ['#FF9630', '#4CAF50', '#2F80ED', '#E85D04'];

async function drawImage(title: string, colour: string): Promise<Buffer> {
  const safe = title.replace(/[<>&"]/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${colour}"/>
    <circle cx="620" cy="150" r="90" fill="#ffffff" fill-opacity="0.25"/>
    <text x="60" y="320" font-size="48" font-family="sans-serif" fill="#ffffff">${safe}</text></svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 75 }).toBuffer();
}

/**
 * Demo posts: every merchant of the tenant writes the stories above (one announcement each),
 * with a drawn image, and the first merchant a short video when ffmpeg is available; the
 * customers like and comment (a thread three levels deep). Without storage, posts have no media.
 */
export async function seedDemoContent(tx: DbOrTx, tenant: TenantRow, options: { storage?: Storage } = {}) {
  const people = await tx
    .select({ id: users.id, userType: users.userType })
    .from(users)
    .where(eq(users.tenantId, tenant.id))
    .orderBy(asc(users.id));
  const authors = people.filter((p) => p.userType === 'merchant');
  const readers = people.filter((p) => p.userType === 'customer');
  if (authors.length === 0) return;
  const now = Date.now();
  const video = options.storage
    ? await runFfmpeg([
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=360x640:rate=24',
        '-t',
        '3',
        '-pix_fmt',
        'yuv420p',
        '-c:v',
        'libx264',
        '-movflags',
        '+frag_keyframe+empty_moov',
        '-f',
        'mp4',
        '-',
      ])
    : null;
  const image = options.storage
    ? await Promise.all(stories.map(([t], i) => drawImage(t, colours[i % 4] as string)))
    : [];

  let n = 0;
  for (const [a, author] of authors.entries()) {
    for (const [s, [title, content, announcement]] of stories.entries()) {
      const createdAt = new Date(now - (n++ * 7 + 1) * 3_600_000);
      const withVideo = Boolean(video) && a === 0 && s === 1;
      const [post] = await tx
        .insert(posts)
        .values({
          tenantId: tenant.id,
          authorId: author.id,
          title,
          content,
          isAnnouncement: announcement,
          hasVideo: withVideo,
          viewsCount: 10 + ((n * 37) % 200),
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: posts.id });
      if (!post) continue;
      if (options.storage) {
        const storage = options.storage;
        const base = `tenants/${tenant.id}/posts/seed-${post.id}`;
        const img = image[s] as Buffer;
        await storage.put(`${base}-display.webp`, img, { contentType: 'image/webp' });
        const media: NewPostMediaRow[] = [];
        if (withVideo && video) {
          await storage.put(`${base}.mp4`, video, { contentType: 'video/mp4' });
          media.push({
            tenantId: tenant.id,
            postId: post.id,
            mediaType: 'video',
            fileKey: `${base}.mp4`,
            thumbnailKey: `${base}-display.webp`,
            fileName: '농장 영상.mp4',
            contentType: 'video/mp4',
            sizeBytes: video.length,
            sortOrder: 0,
          });
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
          sortOrder: media.length,
        });
        await tx.insert(postMedia).values(media);
      }
      const likers = readers.slice(0, (s % readers.length) + 1);
      if (likers.length) {
        await tx.insert(postLikes).values(likers.map((r) => ({ tenantId: tenant.id, postId: post.id, userId: r.id })));
      }
      let count = 0;
      const reader = readers[0];
      if (reader && s < 2) {
        let parentId: number | null = null;
        let rootId: number | null = null;
        for (const [depth, text] of ['정말 맛있어 보여요!', '저도 주문했어요.', '픽업 시간이 언제인가요?'].entries()) {
          const inserted: { id: number }[] = await tx
            .insert(comments)
            .values({
              tenantId: tenant.id,
              postId: post.id,
              authorId: depth === 1 ? author.id : reader.id,
              parentId,
              rootId,
              depth,
              content: text,
              createdAt: new Date(createdAt.getTime() + (depth + 1) * 600_000),
            })
            .returning({ id: comments.id });
          parentId = inserted[0]?.id ?? null;
          rootId ??= parentId;
          count++;
        }
      }
      await tx
        .update(posts)
        .set({ likesCount: likers.length, commentsCount: count })
        .where(and(eq(posts.tenantId, tenant.id), eq(posts.id, post.id)));
    }
  }
}
