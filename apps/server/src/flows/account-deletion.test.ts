import { paymentPrepareResultSchema } from '@app/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../modules/catalogue/catalogue.schema.js';
import { catalogueTenant, deliveryProduct } from '../modules/catalogue/catalogue.test-helpers.js';
import { orders } from '../modules/orders/orders.schema.js';
import { ledgerProblems } from '../modules/wallet/ledger.js';
import { creditTopup } from '../modules/wallet/points.js';
import { SANDBOX_CARDS } from '../platform/payments/sandbox-gateway.js';
import { buildTestApp, onPostgres } from '../test/app.js';

/**
 * Account deletion (issue 36, docs/decisions/030): refused while orders are open, products off
 * sale after a merchant leaves, points forfeited through the ledger with the books balanced.
 */

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;
const buyerFields = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };

let app: FastifyInstance;
let w: World;
let topups = 0;

beforeAll(async () => {
  app = await buildTestApp({
    payments: { gateway: 'sandbox', reconcileIntervalMs: 0, expireAfterMs: 30 * 60_000, sandboxPendingSettleMs: 0 },
  });
  w = await catalogueTenant(app);
});
afterAll(() => app.close());

const givePoints = (userId: number, amount: number) =>
  app.db.transaction((tx) => creditTopup(tx, w.tenant.id, { userId, amount, paymentId: `seed-${++topups}` }));
const balance = async (token: string) => (await w.call('GET', '/api/wallet/balance', undefined, token)).json();
const deleteAccount = (token: string) => w.call('DELETE', '/api/auth/account', undefined, token);
const preview = (token: string) => w.call('GET', '/api/auth/account/deletion', undefined, token);

async function newProduct(owner: Person) {
  const res = await w.call(
    'POST',
    '/api/products',
    deliveryProduct({ price: 12_000, display_remaining: 10 }),
    owner.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

/** prepare → sandbox card → callback: a paid order (PENDING). */
async function buy(buyer: Person, productId: number, pointsUsed = 0) {
  const res = await w.call(
    'POST',
    '/api/payment/prepare',
    {
      ...buyerFields,
      product_id: productId,
      qty: 1,
      amount: 12_000,
      points_used: pointsUsed,
      buyer_addr: '서울시 마포구 월드컵로 1, 101호',
    },
    buyer.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  const prepared = paymentPrepareResultSchema.parse(res.json());
  if (prepared.checkout) {
    const paid = await app.inject({
      method: 'POST',
      url: (prepared.checkout as { url: string }).url,
      headers: { host: w.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card: SANDBOX_CARDS.approve }).toString(),
    });
    expect(paid.statusCode).toBe(303);
  }
  const confirmed = await w.call(
    'POST',
    '/api/payment/callback',
    { merchant_uid: prepared.merchant_uid, imp_uid: 'tx', status: 'paid' },
    buyer.token,
  );
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return prepared.order_id;
}

const setStatus = (merchant: Person, orderId: number, status: string) =>
  w.call('PUT', '/api/delivery/status', { order_id: orderId, status }, merchant.token);

async function productRow(id: number) {
  const [row] = await app.db
    .select({ isAvailable: products.isAvailable, deletedAt: products.deletedAt })
    .from(products)
    .where(and(eq(products.tenantId, w.tenant.id), eq(products.id, id)));
  return row;
}

/** The tenant's forfeiture transactions: their user and amount. */
async function forfeitures() {
  const { rows } = await app.db.execute<{ user_id: number; amount: string }>(sql`
    select (t.meta->>'user_id')::int as user_id, e.amount::text as amount
    from ledger_transactions t
    join ledger_entries e on e.tenant_id = t.tenant_id and e.transaction_id = t.id
    join ledger_accounts a on a.tenant_id = e.tenant_id and a.id = e.account_id
    where t.tenant_id = ${w.tenant.id} and t.meta->>'reason' = 'account_deleted' and a.kind = 'adjustments'
    order by t.id`);
  return rows.map((r) => ({ userId: r.user_id, amount: Number(r.amount) }));
}

describe('the open-order rule over every state of an order', () => {
  // Written straight into the row: the rule reads the order's state, whatever moved it there.
  const states: { status: (typeof orders.$inferSelect)['status']; confirmed?: boolean; open: boolean }[] = [
    { status: 'AWAITING_PAYMENT', open: true },
    { status: 'PENDING', open: true },
    { status: 'CONFIRMED', open: true },
    { status: 'PREPARING', open: true },
    { status: 'READY', open: true },
    { status: 'DELIVERING', open: true },
    { status: 'DELIVERED', open: true },
    { status: 'DELIVERED', confirmed: true, open: false },
    { status: 'REFUND_PENDING', open: true },
    { status: 'CANCELLED', open: false },
    { status: 'REFUNDED', open: false },
  ];

  it('blocks the buyer and the merchant exactly while the order is neither cancelled, refunded nor purchase-confirmed', async () => {
    const farm = await w.signIn('merchant', '들녘농장');
    const sky = await w.signIn('customer');
    const orderId = await buy(sky, (await newProduct(farm)).id);
    const seen: string[] = [];
    for (const state of states) {
      await app.db
        .update(orders)
        .set({
          status: state.status,
          confirmedAt: state.confirmed ? new Date() : null,
          refundTo: state.status === 'REFUND_PENDING' ? 'CANCELLED' : null,
          refundFrom: state.status === 'REFUND_PENDING' ? 'PENDING' : null,
        })
        .where(and(eq(orders.tenantId, w.tenant.id), eq(orders.id, orderId)));
      for (const person of [sky, farm]) {
        const answer = (await preview(person.token)).json();
        seen.push(
          `${state.status}${state.confirmed ? '+confirmed' : ''} ${person === sky ? 'buyer' : 'merchant'}: ${
            answer.can_delete ? 'may leave' : `blocked by ${answer.open_orders.map((o: { id: number }) => o.id)}`
          }`,
        );
      }
    }
    expect(seen).toEqual(
      states.flatMap((state) =>
        ['buyer', 'merchant'].map(
          (who) =>
            `${state.status}${state.confirmed ? '+confirmed' : ''} ${who}: ${state.open ? `blocked by ${orderId}` : 'may leave'}`,
        ),
      ),
    );
    // The refusal itself follows the same rule (the preview only says it beforehand).
    await app.db
      .update(orders)
      .set({ status: 'READY', confirmedAt: null, refundTo: null, refundFrom: null })
      .where(and(eq(orders.tenantId, w.tenant.id), eq(orders.id, orderId)));
    expect((await deleteAccount(sky.token)).json().code).toBe('open_orders');
    expect((await deleteAccount(farm.token)).json().code).toBe('open_orders');
  });
});

describe('a merchant with open orders', () => {
  it('is refused deletion, naming the orders; once they are closed it leaves and its products go off sale', async () => {
    const farm = await w.signIn('merchant', '햇살농원');
    const sky = await w.signIn('customer');
    const lunch = await newProduct(farm);
    const preparing = await buy(sky, lunch.id);
    const pending = await buy(sky, lunch.id);
    expect((await setStatus(farm, preparing, 'PREPARING')).statusCode).toBe(200);

    const refused = await deleteAccount(farm.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'open_orders',
      detail: `진행 중인 주문이 있어 탈퇴할 수 없습니다: 주문 #${preparing}(준비중), #${pending}(주문접수). 주문이 구매확정·취소·환불된 뒤 다시 시도해주세요.`,
    });
    const seen = (await preview(farm.token)).json();
    expect(seen).toMatchObject({
      can_delete: false,
      open_orders: [
        { id: preparing, role: 'merchant', status: 'PREPARING', status_label: '준비중', total_price: 12_000 },
        { id: pending, role: 'merchant', status: 'PENDING', status_label: '주문접수', total_price: 12_000 },
      ],
      products_on_sale: 1,
    });
    // Nothing changed: the merchant still signs in and its buyers can still cancel and be refunded.
    expect((await w.call('GET', '/api/auth/me', undefined, farm.token)).statusCode).toBe(200);
    expect((await productRow(lunch.id))?.isAvailable).toBe(true);

    // A delivered order is still open until the buyer confirms the purchase.
    expect((await setStatus(farm, preparing, 'DELIVERED')).statusCode).toBe(200);
    expect((await deleteAccount(farm.token)).json().code).toBe('open_orders');
    const confirm = await w.call('POST', '/api/delivery/confirm', { order_id: preparing }, sky.token);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const cancel = await w.call('POST', `/api/delivery/orders/${pending}/cancel`, {}, sky.token);
    expect(cancel.statusCode, cancel.body).toBe(200);

    expect((await preview(farm.token)).json()).toMatchObject({ can_delete: true, open_orders: [] });
    const deleted = await deleteAccount(farm.token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await productRow(lunch.id))?.isAvailable).toBe(false);
    // No one can buy it any more.
    const again = await w.call(
      'POST',
      '/api/payment/prepare',
      { ...buyerFields, product_id: lunch.id, qty: 1, amount: 12_000, buyer_addr: '서울시 마포구 1' },
      sky.token,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('product_unavailable');
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });
});

describe('a buyer with open paid orders', () => {
  it('is refused deletion too, until the order is cancelled', async () => {
    const farm = await w.signIn('merchant', '강가농원');
    const sky = await w.signIn('customer');
    const lunch = await newProduct(farm);
    const orderId = await buy(sky, lunch.id);
    const refused = await deleteAccount(sky.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('open_orders');
    expect(refused.json().detail).toContain(`#${orderId}(주문접수)`);
    expect((await preview(sky.token)).json().open_orders).toEqual([
      { id: orderId, role: 'buyer', status: 'PENDING', status_label: '주문접수', total_price: 12_000 },
    ]);
    expect((await w.call('POST', `/api/delivery/orders/${orderId}/cancel`, {}, sky.token)).statusCode).toBe(200);
    // What was in the cart leaves with the account.
    const [line] = (await w.call('POST', '/api/cart/items', { product_id: lunch.id, qty: 1 }, sky.token)).json().groups;
    expect(line).toBeDefined();
    expect((await deleteAccount(sky.token)).statusCode).toBe(200);
    const { rows } = await app.db.execute(
      sql`select id from cart_items where tenant_id = ${w.tenant.id} and user_id = ${sky.user.id}`,
    );
    expect(rows).toEqual([]);
  });
});

describe('points of a deleted account', () => {
  it('are forfeited to the platform through one balanced ledger transaction, said beforehand', async () => {
    const sky = await w.signIn('customer');
    await givePoints(sky.user.id, 5_000);
    expect((await preview(sky.token)).json()).toMatchObject({
      can_delete: true,
      points_available: 5_000,
      points_locked: 0,
      products_on_sale: 0,
    });
    const before = await forfeitures();
    expect((await deleteAccount(sky.token)).statusCode).toBe(200);
    expect((await forfeitures()).slice(before.length)).toEqual([{ userId: sky.user.id, amount: 5_000 }]);
    const { rows } = await app.db.execute<{ available: string; locked: string }>(
      sql`select available::text, locked::text from ledger_accounts where tenant_id = ${w.tenant.id} and user_id = ${sky.user.id}`,
    );
    expect(rows[0]).toEqual({ available: '0', locked: '0' });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
    const { rows: total } = await app.db.execute<{ sum: string }>(
      sql`select coalesce(sum(amount), 0)::text as sum from ledger_entries where tenant_id = ${w.tenant.id}`,
    );
    expect(total[0]?.sum).toBe('0');
  });

  it('wait for a withdrawal in progress: locked points refuse the deletion until the bridge settles them', async () => {
    const sky = await w.signIn('customer');
    await givePoints(sky.user.id, 4_000);
    const withdraw = await app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw',
      headers: { host: w.host, authorization: `Bearer ${sky.token}`, 'idempotency-key': crypto.randomUUID() },
      payload: { amount: 3_000, target_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' },
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const refused = await deleteAccount(sky.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'points_locked',
      detail: '결제나 출금이 진행 중인 포인트(3,000P)가 있어 탈퇴할 수 없습니다. 처리가 끝난 뒤 다시 시도해주세요.',
    });
    expect((await preview(sky.token)).json()).toMatchObject({ can_delete: false, points_locked: 3_000 });
    expect(
      await app.wallet.settleDueWithdrawals({ now: new Date(Date.now() + 60 * 60_000), tenantIds: [w.tenant.id] }),
    ).toBeGreaterThanOrEqual(1);
    expect(await balance(sky.token)).toMatchObject({ available: 1_000, locked: 0 });
    expect((await deleteAccount(sky.token)).statusCode).toBe(200);
    expect((await forfeitures()).at(-1)).toEqual({ userId: sky.user.id, amount: 1_000 });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('left on accounts deleted before the rule are forfeited once by the same movement', async () => {
    const sky = await w.signIn('customer');
    const river = await w.signIn('customer');
    await givePoints(sky.user.id, 8_000);
    await givePoints(river.user.id, 700);
    // Deleted the old way: anonymised with the points still on the wallet (8,700 on the demo).
    await app.db.transaction(async (tx) => {
      await app.users.anonymise(w.tenant.id, sky.user.id, tx);
      await app.users.anonymise(w.tenant.id, river.user.id, tx);
    });
    const before = await forfeitures();
    expect(await app.accountDeletion.forfeitDeletedBalances({ tenantIds: [w.tenant.id] })).toBe(8_700);
    expect((await forfeitures()).slice(before.length)).toEqual(
      expect.arrayContaining([
        { userId: sky.user.id, amount: 8_000 },
        { userId: river.user.id, amount: 700 },
      ]),
    );
    // Run again (another node, the next start): nothing more moves.
    expect(await app.accountDeletion.forfeitDeletedBalances({ tenantIds: [w.tenant.id] })).toBe(0);
    expect((await forfeitures()).length).toBe(before.length + 2);
    // Points that reach a deleted account later are forfeited by the next run.
    await givePoints(sky.user.id, 300);
    expect(await app.accountDeletion.forfeitDeletedBalances({ tenantIds: [w.tenant.id] })).toBe(300);
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });
});

describe.runIf(onPostgres)('a deletion racing a new order on PostgreSQL', () => {
  it("waits for an order being created for the merchant (its foreign key's key share on the merchant row) before checking", async () => {
    const farm = await w.signIn('merchant', '늦은농원');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const taken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // What an order's insert does to the merchant's row until its transaction commits.
    const order = app.db.transaction(async (tx) => {
      await tx.execute(
        sql`select 1 from merchants where tenant_id = ${w.tenant.id} and id = ${farm.merchant?.id} for key share`,
      );
      locked();
      await held;
    });
    await taken;
    let settled = false;
    const deletion = deleteAccount(farm.token).then((res) => {
      settled = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled, 'the deletion must wait for the order being created').toBe(false);
    release();
    await order;
    expect((await deletion).statusCode).toBe(200);
  });
});
