import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../../platform/db/client.js';
import type { Storage } from '../../platform/storage/storage.js';
import { escapeXml, motifOnPlate } from '../../seed/demo-art.js';
import { products } from '../catalogue/catalogue.schema.js';
import type { DeliveredPurchase } from '../orders/demo-orders.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { reviewHelpfulVotes, reviewMedia, reviews } from './reviews.schema.js';
import { refreshProductFigures } from './reviews.service.js';

const HOUR = 3_600_000;

/** What buyers write, by what they bought (food or goods) and the stars they give. */
const texts: Record<'food' | 'goods', Record<number, string[]>> = {
  food: {
    5: [
      '포장도 깔끔하고 정말 신선했어요. 다음에도 꼭 여기서 주문할게요!',
      '아이들이 너무 잘 먹어서 금방 다 먹었어요. 재주문 의사 100%입니다.',
      '사진보다 실물이 훨씬 좋아요. 양도 넉넉하고 맛도 최고예요.',
      '동네에서 이 정도 품질을 만나기 쉽지 않은데 정말 만족합니다. 사장님 번창하세요!',
      '시간 맞춰 딱 준비되어 있어서 좋았어요. 맛은 말할 것도 없고요.',
      '부모님 댁에도 보내드렸는데 너무 좋아하셨어요. 믿고 먹는 집입니다.',
    ],
    4: [
      '전체적으로 만족스러워요. 다만 양이 조금만 더 많았으면 좋겠어요.',
      '맛있게 잘 먹었습니다. 조금 늦게 받았지만 상태는 아주 좋았어요.',
      '신선하고 좋아요. 가격이 살짝 있지만 품질을 생각하면 괜찮습니다.',
    ],
    3: [
      '무난했어요. 기대가 커서 그런지 특별하진 않았어요.',
      '맛은 괜찮은데 간이 조금 센 편이에요. 다음엔 요청사항에 적어볼게요.',
    ],
    2: [
      '포장이 조금 새서 아쉬웠어요. 맛은 그럭저럭 괜찮았습니다.',
      '생각보다 양이 적어서 아쉬웠어요. 가격 대비로는 조금 비싼 느낌이에요.',
    ],
    1: ['받았을 때 상태가 좋지 않았어요. 판매자분께 연락드렸는데 답이 늦었습니다.'],
  },
  goods: {
    5: [
      '디자인도 예쁘고 마감이 꼼꼼해요. 선물용으로 하나 더 살 생각이에요.',
      '배송도 빠르고 포장이 정말 꼼꼼했어요. 품질 대비 가격이 좋아요.',
      '몇 주 써보고 남기는 후기예요. 매일 잘 쓰고 있고 아주 만족합니다.',
      '고민하다 샀는데 진작 살 걸 그랬어요. 주변에도 추천했습니다.',
    ],
    4: [
      '전반적으로 좋아요. 설명이 조금 더 자세했으면 좋겠어요.',
      '품질은 좋은데 색상이 화면보다 살짝 어두워요. 그래도 만족합니다.',
    ],
    3: ['가격만큼의 제품이에요. 나쁘진 않은데 특별한 점은 없어요.', '쓰기에는 괜찮은데 마감이 조금 아쉬워요.'],
    2: ['생각했던 크기보다 작아서 아쉬웠어요. 상세 페이지에 치수를 더 정확히 적어주시면 좋겠어요.'],
    1: ['배송 중에 파손되어 왔어요. 교환 요청 드렸습니다.'],
  },
};
const titles: Record<number, (string | null)[]> = {
  5: ['재구매 의사 있어요', '최고예요', null, '강력 추천합니다', '만족스러운 구매'],
  4: ['좋아요', null, '대체로 만족해요'],
  3: ['무난해요', null],
  2: ['조금 아쉬워요', null],
  1: ['실망했어요'],
};
/** Mostly happy buyers, a few lukewarm and unhappy ones: every rating occurs. */
const ratingCycle = [5, 4, 5, 5, 3, 4, 5, 2, 5, 4, 1, 5, 4, 3];

const FOOD_CATEGORIES = new Set(['food']);
const pick = <T>(list: T[], n: number): T => list[n % list.length] as T;

/**
 * A photo a buyer might take of what arrived: the goods (drawn as the catalogue draws them) on a
 * table, with the product's name on a paper tag. JPEG in a display size and a thumbnail, like the catalogue's demo images.
 */
async function drawPhoto(title: string, n: number) {
  const size = 640;
  const tones = ['#c8a27a', '#b08968', '#d6ccc2', '#a3b18a'];
  const accents = ['#e07a5f', '#f2cc8f', '#81b29a', '#f4a259', '#9c6b4e'];
  const table = pick(tones, n);
  const accent = pick(accents, n + 1);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs><radialGradient id="light" cx="${30 + (n % 4) * 10}%" cy="25%" r="85%">
    <stop offset="0" stop-color="#ffffff" stop-opacity="0.55"/><stop offset="1" stop-color="#000000" stop-opacity="0.25"/>
  </radialGradient></defs>
  <rect width="${size}" height="${size}" fill="${table}"/>
  <rect width="${size}" height="${size}" fill="url(#light)"/>
  <ellipse cx="330" cy="350" rx="235" ry="205" fill="#000000" fill-opacity="0.18"/>
  <ellipse cx="320" cy="330" rx="235" ry="205" fill="#fbfaf7"/>
  <ellipse cx="320" cy="330" rx="180" ry="155" fill="#f1ede6"/>
  <g transform="rotate(${-8 + (n % 5) * 4} 320 320)">${motifOnPlate(title, accent)}</g>
  <g transform="rotate(${-6 + (n % 5) * 3} 470 560)">
    <rect x="360" y="525" width="240" height="64" rx="8" fill="#fffdf5"/>
    <text x="480" y="567" font-family="Noto Sans CJK KR, NanumGothic, sans-serif" font-size="24" font-weight="700" fill="#333333" text-anchor="middle">${escapeXml([...title].slice(0, 10).join(''))}</text>
  </g>
</svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const image = sharp(data, { raw: info });
  const [display, thumbnail] = await Promise.all([
    image.clone().jpeg({ quality: 80 }).toBuffer(),
    image.clone().resize(240, 240).jpeg({ quality: 76 }).toBuffer(),
  ]);
  return { display, thumbnail, size };
}

/**
 * Demo reviews of one tenant: most delivered demo purchases get a review a few hours to two days
 * after delivery (every rating occurs; some with a title, some with one to three photos), and the
 * other demo buyers mark some of them helpful. The demo customer leaves their newest delivered
 * purchase unreviewed, so that writing a review can be tried at once. Product figures are made by
 * the reviews module's own rule.
 */
export async function seedDemoReviews(
  tx: DbOrTx,
  tenant: TenantRow,
  options: { delivered: DeliveredPurchase[]; customerId: number; voters: number[]; storage?: Storage; now?: number },
): Promise<{ reviews: number }> {
  if (!tenant.features.reviews) return { reviews: 0 };
  const now = options.now ?? Date.now();
  // One review per buyer and product, about their first delivery of it.
  const purchases = new Map<string, DeliveredPurchase>();
  for (const p of [...options.delivered].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const key = `${p.buyerId}:${p.productId}`;
    if (!purchases.has(key)) purchases.set(key, p);
  }
  const customerNewest = [...purchases.values()]
    .filter((p) => p.buyerId === options.customerId)
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0];
  const chosen = [...purchases.values()].filter((p, i) => p !== customerNewest && i % 6 !== 5);
  if (chosen.length === 0) return { reviews: 0 };

  const goods = await tx
    .select({ id: products.id, title: products.title, category: products.category })
    .from(products)
    .where(and(eq(products.tenantId, tenant.id), inArray(products.id, [...new Set(chosen.map((p) => p.productId))])));
  const byId = new Map(goods.map((g) => [g.id, g]));

  const rows = chosen.map((p, i) => {
    const product = byId.get(p.productId);
    const rating = pick(ratingCycle, i);
    const kind = product?.category && !FOOD_CATEGORIES.has(product.category) ? 'goods' : 'food';
    const at = new Date(Math.min(p.at.getTime() + (3 + ((i * 7) % 45)) * HOUR, now - 10 * 60_000));
    return {
      tenantId: tenant.id,
      productId: p.productId,
      userId: p.buyerId,
      rating,
      title: pick(titles[rating] ?? [null], i),
      content: pick(texts[kind][rating] ?? [], i),
      createdAt: at,
      updatedAt: at,
    };
  });
  const inserted = await tx
    .insert(reviews)
    .values(rows)
    .returning({ id: reviews.id, userId: reviews.userId, productId: reviews.productId });

  // Photos with some reviews (one to three).
  if (options.storage) {
    const storage = options.storage;
    const jobs = inserted.flatMap((r, i) =>
      i % 3 === 0 ? Array.from({ length: 1 + ((i / 3) % 3) }, (_, v) => ({ r, i, v })) : [],
    );
    const drawn = await Promise.all(
      jobs.map(async ({ r, i, v }) => {
        const photo = await drawPhoto(byId.get(r.productId)?.title ?? '', i + v);
        const base = `tenants/${tenant.id}/reviews/${r.id}/seed-${v}`;
        await storage.put(`${base}-display.jpg`, photo.display, { contentType: 'image/jpeg' });
        await storage.put(`${base}-thumb.jpg`, photo.thumbnail, { contentType: 'image/jpeg' });
        return {
          tenantId: tenant.id,
          reviewId: r.id,
          fileKey: `${base}-display.jpg`,
          thumbnailKey: `${base}-thumb.jpg`,
          fileName: `IMG_${2400 + i * 3 + v}.jpg`,
          width: photo.size,
          height: photo.size,
          sizeBytes: photo.display.length,
          sortOrder: v,
        };
      }),
    );
    if (drawn.length > 0) await tx.insert(reviewMedia).values(drawn);
  }

  // Helpful votes from the other demo buyers (never the author), more on the longer-standing reviews.
  const votes = inserted.flatMap((r, i) =>
    options.voters
      .filter((v, k) => v !== r.userId && (i + k) % (2 + (i % 3)) === 0)
      .map((userId) => ({ tenantId: tenant.id, reviewId: r.id, userId })),
  );
  if (votes.length > 0) {
    await tx.insert(reviewHelpfulVotes).values(votes);
    const counts = new Map<number, number>();
    for (const v of votes) counts.set(v.reviewId, (counts.get(v.reviewId) ?? 0) + 1);
    for (const [id, n] of counts) {
      await tx
        .update(reviews)
        .set({ helpfulCount: n })
        .where(and(eq(reviews.tenantId, tenant.id), eq(reviews.id, id)));
    }
  }

  for (const productId of new Set(inserted.map((r) => r.productId))) {
    await refreshProductFigures(tx, tenant.id, productId);
  }
  return { reviews: inserted.length };
}
