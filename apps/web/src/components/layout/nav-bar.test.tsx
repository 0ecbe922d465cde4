import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@/lib/session';
import { renderInApp, testTenant } from '@/testing/app-test-support';
import { NavBar } from './nav-bar';

const merchant: SessionUser = { id: 2, email: 'm@b.kr', username: '햇살농장', user_type: 'merchant' };
const customer: SessionUser = { id: 3, email: 'c@b.kr', username: '김민지', user_type: 'customer' };

afterEach(cleanup);

const hrefs = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link')
    .map((a) => a.getAttribute('href'));

/** Radix opens its menu on a pointer press (left button) in jsdom. */
function openMenu(trigger: HTMLElement) {
  fireEvent.pointerDown(trigger, { button: 0, ctrlKey: false, pointerType: 'mouse' });
}

describe('navigation bar', () => {
  it('gives a merchant the dashboard, product creation and post upload on the wide bar', () => {
    renderInApp(<NavBar />, { user: merchant });
    const links = hrefs(screen.getByRole('navigation', { name: '주 메뉴' }));
    expect(links).toEqual(expect.arrayContaining(['/merchant/dashboard', '/products/create', '/content/upload']));
    // The bottom bar keeps the dashboard within its four entries.
    const bottom = hrefs(screen.getByTestId('bottom-bar'));
    expect(bottom).toContain('/merchant/dashboard');
  });

  it('shows none of them to a customer, nor product creation without a shop feature', () => {
    renderInApp(<NavBar />, { user: customer });
    const links = hrefs(screen.getByRole('navigation', { name: '주 메뉴' }));
    expect(links).not.toContain('/merchant/dashboard');
    expect(links).not.toContain('/products/create');
    cleanup();
    renderInApp(<NavBar />, { user: merchant, tenant: testTenant({}, ['shopping', 'delivery']) });
    const shopless = hrefs(screen.getByRole('navigation', { name: '주 메뉴' }));
    expect(shopless).not.toContain('/products/create');
    expect(shopless).toContain('/content/upload');
  });

  it('the menu takes every signed-in user to 마이페이지 (/dashboard)', async () => {
    renderInApp(<NavBar />, { user: customer, path: '/main' });
    openMenu(screen.getByRole('button', { name: '메뉴' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '마이페이지' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/dashboard');
  });

  it("shows the cart entry the app plugs in, among the wide bar's actions and in the bottom bar", () => {
    renderInApp(<NavBar cart={(variant) => <a href="/cart">{`장바구니 ${variant}`}</a>} />, { user: customer });
    expect(screen.getByRole('link', { name: '장바구니 header' })).toBeTruthy();
    expect(within(screen.getByTestId('bottom-bar')).getByRole('link', { name: '장바구니 bottom' })).toBeTruthy();
  });

  it('the mobile menu holds the merchant register shortcuts', async () => {
    renderInApp(<NavBar />, { user: merchant, path: '/main' });
    openMenu(within(screen.getByTestId('bottom-bar')).getByRole('button', { name: '내 정보' }));
    expect(await screen.findByRole('menuitem', { name: '마이페이지' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: '상품 등록' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: '게시물 등록' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/content/upload');
  });
});
