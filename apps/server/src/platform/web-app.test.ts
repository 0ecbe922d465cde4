import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  buildCatalogueTestApp,
  catalogueTenant,
  multipartBody,
  shoppingProduct,
} from '../modules/catalogue/catalogue.test-helpers.js';
import { allFeatures } from '../seed/factories.js';
import { weakTag } from './conditional-get.js';

/**
 * Link previews as crawlers see them: plain HTTP GETs of the web app's pages on two tenants'
 * hosts (no script runs), against a small built index.html written here.
 */

const INDEX = `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>마켓</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Ef34Gh.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
const BUNDLE = `console.log(${JSON.stringify('번들 '.repeat(800))});`;

const FARM_SETTINGS = {
  theme: { primary: '#FF9630' },
  contact_email: 'help@farm.example.kr',
  contact_phone: '1588-1234',
  business_hours: '평일 09:00-18:00',
  service_info: {
    service_name: '우리동네 농장',
    service_tagline: '생산자와 소비자가 함께 키우는 먹거리',
    service_description: '양평 농부들이 직접 키운 채소를 픽업으로 만나는 동네 장터입니다.',
  },
};
const MALL_SETTINGS = {
  theme: { primary: '#2F80ED' },
  logo_url: '/api/media/tenants/logo/mall.png',
  service_info: { service_name: '바른마켓', service_tagline: '믿을 수 있는 생활 쇼핑' },
};

let app: FastifyInstance;
let farm: Awaited<ReturnType<typeof catalogueTenant>>;
let mall: Awaited<ReturnType<typeof catalogueTenant>>;
let farmMerchant: { token: string };
let mallMerchant: { token: string };
let photo: Buffer;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd.js'), BUNDLE);
  writeFileSync(join(dist, 'assets', 'index-Ef34Gh.css'), `body{color:#111}${'.a{margin:0}'.repeat(200)}`);
  // Page metadata kept 300 ms, so that a rename is seen quickly here.
  app = await buildCatalogueTestApp({
    webDistDir: dist,
    catalogue: { counterFlushMs: 60_000, seedProductsPerTenant: 0, answerCacheMs: 300 },
  });
  farm = await catalogueTenant(app, { displayName: '우리동네 농장', settings: FARM_SETTINGS });
  mall = await catalogueTenant(app, {
    displayName: '바른마켓',
    features: { ...allFeatures(), delivery: false },
    settings: MALL_SETTINGS,
  });
  farmMerchant = await farm.signIn('merchant', '햇살농원');
  mallMerchant = await mall.signIn('merchant', '바른생활상회');
  photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#6a9f3a' } })
    .png()
    .toBuffer();
});
afterAll(() => app.close());

type Tenant = typeof farm;

/** A page as a crawler fetches it: GET with the tenant's Host, no script. */
const page = (host: string, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { host, ...headers } });

const decode = (s: string) =>
  s
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

/** The preview tags of a page, read the way a crawler reads them (attributes decoded). */
function preview(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (attr: 'name' | 'property', key: string) => {
    const m = new RegExp(`<meta ${attr}="${key.replaceAll('.', '\\.')}" content="([^"]*)"`).exec(head);
    return m ? decode(m[1] as string) : undefined;
  };
  const link = (rel: string) => {
    const m = new RegExp(`<link rel="${rel}"(?: type="[^"]*")? href="([^"]*)"`).exec(head);
    return m ? decode(m[1] as string) : undefined;
  };
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)];
  return {
    head,
    title: titles.length === 1 ? decode(titles[0]?.[1] as string) : `(${titles.length} titles)`,
    description: meta('name', 'description'),
    canonical: link('canonical'),
    icon: link('icon'),
    og: (key: string) => meta('property', `og:${key}`),
    twitter: (key: string) => meta('name', `twitter:${key}`),
    price: meta('property', 'product:price:amount'),
    themeColour: meta('name', 'theme-color'),
  };
}

async function productOf(t: Tenant, token: string, fields: Parameters<typeof shoppingProduct>[0] = {}) {
  const res = await t.call('POST', '/api/products', shoppingProduct(fields), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; title: string; description: string };
}

async function withImage(t: Tenant, token: string, productId: number) {
  const body = multipartBody({ data: photo, filename: 'carrot.png', contentType: 'image/png' });
  const res = await app.inject({
    method: 'POST',
    url: `/api/products/${productId}/media`,
    headers: { host: t.host, authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { file_path: string; width: number; height: number };
}

async function postOf(t: Tenant, token: string, title: string, content: string, image = true) {
  const parts = multipartBody(
    image ? { data: photo, filename: 'field.png', contentType: 'image/png', field: 'files' } : null,
    {
      title,
      content,
    },
  );
  const res = await app.inject({
    method: 'POST',
    url: '/api/content/posts',
    headers: { host: t.host, authorization: `Bearer ${token}`, 'content-type': parts.contentType },
    payload: parts.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; thumbnail_url: string | null };
}

describe('share previews of each tenant', () => {
  it("gives the landing page the tenant's own name, description, address and favicon", async () => {
    const res = await page(farm.host, '/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const p = preview(res.body);
    expect(p.title).toBe('우리동네 농장');
    expect(p.description).toBe(FARM_SETTINGS.service_info.service_description);
    expect(p.canonical).toBe(`http://${farm.host}/`);
    expect(p.og('url')).toBe(`http://${farm.host}/`);
    expect(p.og('title')).toBe('우리동네 농장');
    expect(p.og('description')).toBe(FARM_SETTINGS.service_info.service_description);
    expect(p.og('site_name')).toBe('우리동네 농장');
    expect(p.og('locale')).toBe('ko_KR');
    expect(p.og('type')).toBe('website');
    expect(p.og('image')).toBeUndefined();
    expect(p.twitter('card')).toBe('summary');
    expect(p.twitter('title')).toBe('우리동네 농장');
    expect(p.themeColour).toBe('#FF9630');
    // No logo: the generated favicon of this tenant, on its own host.
    expect(p.icon).toMatch(/^\/favicon\.svg\?v=[\w-]+$/);
    // The build's own tags stay, after the filled ones; its placeholder title is gone.
    expect(res.body).not.toContain('<title>마켓</title>');
    expect(p.head).toContain('<script type="module" crossorigin src="/assets/index-Ab12Cd.js"></script>');
  });

  it("uses the other tenant's name, tagline and logo (absolute on its domain) on the same server", async () => {
    const p = preview((await page(mall.host, '/')).body);
    expect(p.title).toBe('바른마켓');
    expect(p.description).toBe('믿을 수 있는 생활 쇼핑');
    expect(p.canonical).toBe(`http://${mall.host}/`);
    expect(p.og('site_name')).toBe('바른마켓');
    expect(p.icon).toBe(`http://${mall.host}/api/media/tenants/logo/mall.png`);
    expect(p.og('image')).toBe(`http://${mall.host}/api/media/tenants/logo/mall.png`);
    // A logo is a small picture: the small card.
    expect(p.twitter('card')).toBe('summary');
    expect(p.themeColour).toBe('#2F80ED');
  });

  it('falls back to the hero text, as plain text, and to the default brand name', async () => {
    const t = await catalogueTenant(app, {
      displayName: ' ',
      settings: { service_info: { hero_subtitle: '생산 과정을 <strong>직접 보고</strong> &amp; 고르는 먹거리' } },
    });
    const p = preview((await page(t.host, '/')).body);
    expect(p.title).toBe('로컬마켓');
    expect(p.description).toBe('생산 과정을 직접 보고 & 고르는 먹거리');
  });

  it('names the page in the title of /main (its tab), the policy, terms, about and contact pages', async () => {
    const cases: [string, string, string, string?][] = [
      ['/main?tab=shopping', '쇼핑 | 우리동네 농장', '/main?tab=shopping'],
      ['/main?tab=video&x=1', '영상 | 우리동네 농장', '/main?tab=video'],
      // No tab or an unknown one: the first tab the tenant offers.
      ['/main', '배달·픽업 | 우리동네 농장', '/main'],
      ['/main?tab=nonsense', '배달·픽업 | 우리동네 농장', '/main'],
      [
        '/policy',
        '배송 · 교환 · 환불 정책 | 우리동네 농장',
        '/policy',
        '우리동네 농장의 배송, 교환 및 환불 기준을 안내해드립니다.',
      ],
      ['/terms', '약관 동의 | 우리동네 농장', '/terms'],
      ['/about', '소개 | 우리동네 농장', '/about', FARM_SETTINGS.service_info.service_description],
      ['/contact', '문의 | 우리동네 농장', '/contact', '1588-1234 · help@farm.example.kr · 평일 09:00-18:00'],
      // Any other page of the app: the tenant's own metadata on that page's address.
      ['/login?next=%2Fwallet', '우리동네 농장', '/login', FARM_SETTINGS.service_info.service_description],
    ];
    for (const [url, title, path, description] of cases) {
      const res = await page(farm.host, url);
      expect(res.statusCode, url).toBe(200);
      const p = preview(res.body);
      expect(p.title, url).toBe(title);
      expect(p.canonical, url).toBe(`http://${farm.host}${path}`);
      if (description) expect(p.description, url).toBe(description);
    }
    // The mall has no delivery: its /main opens on shopping.
    expect(preview((await page(mall.host, '/main')).body).title).toBe('쇼핑 | 바른마켓');
  });

  it("describes a product page with the product's title, text, price and first image as an absolute URL", async () => {
    const product = await productOf(farm, farmMerchant.token, {
      title: '양평 흙당근 1kg',
      description: '아침에 캔 흙당근입니다.\n\n   세척하지 않아 오래 갑니다.',
      price: 6_900,
    });
    const media = await withImage(farm, farmMerchant.token, product.id);
    const p = preview((await page(farm.host, `/products/${product.id}`)).body);
    expect(p.title).toBe('양평 흙당근 1kg | 우리동네 농장');
    expect(p.og('title')).toBe('양평 흙당근 1kg');
    expect(p.description).toBe('아침에 캔 흙당근입니다. 세척하지 않아 오래 갑니다.');
    expect(p.og('type')).toBe('product');
    expect(p.price).toBe('6900');
    expect(p.canonical).toBe(`http://${farm.host}/products/${product.id}`);
    expect(media.file_path).toMatch(/^\/api\/media\//);
    expect(p.og('image')).toBe(`http://${farm.host}${media.file_path}`);
    expect(p.og('image:width')).toBe(String(media.width));
    expect(p.og('image:height')).toBe(String(media.height));
    expect(p.twitter('card')).toBe('summary_large_image');
    expect(p.twitter('image')).toBe(`http://${farm.host}${media.file_path}`);
    // The image a crawler is pointed at loads from that address.
    const image = await page(farm.host, media.file_path);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
  });

  it("describes a post page with its title, text and first image, and a merchant's channel", async () => {
    const post = await postOf(farm, farmMerchant.token, '감자 캐는 날', '올해 첫 감자를 캤습니다. 모두 고맙습니다.');
    const p = preview((await page(farm.host, `/content/${post.id}`)).body);
    expect(p.title).toBe('감자 캐는 날 | 우리동네 농장');
    expect(p.description).toBe('올해 첫 감자를 캤습니다. 모두 고맙습니다.');
    expect(p.og('type')).toBe('article');
    expect(post.thumbnail_url).toMatch(/^\/api\/media\//);
    expect(p.og('image')).toBe(`http://${farm.host}${post.thumbnail_url}`);
    expect(p.twitter('card')).toBe('summary_large_image');
    expect(p.canonical).toBe(`http://${farm.host}/content/${post.id}`);

    const channel = (await farm.call('GET', '/api/auth/me', undefined, farmMerchant.token)).json();
    const byUser = preview((await page(farm.host, `/merchant/${channel.id}`)).body);
    expect(byUser.title).toBe('햇살농원 | 우리동네 농장');
    const byMerchant = preview((await page(farm.host, `/merchant/${channel.merchant.id}?use_mid`)).body);
    expect(byMerchant.title).toBe('햇살농원 | 우리동네 농장');
    expect(byMerchant.canonical).toBe(`http://${farm.host}/merchant/${channel.merchant.id}?use_mid=true`);
  });

  it('shows a rename within a second (the metadata is cached briefly)', async () => {
    const product = await productOf(farm, farmMerchant.token, { title: '봄 딸기 500g' });
    expect(preview((await page(farm.host, `/products/${product.id}`)).body).title).toBe('봄 딸기 500g | 우리동네 농장');
    const renamed = await farm.call(
      'PUT',
      `/api/products/${product.id}`,
      shoppingProduct({ title: '설향 딸기 500g' }),
      farmMerchant.token,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    await vi.waitFor(
      async () =>
        expect(preview((await page(farm.host, `/products/${product.id}`)).body).title).toBe(
          '설향 딸기 500g | 우리동네 농장',
        ),
      { timeout: 1_000, interval: 50 },
    );
  });
});

describe('what a preview never shows', () => {
  it('escapes names and texts: a product cannot add tags or end the title', async () => {
    const product = await productOf(farm, farmMerchant.token, {
      title: '"><script>alert(1)</script>',
      description: "</title><script>alert('x')</script> & <b>굵게</b>",
    });
    const res = await page(farm.host, `/products/${product.id}`);
    expect(res.statusCode).toBe(200);
    // Still the one script of the build (besides the boot data, which never runs) and one title.
    expect(res.body.match(/<script(?! id="app-boot" type="application\/json">)/g)).toHaveLength(1);
    expect(res.body.match(/<\/title>/g)).toHaveLength(1);
    expect(res.body).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; | 우리동네 농장</title>');
    const p = preview(res.body);
    // Crawlers read back exactly what the merchant typed.
    expect(p.og('title')).toBe('"><script>alert(1)</script>');
    expect(p.description).toBe("</title><script>alert('x')</script> & <b>굵게</b>");
  });

  it('escapes the address itself in the canonical link', async () => {
    const res = await page(farm.host, '/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E?a="><b>');
    expect(res.statusCode).toBe(200);
    expect(res.body.match(/<script(?! id="app-boot" type="application\/json">)/g)).toHaveLength(1);
    expect(preview(res.body).canonical).toBe(`http://${farm.host}/x%22%3E%3Cscript%3Ealert(1)%3C/script%3E`);
  });

  it("gives another tenant's product or post, or a deleted one, the tenant's own metadata", async () => {
    const foreign = await productOf(mall, mallMerchant.token, { title: '바른 칫솔 세트' });
    await withImage(mall, mallMerchant.token, foreign.id);
    const foreignPost = await postOf(mall, mallMerchant.token, '바른마켓 공지', '비밀 아님');
    for (const url of [`/products/${foreign.id}`, `/content/${foreignPost.id}`, '/products/2147483647']) {
      const res = await page(farm.host, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/칫솔|바른/);
      const p = preview(res.body);
      expect(p.title, url).toBe('우리동네 농장');
      expect(p.og('image'), url).toBeUndefined();
      expect(p.canonical, url).toBe(`http://${farm.host}${url}`);
    }
    const gone = await productOf(farm, farmMerchant.token, { title: '지난 상품' });
    expect((await farm.call('DELETE', `/api/products/${gone.id}`, undefined, farmMerchant.token)).statusCode).toBe(200);
    await vi.waitFor(
      async () => expect(preview((await page(farm.host, `/products/${gone.id}`)).body).title).toBe('우리동네 농장'),
      { timeout: 1_000, interval: 50 },
    );
  });

  it('gives pages of a switched-off feature the tenant metadata, still answering the app (200)', async () => {
    const t = await catalogueTenant(app, { displayName: '꺼진 장터', features: allFeatures() });
    const merchant = await t.signIn('merchant', '꺼진농원');
    const product = await productOf(t, merchant.token, { title: '숨은 상품' });
    const post = await postOf(t, merchant.token, '숨은 글', '내용', false);
    const me = (await t.call('GET', '/api/auth/me', undefined, merchant.token)).json();
    expect(preview((await page(t.host, `/products/${product.id}`)).body).title).toBe('숨은 상품 | 꺼진 장터');

    await app.tenants.updateFeatures(t.tenant.id, { shopping: false, content: false, merchant: false });
    for (const url of [`/products/${product.id}`, `/content/${post.id}`, `/merchant/${me.merchant.id}?use_mid=true`]) {
      const res = await page(t.host, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(preview(res.body).title, url).toBe('꺼진 장터');
    }
    // With nothing to list, /main names only the tenant.
    await app.tenants.updateFeatures(t.tenant.id, { delivery: false });
    expect(preview((await page(t.host, '/main?tab=shopping')).body).title).toBe('꺼진 장터');
  });

  it('builds links on the configured domain whatever the Host header says', async () => {
    for (const host of [`${farm.host.toUpperCase()}:8443`, `${farm.host}.`, `${farm.host}:80`]) {
      const res = await page(host, '/main?tab=shopping', { 'x-forwarded-host': 'evil.example' });
      expect(res.statusCode, host).toBe(200);
      const p = preview(res.body);
      expect(p.canonical, host).toBe(`http://${farm.host}/main?tab=shopping`);
      expect(p.og('url'), host).toBe(`http://${farm.host}/main?tab=shopping`);
      expect(res.body, host).not.toContain('evil.example');
    }
    // localhost is an alias of the tenant chosen for it: links name that tenant's domain.
    await app.tenants.setLocalhostTenant(mall.host);
    const local = preview((await page('localhost:3000', '/policy')).body);
    expect(local.canonical).toBe(`http://${mall.host}/policy`);
  });

  it('serves an unknown host the built page as it is', async () => {
    const res = await page('nobody.test', '/products/1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });
});

describe('favicons', () => {
  it("draws the tenant's initial on its theme colour, and sends /favicon.ico to the tenant's icon", async () => {
    const icon = await page(farm.host, preview((await page(farm.host, '/')).body).icon as string);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.body).toContain('fill="#FF9630"');
    expect(icon.body).toContain('>우</text>');
    expect(icon.body).not.toMatch(/<script|<style|on\w+=/i);
    // Served to the page's own origin: the CSP's img-src 'self' lets it load.
    expect(String(icon.headers['content-security-policy'])).toMatch(/img-src 'self'/);

    const ico = await page(farm.host, '/favicon.ico');
    expect(ico.statusCode).toBe(302);
    expect(ico.headers.location).toMatch(/^\/favicon\.svg\?v=/);
    const mallIco = await page(mall.host, '/favicon.ico');
    expect(mallIco.headers.location).toBe(MALL_SETTINGS.logo_url);
    expect((await page('nobody.test', '/favicon.svg')).statusCode).toBe(404);
  });
});

describe('HTTP caching and compression', () => {
  it('revalidates a page with a strong ETag: 304 while it is unchanged, a new tag once it changes', async () => {
    const product = await productOf(farm, farmMerchant.token, { title: '햇감자 2kg' });
    const url = `/products/${product.id}`;
    const first = await page(farm.host, url);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await page(farm.host, url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another tenant's page at the same path is another page.
    const other = await page(mall.host, url, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);

    await farm.call(
      'PUT',
      url.replace('/products', '/api/products'),
      shoppingProduct({ title: '분감자 2kg' }),
      farmMerchant.token,
    );
    await vi.waitFor(
      async () => {
        const changed = await page(farm.host, url, { 'if-none-match': etag });
        expect(changed.statusCode).toBe(200);
        expect(changed.headers.etag).not.toBe(etag);
      },
      { timeout: 1_000, interval: 50 },
    );
  });

  it('compresses the page, scripts, styles and JSON with brotli or gzip', async () => {
    const product = await productOf(farm, farmMerchant.token, {
      description: '아삭하고 달콤한 가을 사과. '.repeat(60),
    });
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const html = await page(farm.host, '/', { 'accept-encoding': `${encoding}` });
      expect(html.headers['content-encoding'], encoding).toBe(encoding);
      expect(html.headers.vary).toMatch(/accept-encoding/i);
      const plain = await page(farm.host, '/');
      expect(decode(html.rawPayload).toString()).toBe(plain.body);
      // Each coding has its own strong tag, and either revalidates.
      expect(html.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}.${encoding}"`);
      const revalidated = await page(farm.host, '/', {
        'accept-encoding': encoding,
        'if-none-match': String(html.headers.etag),
      });
      expect(revalidated.statusCode).toBe(304);

      const js = await page(farm.host, '/assets/index-Ab12Cd.js', { 'accept-encoding': `${encoding}, deflate` });
      expect(js.headers['content-encoding']).toBe(encoding);
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(js.rawPayload).toString()).toBe(BUNDLE);
      const css = await page(farm.host, '/assets/index-Ef34Gh.css', { 'accept-encoding': encoding });
      expect(css.headers['content-encoding']).toBe(encoding);

      const json = await page(farm.host, '/api/openapi.json', { 'accept-encoding': encoding });
      expect(json.headers['content-encoding']).toBe(encoding);
      expect(JSON.parse(decode(json.rawPayload).toString()).openapi).toMatch(/^3\./);
      // A made answer (sent as its UTF-8 bytes) is compressed the same way, Korean text intact.
      const list = await page(farm.host, `/api/products/${product.id}`, { 'accept-encoding': encoding });
      expect(list.headers['content-encoding']).toBe(encoding);
      const plainList = await page(farm.host, `/api/products/${product.id}`);
      expect(Number(plainList.headers['content-length'])).toBe(plainList.rawPayload.length);
      expect(decode(list.rawPayload).toString()).toBe(plainList.body);
      expect(plainList.json().description).toBe(product.description);
    }
    expect((await page(farm.host, '/')).headers['content-encoding']).toBeUndefined();
  });

  it('sends media as stored (never recompressed) and keeps Range requests byte-exact', async () => {
    const product = await productOf(farm, farmMerchant.token, { title: '사진 상품' });
    const media = await withImage(farm, farmMerchant.token, product.id);
    const whole = await page(farm.host, media.file_path, { 'accept-encoding': 'br, gzip' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(Number(whole.headers['content-length'])).toBe(whole.rawPayload.length);
    const part = await page(farm.host, media.file_path, { 'accept-encoding': 'br, gzip', range: 'bytes=10-109' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 10-109/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 110))).toBe(true);
  });

  it('gives public JSON answers a weak ETag that answers 304, and none to a signed-in request', async () => {
    const product = await productOf(farm, farmMerchant.token, { title: '들기름 350ml' });
    const url = `/api/products/${product.id}`;
    const first = await page(farm.host, url);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // The tag made with the cached answer names exactly these bytes.
    expect(etag).toBe(weakTag(first.body));
    const again = await page(farm.host, url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await page(farm.host, url, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    // The same path on another tenant is another answer (here a 404), never a 304.
    expect((await page(mall.host, url, { 'if-none-match': etag })).statusCode).toBe(404);

    const mine = await farm.call('GET', url, undefined, farmMerchant.token, { headers: { 'if-none-match': etag } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers.etag).toBeUndefined();
    const me = await farm.call('GET', '/api/auth/me', undefined, farmMerchant.token);
    expect(me.headers.etag).toBeUndefined();
  });

  it('keeps unknown API paths and missing assets as 404s, not pages', async () => {
    const api = await page(farm.host, '/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
    const asset = await page(farm.host, '/assets/index-Old000.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.headers['content-type']).not.toMatch(/html/);
    expect((await app.inject({ method: 'POST', url: '/main', headers: { host: farm.host } })).statusCode).toBe(404);
  });
});
