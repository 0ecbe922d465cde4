import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { effectiveTenant } from '../modules/auth/auth.plugin.js';
import { presentTenantJson } from '../modules/tenants/tenants.presenter.js';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { escapeHtml } from '../platform/html-text.js';
import type { ExtraHead } from '../platform/web-app.js';
import { type PageRef, pageOf } from './page-meta.js';

/**
 * What the server adds to each page of the web app so its first screen needs no round trip
 * before it can start (docs/decisions/019-first-load.md):
 * - the answer of GET /api/tenant/current as boot data (the web app reads `#app-boot`), and
 * - `modulepreload` / `preload` hints for the page's route chunks and their CSS, so they download
 *   beside the entry chunk instead of after it has run.
 */

/** Vite's build manifest: one entry per source module that became a chunk. */
type Manifest = Record<string, { file: string; imports?: string[]; css?: string[]; isEntry?: boolean }>;

/** The id of the JSON block read by apps/web/src/lib/boot.ts. */
export const BOOT_ELEMENT_ID = 'app-boot';

/** Route modules of the web app (apps/web/src/app/routes.tsx) by the page that opens them. */
const sources = {
  generalLayout: 'src/components/layout/general-layout.tsx',
  landing: 'src/features/landing/landing-page.tsx',
  main: 'src/app/main-screen.tsx',
  product: 'src/app/product-detail-screen.tsx',
  post: 'src/features/content/post-detail-page.tsx',
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

/** The route modules a page renders first; pages of a feature that is off get none (they show a notice). */
export function routeModules(page: PageRef, tenant: TenantRow): string[] {
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
    default:
      return [];
  }
}

/** The `<link>` hints for `modules` and everything they import, less what the entry already loads. */
export function preloadLinks(manifest: Manifest, modules: string[]): string[] {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) walk(dep, into);
  };
  if (entry) walk(entry, loaded);
  const needed = new Set<string>();
  for (const key of modules) walk(key, needed);
  const scripts: string[] = [];
  const styles = new Set<string>();
  for (const key of needed) {
    const chunk = manifest[key];
    if (!chunk) continue;
    for (const css of chunk.css ?? []) styles.add(css);
    if (!loaded.has(key)) scripts.push(chunk.file);
  }
  for (const key of loaded) for (const css of manifest[key]?.css ?? []) styles.delete(css);
  // Low priority: they download beside the entry chunk but never ahead of it (the entry and its
  // stylesheet are what the first paint waits for).
  return [
    ...scripts.map(
      (file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${escapeHtml(file)}" />`,
    ),
    ...[...styles].map(
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

/** The boot data block of a tenant's pages. */
export function bootData(tenant: TenantRow): string {
  return `<script id="${BOOT_ELEMENT_ID}" type="application/json">${scriptJson(`{"tenant":${presentTenantJson(tenant)}}`)}</script>`;
}

/**
 * The extra head of the web app's pages (platform/web-app.ts): boot data, then the hints of the
 * page's route chunks from the build manifest in `distDir` (no hints when the build has none).
 */
export function webBootHead(distDir: string): ExtraHead {
  const path = join(distDir, '.vite', 'manifest.json');
  const manifest: Manifest = existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : {};
  return (request, row, pagePath) => {
    // The tenant exactly as GET /api/tenant/current presents it (features the server cannot offer are off).
    const tenant = effectiveTenant(row, request.server.auth.kakaoConfigured);
    return [bootData(tenant), ...preloadLinks(manifest, routeModules(pageOf(pagePath), tenant))].join('\n    ');
  };
}
