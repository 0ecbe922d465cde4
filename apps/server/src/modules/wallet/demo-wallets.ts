import type { DbOrTx } from '../../platform/db/client.js';
import { createDemoTimeline, type DemoTimeline } from '../../seed/demo-timeline.js';
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
 * (recorded as paid sandbox payments) and a transfer from the customer to the merchant, so the
 * wallet tab is alive on first start. Reward and purchase rows come from the demo orders
 * (modules/orders/demo-orders.ts), which share `timeline` so that all of it is written in time order.
 * Without a timeline the steps are written at once.
 */
export async function seedDemoWallets(
  tx: DbOrTx,
  tenant: TenantRow,
  people: { customer: DemoWalletOwner; merchant: DemoWalletOwner; readers: DemoWalletOwner[] },
  options: { timeline?: DemoTimeline; now?: number } = {},
) {
  if (!tenant.features.wallet) return;
  const timeline = options.timeline ?? createDemoTimeline();
  const now = options.now ?? Date.now();
  let n = 0;
  const topup = (owner: DemoWalletOwner, amount: number, daysAgo: number) => {
    const at = new Date(now - daysAgo * DAY - ((daysAgo * 7) % 11) * HOUR);
    const paymentId = `topup-${tenant.id}-demo${++n}`;
    const gatewayTxId = `sandbox_demo_${n}`;
    timeline.at(at, async () => {
      await tx.insert(payments).values({
        tenantId: tenant.id,
        paymentId,
        purpose: 'topup',
        userId: owner.id,
        amount,
        status: 'paid',
        gateway: 'sandbox',
        gatewayTxId,
        orderName: `포인트 충전 ${amount.toLocaleString('ko-KR')}원`,
        buyerName: owner.name,
        buyerEmail: owner.email,
        buyerTel: '01012345678',
        paidAt: at,
        createdAt: at,
        updatedAt: at,
      });
      await points.creditTopup(tx, tenant.id, { userId: owner.id, amount, paymentId, at });
    });
  };

  const { customer, merchant, readers } = people;
  topup(customer, 50_000, 21);
  topup(customer, 30_000, 9);
  timeline.at(new Date(now - 6 * DAY - 3 * HOUR), () =>
    points.transfer(tx, tenant.id, {
      from: { id: customer.id, name: customer.name },
      to: { id: merchant.id, name: merchant.name },
      amount: 5_000,
      memo: '지난번 딸기 정말 맛있었어요!',
      key: 'demo-transfer',
      at: new Date(now - 6 * DAY - 3 * HOUR),
    }),
  );
  topup(merchant, 100_000, 14);
  for (const [i, reader] of readers.entries()) topup(reader, 10_000 * (i + 1), 12 - i);
  if (!options.timeline) await timeline.run();
}
