import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCheckout } from '@/lib/checkout';
import type { SessionUser } from '@/lib/session';
import { callsTo, renderInApp, stubFetch } from '@/testing/app-test-support';
import { TopupForm } from './topup-form';
import { TransferDialog } from './transfer-dialog';

vi.mock('@/lib/checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/checkout')>()),
  openCheckout: vi.fn(),
}));

const member: SessionUser = {
  id: 11,
  email: 'minji@example.com',
  username: '김민지',
  user_type: 'customer',
  phone: '010-1234-5678',
  address: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(openCheckout).mockReset();
});

const amountInput = () => screen.getByLabelText('충전 금액') as HTMLInputElement;
const typeAmount = (input: HTMLInputElement, text: string) => fireEvent.change(input, { target: { value: text } });

describe('top-up amount', () => {
  it('stays empty when emptied, says an amount is needed, and takes what is typed next as it is', async () => {
    const fetchMock = stubFetch(() => undefined);
    renderInApp(<TopupForm available={2000} />, { path: '/wallet', user: member });
    expect(amountInput().value).toBe('10,000');

    typeAmount(amountInput(), '');
    expect(amountInput().value).toBe('');
    expect(screen.getByText('금액을 입력해주세요.')).toBeTruthy();
    expect(screen.getByRole('button', { name: '결제하기' })).toBeTruthy();

    // Typed one key at a time into the empty field: 50,000, never 100,050,000.
    for (const key of '50000') typeAmount(amountInput(), amountInput().value + key);
    expect(amountInput().value).toBe('50,000');
    expect(screen.queryByText('금액을 입력해주세요.')).toBeNull();
    expect(screen.getByRole('button', { name: '50,000원 결제하기' })).toBeTruthy();

    // Sent empty, it is refused on the form: nothing reaches the server.
    typeAmount(amountInput(), '');
    fireEvent.click(screen.getByRole('button', { name: '결제하기' }));
    await waitFor(() => expect(amountInput().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('금액을 입력해주세요.')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/wallet/charge/prepare')).toHaveLength(0);
  });
});

describe('transfer preview', () => {
  it('says how much is missing instead of a negative balance while the amount is above the balance', async () => {
    stubFetch(() => undefined);
    renderInApp(<TransferDialog open onOpenChange={() => undefined} available={3000} />, {
      path: '/wallet',
      user: member,
    });
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('보낼 포인트', { selector: 'input' }) as HTMLInputElement;
    const balanceAfter = () => within(dialog).getByText('처리 후 잔액', { selector: 'dt' }).nextElementSibling;

    typeAmount(amount, '1000');
    expect(balanceAfter()?.textContent).toBe('2,000P');

    typeAmount(amount, '5000');
    expect(balanceAfter()?.textContent).toBe('2,000P 부족');
    expect(within(dialog).queryByText(/-\d/)).toBeNull();
  });
});
