import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogueTestApp, catalogueTenant } from '../modules/catalogue/catalogue.test-helpers.js';
import { allFeatures } from '../seed/factories.js';
import { assetTags, pageAssets, scriptJson } from './web-boot.js';

/**
 * The first screen's head start, as the browser receives it: the tenant's boot data, the preload
 * hints of the page's route chunks and the server-rendered first screen, read from a small build
 * written here (index.html, Vite manifest, and beside it a stand-in for the web app's renderer:
 * apps/web/src/entry-server.tsx itself is tested with the built app in e2e/journeys/first-load).
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
  'src/start.tsx': { file: 'assets/start-A1.js', imports: ['_react-R1.js'] },
  '_react-R1.js': { file: 'assets/react-R1.js' },
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

/**
 * The renderer's stand-in: the real one's contract (`render({ path, tenant, transport })` answers
 * `{ html, queries }` or null), drawing what the in-process transport answered for the page's Host.
 * It declines the landing and /main (the hint tests above see unrendered pages), fails on /boom.
 */
const RENDERER = `
export async function render({ path, tenant, transport }) {
  if (path === '/' || path.startsWith('/main')) return null;
  if (path.startsWith('/boom')) throw new Error('a component failed');
  const current = await (await transport('/api/tenant/current', { method: 'GET', headers: {} })).json();
  const missing = await transport('/api/products/999999', { method: 'GET', headers: {} });
  let post = 'sent';
  await transport('/api/auth/logout', { method: 'POST', headers: {} }).catch(() => { post = 'refused'; });
  return {
    head: '<style id="tenant-theme">:root{--primary:#123456}</style>',
    html: '<main data-path="' + encodeURI(path) + '">' + tenant.display_name + '|' + current.display_name + '|' + missing.status + '|' + post + '</main>',
    queries: { mutations: [], queries: [{ queryKey: ['page', path], queryHash: 'h', state: { data: 1, status: 'success' } }] },
  };
}
`;

/** The build's CSS (a rule that would end a style element must not). */
const STYLES = {
  'index-E1.css': 'body{margin:0}',
  'card-C1.css': '.card{content:"</style><script>alert(1)</script>"}',
  'landing-L1.css': '.hero{color:red}',
};

let app: FastifyInstance;
let farm: Awaited<ReturnType<typeof catalogueTenant>>;
let mall: Awaited<ReturnType<typeof catalogueTenant>>;

beforeAll(async () => {
  const build = mkdtempSync(join(tmpdir(), 'web-boot-'));
  const dist = join(build, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(build, 'dist-ssr'));
  writeFileSync(join(build, 'dist-ssr', 'entry-server.js'), RENDERER);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  for (const [file, css] of Object.entries(STYLES)) writeFileSync(join(dist, 'assets', file), css);
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

const html = async (host: string, url: string, cookie?: string) => {
  const res = await app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });
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
    // The app the entry starts after the first paint downloads meanwhile.
    expect(links).toEqual(expect.arrayContaining(['start-A1.js', 'react-R1.js']));
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

  it('preloads the layout and the page of a product and of a post (client-rendered: signed in)', async () => {
    expect(hints(await html(farm.host, '/products/12', 'signed_in=1'))).toEqual(
      expect.arrayContaining(['general-layout-G1.js', 'product-detail-screen-X1.js', 'card-C1.js']),
    );
    expect(hints(await html(farm.host, '/content/7', 'signed_in=1'))).toEqual(
      expect.arrayContaining(['general-layout-G1.js', 'post-detail-page-Y1.js']),
    );
  });

  it('does not preload a page whose feature is off (it shows a notice instead)', async () => {
    const links = hints(await html(mall.host, '/content/7'));
    expect(links).not.toContain('post-detail-page-Y1.js');
  });
});

/** What the page's `#root` holds. */
const rootOf = (body: string) => /<div id="root">([\s\S]*?)<\/div>\s*<\/body>/.exec(body)?.[1];

describe('server-rendered first screen', () => {
  it("puts a signed-out visitor's first screen in #root and its answers in the boot data", async () => {
    const body = await html(farm.host, '/products/12?from=share');
    // The renderer saw the page's own address and tenant; its GETs went through the API for the
    // page's Host (a 404 stays a 404); anything but a GET was refused.
    expect(rootOf(body)).toBe(
      '<main data-path="/products/12?from=share">우리동네 농장|우리동네 농장|404|refused</main>',
    );
    expect(bootOf(body)).toMatchObject({
      tenant: { display_name: '우리동네 농장' },
      queries: { queries: [{ queryKey: ['page', '/products/12?from=share'] }] },
    });
    expect(rootOf(await html(mall.host, '/content/7'))).toContain('>바른마켓|바른마켓|');
    // What the renderer gives for the head (the theme colours) comes before </head>.
    expect(body.indexOf('<style id="tenant-theme">:root{--primary:#123456}</style>')).toBeGreaterThan(-1);
    expect(body.indexOf('<style id="tenant-theme">')).toBeLessThan(body.indexOf('</head>'));
  });

  it("carries the rendered page's CSS inline, the entry's too, so it paints from the HTML alone", async () => {
    const rendered = await html(farm.host, '/products/12');
    expect(rendered).toContain('<style data-href="/assets/index-E1.css">body{margin:0}</style>');
    expect(rendered).toContain(
      '<style data-href="/assets/card-C1.css">.card{content:"<\\/style><script>alert(1)<\\/script>"}</style>',
    );
    // Each style element ends where it should: CSS text never closes one.
    expect(rendered.match(/<\/style/gi)).toHaveLength(rendered.match(/<style\b/gi)?.length ?? -1);
    // The build's own link to the entry CSS is gone. Each inlined file keeps a disabled link, which
    // the browser does not fetch and Vite's loader takes as present (it would add it again last,
    // changing the cascade). The page's chunks are still hinted.
    expect(rendered).not.toContain('<link rel="stylesheet" crossorigin href="/assets/index-E1.css">');
    for (const file of ['index-E1.css', 'card-C1.css']) {
      expect(rendered).toContain(`<link rel="stylesheet" crossorigin disabled href="/assets/${file}" />`);
    }
    // No chunk is hinted: the screen shows without them, and the entry fetches them, listed in
    // the boot data, once it has (so they never compete with its pictures).
    expect(hints(rendered)).toEqual([]);
    expect(bootOf(rendered)).toMatchObject({
      modules: expect.arrayContaining([
        '/assets/start-A1.js',
        '/assets/product-detail-screen-X1.js',
        '/assets/card-C1.js',
      ]),
    });
    // Unrendered, the entry CSS stays linked and the page's CSS is only preloaded.
    const unrendered = await html(farm.host, '/products/12', 'signed_in=1');
    expect(unrendered).toContain('<link rel="stylesheet" crossorigin href="/assets/index-E1.css">');
    expect(unrendered).not.toContain('<style');
    expect(hints(unrendered)).toContain('card-C1.css');
  });

  it('sends no signed-out screen to a browser holding a session (the signed_in cookie)', async () => {
    const body = await html(farm.host, '/products/12', 'theme=x; signed_in=1');
    expect(rootOf(body)).toBe('');
    expect(bootOf(body)).not.toHaveProperty('queries');
    expect(bootOf(body)).not.toHaveProperty('modules');
    expect(hints(body)).toContain('product-detail-screen-X1.js');
  });

  it('leaves the page to the browser when the renderer declines or fails', async () => {
    for (const url of ['/', '/main?tab=delivery', '/boom']) {
      const body = await html(farm.host, url);
      expect(rootOf(body), url).toBe('');
      expect(bootOf(body), url).not.toHaveProperty('queries');
    }
  });
});

describe('web boot helpers', () => {
  it('lists each chunk once and skips modules missing from the manifest', () => {
    const links = assetTags(
      pageAssets(MANIFEST, [
        'src/app/product-detail-screen.tsx',
        'src/features/products/delivery-tab.tsx',
        'src/gone.tsx',
      ]),
    );
    expect(links.filter((l) => l.includes('card-C1.js'))).toHaveLength(1);
    expect(links.filter((l) => l.includes('card-C1.css'))).toHaveLength(1);
    expect(links.some((l) => l.includes('gone'))).toBe(false);
  });

  it('finds a lazily loaded module that Vite keyed by its chunk file', () => {
    const merged = {
      'index.html': { file: 'assets/index-E1.js', isEntry: true, dynamicImports: ['_start-Z9.js'] },
      '_start-Z9.js': { file: 'assets/start-Z9.js', name: 'start', isDynamicEntry: true, imports: ['_react-R1.js'] },
      '_react-R1.js': { file: 'assets/react-R1.js', css: ['assets/react-R1.css'] },
    };
    expect(pageAssets(merged, ['src/start.tsx', 'src/gone.tsx'])).toEqual({
      scripts: ['assets/start-Z9.js', 'assets/react-R1.js'],
      styles: ['assets/react-R1.css'],
      entryStyles: [],
    });
  });

  it('escapes what could end a script element in JSON', () => {
    const json = scriptJson(JSON.stringify({ a: '</script><!--', b: '\u2028' }));
    expect(json).not.toMatch(/<\/script|<!--|\u2028/i);
    expect(JSON.parse(json)).toEqual({ a: '</script><!--', b: '\u2028' });
  });
});
