import type { Post } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { callsTo, renderInApp, stubFetch } from '@/testing/app-test-support';
import ChannelPage from './channel-page';

const customer: SessionUser = { id: 21, email: 'minji@example.com', username: '김민지', user_type: 'customer' };
const author = {
  id: 7,
  username: '햇살농장',
  user_type: 'merchant' as const,
  profile_image: null,
  business_name: '햇살농장 직판장',
};

function post(id: number, video: boolean, extra: Partial<Post> = {}): Post {
  return {
    id,
    title: video ? `영상 ${id}` : `글 ${id}`,
    content: '내용',
    author,
    author_id: author.id,
    is_announcement: false,
    media: video
      ? [
          {
            id: id * 10,
            file_path: `/media/v${id}.mp4`,
            thumbnail_path: null,
            thumbnail_url: null,
            media_type: 'video',
            file_name: 'v.mp4',
            is_thumbnail: false,
            content_type: 'video/mp4',
            size_bytes: 100,
          },
        ]
      : [],
    thumbnail_url: null,
    has_video: video,
    likes_count: 4,
    comments_count: 0,
    views_count: 0,
    is_liked: false,
    created_at: '2025-03-14T10:00:00.000Z',
    updated_at: '2025-03-14T10:00:00.000Z',
    ...extra,
  };
}

interface Server {
  user?: () => Response;
  like?: (method: string) => Response;
}

function serve(s: Server) {
  return stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/users/7') {
      return (
        s.user?.() ??
        Response.json({
          id: 7,
          username: '햇살농장',
          user_type: 'merchant',
          profile_image: null,
          merchant_id: 3,
          business_name: '햇살농장 직판장',
          business_description: '유기농 채소',
          posts_count: 120,
          counts: { posts: 120, videos: 30, likes: 900 },
          created_at: '2025-01-01T00:00:00.000Z',
        })
      );
    }
    if (url.pathname === '/api/content/posts') {
      // One page of the 120 posts: two videos and one text post.
      return Response.json({
        posts: [post(1, true), post(2, true), post(3, false)],
        total: 120,
        page: 1,
        size: 50,
        pages: 3,
      });
    }
    if (url.pathname === '/api/products') {
      return Response.json({ products: [{ id: 5, title: '감자 1kg', price: 5000 }], total: 75, page: 1, size: 50 });
    }
    if (url.pathname === '/api/content/posts/1/like' && s.like) return s.like(method);
    return undefined;
  });
}

const likeButton = async (title: string) => {
  const slide = (await screen.findByRole('link', { name: title })).closest('.channel-video') as HTMLElement;
  return within(slide).getByRole('button', { name: /좋아요/ });
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('channel page', () => {
  it('shows the totals from the server in the header, not the loaded items', async () => {
    const fetchMock = serve({});
    renderInApp(<ChannelPage />, { path: '/merchant/7', route: '/merchant/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: '햇살농장 직판장' })).toBeTruthy();
    const counts = document.querySelector('.channel-counts') as HTMLElement;
    await waitFor(() => expect(within(counts).getByText('75')).toBeTruthy());
    // 120 posts of which 30 are videos: 90 posts, 30 videos, 75 products.
    expect(within(counts).getByText('90')).toBeTruthy();
    expect(within(counts).getByText('30')).toBeTruthy();
    expect(callsTo(fetchMock, '/api/content/posts')[0]?.query.get('author_id')).toBe('7');
  });

  it('falls back to the placeholder name when the user look-up fails, and still lists the posts', async () => {
    serve({ user: () => Response.json({ detail: '서버 오류' }, { status: 500 }) });
    renderInApp(<ChannelPage />, { path: '/merchant/7', route: '/merchant/:id' });
    // The look-up is tried once more on a server error before the placeholder shows.
    expect(await screen.findByRole('heading', { level: 1, name: '사용자 7' }, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '영상 1' })).toBeTruthy();
  });

  it('a missing user still shows the channel-not-found page', async () => {
    serve({ user: () => Response.json({ detail: '사용자를 찾을 수 없습니다.' }, { status: 404 }) });
    renderInApp(<ChannelPage />, { path: '/merchant/7', route: '/merchant/:id' });
    expect(await screen.findByRole('heading', { name: '채널을 찾을 수 없습니다' })).toBeTruthy();
  });

  it('likes a video at once and keeps the server answer', async () => {
    let resolve: (r: Response) => void = () => undefined;
    const fetchMock = serve({ like: () => new Promise<Response>((r) => (resolve = r)) as unknown as Response });
    renderInApp(<ChannelPage />, { path: '/merchant/7', route: '/merchant/:id', user: customer });
    const button = await likeButton('영상 1');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toContain('4');
    fireEvent.click(button);
    // Optimistic: pressed and one more before the server answers.
    await waitFor(() => expect((button as HTMLElement).getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toContain('5');
    resolve(Response.json({ is_liked: true, likes_count: 12 }));
    await waitFor(() => expect(button.textContent).toContain('12'));
    expect(callsTo(fetchMock, '/api/content/posts/1/like', 'POST')).toHaveLength(1);
  });

  it('rolls the like back when the call fails', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ like: () => Response.json({ detail: '오류' }, { status: 500 }) });
    renderInApp(<ChannelPage />, { path: '/merchant/7', route: '/merchant/:id', user: customer });
    const button = await likeButton('영상 1');
    fireEvent.click(button);
    await waitFor(() => expect(errorLog).toHaveBeenCalled());
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(button.textContent).toContain('4');
  });

  it('sends a signed-out visitor who likes to /login', async () => {
    const fetchMock = serve({ like: () => Response.json({ is_liked: true, likes_count: 5 }) });
    renderInApp(<ChannelPage />, { path: '/merchant/7', route: '/merchant/:id' });
    fireEvent.click(await likeButton('영상 1'));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(callsTo(fetchMock, '/api/content/posts/1/like')).toHaveLength(0);
  });
});
