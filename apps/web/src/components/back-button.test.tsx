import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LocationProbe } from '@/testing/app-test-support';
import { BackButton, hasInAppHistory } from './back-button';

let dispose: (() => void) | undefined;
afterEach(() => {
  cleanup();
  dispose?.();
});

/**
 * The app's browser router on the jsdom window, opened at `url` as a visitor following a shared
 * link: a new entry of the tab (the page before it is another site's), without the app's state.
 */
function openDirectly(url: string) {
  window.history.pushState(null, '', url);
  const router = createBrowserRouter([
    {
      path: '/products/:id',
      element: (
        <>
          <BackButton fallback="/main?tab=shopping" />
          <Link to="/products/6">다음 상품</Link>
          <LocationProbe />
        </>
      ),
    },
    { path: '*', element: <LocationProbe /> },
  ]);
  dispose = () => router.dispose();
  render(<RouterProvider router={router} />);
}

describe('BackButton', () => {
  it('stays in the app on a page opened directly: it goes to its fallback page instead of leaving', async () => {
    openDirectly('/products/5');
    fireEvent.click(screen.getByRole('button', { name: '뒤로 가기' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/main?tab=shopping'));
    // Replaced, not pushed: the fallback does not leave the dead end behind it.
    expect(hasInAppHistory()).toBe(false);
  });

  it('goes one step back after moving inside the app', async () => {
    openDirectly('/products/5');
    fireEvent.click(screen.getByRole('link', { name: '다음 상품' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/products/6'));
    expect(hasInAppHistory()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '뒤로 가기' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/products/5'));
  });
});

describe('hasInAppHistory', () => {
  const site = window.location.origin;
  it("counts the app's own entries, and a first entry opened from this site's page", () => {
    expect(hasInAppHistory({ idx: 2 }, '', 3)).toBe(true);
    expect(hasInAppHistory({ idx: 0 }, `${site}/policy`, 2)).toBe(true);
  });

  it('says no for a page opened from another site, a bookmark or in a new tab', () => {
    expect(hasInAppHistory({ idx: 0 }, 'https://search.example.com/?q=딸기', 5)).toBe(false);
    expect(hasInAppHistory({ idx: 0 }, '', 5)).toBe(false);
    expect(hasInAppHistory(null, '', 5)).toBe(false);
    expect(hasInAppHistory({ idx: 0 }, `${site}/main`, 1)).toBe(false);
  });
});
