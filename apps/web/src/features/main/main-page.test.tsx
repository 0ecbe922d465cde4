import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInApp, testTenant } from '@/testing/app-test-support';
import MainPage from './main-page';

afterEach(cleanup);

const tabContent = {
  shopping: <p>쇼핑 목록</p>,
  // The app plugs in the wallet's screen, which is its login prompt for a guest.
  wallet: <p>지갑 로그인 안내</p>,
};

describe('/main?tab=wallet for a guest (spec part 3: wallet tab)', () => {
  it('opens the wallet tab with its login prompt instead of silently showing another tab', () => {
    renderInApp(<MainPage tabContent={tabContent} />, { path: '/main?tab=wallet', user: null });
    expect(screen.getByRole('tab', { name: '지갑', selected: true })).toBeTruthy();
    expect(screen.getByText('지갑 로그인 안내')).toBeTruthy();
    expect(screen.queryByText('쇼핑 목록')).toBeNull();
  });

  it('shows a guest no wallet tab otherwise, and none on a tenant without the wallet', () => {
    renderInApp(<MainPage tabContent={tabContent} />, { path: '/main?tab=shopping', user: null });
    expect(screen.queryByRole('tab', { name: '지갑' })).toBeNull();
    cleanup();
    renderInApp(<MainPage tabContent={tabContent} />, {
      path: '/main?tab=wallet',
      user: null,
      tenant: testTenant({}, ['wallet']),
    });
    expect(screen.queryByRole('tab', { name: '지갑' })).toBeNull();
  });
});
