import type { WalletOverview } from '@app/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buyer } from '@/features/orders/orders-test-support';
import { PurchaseDialog, PurchaseForm } from '@/features/orders/purchase-form';
import PaymentCallbackPage from '@/features/payments/payment-callback-page';
import { TopupForm } from '@/features/wallet/topup-form';
import { renderInApp, stubFetch, testTenant } from '@/testing/app-test-support';

/**
 * Every payment screen says plainly that a payment is a test while the server's gateway is the
 * sandbox (the tenant answer's test_payments), and says nothing of the kind with PortOne.
 */
const NOTICE = '테스트 결제 — 실제로 청구되지 않습니다';
const sandbox = { ...testTenant(), test_payments: true };
const portone = testTenant();

const product = {
  id: 5,
  title: '제주 감귤 5kg',
  price: 12_000,
  category_type: 'shopping' as const,
  is_delivery: false,
  display_remaining: -1,
  image_url: null,
};
const overview: WalletOverview = {
  balance: { available: 0, locked: 0, updated_at: null },
  evm_address: null,
  point_reward_rate: 1,
};

/** Each screen, and a text it shows once it is drawn. */
const screens: Record<string, [() => React.ReactNode, 'button' | 'heading', RegExp]> = {
  "the product page's order sheet": [
    () => <PurchaseDialog open onOpenChange={() => undefined} product={product} quantity={1} />,
    'button',
    /결제하기/,
  ],
  'the purchase form': [() => <PurchaseForm product={product} quantity={1} />, 'button', /결제하기/],
  'the points top-up': [() => <TopupForm available={0} />, 'button', /결제하기/],
  'the payment result screen': [
    () => <PaymentCallbackPage confirmers={{ topup: async () => ({ amount: 30_000, rows: [] }) }} />,
    'heading',
    /충전이 완료되었습니다/,
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('test payment notice', () => {
  for (const [name, [ui, role, drawn]] of Object.entries(screens)) {
    it(`shows on ${name} when the gateway is the sandbox, and not with PortOne`, async () => {
      stubFetch((url) => (url.pathname === '/api/wallet/overview' ? Response.json(overview) : undefined));
      const path = '/payment/callback?paymentId=topup_1&type=topup';
      const first = renderInApp(ui(), { path, tenant: sandbox, user: buyer });
      expect((await screen.findByRole('note')).textContent).toBe(NOTICE);
      expect(await screen.findAllByRole(role, { name: drawn })).not.toHaveLength(0);
      first.unmount();

      renderInApp(ui(), { path, tenant: portone, user: buyer });
      expect(await screen.findAllByRole(role, { name: drawn })).not.toHaveLength(0);
      expect(screen.queryByText(NOTICE)).toBeNull();
      expect(screen.queryByRole('note')).toBeNull();
    });
  }
});
