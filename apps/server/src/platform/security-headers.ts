import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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
 * Security headers on every answer through @fastify/helmet: CSP, frame-ancestors 'none' with
 * X-Frame-Options DENY, nosniff, Referrer-Policy strict-origin-when-cross-origin, and HSTS when
 * the request came over https (directly, or through a trusted proxy's X-Forwarded-Proto).
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, opts: { mediaPublicBaseUrl?: string }) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(opts) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Payment and login windows opened by the app keep their opener.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') {
        reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      }
    });
  },
  { name: 'security-headers' },
);
