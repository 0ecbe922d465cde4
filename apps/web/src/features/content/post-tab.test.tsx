import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import { feedPageFrom } from './content.api';
import { PostTab } from './post-tab';

const scrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Element.prototype.scrollIntoView = scrollIntoView;
});

function feedPage(page: number, pages = 5) {
  return {
    posts: [
      {
        id: page * 100,
        title: `${page}쪽 첫 글`,
        content: '본문',
        created_at: new Date().toISOString(),
        author: { id: 1, username: '농부' },
        media: [],
        likes_count: 0,
        comments_count: 0,
      },
    ],
    total: pages * 20,
    page,
    size: 20,
    pages,
  };
}

function openFeed(path: string, pages = 5) {
  const fetchMock = stubFetch((url) =>
    url.pathname === '/api/main/posts'
      ? Response.json(feedPage(Number(url.searchParams.get('page')), pages))
      : undefined,
  );
  const view = renderInApp(<PostTab />, { path, route: '/main', tenant: testTenant({}, ['shopping']) });
  return { fetchMock, router: view.router };
}

const currentUrl = (router: ReturnType<typeof openFeed>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('feedPageFrom', () => {
  it('reads a whole page number from 1, else the first page', () => {
    expect(feedPageFrom('3')).toBe(3);
    expect(feedPageFrom(null)).toBe(1);
    expect(feedPageFrom('0')).toBe(1);
    expect(feedPageFrom('-2')).toBe(1);
    expect(feedPageFrom('2.5')).toBe(1);
    expect(feedPageFrom('abc')).toBe(1);
    expect(feedPageFrom('100000')).toBe(1);
  });
});

describe('PostTab pages', () => {
  it('opens at the page of the URL and keeps each turned page in the URL, scrolled to the list top', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const { fetchMock, router } = openFeed('/main?tab=post&page=3');
    expect(await screen.findByText('3쪽 첫 글')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/main/posts')[0]?.query.get('page')).toBe('3');
    expect(screen.getByText('3 / 5 페이지')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '다음' }));
    expect(await screen.findByText('4쪽 첫 글')).toBeTruthy();
    expect(currentUrl(router)).toBe('/main?tab=post&page=4');
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect((scrolled.mock.contexts[0] as HTMLElement).getAttribute('aria-labelledby')).toBe('feed-posts-title');

    // Back in history shows the page before again.
    await router.navigate(-1);
    expect(await screen.findByText('3쪽 첫 글')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '이전' }));
    fireEvent.click(await screen.findByRole('button', { name: '이전' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/main?tab=post'));
    expect(await screen.findByText('1쪽 첫 글')).toBeTruthy();
  });

  it('shows the last page for a page past the end', async () => {
    const { router } = openFeed('/main?tab=post&page=9', 2);
    expect(await screen.findByText('2쪽 첫 글')).toBeTruthy();
    expect(currentUrl(router)).toBe('/main?tab=post&page=2');
  });
});
