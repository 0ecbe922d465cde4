import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import LandingPage from './landing-page';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const post = (id: number, title: string, authorId: number, thumbnail: string | null) => ({
  id,
  title,
  content: `${title}의 본문입니다.`,
  author: { id: authorId, username: `user${authorId}`, user_type: 'merchant', profile_image: null },
  author_id: authorId,
  is_announcement: false,
  media: [],
  thumbnail_url: thumbnail,
  has_video: false,
  likes_count: 0,
  comments_count: 0,
  views_count: 0,
  is_liked: false,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
});

const creator = { id: 7, merchant_id: 3, username: 'user7', business_name: '바른생활상회', profile_image: null };

describe('landing page', () => {
  it("shows the tenant's own posts as stories: pictures first, by business name, linking to the post", async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/main/posts')
        return Response.json({
          posts: [post(1, '그림 없는 글', 8, null), post(2, '수세미 이야기', 7, '/uploads/a.webp')],
        });
      if (url.pathname === '/api/main/creators') return Response.json({ creators: [creator] });
    });
    renderInApp(<LandingPage />);
    const list = await screen.findByRole('list', { name: '생산자 이야기' });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((a) => a.getAttribute('href'))).toEqual(['/content/2', '/content/1']);
    expect(cards[0]?.textContent).toContain('바른생활상회');
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('/uploads/a.webp');
    // An author missing from the creators list goes by the username.
    expect(cards[1]?.textContent).toContain('user8');
    expect(screen.getByRole('link', { name: /이야기 더 보기/ }).getAttribute('href')).toBe('/main?tab=post');
  });

  it('leaves the stories out when there are none, when they fail, and never asks without content', async () => {
    const empty = stubFetch((url) => {
      if (url.pathname === '/api/main/posts') return Response.json({ posts: [] });
      if (url.pathname === '/api/main/creators') return Response.json({ creators: [] });
    });
    renderInApp(<LandingPage />);
    await waitFor(() => expect(callsTo(empty, '/api/main/posts')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('heading', { name: '생산자 이야기' })).toBeNull());
    cleanup();

    stubFetch(() => Response.json({ detail: '오류', code: 'internal' }, { status: 500 }));
    renderInApp(<LandingPage />);
    await waitFor(() => expect(screen.queryByRole('heading', { name: '생산자 이야기' })).toBeNull());
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    cleanup();

    const off = stubFetch(() => undefined);
    renderInApp(<LandingPage />, { tenant: testTenant({}, ['content']) });
    expect(screen.queryByRole('heading', { name: '생산자 이야기' })).toBeNull();
    expect(callsTo(off, '/api/main/posts')).toHaveLength(0);
  });

  it('a shop without delivery and wallet mentions neither pickup nor points anywhere on the page', () => {
    stubFetch(() => undefined);
    renderInApp(<LandingPage />, { tenant: testTenant({}, ['delivery', 'wallet', 'content']) });
    const cards = screen.getAllByRole('listitem').map((li) => li.querySelector('h3')?.textContent);
    expect(cards).toEqual(['택배 쇼핑', '솔직한 구매 리뷰']);
    expect(document.body.textContent).not.toMatch(/픽업|적립/);
  });
});
