import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fastifyCookie } from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { effectiveTenant } from '../modules/auth/auth.plugin.js';
import { presentTenantJson } from '../modules/tenants/tenants.presenter.js';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { escapeHtml } from '../platform/html-text.js';
import type { PageExtras } from '../platform/web-app.js';
import { type PageRef, pageOf } from './page-meta.js';

/**
 * What the server adds to each page of the web app so its first screen needs no round trip
 * before it can start (docs/decisions/019-first-load.md, 022-server-rendering.md):
 * - the answer of GET /api/tenant/current as boot data (the web app reads `#app-boot`),
 * - `modulepreload` / `preload` hints for the page's route chunks and their CSS, so they download
 *   beside the entry chunk instead of after it has run, and
 * - for a signed-out visitor, the first screen rendered on the server by the web app's own
 *   components (apps/web/src/entry-server.tsx), with the answers it was drawn from in the boot
 *   data, so the browser shows it before any script has run and then hydrates it.
 */

/** Vite's build manifest: one entry per source module that became a chunk. */
type Manifest = Record<
  string,
  { file: string; name?: string; imports?: string[]; css?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }
>;

/**
 * The manifest key of a source module: its path, or, when Rollup merged other modules into its
 * chunk and Vite keyed the chunk by file (`_start-1a2b.js`), the lazily loaded chunk of its name.
 */
function moduleKey(manifest: Manifest, source: string): string | undefined {
  if (manifest[source]) return source;
  const name = source.slice(source.lastIndexOf('/') + 1).replace(/\.[jt]sx?$/, '');
  return Object.keys(manifest).find((key) => manifest[key]?.isDynamicEntry && manifest[key]?.name === name);
}

/** The id of the JSON block read by apps/web/src/lib/boot.ts. */
export const BOOT_ELEMENT_ID = 'app-boot';

/** Route modules of the web app (apps/web/src/app/routes.tsx) by the page that opens them. */
const sources = {
  // The app itself, which the entry (main.tsx) imports once the first screen has painted.
  start: 'src/start.tsx',
  generalLayout: 'src/components/layout/general-layout.tsx',
  landing: 'src/features/landing/landing-page.tsx',
  main: 'src/app/main-screen.tsx',
  product: 'src/app/product-detail-screen.tsx',
  post: 'src/features/content/post-detail-page.tsx',
  policy: 'src/features/policy/policy-page.tsx',
  terms: 'src/features/terms/terms-page.tsx',
  about: 'src/features/info/about-page.tsx',
  contact: 'src/features/info/contact-page.tsx',
  tabs: {
    delivery: 'src/features/products/delivery-tab.tsx',
    shopping: 'src/features/products/shopping-tab.tsx',
    video: 'src/features/content/shorts-tab.tsx',
    post: 'src/features/content/post-tab.tsx',
  },
} as const;

type Tab = keyof typeof sources.tabs;

/** The tab /main opens: the one asked for when the tenant has it, else the first it has (web: main-tabs.ts). */
function openTab(tenant: TenantRow, asked: Tab | undefined): Tab | undefined {
  const on = tenant.features;
  const tabs: Tab[] = [];
  if (on.delivery) tabs.push('delivery');
  if (on.shopping) tabs.push('shopping');
  if (on.content) tabs.push('video', 'post');
  return tabs.find((t) => t === asked) ?? tabs[0];
}

/** The modules a page needs first: the app and the page's route modules. */
export function pageModules(page: PageRef, tenant: TenantRow): string[] {
  return [sources.start, ...routeModules(page, tenant)];
}

/** The route modules a page renders first; pages of a feature that is off get none (they show a notice). */
function routeModules(page: PageRef, tenant: TenantRow): string[] {
  const on = tenant.features;
  switch (page.kind) {
    case 'landing':
      return [sources.landing];
    case 'main': {
      const tab = openTab(tenant, page.tab as Tab | undefined);
      return tab ? [sources.main, sources.tabs[tab]] : [sources.main];
    }
    case 'product':
      return on.shopping || on.delivery ? [sources.generalLayout, sources.product] : [sources.generalLayout];
    case 'post':
      return on.content ? [sources.generalLayout, sources.post] : [sources.generalLayout];
    case 'policy':
    case 'terms':
    case 'about':
    case 'contact':
      return [sources.generalLayout, sources[page.kind]];
    default:
      return [];
  }
}

/** The files of a page beyond the entry: its route chunks, its route CSS, and the entry's own CSS. */
export interface PageAssets {
  scripts: string[];
  styles: string[];
  entryStyles: string[];
}

/**
 * The chunks and CSS of `modules` and everything they import, less what the entry already loads.
 * The CSS comes in the order the browser would link it on its own (Vite adds a chunk's imports'
 * CSS before the chunk's own, module after module): the cascade is the same either way.
 */
export function pageAssets(manifest: Manifest, wanted: string[]): PageAssets {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const modules = wanted.flatMap((source) => moduleKey(manifest, source) ?? []);
  // Depth first, a module's imports before the module itself.
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  const cssOrder = (keys: string[]) => {
    const seen = new Set<string>();
    const css: string[] = [];
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const dep of manifest[key].imports ?? []) visit(dep);
      for (const file of manifest[key].css ?? []) if (!css.includes(file)) css.push(file);
    };
    for (const key of keys) visit(key);
    return css;
  };
  const loaded = new Set<string>();
  if (entry) walk(entry, loaded);
  const needed = new Set<string>();
  for (const key of modules) walk(key, needed);
  const scripts = [...needed].filter((key) => !loaded.has(key)).map((key) => manifest[key]?.file ?? key);
  const entryStyles = entry ? cssOrder([entry]) : [];
  const styles = cssOrder(modules).filter((file) => !entryStyles.includes(file));
  return { scripts, styles, entryStyles };
}

/**
 * The head tags of a page's assets. Client-rendered, its chunks are `modulepreload` hints and its
 * CSS `preload` hints, at low priority (they download beside the entry chunk but never ahead of it:
 * the entry and its stylesheet are what the first paint waits for).
 *
 * Server-rendered (with `styleText`), the screen needs no script to show, so none is hinted: the
 * entry fetches the chunks once the screen has loaded (`modules` in the boot data), and they never
 * compete with its pictures. All its CSS, the entry's too, comes inline: it paints from the HTML
 * alone and nothing shifts when a stylesheet arrives. Each inlined file also gets a `disabled`
 * link, which browsers do not fetch but Vite's chunk loader finds: without it, the loader would
 * link the file again after everything else when a chunk needing it loads, and the entry's rules
 * would then override the pages' (measured: a 0.05 layout shift on /main).
 */
export function assetTags(assets: PageAssets, styleText?: (file: string) => string): string[] {
  if (styleText) {
    return [...assets.entryStyles, ...assets.styles].flatMap((file) => [
      `<style data-href="/${escapeHtml(file)}">${styleText(file).replace(/<\//g, '<\\/')}</style>`,
      `<link rel="stylesheet" crossorigin disabled href="/${escapeHtml(file)}" />`,
    ]);
  }
  return [
    ...assets.scripts.map(
      (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeHtml(file)}" />`,
    ),
    ...assets.styles.map(
      (file) => `<link rel="preload" as="style" crossorigin fetchpriority="low" href="/${escapeHtml(file)}" />`,
    ),
  ];
}

/** JSON inside `<script type="application/json">`: `<` never closes the element, whatever the text. */
export function scriptJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The boot data block of a tenant's pages; for a server-rendered screen, with the answers it was
 * drawn from and the chunks the browser is to fetch once it is on the screen.
 */
export function bootData(
  tenant: TenantRow,
  testPayments: boolean,
  screen?: { queries: unknown; modules: string[] },
): string {
  const more = screen ? `,"queries":${JSON.stringify(screen.queries)},"modules":${JSON.stringify(screen.modules)}` : '';
  return `<script id="${BOOT_ELEMENT_ID}" type="application/json">${scriptJson(`{"tenant":${presentTenantJson(tenant, testPayments).text}${more}}`)}</script>`;
}

/** The web app's server renderer (apps/web/src/entry-server.tsx). */
type Render = (input: {
  path: string;
  tenant: unknown;
  transport: (url: string, init: RequestInit) => Promise<Response>;
}) => Promise<{ head: string; html: string; queries: unknown } | null>;

/** The cookie the web app sets while a session is stored in the browser (apps/web/src/lib/storage.ts). */
export const SIGNED_IN_COOKIE = 'signed_in';

/** Whether the browser says it holds a session: its first screen is not the signed-out one. */
function signedIn(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  return !!header && fastifyCookie.parse(header)[SIGNED_IN_COOKIE] === '1';
}

/**
 * The renderer built beside `distDir` (apps/web/dist-ssr, made by the web app's `npm run build`),
 * or null without one (pages are then rendered in the browser only).
 */
async function loadRenderer(distDir: string): Promise<Render | null> {
  const file = join(distDir, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { render: Render };
  return module.render;
}

/**
 * The app's GET requests of a server render, answered in process through the whole API (tenant
 * of the page's Host, answer caches, view counts for the visitor's address), never over the network.
 */
function inProcess(app: FastifyInstance, request: FastifyRequest) {
  return async (url: string, init: RequestInit): Promise<Response> => {
    if ((init.method ?? 'GET') !== 'GET' || !url.startsWith('/api/')) {
      throw new Error(`server rendering asked for ${init.method} ${url}`);
    }
    const answer = await app.inject({
      method: 'GET',
      url,
      headers: { host: request.headers.host ?? '', accept: 'application/json' },
      remoteAddress: request.ip,
    });
    return new Response(answer.statusCode === 304 ? null : answer.body, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  };
}

/**
 * What the server adds to the web app's pages (platform/web-app.ts): boot data, the hints of the
 * page's route chunks from the build manifest in `distDir` (none when the build has none), and the
 * server-rendered first screen for signed-out visitors (none without the renderer, or when it
 * declines or fails: the browser then renders the page as before).
 */
export async function webBoot(app: FastifyInstance, distDir: string): Promise<PageExtras> {
  const path = join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  const render = await loadRenderer(distDir);
  const styles = new Map<string, string>();
  const styleText = (file: string) => {
    let text = styles.get(file);
    if (text === undefined) {
      text = readFileSync(join(distDir, file), 'utf8');
      styles.set(file, text);
    }
    return text;
  };
  return async (request, row, pagePath) => {
    // The tenant exactly as GET /api/tenant/current presents it (features the server cannot offer are off).
    const tenant = effectiveTenant(row, request.server.auth.kakaoConfigured);
    let screen: Awaited<ReturnType<Render>> = null;
    if (render && !signedIn(request)) {
      screen = await render({
        path: request.url,
        tenant: JSON.parse(presentTenantJson(tenant, app.sandboxGateway !== null).text),
        transport: inProcess(app, request),
      }).catch((err: unknown) => {
        request.log.warn({ err }, 'server rendering failed; the page is rendered in the browser');
        return null;
      });
    }
    const assets = pageAssets(manifest, pageModules(pageOf(pagePath), tenant));
    const tags = assetTags(assets, screen ? styleText : undefined);
    return {
      head: [
        bootData(
          tenant,
          app.sandboxGateway !== null,
          screen ? { queries: screen.queries, modules: assets.scripts.map((file) => `/${file}`) } : undefined,
        ),
        ...tags,
        screen?.head ?? '',
      ]
        .filter(Boolean)
        .join('\n    '),
      root: screen?.html ?? '',
      // Inline now: the build's own stylesheet link would only hold the first paint back.
      inlined: screen ? assets.entryStyles : [],
    };
  };
}
