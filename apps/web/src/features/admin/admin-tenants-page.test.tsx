import type { Tenant } from '@app/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';
import AdminTenantsPage from './admin-tenants-page';

const farm: Tenant = testTenant();
const mall: Tenant = { ...testTenant(), id: 2, name: 'mall', display_name: '바른마켓', domain: 'mall.localhost' };
const admin = { id: 1, email: 'admin@example.com', username: '관리자', user_type: 'customer' as const };

function serve() {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/tenant/list') return Response.json({ tenants: [farm, mall] });
    if (url.pathname === '/api/tenant/debug/localhost-proc')
      return Response.json({ current_localhost_proc: 'farm.localhost', tenant_info: farm });
    if (url.pathname === '/api/tenant/debug/localhost-proc/mall.localhost' && init.method === 'POST')
      return Response.json({ message: 'ok', current_localhost_proc: 'mall.localhost', tenant_info: mall });
    return undefined;
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('tenant administration: localhost tenant', () => {
  const mallCard = async () => within(await screen.findByRole('listitem', { name: '바른마켓' }));

  it('asks before serving another tenant at localhost, and changes nothing when cancelled', async () => {
    const fetchMock = serve();
    renderInApp(<AdminTenantsPage />, { path: '/admin/tenants', user: admin });
    fireEvent.click((await mallCard()).getByRole('button', { name: 'localhost로 설정' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'localhost 테넌트를 바꿀까요?' }));
    expect(dialog.getByText(/바른마켓\(mall\.localhost\)을 localhost 테넌트로 설정합니다/)).toBeTruthy();
    expect(dialog.getByText(/지금은 farm\.localhost가 연결되어 있습니다/)).toBeTruthy();
    expect(callsTo(fetchMock, '/api/tenant/debug/localhost-proc/mall.localhost', 'POST')).toHaveLength(0);

    fireEvent.click(dialog.getByRole('button', { name: '취소' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, '/api/tenant/debug/localhost-proc/mall.localhost', 'POST')).toHaveLength(0);
  });

  it('sets it once confirmed', async () => {
    const fetchMock = serve();
    renderInApp(<AdminTenantsPage />, { path: '/admin/tenants', user: admin });
    fireEvent.click((await mallCard()).getByRole('button', { name: 'localhost로 설정' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    fireEvent.click(dialog.getByRole('button', { name: '설정하기' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(fetchMock, '/api/tenant/debug/localhost-proc/mall.localhost', 'POST')).toHaveLength(1);
    expect(await (await mallCard()).findByText('localhost 연결 중')).toBeTruthy();
  });
});
