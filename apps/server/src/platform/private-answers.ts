import type { FastifyReply, FastifyRequest } from 'fastify';
import { demandsBearer } from './openapi.js';

/**
 * onSend hook of the /api scope: an answer that may hold the caller's own data is never stored by
 * a browser or a shared cache (`Cache-Control: no-store`). That is every answer of a route whose
 * declared security demands a bearer token (`access.signedIn`: wallet, payments, orders,
 * dashboards, ...), and every answer to a request that carries a token to a route that reads one
 * (`access.optional`: own likes, votes, purchases). A route that set its own Cache-Control (a
 * public file, a deliberately cacheable answer) keeps it; `access.public` routes read no token and
 * answer everybody alike, so a token sent along changes nothing there.
 * See docs/decisions/031-private-answers-refusals-and-reviews.md. A callback hook: nothing async.
 */
export function noStorePrivateAnswers(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: Error | null, payload?: unknown) => void,
) {
  if (!reply.hasHeader('cache-control')) {
    const security = request.routeOptions.schema?.security;
    const readsToken = security !== undefined && security.length > 0;
    if (demandsBearer(security) || (readsToken && request.headers.authorization !== undefined)) {
      reply.header('cache-control', 'no-store');
    }
  }
  done(null, payload);
}
