import type { FeatureKey, Tenant } from '@app/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { paths } from '@/config/paths';
import { cartQuery } from '@/features/cart/api/get-cart';
import {
  bestProductsQuery,
  commentsQuery,
  feedPageFrom,
  postDetailQuery,
  postFeedQuery,
} from '@/features/content/content.api';
import { storiesQuery } from '@/features/landing/landing.api';
import { activeTab, availableTabs } from '@/features/main/main-tabs';
import { mainDeliveryQuery, mainShoppingQuery, productDetailQuery } from '@/features/products/products.api';
import { categoriesQuery } from '@/lib/categories-query';
import { readStoredUser } from '@/lib/session';
import { readItem, storageKeys } from '@/lib/storage';
import { currentTenantQuery } from '@/lib/tenant';
import { decideAccess, type Viewer } from './access';
import { mainTabScreens } from './main-tab-screens';
import { generalLayout, homePage, landingPage, type RouteEntry, routeTable } from './routes';

/** What a route's preloader knows: the address, the tenant's features and who is signed in. */
interface Visit {
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  viewer: Viewer;
  isMember: boolean;
  queryClient: QueryClient;
}

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * The requests each screen makes first, by route path: started together with the screen's chunk
 * (on navigation, on a link's hover, focus or touch, and at start-up) instead of after it. Each
 * answers its prefetches, which server rendering waits for (entry-server.tsx).
 */
const routeData: Record<string, (visit: Visit) => Promise<void>[]> = {
  [paths.main.path]: ({ search, viewer, isMember, queryClient }) => {
    const requested = search.get('tab');
    const tab = activeTab(requested, availableTabs({ isEnabled: viewer.isEnabled, isMember, requested }));
    if (!tab) return [];
    mainTabScreens[tab].preload();
    if (tab === 'delivery' || tab === 'shopping') {
      // Both tabs open on every category with an empty search (kept in the tab's state, not the URL).
      const list =
        tab === 'delivery'
          ? queryClient.prefetchQuery(mainDeliveryQuery('all', ''))
          : queryClient.prefetchQuery(mainShoppingQuery('all', ''));
      return [queryClient.prefetchQuery(categoriesQuery(tab)), list];
    }
    if (tab === 'post') {
      return [
        queryClient.prefetchQuery(postFeedQuery(feedPageFrom(search.get('page')))),
        queryClient.prefetchQuery(bestProductsQuery),
      ];
    }
    return [];
  },
  [paths.productDetail.path]: ({ params, queryClient }) => {
    const id = positiveId(params.id);
    return id ? [queryClient.prefetchQuery(productDetailQuery(id))] : [];
  },
  // A member's cart is the account's (a guest's is in the browser: nothing to ask for).
  [paths.cart.path]: ({ isMember, queryClient }) => (isMember ? [queryClient.prefetchQuery(cartQuery(''))] : []),
  [paths.contentDetail.path]: ({ params, queryClient }) => {
    const id = positiveId(params.id);
    return id ? [queryClient.prefetchQuery(postDetailQuery(id)), queryClient.prefetchQuery(commentsQuery(id))] : [];
  },
};

function viewerOf(tenant: Tenant): { viewer: Viewer; isMember: boolean } {
  const user = readStoredUser();
  const isSignedIn = !!readItem(storageKeys.token) && !!user;
  const isEnabled = (feature: FeatureKey) => tenant.features[feature] === true;
  return {
    viewer: { isEnabled, user, isSignedIn, isAdmin: isSignedIn && user?.is_admin === true },
    isMember: isSignedIn && user?.user_type !== 'guest',
  };
}

function findRoute(pathname: string): { entry: RouteEntry; params: Visit['params'] } | null {
  for (const entry of routeTable) {
    const match = matchPath(entry.path, pathname);
    if (match) return { entry, params: match.params };
  }
  return null;
}

/**
 * Starts the code and the first requests of the screen at `path` (pathname and search), and
 * answers the requests (none when the page is not one of the route table's screens the viewer may
 * open). Requests wait for the tenant (a feature that is off is never asked for); code never waits.
 */
function startRoute(path: string, queryClient: QueryClient): Promise<void>[] {
  const url = new URL(path, 'http://app.invalid');
  const tenant = queryClient.getQueryData(currentTenantQuery.queryKey);
  const who = tenant ? viewerOf(tenant) : null;

  if (url.pathname === paths.home.path) {
    if (readItem(storageKeys.token) && readStoredUser()) {
      generalLayout.preload();
      homePage.preload();
      return [];
    }
    landingPage.preload();
    return tenant?.features.content ? [queryClient.prefetchQuery(storiesQuery)] : [];
  }
  const found = findRoute(url.pathname);
  if (!found) return [];
  const { entry, params } = found;
  if (entry.layout === 'general') generalLayout.preload();
  if (!('Component' in entry.screen)) return [];
  if (who && decideAccess(entry.access, who.viewer).kind !== 'allow') return [];
  entry.screen.preload();
  return who ? (routeData[entry.path]?.({ params, search: url.searchParams, ...who, queryClient }) ?? []) : [];
}

/**
 * Starts everything the screen at `href` needs at once: its code (layout, page, open tab) and its
 * first requests, so code and data load side by side rather than one after the other. Cheap to
 * call again: chunks load once and fresh answers are not asked for twice.
 */
export function preloadRoute(href: string | URL, queryClient: QueryClient): void {
  const url = new URL(href, window.location.origin);
  if (url.origin === window.location.origin) startRoute(url.pathname + url.search, queryClient);
}

/** Server rendering (entry-server.tsx): the first requests of the screen at `path`, answered. */
export async function loadRouteData(path: string, queryClient: QueryClient): Promise<void> {
  await Promise.all(startRoute(path, queryClient));
}

/** The same, once the tenant is known, for a start without the server's boot data (dev server). */
export function preloadRouteAfterTenant(href: string, queryClient: QueryClient): void {
  preloadRoute(href, queryClient); // with the tenant from the page: everything; without: the code
  if (queryClient.getQueryData(currentTenantQuery.queryKey)) return;
  queryClient.fetchQuery(currentTenantQuery).then(
    () => preloadRoute(href, queryClient),
    () => undefined, // the start-up gate shows the failure
  );
}

const HOVER_DELAY_MS = 80;

/**
 * Preloads the screen behind a same-origin link the visitor is about to open: on touch or
 * keyboard focus at once, on mouse hover after a short pause (a pointer passing over a grid of
 * cards does not fetch every product). Answers a function removing the listeners.
 */
export function preloadOnLinkIntent(queryClient: QueryClient, root: Document = document): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const linkOf = (target: EventTarget | null) => {
    const link = target instanceof Element ? target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.target === '_blank' || link.hasAttribute('download')) return null;
    return link.origin === window.location.origin ? link : null;
  };
  const now = (e: Event) => {
    const link = linkOf(e.target);
    if (link) preloadRoute(link.href, queryClient);
  };
  const hover = (e: Event) => {
    clearTimeout(timer);
    const link = linkOf(e.target);
    if (link) timer = setTimeout(() => preloadRoute(link.href, queryClient), HOVER_DELAY_MS);
  };
  const leave = () => clearTimeout(timer);
  root.addEventListener('touchstart', now, { passive: true, capture: true });
  root.addEventListener('focusin', now);
  root.addEventListener('mouseover', hover);
  root.addEventListener('mouseout', leave);
  return () => {
    clearTimeout(timer);
    root.removeEventListener('touchstart', now, { capture: true });
    root.removeEventListener('focusin', now);
    root.removeEventListener('mouseover', hover);
    root.removeEventListener('mouseout', leave);
  };
}
