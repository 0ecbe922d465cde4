import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Outside origins the web app needs, by what it loads from them (docs/decisions/013-security-headers.md).
 * - The Daum/Kakao postcode widget: its script, the scripts it loads, and the iframe it opens.
 * - PortOne's browser SDK (card payments): its script, its API calls and the payment windows.
 */
const POSTCODE_SCRIPTS = ['https://t1.daumcdn.net', 'https://t1.kakaocdn.net'];
const POSTCODE_FRAMES = ['https://postcode.map.daum.net', 'https://postcode.map.kakao.com'];
const PAYMENT_SCRIPTS = ['https://cdn.portone.io'];
const PAYMENT_ORIGINS = ['https://*.portone.io'];

/** The origin of an absolute media base URL (a CDN or public bucket); nothing for a path on this server. */
function mediaOrigin(publicBaseUrl: string | undefined): string[] {
  if (!publicBaseUrl || !/^https?:\/\//i.test(publicBaseUrl)) return [];
  return [new URL(publicBaseUrl).origin];
}

/** The Content-Security-Policy directives of every answer (HTML, API, media). */
export function contentSecurityPolicy(opts: { mediaPublicBaseUrl?: string }) {
  const media = mediaOrigin(opts.mediaPublicBaseUrl);
  return {
    defaultSrc: ["'self'"],
    // No inline or eval'd script: an injected <script> or on* attribute never runs.
    scriptSrc: ["'self'", ...POSTCODE_SCRIPTS, ...PAYMENT_SCRIPTS],
    scriptSrcAttr: ["'none'"],
    // React sets style attributes (theme variables, progress bars); styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Kakao profile pictures and product images may live on any https host (CDNs).
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...media],
    mediaSrc: ["'self'", 'blob:', ...media],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...PAYMENT_ORIGINS],
    frameSrc: [...POSTCODE_FRAMES, ...PAYMENT_ORIGINS],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    // Only meaningful over https; HSTS below covers that case.
    upgradeInsecureRequests: null,
  };
}

/**
 * The header values helmet makes for these options. Helmet's middleware only sets fixed headers
 * (no directive here depends on the request), so it runs once at start and every answer gets the
 * recorded headers: @fastify/helmet rebuilds the whole helmet configuration on every request,
 * which cut the throughput of a small API answer by more than half (docs/decisions/013).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The policy of the API's own answers (JSON, errors): nothing they hold may load, run or be framed.
 * Helmet's page headers (the long CSP, DNS prefetch, download options and the like) speak to
 * documents; a JSON answer only needs these, and each answer is a kilobyte shorter.
 */
export const API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** API paths answered as documents or files, which keep the page headers: the reference and media. */
const API_PAGES = /^\/api\/(?:docs|media\/)/;

/** Whether a request path gets the API's headers instead of the page headers. */
export function isApiAnswer(url: string): boolean {
  return url.startsWith('/api/') && !API_PAGES.test(url);
}

/**
 * Security headers on every answer (web app, API, media, errors), made by helmet: CSP,
 * frame-ancestors 'none' with X-Frame-Options DENY, nosniff, Referrer-Policy
 * strict-origin-when-cross-origin, and HSTS when the request came over https (directly, or
 * through a trusted proxy's X-Forwarded-Proto). API answers get the short set above. Every answer
 * also names its request id (X-Request-Id), as every log line does.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { mediaPublicBaseUrl?: string }) => {
    const pageHeaders = helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Payment and login windows opened by the app keep their opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      strictTransportSecurity: false,
    });
    const hsts = 'max-age=31536000; includeSubDomains';
    // A callback hook: it does nothing asynchronous, and an async one costs a promise per request.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(isApiAnswer(request.url) ? API_HEADERS : pageHeaders);
      reply.header('x-request-id', request.id);
      if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
      done();
    });
  },
  { name: 'security-headers' },
);
