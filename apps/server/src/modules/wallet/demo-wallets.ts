import type { DbOrTx } from '../../platform/db/client.js';
import { payments } from '../payments/payments.schema.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import * as points from './points.js';

export interface DemoWalletOwner {
  id: number;
  name: string;
  email: string;
}

const DAY = 24 * 60 * 60_000;
const HOUR = 60 * 60_000;

/**
 * A lived-in wallet for each demo account (tenants with the wallet on): card top-ups weeks ago
 * (recorded as paid sandbox payments), order rewards, and a transfer from the customer to the
 * merchant, so the wallet tab is alive on first start.
 */
export async function seedDemoWallets(
  tx: DbOrTx,
  tenant: TenantRow,
  people: { customer: DemoWalletOwner; merchant: DemoWalletOwner; readers: DemoWalletOwner[] },
  now = Date.now(),
) {
  if (!tenant.features.wallet) return;
  let n = 0;
  const topup = async (owner: DemoWalletOwner, amount: number, daysAgo: number) => {
    const at = new Date(now - daysAgo * DAY - ((daysAgo * 7) % 11) * HOUR);
    const paymentId = `topup-${tenant.id}-demo${++n}`;
    await tx.insert(payments).values({
      tenantId: tenant.id,
      paymentId,
      purpose: 'topup',
      userId: owner.id,
      amount,
      status: 'paid',
      gateway: 'sandbox',
      gatewayTxId: `sandbox_demo_${n}`,
      orderName: `포인트 충전 ${amount.toLocaleString('ko-KR')}원`,
      buyerName: owner.name,
      buyerEmail: owner.email,
      buyerTel: '01012345678',
      paidAt: at,
      createdAt: at,
      updatedAt: at,
    });
    await points.creditTopup(tx, tenant.id, { userId: owner.id, amount, paymentId, at });
  };
  const reward = (owner: DemoWalletOwner, amount: number, daysAgo: number, orderName: string) =>
    points.earn(tx, tenant.id, {
      userId: owner.id,
      amount,
      key: `demo-${owner.id}-${daysAgo}`,
      meta: { order_name: orderName },
      at: new Date(now - daysAgo * DAY - ((daysAgo * 5) % 9) * HOUR),
    });

  const { customer, merchant, readers } = people;
  await topup(customer, 50_000, 21);
  await reward(customer, 320, 18, '유기농 딸기 1kg 외 1건');
  await topup(customer, 30_000, 9);
  await points.transfer(tx, tenant.id, {
    from: { id: customer.id, name: customer.name },
    to: { id: merchant.id, name: merchant.name },
    amount: 5_000,
    memo: '지난번 딸기 정말 맛있었어요!',
    key: 'demo-transfer',
    at: new Date(now - 6 * DAY - 3 * HOUR),
  });
  await reward(customer, 150, 3, '방울토마토 500g');
  await topup(merchant, 100_000, 14);
  for (const [i, reader] of readers.entries()) {
    await topup(reader, 10_000 * (i + 1), 12 - i);
    await reward(reader, 100 + 50 * i, 5 - Math.min(i, 4), '제철 채소 꾸러미');
  }
}
