import { AsyncLocalStorage } from 'node:async_hooks';
import { text } from 'node:stream/consumers';
import type { Tenant } from '@app/contracts';
import { type DehydratedState, dehydrate, hashKey } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { AppShell } from './app/app';
import { loadRouteData } from './app/route-preload';
import { buildRoutes } from './app/routes';
import { paths } from './config/paths';
import { type ApiTransport, setApiTransport } from './lib/api-client';
import { createQueryClient } from './lib/query-client';
import { setPurifier } from './lib/sanitize';
import { currentTenantQuery } from './lib/tenant';
import { THEME_STYLE_ID, themeRule, themeVariables } from './lib/theme';

/**
 * Server rendering of the first screen for signed-out visitors (docs/decisions/022-server-rendering.md):
 * the API server (apps/server/src/flows/web-boot.ts) calls `render` with the page's address, the
 * tenant and a transport that answers the app's requests in process. The browser hydrates the
 * markup with the same answers (main.tsx), so the first screen shows before any script has run.
 */

/** The pages rendered on the server: what visitors open from a search or a shared link. */
const serverRendered = [
  paths.home.path,
  paths.main.path,
  paths.productDetail.path,
  paths.contentDetail.path,
  paths.policy.path,
  paths.terms.path,
  paths.about.path,
  paths.contact.path,
];

/** A render that has not finished by then is abandoned (its parts are left to the browser). */
const RENDER_TIMEOUT_MS = 3_000;

export interface RenderInput {
  /** Pathname and search of the page, as the browser asked for it. */
  path: string;
  /** The tenant as GET /api/tenant/current presents it. */
  tenant: Tenant;
  /** Answers the app's API requests for this page (in process, with the page's Host). */
  transport: ApiTransport;
}

export interface RenderOutput {
  /** For `<head>`: the tenant's theme colours, which the browser app would otherwise set only once it runs. */
  head: string;
  /** The markup of `#root`. */
  html: string;
  /** The answers the markup was drawn from, for the browser's query client. */
  queries: DehydratedState;
}

// DOMPurify in Node works on a window of jsdom, as its documentation describes.
setPurifier(DOMPurify(new JSDOM('').window));

// Each render's requests go to its own transport, even while renders overlap.
const transports = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const transport = transports.getStore();
  if (!transport) return Promise.reject(new Error('server rendering: no transport for this request'));
  return transport(url, init);
});

/** The tenant's theme as the browser app applies it (lib/theme.ts), as a style for `:root`. */
function themeStyle(tenant: Tenant): string {
  return `<style id="${THEME_STYLE_ID}">${themeRule(themeVariables(tenant))}</style>`;
}

/**
 * The first screen of `path` for a signed-out visitor, or null when the page is not rendered on
 * the server: not one of the pages above, or one of its first requests failed (the browser then
 * shows the failure itself, with its retry). Throws when a component fails to render.
 */
export function render({ path, tenant, transport }: RenderInput): Promise<RenderOutput | null> {
  return transports.run(transport, async () => {
    const url = new URL(path, 'http://app.invalid');
    if (!serverRendered.some((pattern) => matchPath(pattern, url.pathname))) return null;
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentTenantQuery.queryKey, tenant);
    await loadRouteData(url.pathname + url.search, queryClient);
    if (queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'error' }).length > 0) {
      return null;
    }
    const handler = createStaticHandler(buildRoutes());
    const context = await handler.query(new Request(url));
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      <AppShell queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppShell>,
      {
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        onError: (error) => void errors.push(error),
        // Every part inline: React would otherwise send large parts apart, put in place by inline
        // scripts, which the CSP forbids.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    );
    const html = await text(prelude);
    // A part that failed would be drawn again in the browser: render none of it on the server.
    if (errors.length > 0) throw errors[0];
    // The tenant already travels in the boot data on its own.
    const queries = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        query.state.status === 'success' && query.queryHash !== hashKey(currentTenantQuery.queryKey),
    });
    queryClient.clear();
    return { head: themeStyle(tenant), html, queries };
  });
}
