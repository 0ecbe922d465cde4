import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { cartItems } from '../modules/cart/cart.schema.js';
import { productOptions, products } from '../modules/catalogue/catalogue.schema.js';
import { orderItems, orders } from '../modules/orders/orders.schema.js';
import { payments } from '../modules/payments/payments.schema.js';
import { tenants } from '../modules/tenants/tenants.schema.js';
import { users } from '../modules/users/users.schema.js';
import { ledgerProblems } from '../modules/wallet/ledger.js';
import { ledgerAccounts, withdrawals } from '../modules/wallet/wallet.schema.js';
import { type GatewayM, initialStock, Model, type State, SYSTEM_ACCOUNTS } from './model.js';
import { cartKey, type Refs } from './ops.js';
import { EPOCH, type World } from './world.js';

/**
 * A payment at the gateway as compared: its status now, and the time that will change it while it
 * can (a window's end while READY, a pending card's approval while PAY_PENDING), so two orders of
 * operations that differ only in those times are told apart.
 */
function shown(g: GatewayM, now: number): GatewayM {
  const status = Model.effective(g, now);
  return {
    ...g,
    status,
    expiresAt: status === 'READY' ? g.expiresAt : 0,
    settleAt: status === 'PAY_PENDING' ? g.settleAt : null,
  };
}

/** A buyer's cart line as compared (its id is the database's own serial, the model's its own). */
export interface CartView {
  product: number;
  option: number | null;
  qty: number;
  price: number;
}

/** What the database and the model are compared on (the model's state without its own bookkeeping). */
export type Comparable = Omit<State, 'keys' | 'now' | 'cart' | 'cartSeq' | 'checkoutLines'> & {
  /** Each user's cart lines, in the order they were made. */
  carts: CartView[][];
};

export function comparable(s: State): Comparable {
  return {
    wallets: s.wallets,
    system: s.system,
    stock: s.stock,
    optionStock: s.optionStock,
    prices: s.prices,
    payments: s.payments.map((p) => ({
      ...p,
      gateway: p.gateway && shown(p.gateway, s.now),
    })),
    orders: s.orders,
    withdrawals: s.withdrawals,
    deleted: s.deleted,
    offSale: s.offSale,
    features: s.features,
    carts: s.wallets.map((_, user) =>
      s.cart.filter((l) => l.user === user).map(({ product, option, qty, price }) => ({ product, option, qty, price })),
    ),
  };
}

/**
 * Reads the money out of the database in the model's shape, one tenant at a time (each read stays
 * on its tenant's shard on Citus), with the real ids of payments and orders in the order they were
 * made, and the ledger's own checks (every wallet equals its entries, the entries sum to zero).
 */
export async function snapshot(w: World, m: Model): Promise<{ state: Comparable; refs: Refs; problems: string[] }> {
  const db = w.app.db;
  const userIndex = new Map(w.users.map((u, i) => [`${u.tenantId}:${u.id}`, i]));
  const productIndex = new Map(w.productIds.map((id, i) => [`${m.cast.products[i]?.tenant}:${id}`, i]));
  const optionIndex = new Map(
    w.optionIds.map((id, i) => [`${m.cast.products[m.cast.options[i]?.product ?? -1]?.tenant}:${id}`, i]),
  );
  const merchantIndex = new Map(
    w.users.flatMap((u, i) => (u.merchantId === null ? [] : [[`${u.tenantId}:${u.merchantId}`, i] as const])),
  );
  const soldByOptions = (product: number) => m.cast.options.some((o) => o.product === product);
  const state: Comparable = {
    wallets: m.cast.users.map(() => ({ available: 0, locked: 0 })),
    system: m.cast.tenants.map(() => Object.fromEntries(SYSTEM_ACCOUNTS.map((a) => [a, 0])) as State['system'][number]),
    stock: m.cast.products.map(() => 0),
    optionStock: m.cast.options.map(() => 0),
    prices: m.cast.products.map(() => null),
    payments: [],
    orders: [],
    withdrawals: [],
    deleted: m.cast.users.map(() => false),
    offSale: m.cast.products.map(() => false),
    features: [],
    carts: m.cast.users.map(() => []),
  };
  const cart = new Map<string, number>();
  const problems: string[] = [];
  const paymentRows: { id: number; row: Comparable['payments'][number]; ref: Refs['payments'][number] }[] = [];
  const orderRows: { id: number; paymentId: number; row: Comparable['orders'][number]; ref: Refs['orders'][number] }[] =
    [];
  /** The order each payment's intent names (its database id), to be read as an order index once all are read. */
  const intentOrders = new Map<Comparable['payments'][number], number>();
  const withdrawalRows: { id: number; row: Comparable['withdrawals'][number] }[] = [];
  const now = w.clock.t;
  for (const [t, tenant] of w.tenants.entries()) {
    const user = (id: number | null) => userIndex.get(`${tenant.id}:${id}`) ?? -1;
    const [{ features } = { features: null }] = await db
      .select({ features: tenants.features })
      .from(tenants)
      .where(eq(tenants.id, tenant.id));
    state.features[t] = { wallet: !!features?.wallet, shopping: !!features?.shopping, delivery: !!features?.delivery };
    for (const a of await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.tenantId, tenant.id))) {
      if (a.kind === 'wallet') state.wallets[user(a.userId)] = { available: a.available, locked: a.locked };
    }
    // The tenant's system accounts keep no balance row: their balance is the sum of their entries.
    const { rows } = await db.execute<{ kind: string; total: string }>(
      sql`select a.kind, sum(e.amount)::text as total from ledger_accounts a
          join ledger_entries e on e.tenant_id = a.tenant_id and e.account_id = a.id
          where a.tenant_id = ${tenant.id} and a.kind <> 'wallet' group by a.kind`,
    );
    for (const r of rows) (state.system[t] as Record<string, number>)[r.kind] = Number(r.total);
    for (const p of await db
      .select({ id: products.id, left: products.displayRemaining, onSale: products.isAvailable, price: products.price })
      .from(products)
      .where(eq(products.tenantId, tenant.id))) {
      const i = productIndex.get(`${t}:${p.id}`) ?? -1;
      state.stock[i] = p.left;
      state.offSale[i] = !p.onSale;
      // A product sold by options takes its price from them (not compared).
      state.prices[i] = soldByOptions(i) ? null : p.price;
    }
    for (const l of await db
      .select()
      .from(cartItems)
      .where(eq(cartItems.tenantId, tenant.id))
      .orderBy(asc(cartItems.id))) {
      const u = user(l.userId);
      const product = productIndex.get(`${t}:${l.productId}`) ?? -1;
      const option = l.optionId === null ? null : (optionIndex.get(`${t}:${l.optionId}`) ?? -1);
      state.carts[u]?.push({ product, option, qty: l.qty, price: l.addedPrice });
      cart.set(cartKey(u, product, option), l.id);
    }
    for (const o of await db
      .select({ id: productOptions.id, left: productOptions.remaining })
      .from(productOptions)
      .where(eq(productOptions.tenantId, tenant.id))) {
      state.optionStock[optionIndex.get(`${t}:${o.id}`) ?? -1] = o.left;
    }
    for (const u of await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.tenantId, tenant.id), isNotNull(users.deletedAt)))) {
      state.deleted[user(u.id)] = true;
    }
    const rowsOfPayments = await db
      .select()
      .from(payments)
      .where(eq(payments.tenantId, tenant.id))
      .orderBy(asc(payments.id));
    const book = await w.gatewayBook(
      tenant.id,
      rowsOfPayments.map((p) => p.paymentId),
    );
    for (const p of rowsOfPayments) {
      const g = book.get(p.paymentId);
      // Our books never say more was given back than the card part (nor does the gateway's).
      if (p.cancelledAmount > p.amount)
        problems.push(`payment ${p.paymentId}: cancelled ${p.cancelledAmount} > card ${p.amount}`);
      if (p.refundOrderId !== null && p.refundIntent === null && p.refundAmount === null) {
        problems.push(`payment ${p.paymentId}: names order ${p.refundOrderId} with no reversal under way`);
      }
      const row: Comparable['payments'][number] = {
        tenant: t,
        purpose: p.purpose as 'topup' | 'order',
        user: user(p.userId),
        card: p.amount,
        points: p.pointsUsed,
        status: p.status as Comparable['payments'][number]['status'],
        cancelled: p.cancelledAmount,
        paid: p.paidAt !== null,
        createdAt: p.createdAt.getTime() - EPOCH,
        closeDue: p.gatewayCloseDueAt ? p.gatewayCloseDueAt.getTime() - EPOCH : null,
        intent:
          p.refundIntent && p.refundIntentAt
            ? { to: p.refundIntent, at: p.refundIntentAt.getTime() - EPOCH, order: -1 }
            : null,
        gateway: g
          ? shown(
              {
                status: g.status,
                amount: g.amount,
                cancelled: g.cancelled,
                expiresAt: g.expiresAt - EPOCH,
                settleAt: g.settleAt === null ? null : g.settleAt - EPOCH,
              },
              now - EPOCH,
            )
          : null,
        orders: [],
      };
      if (row.intent) intentOrders.set(row, p.refundOrderId ?? -1);
      paymentRows.push({ id: p.id, ref: { tenantId: tenant.id, paymentId: p.paymentId }, row });
    }
    // Each order's lines in the order they were written.
    const lines = new Map<number, Comparable['orders'][number]['lines']>();
    for (const i of await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.tenantId, tenant.id))
      .orderBy(asc(orderItems.id))) {
      const line = {
        product: productIndex.get(`${t}:${i.productId}`) ?? -1,
        option: i.optionId === null ? null : (optionIndex.get(`${t}:${i.optionId}`) ?? -1),
        qty: i.quantity,
        price: i.unitPrice,
        stockReserved: i.stockReserved,
      };
      lines.set(i.orderId, [...(lines.get(i.orderId) ?? []), line]);
    }
    for (const o of await db.select().from(orders).where(eq(orders.tenantId, tenant.id)).orderBy(asc(orders.id))) {
      orderRows.push({
        id: o.id,
        paymentId: o.paymentId,
        ref: { tenantId: tenant.id, id: o.id },
        row: {
          tenant: t,
          buyer: user(o.buyerId),
          merchant: merchantIndex.get(`${tenant.id}:${o.merchantId}`) ?? -1,
          kind: o.categoryType as 'pickup' | 'shopping',
          type: o.orderType as 'delivery' | 'pickup',
          lines: lines.get(o.id) ?? [],
          items: o.itemsTotal,
          fee: o.shippingFee,
          payment: -1,
          status: o.status as Comparable['orders'][number]['status'],
          points: o.pointsUsed,
          card: o.cardAmount,
          reward: o.rewardPoints,
          refunded: o.cardRefunded,
          paid: o.paidAt !== null,
          confirmed: o.confirmedAt !== null,
        },
      });
    }
    for (const wd of await db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.tenantId, tenant.id))
      .orderBy(asc(withdrawals.id))) {
      withdrawalRows.push({
        id: wd.id,
        row: {
          tenant: t,
          user: user(wd.userId),
          amount: wd.amount,
          status: wd.status as 'pending' | 'completed',
          settleAfter: wd.settleAfter.getTime() - EPOCH,
        },
      });
    }
    problems.push(...(await ledgerProblems(db, tenant.id)).map((p) => `tenant ${t}: ${p}`));
  }
  paymentRows.sort((a, b) => a.id - b.id);
  withdrawalRows.sort((a, b) => a.id - b.id);
  const paymentIndex = new Map(paymentRows.map((p, i) => [`${p.row.tenant}:${p.id}`, i]));
  for (const o of orderRows) o.row.payment = paymentIndex.get(`${o.row.tenant}:${o.paymentId}`) ?? -1;
  // Orders in the order of their payments: an order is made in its payment's transaction, but two
  // checkouts at once may take their payment ids in one order and their order ids in the other
  // (the payment row is inserted before the gateway's pre-registration, the order after it).
  orderRows.sort((a, b) => a.row.payment - b.row.payment || a.id - b.id);
  const orderIndex = new Map(orderRows.map((o, i) => [`${o.row.tenant}:${o.id}`, i]));
  for (const [i, o] of orderRows.entries()) paymentRows[o.row.payment]?.row.orders.push(i);
  for (const [row, id] of intentOrders) {
    if (row.intent) row.intent.order = orderIndex.get(`${row.tenant}:${id}`) ?? -1;
  }
  // A payment's orders share out its points and card part exactly; what they were given back adds
  // up to no more than the payment's (more only while a reversal is under way).
  for (const [i, { row: p }] of paymentRows.entries()) {
    if (p.purpose !== 'order') continue;
    const of = p.orders.map((j) => orderRows[j]?.row).filter((o) => o !== undefined);
    const sum = (pick: (o: (typeof of)[number]) => number) => of.reduce((n, o) => n + pick(o), 0);
    if (sum((o) => o.points) !== p.points || sum((o) => o.card) !== p.card) {
      problems.push(
        `payment ${i}: its orders' shares (${sum((o) => o.points)} P, ${sum((o) => o.card)} won) ≠ ${p.points} P, ${p.card} won`,
      );
    }
    if (sum((o) => o.refunded) > p.cancelled) {
      problems.push(
        `payment ${i}: its orders were given back ${sum((o) => o.refunded)} won, the payment ${p.cancelled}`,
      );
    }
  }
  state.payments = paymentRows.map((p) => p.row);
  state.orders = orderRows.map((o) => o.row);
  state.withdrawals = withdrawalRows.map((wd) => wd.row);
  for (const [i, wallet] of state.wallets.entries()) {
    if (wallet.available < 0 || wallet.locked < 0) problems.push(`user ${i}: balance below zero`);
  }
  const counted = initialStock(m.cast);
  for (const [i, left] of state.stock.entries()) {
    if (left < -1 || (left === -1 && (counted[i] ?? -1) >= 0)) {
      problems.push(`product ${i}: counted stock became ${left}`);
    }
  }
  for (const [i, left] of state.optionStock.entries()) {
    if (left < -1 || (left === -1 && (m.cast.options[i]?.stock ?? -1) >= 0)) {
      problems.push(`option ${i}: counted stock became ${left}`);
    }
  }
  return {
    state,
    refs: { payments: paymentRows.map((p) => p.ref), orders: orderRows.map((o) => o.ref), cart, lineIds: new Map() },
    problems,
  };
}

/**
 * Card money, once nothing is in flight (after the drain): what the gateway kept of each payment
 * is what our books say was kept. A paid top-up or order keeps its card part; a refunded or
 * cancelled one keeps its card part less what was given back; a refused or expired one keeps
 * nothing (given back if it was paid late).
 */
export function cardMoneyProblems(state: Comparable): string[] {
  const problems: string[] = [];
  for (const [i, p] of state.payments.entries()) {
    const g = p.gateway;
    // CANCELLED keeps nothing: all of it was given back, or it was closed before it was paid.
    const kept = g && (g.status === 'PAID' || g.status === 'PARTIAL_CANCELLED') ? g.amount - g.cancelled : 0;
    const owed =
      p.status === 'paid'
        ? p.card
        : p.status === 'cancelled' || p.status === 'partial_cancelled'
          ? p.card - p.cancelled
          : 0;
    if (p.status === 'pending') problems.push(`payment ${i} still pending after the drain`);
    else if (kept !== owed) {
      problems.push(`payment ${i} (${p.purpose}, ${p.status}): the gateway kept ${kept} won, the books say ${owed}`);
    }
    // Nothing under way: what the payment gave back is its orders' parts, each within its card share.
    if (p.purpose === 'order' && p.intent === null) {
      const of = p.orders.map((j) => state.orders[j]).filter((o) => o !== undefined);
      const refunded = of.reduce((n, o) => n + o.refunded, 0);
      if (refunded !== p.cancelled) {
        problems.push(`payment ${i}: gave back ${p.cancelled} won, its orders' parts add up to ${refunded}`);
      }
      const reversed = of.filter((o) => o.status === 'CANCELLED' || o.status === 'REFUNDED').length;
      const expected = !p.paid
        ? null
        : reversed === 0
          ? 'paid'
          : reversed === of.length
            ? 'cancelled'
            : 'partial_cancelled';
      if (expected && p.status !== expected) {
        problems.push(`payment ${i}: ${p.status} with ${reversed} of its ${of.length} orders given back`);
      }
    }
  }
  return problems;
}

/** The first places two states differ, as `path: expected → actual`. */
export function differences(expected: unknown, actual: unknown, path = '', out: string[] = [], max = 6): string[] {
  if (out.length >= max) return out;
  if (JSON.stringify(expected) === JSON.stringify(actual)) return out;
  if (
    typeof expected === 'object' &&
    expected !== null &&
    typeof actual === 'object' &&
    actual !== null &&
    Array.isArray(expected) === Array.isArray(actual)
  ) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    for (const k of keys) {
      differences(
        (expected as Record<string, unknown>)[k],
        (actual as Record<string, unknown>)[k],
        path ? `${path}.${k}` : k,
        out,
        max,
      );
    }
    return out;
  }
  out.push(`${path}: model ${JSON.stringify(expected)} ≠ database ${JSON.stringify(actual)}`);
  return out;
}
