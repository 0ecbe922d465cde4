import type { AccountDeletionPreview } from '@app/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionContext } from '@/lib/session';
import { callsTo, stubFetch, testSession } from '@/testing/app-test-support';
import { DeleteAccount } from './delete-account';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const nothing: AccountDeletionPreview = {
  can_delete: true,
  open_orders: [],
  points_available: 0,
  points_locked: 0,
  products_on_sale: 0,
};

function renderDialog(preview: AccountDeletionPreview) {
  const fetchMock = stubFetch((url, init) => {
    if (url.pathname === '/api/auth/account/deletion') return Response.json(preview);
    if (url.pathname === '/api/auth/account' && init.method === 'DELETE') {
      return Response.json({ message: '회원 탈퇴가 완료되었습니다.' });
    }
    return undefined;
  });
  const session = testSession({ id: 3, email: 'farm@example.com', username: '햇살농장', user_type: 'merchant' });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionContext value={session}>
        <DeleteAccount />
      </SessionContext>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: '회원 탈퇴' }));
  return { fetchMock, session };
}

const confirmButton = () => screen.getByRole('button', { name: '탈퇴하기' }) as HTMLButtonElement;

describe('회원 탈퇴 dialog', () => {
  it('lists the open orders that block the deletion and offers no confirmation', async () => {
    const { fetchMock } = renderDialog({
      ...nothing,
      can_delete: false,
      open_orders: [
        { id: 12, role: 'merchant', status: 'PREPARING', status_label: '준비중', total_price: 12_000 },
        { id: 15, role: 'buyer', status: 'PENDING', status_label: '주문접수', total_price: 3_500 },
      ],
      products_on_sale: 2,
    });
    await screen.findByText('판매 주문 #12 · 준비중 · 12,000원');
    expect(screen.getByText('구매 주문 #15 · 주문접수 · 3,500원')).toBeTruthy();
    expect(screen.getByText(/진행 중인 주문이 있어 지금은 탈퇴할 수 없습니다/)).toBeTruthy();
    expect(confirmButton().disabled).toBe(true);
    fireEvent.click(confirmButton());
    expect(callsTo(fetchMock, '/api/auth/account', 'DELETE')).toHaveLength(0);
  });

  it('says beforehand that the balance is forfeited and the products go off sale, then deletes', async () => {
    const { fetchMock, session } = renderDialog({ ...nothing, points_available: 8_700, products_on_sale: 3 });
    await screen.findByText(/보유 포인트 8,700P는 탈퇴와 함께 소멸되며 되돌릴 수 없습니다/);
    expect(screen.getByText('판매 중인 상품 3개는 판매 중지됩니다.')).toBeTruthy();
    await waitFor(() => expect(confirmButton().disabled).toBe(false));
    fireEvent.click(confirmButton());
    await waitFor(() => expect(callsTo(fetchMock, '/api/auth/account', 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(session.signOut).toHaveBeenCalled());
  });

  it('waits for points locked by a payment or a withdrawal', async () => {
    renderDialog({ ...nothing, can_delete: false, points_locked: 3_000 });
    await screen.findByText(/결제나 출금이 진행 중인 포인트 3,000P가 있습니다/);
    expect(confirmButton().disabled).toBe(true);
  });
});
