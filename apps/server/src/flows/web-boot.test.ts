import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogueTestApp, catalogueTenant } from '../modules/catalogue/catalogue.test-helpers.js';
import { allFeatures } from '../seed/factories.js';
import { preloadLinks, scriptJson } from './web-boot.js';

/**
 * The first screen's head start, as the browser receives it: the tenant's boot data and the
 * preload hints of the page's route chunks, read from a small build (index.html and Vite manifest)
 * written here.
 */

const INDEX = `<!doctype html>
<html lang="ko">
  <head>
    <meta charset="UTF-8" />
    <title>마켓</title>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/icons-I1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-E1.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

const MANIFEST = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_icons-I1.js'],
    css: ['assets/index-E1.css'],
    dynamicImports: ['src/features/landing/landing-page.tsx'],
  },
  '_icons-I1.js': { file: 'assets/icons-I1.js' },
  '_format-F1.js': { file: 'assets/format-F1.js', imports: ['_icons-I1.js'] },
  '_card-C1.js': { file: 'assets/card-C1.js', imports: ['_format-F1.js'], css: ['assets/card-C1.css'] },
  'src/features/landing/landing-page.tsx': {
    file: 'assets/landing-page-L1.js',
    imports: ['index.html', '_format-F1.js'],
    css: ['assets/landing-L1.css'],
  },
  'src/components/layout/general-layout.tsx': { file: 'assets/general-layout-G1.js', imports: ['index.html'] },
  'src/app/main-screen.tsx': { file: 'assets/main-screen-M1.js', imports: ['index.html'] },
  'src/features/products/delivery-tab.tsx': { file: 'assets/delivery-tab-D1.js', imports: ['_card-C1.js'] },
  'src/features/products/shopping-tab.tsx': { file: 'assets/shopping-tab-S1.js', imports: ['_card-C1.js'] },
  'src/features/content/post-tab.tsx': { file: 'assets/post-tab-P1.js' },
  'src/app/product-detail-screen.tsx': { file: 'assets/product-detail-screen-X1.js', imports: ['_card-C1.js'] },
  'src/features/content/post-detail-page.tsx': { file: 'assets/post-detail-page-Y1.js' },
};

let app: FastifyInstance;
let farm: Awaited<ReturnType<typeof catalogueTenant>>;
let mall: Awaited<ReturnType<typeof catalogueTenant>>;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-boot-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  app = await buildCatalogueTestApp({
    webDistDir: dist,
    catalogue: { counterFlushMs: 60_000, seedProductsPerTenant: 0, answerCacheMs: 0 },
  });
  farm = await catalogueTenant(app, {
    displayName: '우리동네 농장',
    settings: { service_info: { service_name: '우리동네 농장', hero_title: '</script><script>alert(1)</script>' } },
  });
  mall = await catalogueTenant(app, {
    displayName: '바른마켓',
    features: { ...allFeatures(), delivery: false, content: false },
  });
});

afterAll(async () => {
  await app.close();
});

const html = async (host: string, url: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { host } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The boot block's JSON as the browser's parser reads it (the element ends at the first `</script`). */
function bootOf(body: string): unknown {
  const match = /<script id="app-boot" type="application\/json">([\s\S]*?)<\/script/i.exec(body);
  expect(match, 'boot data block').not.toBeNull();
  return JSON.parse(match?.[1] ?? '');
}

/** The files hinted after the boot data (the build's own tags come before it). */
const hints = (body: string) =>
  [
    ...body
      .slice(body.indexOf('id="app-boot"'))
      .matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="\/assets\/([^"]+)"/g),
  ].map((m) => m[1]);

describe('web app boot data and preload hints', () => {
  it('sends the answer of /api/tenant/current with the page, so the app starts without asking', async () => {
    const body = await html(farm.host, '/');
    const api = await app.inject({ method: 'GET', url: '/api/tenant/current', headers: { host: farm.host } });
    expect(JSON.stringify(bootOf(body))).toBe(JSON.stringify({ tenant: api.json() }));
    // Inside <head>, before the page's own scripts could run.
    expect(body.indexOf('id="app-boot"')).toBeLessThan(body.indexOf('</head>'));
  });

  it('keeps tenant text from closing the data block', async () => {
    const body = await html(farm.host, '/');
    expect(body).not.toContain('</script><script>alert(1)');
    const boot = bootOf(body) as { tenant: { settings: { service_info: { hero_title: string } } } };
    expect(boot.tenant.settings.service_info.hero_title).toBe('</script><script>alert(1)</script>');
  });

  it("preloads the landing's chunk and its imports, but nothing the entry already loads", async () => {
    const links = hints(await html(farm.host, '/'));
    expect(links).toEqual(expect.arrayContaining(['landing-page-L1.js', 'format-F1.js', 'landing-L1.css']));
    expect(links).not.toContain('index-E1.js');
    expect(links).not.toContain('icons-I1.js');
    expect(links).not.toContain('index-E1.css');
  });

  it("preloads /main's open tab: the one asked for, else the tenant's first", async () => {
    expect(hints(await html(farm.host, '/main?tab=delivery'))).toEqual(
      expect.arrayContaining(['main-screen-M1.js', 'delivery-tab-D1.js', 'card-C1.js', 'card-C1.css']),
    );
    const shopping = hints(await html(farm.host, '/main?tab=shopping'));
    expect(shopping).toContain('shopping-tab-S1.js');
    expect(shopping).not.toContain('delivery-tab-D1.js');
    // The mall has no delivery: its /main opens on shopping, also when delivery is asked for.
    for (const url of ['/main', '/main?tab=delivery']) {
      const links = hints(await html(mall.host, url));
      expect(links, url).toContain('shopping-tab-S1.js');
      expect(links, url).not.toContain('delivery-tab-D1.js');
    }
  });

  it('preloads the layout and the page of a product and of a post', async () => {
    expect(hints(await html(farm.host, '/products/12'))).toEqual(
      expect.arrayContaining(['general-layout-G1.js', 'product-detail-screen-X1.js', 'card-C1.js']),
    );
    expect(hints(await html(farm.host, '/content/7'))).toEqual(
      expect.arrayContaining(['general-layout-G1.js', 'post-detail-page-Y1.js']),
    );
  });

  it('does not preload a page whose feature is off (it shows a notice instead)', async () => {
    const links = hints(await html(mall.host, '/content/7'));
    expect(links).not.toContain('post-detail-page-Y1.js');
  });
});

describe('web boot helpers', () => {
  it('lists each chunk once and skips modules missing from the manifest', () => {
    const links = preloadLinks(MANIFEST, [
      'src/app/product-detail-screen.tsx',
      'src/features/products/delivery-tab.tsx',
      'src/gone.tsx',
    ]);
    expect(links.filter((l) => l.includes('card-C1.js'))).toHaveLength(1);
    expect(links.filter((l) => l.includes('card-C1.css'))).toHaveLength(1);
    expect(links.some((l) => l.includes('gone'))).toBe(false);
  });

  it('escapes what could end a script element in JSON', () => {
    const json = scriptJson(JSON.stringify({ a: '</script><!--', b: '\u2028' }));
    expect(json).not.toMatch(/<\/script|<!--|\u2028/i);
    expect(JSON.parse(json)).toEqual({ a: '</script><!--', b: '\u2028' });
  });
});
