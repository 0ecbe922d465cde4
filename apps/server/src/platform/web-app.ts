import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  describePage,
  needsLookup,
  type PageImage,
  type PageMeta,
  type PageRef,
  pageOf,
  siteName,
} from '../flows/page-meta.js';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { contentTag, ifNoneMatchHits } from './conditional-get.js';
import { notFoundBody } from './errors.js';
import { faviconSvg, themeColour } from './favicon.js';
import { escapeHtml } from './html-text.js';

/**
 * What the server adds to a served page, as HTML text that the caller has escaped itself:
 * - `head` (boot data, preload hints) just before `</head>`, after the page's metadata and the
 *   build's own script and style tags;
 * - `root`, the server-rendered first screen, inside `<div id="root">` (empty when the page is
 *   left to the browser);
 * - `inlined`, built files (`assets/index-1.css`) whose content `head` carries: the build's own
 *   stylesheet links to them are left out.
 * Called for every HTML answer of a known tenant with the page's canonical path (`/products/12`,
 * `/main?tab=delivery`); what it returns is covered by the answer's ETag. The CSP allows no inline
 * script: data goes in `<script type="application/json">`.
 */
export type PageExtras = (
  request: FastifyRequest,
  tenant: TenantRow,
  path: string,
) => Promise<{ head: string; root: string; inlined: string[] }>;

export interface WebAppOptions {
  /** The built web app (apps/web/dist); nothing is served when it has no index.html. */
  distDir: string;
  /** How long a product's, post's or channel's metadata is reused, in ms; 0 looks it up every time. */
  metaCacheMs: number;
  extras?: PageExtras;
}

/** The parts of the built index.html around the places the server fills. */
interface Template {
  raw: string;
  /**
   * The page with the metadata in place of the build's `<title>`, the extra head before `</head>`
   * (less the build's stylesheet links to `inlined` files) and `root` inside the build's empty
   * `<div id="root"></div>`.
   */
  fill: ((meta: string, extra: string, root: string, inlined: string[]) => string) | null;
}

const ROOT_OPEN = '<div id="root">';

/** `head` without its stylesheet links to `files` (each with the line it stood on). */
function withoutLinks(head: string, files: string[]): string {
  let out = head;
  for (const file of files) {
    const href = `href="/${file}"`;
    out = out.replace(/[ \t]*<link\b[^>]*>[ \t]*\n?/g, (tag) =>
      tag.includes(href) && /rel="stylesheet"/.test(tag) ? '' : tag,
    );
  }
  return out;
}

function parseTemplate(html: string): Template {
  const headEnd = html.search(/<\/head\s*>/i);
  if (headEnd === -1) return { raw: html, fill: null };
  const head = html.slice(0, headEnd);
  const title = /<title\b[^>]*>[\s\S]*?<\/title\s*>/i.exec(head);
  const before = title ? head.slice(0, title.index) : head;
  const between = title ? head.slice(title.index + title[0].length) : '';
  const rest = html.slice(headEnd);
  const at = rest.indexOf(`${ROOT_OPEN}</div>`);
  const inside = at + ROOT_OPEN.length;
  const body = (root: string) => (at === -1 || !root ? rest : `${rest.slice(0, inside)}${root}${rest.slice(inside)}`);
  return {
    raw: html,
    fill: (meta, extra, root, inlined) =>
      `${before}${meta}${withoutLinks(between, inlined)}${extra ? `  ${extra}\n  ` : ''}${body(root)}`,
  };
}

/** An address a crawler can fetch: absolute http(s) as is, an own path on the tenant's origin; nothing else. */
function absoluteUrl(url: string, origin: string): string | null {
  const value = url.trim();
  if (/^https?:\/\//i.test(value)) return value;
  if (value.startsWith('/') && !value.startsWith('//')) return `${origin}${value}`;
  return null;
}

const metaTag = (attr: 'name' | 'property', key: string, content: string | number) =>
  `<meta ${attr}="${key}" content="${escapeHtml(String(content))}" />`;

/** The tenant's generated favicon and its version (a changed colour or name gets a new address). */
function generatedFavicon(tenant: TenantRow) {
  const svg = faviconSvg(siteName(tenant), themeColour(tenant.settings));
  return { svg, etag: `"${contentTag(svg)}"`, href: `/favicon.svg?v=${contentTag(svg).slice(0, 10)}` };
}

/**
 * The head tags of a page: title, description, canonical address on the tenant's own domain,
 * favicon, theme colour, Open Graph and Twitter card. Every text is escaped; the origin comes
 * from the tenant's configured domain (tenantOrigin), never from the request.
 */
export function renderHead(meta: PageMeta, tenant: TenantRow, origin: string): string {
  const site = siteName(tenant);
  const logoUrl = tenant.settings.logo_url ? absoluteUrl(tenant.settings.logo_url, origin) : null;
  const own = meta.image ? absoluteUrl(meta.image.url, origin) : null;
  const image: (PageImage & { url: string }) | null =
    meta.image && own ? { ...meta.image, url: own } : logoUrl ? { url: logoUrl, alt: site, large: false } : null;
  const url = `${origin}${meta.path}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    metaTag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    logoUrl
      ? `<link rel="icon" href="${escapeHtml(logoUrl)}" />\n    <link rel="apple-touch-icon" href="${escapeHtml(logoUrl)}" />`
      : `<link rel="icon" type="image/svg+xml" href="${escapeHtml(generatedFavicon(tenant).href)}" />`,
    metaTag('name', 'theme-color', themeColour(tenant.settings)),
    metaTag('property', 'og:type', meta.type),
    metaTag('property', 'og:site_name', site),
    metaTag('property', 'og:locale', 'ko_KR'),
    metaTag('property', 'og:url', url),
    metaTag('property', 'og:title', meta.subject),
    metaTag('property', 'og:description', meta.description),
  ];
  if (image) {
    tags.push(metaTag('property', 'og:image', image.url), metaTag('property', 'og:image:alt', image.alt));
    if (image.width && image.height) {
      tags.push(
        metaTag('property', 'og:image:width', image.width),
        metaTag('property', 'og:image:height', image.height),
      );
    }
  }
  if (meta.price !== undefined) {
    tags.push(
      metaTag('property', 'product:price:amount', meta.price),
      metaTag('property', 'product:price:currency', 'KRW'),
    );
  }
  tags.push(
    metaTag('name', 'twitter:card', image?.large ? 'summary_large_image' : 'summary'),
    metaTag('name', 'twitter:title', meta.subject),
    metaTag('name', 'twitter:description', meta.description),
  );
  if (image) tags.push(metaTag('name', 'twitter:image', image.url));
  return tags.join('\n    ');
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Tags of an HTML answer differ by content coding (`"tag.br"`), as strong validators must; a request naming any coding of the same page matches. */
const sameHtml = (a: string, b: string) => a.replace(/\.(?:br|gzip)$/, '') === b.replace(/\.(?:br|gzip)$/, '');

/**
 * Runs after @fastify/compress (route-level onSend hooks run in the order they were added, and
 * the plugin adds its own when the route is declared): a compressed answer's strong ETag names
 * its coding, so the br and the plain bytes never share one tag.
 */
const tagContentCoding: onSendHookHandler = async (_request, reply, payload) => {
  const coding = reply.getHeader('content-encoding');
  const etag = reply.getHeader('etag');
  if (typeof coding === 'string' && typeof etag === 'string' && etag.startsWith('"') && etag.endsWith('"')) {
    reply.header('etag', `${etag.slice(0, -1)}.${coding}"`);
  }
  return payload;
};

/** Answers a validated text with a strong ETag, or 304 when the request already holds it. */
function sendTagged(request: FastifyRequest, reply: FastifyReply, body: string, etag: string) {
  reply.header('etag', etag);
  if (ifNoneMatchHits(request.headers['if-none-match'], etag, sameHtml)) return reply.code(304).send();
  return reply.send(body);
}

/**
 * Serves the built single-page app: hashed assets cached for a year; every other GET that is not
 * an API call answers index.html (client-side routes survive a reload) with the page's title,
 * description, link preview tags, canonical address and favicon filled in on the server for the
 * tenant of the Host, never cached without revalidation (`no-cache` and a strong ETag). A host
 * that names no active tenant gets the built index.html as it is. See
 * docs/decisions/020-share-previews-and-http-caching.md.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions) {
  const { distDir } = options;
  const hasWeb = existsSync(join(distDir, 'index.html'));
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(notFoundBody));
  if (!hasWeb) return;

  const template = parseTemplate(readFileSync(join(distDir, 'index.html'), 'utf8'));
  if (!template.fill) app.log.warn('index.html has no </head>: pages are served without their metadata');

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // Pages and favicons are answered below, per tenant.
    globIgnore: ['index.html', 'favicon.svg', 'favicon.ico'],
    // Vite's build manifest stays private.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    cacheControl: false,
    setHeaders: (reply, path) => {
      const hashed = path.includes(`${join(distDir, 'assets')}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });

  // A product's, post's or channel's metadata, per tenant row (a changed tenant has a new
  // updatedAt) and canonical path, for a short time; concurrent misses share one lookup.
  const cache =
    options.metaCacheMs > 0
      ? new LRUCache<string, PageMeta, { tenant: TenantRow; page: PageRef }>({
          max: 2_000,
          ttl: options.metaCacheMs,
          fetchMethod: (_key, _stale, { context }) => describePage(app, context.tenant, context.page),
        })
      : null;
  const metaOf = async (tenant: TenantRow, page: PageRef): Promise<PageMeta> => {
    if (!cache || !needsLookup(page)) return describePage(app, tenant, page);
    const key = `${tenant.id}|${tenant.updatedAt.getTime()}|${page.path}`;
    return (await cache.fetch(key, { context: { tenant, page } })) ?? describePage(app, tenant, page);
  };

  /** The tenant of the Host, or null (unknown, inactive, or the lookup failed: the page still loads). */
  const tenantOf = (request: FastifyRequest) =>
    app.tenants.resolveHost(request.host).catch((err: unknown) => {
      request.log.warn({ err }, 'tenant lookup failed; index.html is served without metadata');
      return null;
    });

  await app.register(async (pages) => {
    pages.addHook('onRoute', (route) => {
      const own = route.onSend ? [route.onSend].flat() : [];
      route.onSend = [...own, tagContentCoding];
    });

    pages.get('/favicon.svg', { schema: { hide: true } }, async (request, reply) => {
      const tenant = await tenantOf(request);
      if (!tenant) return reply.callNotFound();
      const icon = generatedFavicon(tenant);
      reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=86400');
      return sendTagged(request, reply, icon.svg, icon.etag);
    });

    // Browsers and crawlers ask for /favicon.ico on their own: send them to the tenant's icon.
    pages.get('/favicon.ico', { schema: { hide: true } }, async (request, reply) => {
      const tenant = await tenantOf(request);
      if (!tenant) return reply.callNotFound();
      const logo = tenant.settings.logo_url;
      const target = logo && absoluteUrl(logo, '') !== null ? logo : generatedFavicon(tenant).href;
      return reply.header('cache-control', 'public, max-age=3600').redirect(target, 302);
    });

    pages.get('/*', { schema: { hide: true } }, async (request, reply) => {
      // Unknown API paths stay JSON 404s; a missing hashed asset (an old build's chunk) is a 404
      // too, never a page the browser would try to run as a script.
      if (isApiPath(request.url) || request.url.startsWith('/assets/')) return reply.callNotFound();
      const tenant = await tenantOf(request);
      let html = template.raw;
      if (tenant && template.fill) {
        const page = pageOf(request.url);
        const meta = await metaOf(tenant, page);
        const extra = options.extras
          ? await options.extras(request, tenant, page.path)
          : { head: '', root: '', inlined: [] };
        html = template.fill(renderHead(meta, tenant, app.tenantOrigin(tenant)), extra.head, extra.root, extra.inlined);
      }
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      return sendTagged(request, reply, html, `"${contentTag(html)}"`);
    });
  });
}
