import type { PaymentPrepared, Review, ReviewList } from '@app/contracts';
import autocannon from 'autocannon';
import { findTenantByDomain } from '../apps/server/src/modules/tenants/tenants.repository.js';
import { creditTopup } from '../apps/server/src/modules/wallet/points.js';
import { createUser } from '../apps/server/src/seed/factories.js';
import {
  bare,
  connections,
  durationOr,
  inBatches,
  login,
  type Measured,
  measure,
  type Options,
  onPostgres,
  serverPool,
} from './support.js';

const duration = durationOr(5);
const reviewerCount = Number(process.env.BENCH_REVIEWERS ?? 1000);
const price = 5_000;
const host = 'farm.localhost';
const port = 3917;
const api = `http://127.0.0.1:${port}/api`;
const origin = `http://127.0.0.1:${port}`;
const ratingCycle = [5, 4, 5, 5, 3, 4, 5, 2, 5, 4, 1, 5, 4, 3];
const sorts = ['newest', 'oldest', 'highest_rating', 'lowest_rating', 'most_helpful'] as const;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** A JSON call as `token` (or signed out); throws unless it answers `expected`. */
async function call<T>(method: string, path: string, token: string | null, body?: object, expected = 200) {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: {
      host,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

await onPostgres('reviews', port, async ({ db, query }) => {
  let failed = false;
  const tenant = await findTenantByDomain(db, host);
  if (!tenant?.features.reviews || !tenant.features.payment) throw new Error(`${host} lacks reviews or payment`);

  // --- the data: one product, its buyers, their reviews and votes ---------------------------------
  const setUp = Date.now();
  const buyers = await db.transaction(async (tx) => {
    const made: { email: string; token: string; reviewId: number }[] = [];
    for (let i = 1; i <= reviewerCount; i++) {
      const { user } = await createUser(tx, tenant.id, {
        email: `reviewer${i}@bench.example.com`,
        username: `리뷰어${i}`,
      });
      await creditTopup(tx, tenant.id, { userId: user.id, amount: price * 4, paymentId: `bench-${user.id}` });
      made.push({ email: user.email, token: '', reviewId: 0 });
    }
    return made;
  });
  await inBatches(buyers, 10, async (b) => {
    b.token = await login(api, host, b.email);
  });
  await createUser(db, tenant.id, {
    email: 'merchant@bench.example.com',
    username: '벤치상점',
    userType: 'merchant',
    merchant: { businessName: '벤치 반찬가게' },
  });
  const product = await call<{ id: number }>(
    'POST',
    '/products',
    await login(api, host, 'merchant@bench.example.com'),
    {
      category_type: 'pickup',
      title: '벤치 반찬 세트',
      description: '리뷰 벤치마크용 반찬 세트',
      price,
      delivery_category: 'korean',
      is_delivery: true,
      is_available: true,
      display_remaining: -1,
    },
    201,
  );
  await inBatches(buyers, connections, async (b, i) => {
    const prepared = await call<PaymentPrepared>('POST', '/payment/prepare', b.token, {
      buyer_name: `리뷰어${i + 1}`,
      buyer_email: b.email,
      buyer_tel: `010${String(30_000_000 + i).slice(-8)}`,
      buyer_addr: '서울특별시 마포구 월드컵로 1, 101호',
      product_id: product.id,
      qty: 1,
      amount: price,
      points_used: price,
      order_type: 'delivery',
    });
    await call('POST', '/payment/callback', b.token, { merchant_uid: prepared.merchant_uid, status: 'paid' });
    const rating = ratingCycle[i % ratingCycle.length] as number;
    const review = await call<Review>(
      'POST',
      `/reviews/product/${product.id}`,
      b.token,
      {
        rating,
        title: i % 3 ? `${rating}점 후기 ${i + 1}` : '',
        content: `반찬이 정갈하고 맛있어요. 벤치 후기 ${i + 1}번입니다.`,
      },
      201,
    );
    b.reviewId = review.id;
  });
  const reviewIds = buyers.map((b) => b.reviewId);
  /** A random buyer and a review that is not theirs (authors may not vote for their own). */
  const voter = (reviewId?: number) => {
    for (;;) {
      const b = pick(buyers);
      const target = reviewId ?? pick(reviewIds);
      if (b.reviewId !== target) return { b, target };
    }
  };
  await inBatches(buyers, connections, async (b) => {
    const targets = new Set<number>();
    while (targets.size < 3) {
      const target = pick(reviewIds);
      if (target !== b.reviewId) targets.add(target);
    }
    for (const target of targets) await call('POST', `/reviews/${target}/helpful`, b.token, {});
  });
  console.log(
    `${reviewerCount} buyers bought and reviewed product ${product.id} and cast ${reviewerCount * 3} helpful votes ` +
      `in ${((Date.now() - setUp) / 1000).toFixed(1)} s`,
  );

  // --- reads ---------------------------------------------------------------------------------------
  const rows: string[] = [];
  let barePort = 3930;
  const row = (title: string, m: Measured, base?: Measured, bytes?: number) => {
    rows.push(
      `${title.padEnd(40)} ${Math.round(m.rps).toString().padStart(6)} req/s  p99 ${String(m.p99).padStart(4)} ms` +
        (base
          ? `   bare ${Math.round(base.rps).toString().padStart(6)} req/s  ratio ${(m.rps / base.rps).toFixed(2)}  (${bytes} B)`
          : ''),
    );
    console.log(rows.at(-1));
  };
  /** Measures `url` (with `options`) and a bare route answering `sample` to the same method and body. */
  const compare = async (title: string, url: string, sample: string, options: Options = {}, body?: string) => {
    const full = await measure(url, { headers: { host }, ...options });
    const base = await bare(sample, barePort++, {
      ...(options.method ? { method: options.method } : {}),
      ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}),
    });
    row(title, full, base, sample.length);
    return full;
  };
  const text = async (path: string, token: string | null = null) =>
    (
      await fetch(`${api}${path}`, { headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) } })
    ).text();

  const listPath = `/reviews/product/${product.id}`;
  await compare('list newest p.1 signed out (cached)', `${api}${listPath}`, await text(listPath));
  const pages = Math.ceil(reviewerCount / 10);
  for (const sort of sorts) {
    const path = (skip: number) => `/api${listPath}?sort_by=${sort}&skip=${skip}&limit=10`;
    const sample = await text(path(Math.floor(pages / 2) * 10).slice(4), pick(buyers).token);
    await compare(`list ${sort} random page signed in`, origin, sample, {
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: path(Math.floor(Math.random() * pages) * 10),
            headers: { ...req.headers, host, authorization: `Bearer ${pick(buyers).token}` },
          }),
        },
      ],
    });
  }
  // The part every signed-in read pays (the session and the account): /api/auth/me, signed in.
  const mePath = '/auth/me';
  await compare('auth/me signed in (reference)', origin, await text(mePath, pick(buyers).token), {
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          path: `/api${mePath}`,
          headers: { ...req.headers, host, authorization: `Bearer ${pick(buyers).token}` },
        }),
      },
    ],
  });
  const statsPath = `/reviews/product/${product.id}/stats`;
  await compare('stats (cached)', `${api}${statsPath}`, await text(statsPath));
  const productPath = `/products/${product.id}`;
  const quiet = await compare('product page signed out', `${api}${productPath}`, await text(productPath));

  // --- writes --------------------------------------------------------------------------------------
  const toggles = (hot?: number): Options => ({
    method: 'POST',
    requests: [
      {
        setupRequest: (req) => {
          const { b, target } = voter(hot);
          return {
            ...req,
            method: 'POST',
            path: `/api/reviews/${target}/helpful`,
            headers: { ...req.headers, host, authorization: `Bearer ${b.token}` },
          };
        },
      },
    ],
  });
  const toggleSample = JSON.stringify({ review_id: 1, is_helpful: true, helpful_count: 12 });
  await compare('helpful toggles, spread over reviews', origin, toggleSample, toggles());
  await compare('helpful toggles, all on one review', origin, toggleSample, toggles(pick(reviewIds)));

  let edits = 0;
  const edit = (rating: number) =>
    JSON.stringify({ rating, title: '고쳐 쓴 후기', content: '다시 먹어보니 생각이 조금 달라져서 고쳐 씁니다.' });
  const editing: Options = {
    method: 'PUT',
    requests: [
      {
        setupRequest: (req) => {
          const b = pick(buyers);
          return {
            ...req,
            method: 'PUT',
            path: `/api/reviews/${b.reviewId}`,
            headers: { ...req.headers, host, 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
            body: edit(1 + (++edits % 5)),
          };
        },
      },
    ],
  };
  const editSample = await text(`${listPath}?limit=1`);
  const editAnswer = JSON.stringify((JSON.parse(editSample) as ReviewList).reviews[0]);
  await compare('review edits (rating changes)', origin, editAnswer, editing, edit(3));

  // Readers beside writers: half the connections read the product, half edit its reviews.
  const half = Math.max(1, Math.floor(connections / 2));
  const alone = await measure(`${api}${productPath}`, { headers: { host }, connections: half });
  const [beside] = await Promise.all([
    autocannon({ url: `${api}${productPath}`, headers: { host }, connections: half, duration }),
    autocannon({ url: origin, connections: half, duration, ...editing }),
  ]);
  row(`product page, ${half} connections alone`, alone);
  rows.push(
    `${`product page, ${half} beside ${half} editing`.padEnd(40)} ${Math.round(beside.requests.average).toString().padStart(6)} req/s  p99 ${String(beside.latency.p99).padStart(4)} ms` +
      `   (non-2xx ${beside.non2xx})`,
  );
  console.log(rows.at(-1));
  if (beside.non2xx > 0) failed = true;

  // --- what the database says ----------------------------------------------------------------------
  const [votes] = await query<{ wrong: number; reviews: number; votes: number }>(
    `select count(*) filter (where r.helpful_count <> coalesce(v.n, 0))::int as wrong, count(*)::int as reviews,
            coalesce(sum(v.n), 0)::int as votes
       from reviews r
       left join (select review_id, count(*)::int as n from review_helpful_votes where tenant_id = $1 group by review_id) v
         on v.review_id = r.id
      where r.tenant_id = $1 and r.product_id = $2`,
    [tenant.id, product.id],
  );
  const [figures] = await query<{ stored: string; counted: string }>(
    `select (select concat_ws(',', review_count, rating_total, rating_1, rating_2, rating_3, rating_4, rating_5)
               from product_ratings where tenant_id = $1 and product_id = $2) as stored,
            (select concat_ws(',', count(*), coalesce(sum(rating), 0),
                              count(*) filter (where rating = 1), count(*) filter (where rating = 2),
                              count(*) filter (where rating = 3), count(*) filter (where rating = 4),
                              count(*) filter (where rating = 5))
               from reviews where tenant_id = $1 and product_id = $2) as counted`,
    [tenant.id, product.id],
  );
  const list = JSON.parse(await text(`${listPath}?limit=1`, pick(buyers).token)) as ReviewList;
  console.log(
    `\n${connections} connections, ${duration} s each (after a 2 s warm-up), PostgreSQL pool ${serverPool}, ` +
      `${list.total} reviews of one product`,
  );
  for (const r of rows) console.log(r);
  const checks: [string, boolean][] = [
    [
      `helpful counts: ${votes?.wrong} of ${votes?.reviews} reviews differ from their ${votes?.votes} votes`,
      votes?.wrong === 0,
    ],
    [
      `product figures (count, total, 1-5): stored ${figures?.stored}, recounted ${figures?.counted}`,
      figures?.stored === figures?.counted,
    ],
    [`reviews listed ${list.total} = reviewers ${reviewerCount}`, list.total === reviewerCount],
  ];
  for (const [what, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (checks.some(([, ok]) => !ok)) failed = true;
  console.log(`product page p99 alone ${quiet.p99} ms (${connections} conn.), ${alone.p99} ms (${half} conn.)`);
  return !failed;
});
