import type { MerchantChannel, Post, ProductDetail, PublicUser } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { kindsOf } from '../modules/catalogue/products.service.js';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { AppError } from '../platform/errors.js';

/** An image of a shared link: an own path (`/api/media/...`) or an absolute URL. */
export interface PageImage {
  url: string;
  alt: string;
  width?: number | null;
  height?: number | null;
  /** A picture to show large (a product, a post); a logo or a profile picture is small. */
  large: boolean;
}

/** What a page of the web app says about itself to a link preview (title, text, image). */
export interface PageMeta {
  /** The document title: `{subject} | {site}`, or the site name alone. */
  title: string;
  /** The page's own subject (a product, a post, a channel), or the site name: og:title. */
  subject: string;
  description: string;
  /** Path (and the query that selects the content) of the canonical address on the tenant's domain. */
  path: string;
  type: 'website' | 'article' | 'product';
  /** A product's or post's own image; the preview falls back to the tenant's logo without it. */
  image: PageImage | null;
  /** A product's price in won (og product:price). */
  price?: number;
}

/** A page of the web app by its address: the kind of thing it shows and its canonical path. */
export type PageRef =
  | { kind: 'landing' | 'policy' | 'terms' | 'about' | 'contact' | 'other'; path: string }
  | { kind: 'main'; path: string; tab: MainTab | undefined }
  | { kind: 'product' | 'post'; path: string; id: number }
  | { kind: 'channel'; path: string; id: number; byMerchant: boolean };

type MainTab = 'delivery' | 'shopping' | 'video' | 'post';

/** Texts of the pages, as the web app words them (its messages of the same pages). */
const texts = {
  defaultBrand: '로컬마켓',
  tabs: { delivery: '배달·픽업', shopping: '쇼핑', video: '영상', post: '게시글' } satisfies Record<MainTab, string>,
  policy: '배송 · 교환 · 환불 정책',
  policyLead: (site: string) => `${site}의 배송, 교환 및 환불 기준을 안내해드립니다.`,
  terms: '약관 동의',
  termsLead: (site: string) => `${site} 서비스 이용을 위해 아래 약관에 동의해주세요.`,
  about: '소개',
  contact: '문의',
  contactLead: (site: string) => `${site} 고객센터 안내`,
  channelLead: (name: string) => `${name}의 채널`,
};

const DESCRIPTION_LENGTH = 150;
const INT_MAX = 2_147_483_647;

/** The tenant's name as the web app shows it: display name, else service name, else the default brand. */
export function siteName(tenant: TenantRow): string {
  return tenant.displayName?.trim() || tenant.settings.service_info?.service_name?.trim() || texts.defaultBrand;
}

/** The text of a settings field that may hold HTML (the hero texts; the web app sanitises and renders it). */
function textOfHtml(value: string | undefined): string {
  const entities: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
  return (value ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_, name: string) => entities[name] ?? '');
}

/**
 * At most DESCRIPTION_LENGTH characters of a plain text (product and post texts are shown as
 * typed, tags included), whitespace collapsed, cut at a word where possible.
 */
export function excerpt(value: string | undefined | null, max = DESCRIPTION_LENGTH): string {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${space > max * 0.6 ? cut.slice(0, space) : cut}…`;
}

/** The tenant's own description: its service description, tagline or hero texts. */
export function siteDescription(tenant: TenantRow): string {
  const info = tenant.settings.service_info ?? {};
  for (const candidate of [
    info.service_description,
    info.service_tagline,
    textOfHtml(info.hero_description),
    textOfHtml(info.hero_subtitle),
    info.hero_title,
  ]) {
    const text = excerpt(candidate);
    if (text) return text;
  }
  return siteName(tenant);
}

/** Parses a positive 32-bit id from a path segment of digits. */
function idOf(segment: string | undefined): number | undefined {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return undefined;
  const id = Number(segment);
  return id <= INT_MAX ? id : undefined;
}

/**
 * Which page an address opens (apps/web/src/config/paths.ts), with its canonical path: the
 * pathname without a trailing slash, plus only the query that changes the content (`/main`'s
 * tab, a channel's `use_mid`).
 */
export function pageOf(url: string): PageRef {
  const parsed = new URL(url, 'http://page.invalid');
  let path = parsed.pathname;
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  if (path === '/' || path === '/index.html') return { kind: 'landing', path: '/' };
  if (path === '/main') {
    const tab = parsed.searchParams.get('tab') ?? '';
    const known = Object.hasOwn(texts.tabs, tab) ? (tab as MainTab) : undefined;
    return { kind: 'main', path: known ? `/main?tab=${known}` : '/main', tab: known };
  }
  for (const kind of ['policy', 'terms', 'about', 'contact'] as const) {
    if (path === `/${kind}`) return { kind, path };
  }
  const [, first, second, extra] = path.split('/');
  const id = idOf(second);
  if (id !== undefined && extra === undefined) {
    if (first === 'products') return { kind: 'product', path, id };
    if (first === 'content') return { kind: 'post', path, id };
    if (first === 'merchant') {
      const byMerchant = parsed.searchParams.has('use_mid');
      return { kind: 'channel', path: byMerchant ? `${path}?use_mid=true` : path, id, byMerchant };
    }
  }
  return { kind: 'other', path };
}

/** Whether a page's metadata comes from the database (and is worth caching). */
export function needsLookup(page: PageRef): boolean {
  return page.kind === 'product' || page.kind === 'post' || page.kind === 'channel';
}

/** The metadata of the tenant itself, for pages without a subject of their own. */
export function siteMeta(tenant: TenantRow, path: string): PageMeta {
  const site = siteName(tenant);
  return { title: site, subject: site, description: siteDescription(tenant), path, type: 'website', image: null };
}

function subjectMeta(tenant: TenantRow, path: string, subject: string, description: string): PageMeta {
  const site = siteName(tenant);
  return {
    title: `${subject} | ${site}`,
    subject,
    description: excerpt(description) || siteDescription(tenant),
    path,
    type: 'website',
    image: null,
  };
}

/** Pages whose text comes from the tenant's settings alone (no lookup). */
function settingsPage(tenant: TenantRow, page: PageRef): PageMeta {
  const site = siteName(tenant);
  const s = tenant.settings;
  switch (page.kind) {
    case 'main': {
      const tab = page.tab && tabsOf(tenant).includes(page.tab) ? page.tab : tabsOf(tenant)[0];
      if (!tab) return siteMeta(tenant, page.path);
      return subjectMeta(tenant, page.path, texts.tabs[tab], siteDescription(tenant));
    }
    case 'policy':
      return subjectMeta(tenant, page.path, texts.policy, texts.policyLead(site));
    case 'terms':
      return subjectMeta(tenant, page.path, texts.terms, texts.termsLead(site));
    case 'about':
      return subjectMeta(tenant, page.path, texts.about, siteDescription(tenant));
    case 'contact': {
      const lines = [s.contact_phone, s.contact_email, s.business_hours].filter((v) => v?.trim());
      return subjectMeta(tenant, page.path, texts.contact, lines.join(' · ') || texts.contactLead(site));
    }
    default:
      return siteMeta(tenant, page.path);
  }
}

/** The /main tabs an anonymous visitor gets, in the web app's order (the wallet tab needs an account). */
function tabsOf(tenant: TenantRow): MainTab[] {
  const f = tenant.features;
  const tabs: MainTab[] = [];
  if (f.delivery) tabs.push('delivery');
  if (f.shopping) tabs.push('shopping');
  if (f.content) tabs.push('video', 'post');
  return tabs;
}

/**
 * The metadata of a page of the tenant, from the same answers the page shows (a product and a
 * post through the API's own short answer caches). A missing, deleted or other tenant's item, or
 * a switched-off feature, gives the tenant's own metadata: the page itself then shows its notice.
 */
export async function describePage(app: FastifyInstance, tenant: TenantRow, page: PageRef): Promise<PageMeta> {
  if (!needsLookup(page)) return settingsPage(tenant, page);
  try {
    const meta = await lookUp(app, tenant, page);
    return meta ?? siteMeta(tenant, page.path);
  } catch (err) {
    if (!(err instanceof AppError && err.status === 404)) {
      app.log.warn({ err, path: page.path }, 'page metadata lookup failed; the tenant metadata is used');
    }
    return siteMeta(tenant, page.path);
  }
}

async function lookUp(app: FastifyInstance, tenant: TenantRow, page: PageRef): Promise<PageMeta | null> {
  if (page.kind === 'product') {
    const kinds = kindsOf(tenant);
    if (kinds.length === 0) return null;
    const answer = await app.catalogue.answers.get(tenant.id, `product:${page.id}`, () =>
      app.catalogue.products.getProduct(tenant, page.id),
    );
    const product = JSON.parse(answer.text) as ProductDetail;
    if (!kinds.includes(product.category_type)) return null;
    const first = product.media[0];
    const image = first?.file_path ?? product.image_url;
    return {
      ...subjectMeta(tenant, page.path, product.title, product.description ?? ''),
      type: 'product',
      price: product.price,
      image: image ? { url: image, alt: product.title, width: first?.width, height: first?.height, large: true } : null,
    };
  }
  if (page.kind === 'post') {
    if (!tenant.features.content) return null;
    const answer = await app.contentAnswers.get(tenant.id, `post:${page.id}`, () =>
      app.content.getPost(tenant, page.id, null),
    );
    const post = JSON.parse(answer.text) as Post;
    return {
      ...subjectMeta(tenant, page.path, post.title, post.content || post.title),
      type: 'article',
      image: post.thumbnail_url ? { url: post.thumbnail_url, alt: post.title, large: true } : null,
    };
  }
  if (page.kind === 'channel') {
    if (page.byMerchant && !tenant.features.merchant) return null;
    const channel: MerchantChannel | PublicUser = page.byMerchant
      ? await app.content.merchantChannel(tenant, page.id)
      : await app.content.publicUser(tenant, page.id);
    const name = channel.business_name?.trim() || channel.username;
    return {
      ...subjectMeta(tenant, page.path, name, channel.business_description || texts.channelLead(name)),
      image: channel.profile_image ? { url: channel.profile_image, alt: name, large: false } : null,
    };
  }
  return null;
}
