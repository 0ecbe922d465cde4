import type { FeatureKey } from '@app/contracts';
import {
  cartCheckoutSchema,
  type OrderStatus,
  orderStatuses,
  paymentPrepareSchema,
  productInputSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { requireFeature } from '../platform/auth.js';
import { AppError } from '../platform/errors.js';
import { GatewayUnavailable } from '../platform/payments/gateway.js';
import type { Failpoint } from '../platform/seams.js';
import { type Model, type Outcome, SIM, type SwitchedFeature, type WebhookType } from './model.js';
import type { Rng } from './rng.js';
import { type Fault, SimulatedCrash, type World } from './world.js';

/**
 * One step of a run. Users, products, payments, orders are named by their index in the cast or in
 * the order the run created them, so a step of a shortened run whose target no longer exists is
 * simply skipped (the shrinker relies on it).
 */
export type Op = (
  | { k: 'tick'; ms: number }
  | { k: 'topup'; user: number; amount: number }
  | { k: 'pay'; payment: number; answer: 'approve' | 'decline' | 'pending' | 'cancel' }
  | { k: 'topupCallback'; payment: number }
  | {
      k: 'buy';
      user: number;
      product: number;
      option: number | null;
      qty: number;
      points: number;
      key: string;
      /** The total the buyer saw: resolved before the step (`resolve`), not generated. */
      amount?: number;
    }
  | { k: 'cartAdd'; user: number; product: number; option: number | null; qty: number }
  | { k: 'cartUpdate'; user: number; product: number; option: number | null; qty: number }
  | { k: 'cartRemove'; user: number; product: number; option: number | null }
  | {
      k: 'checkoutCart';
      user: number;
      /** The lines chosen, by product and option (one not in the cart is sent by an id of no line). */
      lines: { product: number; option: number | null }[];
      points: number;
      /** Won added to the total the cart shows (a stale total: 409 price_changed). */
      stale: number;
      /** Merchants (cast indices) whose local goods the buyer picks up. */
      pickup: number[];
      key: string;
      /** Sent again as the buyer's last cart checkout with this key was sent (the same line ids and total). */
      retry?: boolean;
      /** Resolved before the step: the total sent, and the model's ids of the lines (null: not in the cart). */
      amount?: number;
      ids?: (number | null)[];
    }
  | {
      k: 'reprice';
      product: number;
      price: number;
      /** The count the product form shows: resolved before the step. */
      stock?: number;
    }
  | { k: 'callback'; payment: number; status: 'paid' | 'failed' | 'cancelled' }
  | { k: 'reconcile' }
  | { k: 'transfer'; from: number; to: number; amount: number; key: string }
  | { k: 'withdraw'; user: number; amount: number; key: string }
  | { k: 'settleWithdrawals' }
  | { k: 'cancel'; order: number }
  | { k: 'status'; order: number; to: OrderStatus }
  | { k: 'receive'; order: number }
  | { k: 'webhook'; payment: number; type: WebhookType }
  | { k: 'deleteAccount'; user: number }
  | { k: 'switch'; tenant: number; feature: SwitchedFeature; on: boolean }
  | { k: 'restock'; product: number; option: number | null; stock: number }
  | { k: 'forfeit' }
  | { k: 'together'; ops: Op[] }
) & { fault?: Fault };

/** The real ids the snapshot read (payments and orders in the order they were made). */
export interface Refs {
  payments: { tenantId: number; paymentId: string }[];
  orders: { tenantId: number; id: number }[];
  /** Cart lines' ids, by `cartKey(user, product, option)`. */
  cart: Map<string, number>;
  /** The database's id of each cart line the model ever had (by the model's id), kept after it left the cart. */
  lineIds: Map<number, number>;
}

/** What a run remembers of the requests it sent: each buyer's last cart checkout, as sent. */
export interface Sent {
  lastCart: Map<number, { key: string; ids: (number | null)[]; amount: number }>;
}

export const cartKey = (user: number, product: number, option: number | null) => `${user}:${product}:${option}`;

/**
 * What a step's request carries that the buyer or merchant read off the screen just before it (the
 * state before the step): a purchase's total, a cart checkout's lines and total, the product
 * form's count. Resolved once per step, so that two operations run together and their model
 * candidates send the same; not part of the generated step (a shortened run resolves it again).
 */
export function resolve(m: Model, op: Op, sent: Sent): Op {
  switch (op.k) {
    case 'together':
      return { ...op, ops: op.ops.map((o) => resolve(m, o, sent)) };
    case 'buy':
      return { ...op, amount: m.total(op.product, op.option ?? null, op.qty) };
    case 'checkoutCart': {
      const last = sent.lastCart.get(op.user);
      if (op.retry && last?.key === op.key) return { ...op, ids: last.ids, amount: last.amount };
      const ids = op.lines.map((l) => m.cartLine(op.user, l.product, l.option)?.id ?? null);
      const present = ids.filter((id): id is number => id !== null);
      return { ...op, ids, amount: Math.max(0, m.cartTotal(op.user, present, op.pickup) + op.stale) };
    }
    case 'reprice':
      return { ...op, stock: m.s.stock[op.product] ?? -1 };
    default:
      return op;
  }
}

// --- the model's side ---------------------------------------------------------------------------------

/**
 * The user whose session an operation runs in (the buyer, the merchant), or null (the jobs, the
 * gateway, PortOne's webhooks). A deleted account's sessions are gone: it does nothing more.
 */
function actorOf(m: Model, op: Op): number | null {
  switch (op.k) {
    case 'topup':
    case 'buy':
    case 'withdraw':
    case 'deleteAccount':
    case 'cartAdd':
    case 'cartUpdate':
    case 'cartRemove':
    case 'checkoutCart':
      return op.user;
    case 'transfer':
      return op.from;
    case 'topupCallback':
    case 'callback':
      return m.s.payments[op.payment]?.user ?? null;
    case 'cancel':
    case 'receive':
      return m.s.orders[op.order]?.buyer ?? null;
    case 'status':
      return m.s.orders[op.order]?.merchant ?? null;
    case 'restock':
    case 'reprice':
      return m.cast.products[op.product]?.owner ?? null;
    default:
      return null;
  }
}

/**
 * What the operation's route answers before its service runs: a switched-off module's calls 404
 * `feature_disabled` (the routes' requireFeature, the real one), then a deleted account's session
 * is gone.
 */
function refusedByRoute(m: Model, op: Op): Outcome | null {
  const actor = actorOf(m, op);
  if (actor === null) return null;
  const features = m.s.features[m.cast.users[actor]?.tenant ?? -1];
  const needs: FeatureKey[] = ['topup', 'topupCallback', 'transfer', 'withdraw'].includes(op.k)
    ? ['wallet']
    : ['buy', 'cancel', 'status', 'receive', 'cartAdd', 'cartUpdate', 'cartRemove', 'checkoutCart'].includes(op.k) &&
        !features?.delivery
      ? ['shopping']
      : [];
  // The catalogue's routes answer so when the tenant sells no kind of goods (requireCatalogue).
  if ((op.k === 'restock' || op.k === 'reprice') && !features?.shopping && !features?.delivery) {
    return 'feature_disabled';
  }
  try {
    for (const feature of needs) requireFeature({ tenant: { features } } as unknown as FastifyRequest, feature);
  } catch (err) {
    if (err instanceof AppError) return err.code;
    throw err;
  }
  return m.s.deleted[actor] ? 'session_expired' : null;
}

/** What the model says an operation does (ticks move its clock; `together` is run by the runner). */
export function onModel(m: Model, op: Op): Outcome {
  const tenants = m.cast.tenants.map((_, i) => i);
  const refused = refusedByRoute(m, op);
  if (refused) return refused;
  switch (op.k) {
    case 'tick':
      m.s.now += op.ms;
      return 'ok';
    case 'topup':
      return m.topup(op.user, op.amount);
    case 'pay': {
      const answer = m.pay(op.payment, op.answer);
      return answer === 'missing' ? 'missing' : 'redirect';
    }
    case 'topupCallback':
      return m.s.payments[op.payment]?.purpose === 'topup'
        ? m.confirm(op.payment, { buyer: true })
        : 'payment_not_found';
    case 'buy':
      return m.buy({ ...op, option: op.option ?? null, amount: op.amount ?? fail('an unresolved buy') });
    case 'cartAdd':
      return m.cartAdd(op.user, op.product, op.option, op.qty);
    case 'cartUpdate':
      return m.cartUpdate(op.user, op.product, op.option, op.qty);
    case 'cartRemove':
      return m.cartRemove(op.user, op.product, op.option);
    case 'checkoutCart':
      return m.checkoutCart(
        { ...op, amount: op.amount ?? fail('an unresolved cart checkout') },
        op.ids ?? fail('an unresolved cart checkout'),
      );
    case 'reprice':
      return m.reprice(op.product, op.price, op.stock ?? fail('an unresolved reprice'));
    case 'callback':
      return m.s.payments[op.payment]?.purpose === 'order' ? m.callback(op.payment, op.status) : 'payment_not_found';
    case 'reconcile':
      return m.reconcile(tenants);
    case 'transfer':
      return m.transfer(op.from, op.to, op.amount, op.key);
    case 'withdraw':
      return m.withdraw(op.user, op.amount, op.key);
    case 'settleWithdrawals':
      return m.settleWithdrawals(tenants);
    case 'cancel':
      return m.cancelByBuyer(op.order);
    case 'status':
      return m.changeStatus(op.order, op.to);
    case 'receive':
      return m.confirmReceipt(op.order);
    case 'webhook':
      return m.webhook(op.payment, op.type);
    case 'deleteAccount':
      return m.deleteAccount(op.user);
    case 'switch':
      return m.switchFeature(op.tenant, op.feature, op.on);
    case 'forfeit':
      return m.forfeitDeleted(tenants);
    case 'restock':
      return m.restock(op.product, op.option, op.stock);
    case 'together':
      throw new Error('together is run by the runner');
  }
}

// --- the real side ------------------------------------------------------------------------------------

const buyer = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };

/** What the real services answered: ok, the AppError's code, or how the fault ended it. */
export async function onWorld(w: World, m: Model, refs: Refs, op: Op): Promise<Outcome> {
  try {
    return (await run(w, m, refs, op)) ?? 'ok';
  } catch (err) {
    if (err instanceof AppError) return err.code;
    if (err instanceof SimulatedCrash) return 'crash';
    if (err instanceof GatewayUnavailable) return 'gateway_unavailable';
    throw err;
  }
}

async function run(w: World, m: Model, refs: Refs, op: Op): Promise<Outcome | undefined> {
  const { app } = w;
  const refused = refusedByRoute(m, op);
  if (refused) return refused;
  const tenantIds = w.tenants.map((t) => t.id);
  const userOf = (i: number) => w.users[i] ?? fail(`no user ${i}`);
  const tenantOfUser = (i: number) => w.tenants[m.cast.users[i]?.tenant ?? -1] ?? fail(`no tenant of ${i}`);
  const payment = (i: number) => refs.payments[i];
  const order = (i: number) => refs.orders[i];
  const buyerOf = (i: number) => m.s.orders[i]?.buyer ?? -1;
  switch (op.k) {
    case 'tick':
      w.clock.t += op.ms;
      return;
    case 'topup':
      await app.wallet.chargePrepare(tenantOfUser(op.user), userOf(op.user), { amount: op.amount, ...buyer });
      return;
    case 'pay': {
      const p = payment(op.payment);
      if (!p) return 'missing';
      if (w.portone) {
        // The buyer at PortOne's window: only an open one (READY) takes an answer.
        const g = w.portone.payment(p.paymentId);
        if (!g) return 'missing';
        if (g.status !== 'READY') return 'redirect';
        if (op.answer === 'approve') w.portone.pay(p.paymentId, { amount: g.total });
        else if (op.answer === 'pending') w.portone.pay(p.paymentId, { amount: g.total, status: 'PAY_PENDING' });
        else w.portone.fail(p.paymentId, { amount: g.total, message: DECLINED[op.answer] });
        return 'redirect';
      }
      const gateway = app.sandboxGateway ?? fail('no sandbox gateway');
      const decision = await gateway.submit(
        p.tenantId,
        p.paymentId,
        op.answer === 'cancel' ? { cancel: true } : { card: SANDBOX_CARD[op.answer] },
      );
      return decision.kind;
    }
    case 'topupCallback': {
      const p = payment(op.payment);
      const owner = m.s.payments[op.payment]?.user ?? -1;
      if (!p || owner < 0) throw new AppError(404, 'payment_not_found', 'no such payment');
      await app.wallet.chargeCallback(tenantOfUser(owner), userOf(owner), p.paymentId);
      return;
    }
    case 'buy': {
      const product = m.cast.products[op.product] ?? fail(`no product ${op.product}`);
      const option = op.option ?? null;
      const input = paymentPrepareSchema.parse({
        ...buyer,
        product_id: w.productIds[op.product],
        ...(option === null ? {} : { option_id: w.optionIds[option] ?? fail(`no option ${option}`) }),
        qty: op.qty,
        amount: op.amount ?? fail('an unresolved buy'),
        points_used: op.points,
        order_type: 'delivery',
        buyer_addr: '서울특별시 중구 세종대로 110',
        ...(product.kind === 'shopping' ? { buyer_postcode: '04524' } : {}),
      });
      await app.checkout.prepare(tenantOfUser(op.user), userOf(op.user), input, op.key);
      return;
    }
    case 'cartAdd':
      await app.cart.add(tenantOfUser(op.user), userOf(op.user), {
        product_id: w.productIds[op.product] ?? fail(`no product ${op.product}`),
        ...(op.option === null ? {} : { option_id: w.optionIds[op.option] ?? fail(`no option ${op.option}`) }),
        qty: op.qty,
      });
      return;
    case 'cartUpdate':
      await app.cart.update(
        tenantOfUser(op.user),
        userOf(op.user),
        refs.cart.get(cartKey(op.user, op.product, op.option)) ?? noLine(op),
        op.qty,
      );
      return;
    case 'cartRemove':
      await app.cart.remove(
        tenantOfUser(op.user),
        userOf(op.user),
        refs.cart.get(cartKey(op.user, op.product, op.option)) ?? noLine(op),
      );
      return;
    case 'checkoutCart': {
      const ids = op.ids ?? fail('an unresolved cart checkout');
      const input = cartCheckoutSchema.parse({
        ...buyer,
        item_ids: op.lines.map((l, n) => {
          const id = ids[n];
          return id === null || id === undefined ? noLine(l) : (refs.lineIds.get(id) ?? noLine(l));
        }),
        points_used: op.points,
        amount: op.amount ?? fail('an unresolved cart checkout'),
        order_types: op.pickup.map((u) => ({
          merchant_id: w.users[u]?.merchantId ?? fail(`user ${u} is no merchant`),
          order_type: 'pickup',
        })),
        buyer_addr: '서울특별시 중구 세종대로 110',
        buyer_postcode: '04524',
      });
      await app.checkout.checkoutCart(tenantOfUser(op.user), userOf(op.user), input, op.key);
      return;
    }
    case 'callback': {
      const p = payment(op.payment);
      const owner = m.s.payments[op.payment]?.user ?? -1;
      if (!p || owner < 0) throw new AppError(404, 'payment_not_found', 'no such payment');
      await app.checkout.callback(tenantOfUser(owner), userOf(owner), { merchant_uid: p.paymentId, status: op.status });
      return;
    }
    case 'reconcile':
      await app.payments.reconcile({ tenantIds });
      return;
    case 'transfer': {
      const to = userOf(op.to);
      await app.wallet.transfer(
        tenantOfUser(op.from),
        userOf(op.from),
        { to_user_id: to.id, amount: op.amount, memo: '' },
        op.key,
      );
      return;
    }
    case 'withdraw':
      await app.wallet.withdraw(
        tenantOfUser(op.user),
        userOf(op.user),
        { amount: op.amount, target_address: WALLET_ADDRESS, target_chain: 'polygon' },
        op.key,
      );
      return;
    case 'settleWithdrawals':
      await app.wallet.settleDueWithdrawals({ tenantIds });
      return;
    case 'cancel': {
      const o = order(op.order);
      if (!o) throw new AppError(404, 'order_not_found', 'no such order');
      await app.checkout.cancelByBuyer(tenantOfUser(buyerOf(op.order)), userOf(buyerOf(op.order)), o.id, null);
      return;
    }
    case 'status': {
      const o = order(op.order);
      const owner = m.s.orders[op.order]?.merchant;
      if (!o || owner === undefined) throw new AppError(404, 'order_not_found', 'no such order');
      const merchant = userOf(owner) as (typeof w.users)[number] & { merchantId: number };
      await app.checkout.changeStatus(tenantOfUser(owner), merchant, {
        order_id: o.id,
        status: op.to,
        memo: null,
      });
      return;
    }
    case 'receive': {
      const o = order(op.order);
      if (!o) throw new AppError(404, 'order_not_found', 'no such order');
      await app.checkout.confirmReceipt(tenantOfUser(buyerOf(op.order)), userOf(buyerOf(op.order)), o.id);
      return;
    }
    case 'webhook': {
      const p = payment(op.payment);
      const portone = w.portone ?? fail('only PortOne sends webhooks');
      if (!p) throw new AppError(404, 'payment_not_found', 'no such payment');
      // Signed as PortOne signs it; verified by the same code as one arriving over HTTP.
      const signed = portone.signWebhook(portone.webhookBody(op.type, p.paymentId));
      return (await app.payments.webhook(0, signed.body, signed.headers)).outcome;
    }
    case 'deleteAccount':
      await app.accountDeletion.delete(userOf(op.user));
      return;
    case 'switch': {
      const tenant = w.tenants[op.tenant] ?? fail(`no tenant ${op.tenant}`);
      w.tenants[op.tenant] = await app.tenants.updateFeatures(tenant.id, { [op.feature]: op.on });
      return;
    }
    case 'forfeit':
      await app.accountDeletion.forfeitDeletedBalances({ tenantIds });
      return;
    case 'restock': {
      // The products tab's in-place count (PUT /api/products/:id/stock): an option's, or the product's.
      const owner = m.cast.products[op.product]?.owner ?? fail(`no product ${op.product}`);
      const merchant = userOf(owner) as (typeof w.users)[number] & { merchantId: number };
      const stock = op.stock === -1 ? null : op.stock;
      await app.catalogue.products.updateStock(
        tenantOfUser(owner),
        merchant,
        w.productIds[op.product] as number,
        op.option === null ? { stock } : { options: [{ id: w.optionIds[op.option] as number, stock }] },
      );
      return;
    }
    case 'reprice': {
      // The product form sends every field: the new price, and the count as it showed it.
      const product = m.cast.products[op.product] ?? fail(`no product ${op.product}`);
      const merchant = userOf(product.owner) as (typeof w.users)[number] & { merchantId: number };
      const stock = op.stock ?? fail('an unresolved reprice');
      await app.catalogue.products.updateProduct(
        tenantOfUser(product.owner),
        merchant,
        w.productIds[op.product] as number,
        productInputSchema.parse({
          category_type: product.kind,
          title: product.kind === 'pickup' ? '한우 불고기 도시락' : '유기농 현미 4kg',
          price: op.price,
          ...(product.kind === 'pickup' ? { delivery_category: 'korean', is_delivery: true } : { category: 'food' }),
          is_available: true,
          stock: stock === -1 ? null : stock,
        }),
      );
      return;
    }
    case 'together':
      throw new Error('together is run by the runner');
  }
}

/**
 * The id a step sends for a cart line the buyer does not have (no line of anyone's: the cart's
 * serial never gets there), the same for the same product and option.
 */
function noLine(l: { product: number; option: number | null }): number {
  return 2_000_000_000 + l.product * 100 + (l.option ?? 99);
}

const SANDBOX_CARD = {
  approve: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  pending: '4000 0000 0000 0077',
} as const;
const DECLINED = { decline: '카드 한도가 초과되었습니다.', cancel: '사용자가 결제를 취소했습니다.' } as const;
const WALLET_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

function fail(message: string): never {
  throw new Error(message);
}

// --- the generator ------------------------------------------------------------------------------------

/** Where each kind of operation can be interrupted (the failpoints its code reaches). */
const FAULTS: Partial<Record<Op['k'], Failpoint[]>> = {
  topup: ['gateway.prepare:before', 'gateway.prepare:after'],
  buy: [
    'gateway.prepare:before',
    'gateway.prepare:after',
    'checkout.prepare:released',
    'gateway.getPayment:before',
    'payments.confirm:committed',
    'gateway.cancel:before',
  ],
  topupCallback: ['gateway.getPayment:before', 'gateway.getPayment:after'],
  callback: [
    'gateway.getPayment:before',
    'gateway.getPayment:after',
    'payments.confirm:committed',
    'gateway.cancel:before',
  ],
  reconcile: [
    'payments.reconcile:between',
    'gateway.getPayment:after',
    'payments.confirm:committed',
    'gateway.cancel:before',
    'gateway.cancel:after',
  ],
  // The same places as buy-now's: the holds given back, the gateway's pre-registration.
  checkoutCart: [
    'gateway.prepare:before',
    'gateway.prepare:after',
    'checkout.prepare:released',
    'gateway.getPayment:before',
    'payments.confirm:committed',
    'gateway.cancel:before',
  ],
  cancel: ['checkout.reverse:intended', 'gateway.getPayment:before', 'gateway.cancel:before', 'gateway.cancel:after'],
  status: ['checkout.reverse:intended', 'gateway.getPayment:after', 'gateway.cancel:before', 'gateway.cancel:after'],
  settleWithdrawals: ['wallet.settle:between'],
  webhook: [
    'gateway.getPayment:before',
    'gateway.getPayment:after',
    'payments.confirm:committed',
    'gateway.cancel:before',
    'gateway.cancel:after',
  ],
};

let keys = 0;
/** The last cart checkout drawn: now and then sent again as it was (a retry with its key). */
let lastCheckout: Extract<Op, { k: 'checkoutCart' }> | null = null;
/** A cart checkout was the step just drawn: the next one may be its retry (a lost answer). */
let justCheckedOut = false;
/** The order whose reversal (of a payment of several) was just drawn with a fault: the next step may reverse another of its payment's. */
let justFaulted: number | null = null;
/** Idempotency keys restart with each run (a run's keys depend on its seed only). */
export function resetKeys() {
  keys = 0;
  lastCheckout = null;
  justCheckedOut = false;
  justFaulted = null;
}

/** The next operation, drawn from the seed's generator over the model's current state. */
export function nextOp(rng: Rng, m: Model, allowTogether = true): Op {
  if (allowTogether && justCheckedOut) {
    justCheckedOut = false;
    // The answer was lost (a timeout, a closed tab): the same request again, with its key.
    if (lastCheckout && rng.chance(0.25)) {
      const { fault: _, ...again } = structuredClone(lastCheckout);
      return { ...again, retry: true };
    }
  }
  const cast = m.cast;
  const buyers = cast.users.flatMap((u, i) => (u.merchant ? [] : [i]));
  const sameTenant = (user: number) =>
    cast.users.flatMap((u, i) => (u.tenant === cast.users[user]?.tenant && i !== user ? [i] : []));
  const payments = m.s.payments.map((p, i) => ({ p, i }));
  const orders = m.s.orders.map((o, i) => ({ o, i }));
  const key = () => (m.s.payments.length > 0 && rng.chance(0.1) ? `k${rng.int(1, keys)}` : `k${++keys}`);
  const optionFor = (product: number, besides: number | null = null): number | null => {
    // With options: mostly one of its own on sale (another than `besides` if there is one), now and
    // then one off sale, none (option_required) or any option at all (another product's:
    // option_unknown); without: rarely one (option_unknown).
    const own = m.optionsOf(product);
    const onSale = own.filter((i) => cast.options[i]?.available && (i !== besides || own.length === 1));
    const anyOption = () => rng.int(0, cast.options.length - 1);
    const option =
      own.length > 0
        ? rng.weighted<number | null>([
            [16, rng.pick(onSale.length ? onSale : own)],
            [1, rng.pick(own)],
            [1, null],
            [1, anyOption()],
          ])
        : cast.options.length > 0 && rng.chance(0.03)
          ? anyOption()
          : null;
    return option;
  };
  const qtyOf = () =>
    rng.weighted([
      [6, 1],
      [3, 2],
      [1, rng.int(3, 6)],
    ]);
  const productsOf = (user: number) =>
    cast.products.flatMap((p, i) => (p.tenant === cast.users[user]?.tenant ? [i] : []));
  const buyOf = (user: number, product: number, besides: number | null = null): Op => {
    const option = optionFor(product, besides);
    const qty = qtyOf();
    const total = m.total(product, option, qty);
    const available = m.s.wallets[user]?.available ?? 0;
    const points = rng.weighted([
      [4, 0],
      [2, Math.min(total, available)],
      [2, Math.min(total - 100, Math.floor(available / 2))],
      [1, rng.int(0, total)],
    ]);
    return { k: 'buy', user, product, option, qty, points: Math.max(0, points), key: key() };
  };
  const groupOf = (product: number) => `${cast.products[product]?.owner}:${cast.products[product]?.kind}`;
  const cartAddOf = (user: number): Op => {
    // Mostly goods of a merchant (and kind) not in the cart yet, so that a checkout places orders
    // of several; now and then another option of a product in it (an order of several lines).
    const cart = m.cartOf(user);
    const groups = new Set(cart.map((l) => groupOf(l.product)));
    const fresh = productsOf(user).filter((p) => !groups.has(groupOf(p)));
    const otherOptions = cart.flatMap((l) =>
      m
        .optionsOf(l.product)
        .filter((o) => cast.options[o]?.available && !m.cartLine(user, l.product, o))
        .map((o) => ({ product: l.product, option: o })),
    );
    const choice = rng.weighted<'fresh' | 'other' | 'any'>([
      [fresh.length ? 4 : 0, 'fresh'],
      [otherOptions.length ? 3 : 0, 'other'],
      [2, 'any'],
    ]);
    if (choice === 'other') return { k: 'cartAdd', user, ...rng.pick(otherOptions), qty: qtyOf() };
    const product = rng.pick(choice === 'fresh' ? fresh : productsOf(user));
    return { k: 'cartAdd', user, product, option: optionFor(product), qty: qtyOf() };
  };
  // Orders of payments of several (a cart's), standing (paid, neither cancelled nor refunded).
  const ofSeveral = orders.filter(({ o }) => {
    const p = m.s.payments[o.payment];
    return o.paid && (p?.orders.length ?? 0) > 1 && o.status !== 'CANCELLED' && o.status !== 'REFUNDED';
  });
  // Another order of a payment whose reversal was interrupted (its intent still there): it waits,
  // then answers refund_in_progress until a webhook or the reconciliation settles that intent.
  const besideIntent = ofSeveral.filter(({ o, i }) => {
    const intent = m.s.payments[o.payment]?.intent;
    return intent && intent.order !== i;
  });
  /** A paid order: now and then one of a payment of several, when there is one. */
  const paidOrder = () => {
    const paid = orders.filter(({ o }) => o.paid);
    if (besideIntent.length && rng.chance(0.5)) return rng.pick(besideIntent).i;
    if (ofSeveral.length && rng.chance(0.4)) return rng.pick(ofSeveral).i;
    return paid.length ? rng.pick(paid).i : 0;
  };
  /** A cancel or refund of an order: by its buyer, or by its merchant. */
  const reversalOf = (order: number): Op =>
    rng.chance(0.5)
      ? { k: 'cancel', order }
      : {
          k: 'status',
          order,
          to: rng.weighted<OrderStatus>([
            [3, 'CANCELLED'],
            [2, 'REFUNDED'],
          ]),
        };
  if (allowTogether && justFaulted !== null) {
    // Right after a reversal that may have been interrupted, another order of its payment.
    const payment = m.s.orders[justFaulted]?.payment;
    const siblings = ofSeveral.filter(({ o, i }) => o.payment === payment && i !== justFaulted);
    justFaulted = null;
    if (siblings.length && rng.chance(0.5)) return reversalOf(rng.pick(siblings).i);
  }
  const kind = rng.weighted<Op['k'] | 'reversePair'>([
    [6, 'tick'],
    [8, 'topup'],
    [16, 'pay'],
    [5, 'topupCallback'],
    [14, 'buy'],
    [10, 'callback'],
    [5, 'reconcile'],
    [6, 'transfer'],
    [3, 'withdraw'],
    [2, 'settleWithdrawals'],
    [3, 'cancel'],
    [6, 'status'],
    [2, 'receive'],
    [cast.gateway === 'portone' ? 10 : 0, 'webhook'],
    [1, 'deleteAccount'],
    [1, 'switch'],
    [1, 'forfeit'],
    [2, 'restock'],
    [10, 'cartAdd'],
    [1, 'cartUpdate'],
    [2, 'cartRemove'],
    [10, 'checkoutCart'],
    [1, 'reprice'],
    [allowTogether && ofSeveral.length > 1 ? 2 : 0, 'reversePair'],
    [allowTogether ? 5 : 0, 'together'],
  ]);
  const op = ((): Op => {
    switch (kind) {
      case 'tick':
        return {
          k: 'tick',
          ms: rng.weighted([
            [5, rng.int(1, 30) * 1_000],
            [3, rng.int(1, 5) * 60_000],
            [2, SIM.windowMs + rng.int(0, 60) * 1_000],
          ]),
        };
      case 'topup':
        return { k: 'topup', user: rng.pick(buyers), amount: rng.int(1, 60) * 1_000 };
      case 'pay': {
        // Mostly an open window (now and then a cart's, paying for several orders), else any.
        const open = payments.filter(({ p }) => p.gateway?.status === 'READY');
        const ofSeveralOpen = open.filter(({ p }) => p.orders.length > 1);
        const target =
          ofSeveralOpen.length && rng.chance(0.5)
            ? rng.pick(ofSeveralOpen).i
            : open.length && rng.chance(0.85)
              ? rng.pick(open).i
              : rng.int(0, m.s.payments.length);
        return {
          k: 'pay',
          payment: target,
          answer: rng.weighted([
            [7, 'approve'],
            [2, 'decline'],
            [2, 'pending'],
            [1, 'cancel'],
          ] as const),
        };
      }
      case 'topupCallback': {
        const topups = payments.filter(({ p }) => p.purpose === 'topup');
        return { k: 'topupCallback', payment: topups.length ? rng.pick(topups).i : 0 };
      }
      case 'buy': {
        const user = rng.pick(buyers);
        const tenant = cast.users[user]?.tenant;
        const product = rng.pick(productsOf(user));
        const first = buyOf(user, product);
        // Now and then another buyer at the same moment, for the same goods (the last units, the
        // same product's other option): the database orders them on PostgreSQL.
        if (!allowTogether || !rng.chance(m.optionsOf(product).length ? 0.3 : 0.1)) return first;
        const other = rng.pick(buyers.filter((b) => b !== user && cast.users[b]?.tenant === tenant));
        return { k: 'together', ops: [first, buyOf(other, product, first.k === 'buy' ? first.option : null)] };
      }
      case 'callback': {
        // Mostly the return from a payment still pending (a cart's payment too), else any.
        const ofOrders = payments.filter(({ p }) => p.purpose === 'order');
        const pending = ofOrders.filter(({ p }) => p.status === 'pending');
        const pendingOfSeveral = pending.filter(({ p }) => p.orders.length > 1);
        const target =
          pendingOfSeveral.length && rng.chance(0.4)
            ? rng.pick(pendingOfSeveral)
            : pending.length && rng.chance(0.7)
              ? rng.pick(pending)
              : ofOrders.length
                ? rng.pick(ofOrders)
                : null;
        return {
          k: 'callback',
          payment: target?.i ?? 0,
          status: rng.weighted([
            [8, 'paid'],
            [1, 'failed'],
            [1, 'cancelled'],
          ] as const),
        };
      }
      case 'transfer': {
        const from = rng.pick(buyers);
        const available = m.s.wallets[from]?.available ?? 0;
        return {
          k: 'transfer',
          from,
          to: rng.pick(sameTenant(from)),
          amount: Math.max(100, rng.chance(0.8) && available >= 100 ? rng.int(100, available) : rng.int(100, 50_000)),
          key: key(),
        };
      }
      case 'withdraw': {
        const user = rng.pick(buyers);
        return { k: 'withdraw', user, amount: rng.int(1, 30) * 1_000, key: key() };
      }
      case 'cancel':
      case 'receive':
        return { k: kind, order: paidOrder() };
      case 'reversePair': {
        // Two orders of one payment of several reversed at once (two merchants, or the buyer and a
        // merchant): one reversal of a payment at a time, the other waits.
        const { o, i } = rng.pick(ofSeveral);
        const others = ofSeveral.filter((x) => x.o.payment === o.payment && x.i !== i);
        if (others.length === 0) return reversalOf(i);
        return { k: 'together', ops: [reversalOf(i), reversalOf(rng.pick(others).i)] };
      }
      case 'cartAdd':
        return cartAddOf(rng.pick(buyers));
      case 'cartUpdate':
      case 'cartRemove': {
        // Mostly a line the buyer has; now and then one it does not (404 cart_item_not_found).
        const lines = m.s.cart;
        if (lines.length && rng.chance(0.9)) {
          const { user, product, option } = rng.pick(lines);
          return kind === 'cartRemove'
            ? { k: 'cartRemove', user, product, option }
            : { k: 'cartUpdate', user, product, option, qty: qtyOf() };
        }
        const user = rng.pick(buyers);
        const product = rng.pick(productsOf(user));
        const option = m.optionsOf(product)[0] ?? null;
        return kind === 'cartRemove'
          ? { k: 'cartRemove', user, product, option }
          : { k: 'cartUpdate', user, product, option, qty: qtyOf() };
      }
      case 'checkoutCart': {
        // Now and then the last one again, as it was (a retry: its key answers what it answered).
        if (lastCheckout && rng.chance(0.1)) return { ...structuredClone(lastCheckout), retry: true };
        // Mostly a buyer not already paying for its cart (a new checkout would replace that one).
        const paying = (b: number) =>
          m.s.payments.some((p, i) => p.user === b && p.status === 'pending' && m.s.checkoutLines[i]);
        const withCart = buyers.filter(
          (b) => !m.s.deleted[b] && m.cartOf(b).length > 0 && (!paying(b) || rng.chance(0.25)),
        );
        if (withCart.length === 0) return cartAddOf(rng.pick(buyers));
        const user = rng.pick(withCart);
        const cart = m.cartOf(user);
        // A cart of one merchant's goods is mostly filled some more first.
        if (new Set(cart.map((l) => groupOf(l.product))).size === 1 && rng.chance(0.6)) return cartAddOf(user);
        // Mostly the lines that can be bought (as the cart shows them), else any; the whole of them
        // (one to three merchants) or some; now and then a line the buyer does not have.
        const usable = cart.filter((l) => m.priceLine(l).reason === null);
        const from = usable.length && rng.chance(0.75) ? usable : cart;
        let chosen = rng.chance(0.6) ? from : from.filter(() => rng.chance(0.6));
        if (chosen.length === 0) chosen = [rng.pick(from)];
        const lines = chosen.map((l) => ({ product: l.product, option: l.option }));
        const absent = productsOf(user).filter((p) => !m.optionsOf(p).length && !m.cartLine(user, p, null));
        if (absent.length && rng.chance(0.05)) lines.push({ product: rng.pick(absent), option: null });
        const local = [
          ...new Set(
            chosen.flatMap((l) =>
              cast.products[l.product]?.kind === 'pickup' ? [cast.products[l.product]?.owner as number] : [],
            ),
          ),
        ];
        const pickup = local.filter(() => rng.chance(0.3));
        const total = m.cartTotal(
          user,
          chosen.map((l) => l.id),
          pickup,
        );
        const available = m.s.wallets[user]?.available ?? 0;
        const points = rng.weighted([
          [4, 0],
          [2, Math.min(total, available)],
          [2, Math.min(total - 100, Math.floor(available / 2))],
          [1, rng.int(0, Math.max(0, total))],
        ]);
        const stale = rng.chance(0.08) ? rng.pick([-1_000, 500, 3_000]) : 0;
        const op = { k: 'checkoutCart' as const, user, lines, points: Math.max(0, points), stale, pickup, key: key() };
        lastCheckout = op;
        justCheckedOut = allowTogether;
        // Now and then another buyer buys one of its goods at the same moment (the last units).
        const others = buyers.filter((b) => b !== user && cast.users[b]?.tenant === cast.users[user]?.tenant);
        if (!allowTogether || !others.length || !rng.chance(0.1)) return op;
        const line = rng.pick(chosen);
        return { k: 'together', ops: [op, buyOf(rng.pick(others), line.product)] };
      }
      case 'reprice': {
        // A product sold without options gets a new price (mostly back to the cast's now and then).
        const plain = cast.products.flatMap((_, i) => (m.optionsOf(i).length ? [] : [i]));
        const product = rng.pick(plain);
        const base = cast.products[product]?.price ?? 10_000;
        return { k: 'reprice', product, price: rng.pick([base, base, base + 1_000, base - 2_000]) };
      }
      case 'status': {
        const target = { i: paidOrder() };
        const to = rng.weighted<OrderStatus>([
          [4, 'CONFIRMED'],
          [2, 'PREPARING'],
          [2, 'DELIVERING'],
          [2, 'DELIVERED'],
          [3, 'CANCELLED'],
          [3, 'REFUNDED'],
          [1, rng.pick(orderStatuses)],
        ]);
        return { k: 'status', order: target.i, to };
      }
      case 'webhook': {
        // Sent for what happened at PortOne, or late (an earlier event, out of order); now and then
        // delivered twice at once. Lost ones are the ones never drawn.
        const known = payments.filter(({ p }) => p.gateway !== null);
        const target = known.length ? rng.pick(known) : null;
        const status = target?.p.gateway?.status;
        const type: WebhookType = rng.chance(0.3)
          ? rng.pick(['Transaction.Paid', 'Transaction.Failed', 'Transaction.Cancelled'] as const)
          : status === 'FAILED'
            ? 'Transaction.Failed'
            : status === 'CANCELLED' || status === 'PARTIAL_CANCELLED'
              ? 'Transaction.Cancelled'
              : 'Transaction.Paid';
        const webhook: Op = { k: 'webhook', payment: target?.i ?? 0, type };
        return allowTogether && rng.chance(0.1) ? { k: 'together', ops: [webhook, { ...webhook }] } : webhook;
      }
      case 'deleteAccount':
        return { k: 'deleteAccount', user: rng.int(0, cast.users.length - 1) };
      case 'switch': {
        // Mostly back on: a module off for long would leave little to run.
        const tenant = rng.int(0, cast.tenants.length - 1);
        const feature = rng.pick(['wallet', 'shopping', 'delivery'] as const);
        const now = m.s.features[tenant]?.[feature] ?? true;
        return { k: 'switch', tenant, feature, on: rng.chance(0.8) ? !now : now };
      }
      case 'restock': {
        // The merchant's in-place count: mostly of a product sold by options (one of them), a few
        // units or none; unlimited only where the cast sells it so (a count reaching -1 otherwise
        // is a fault the checks look for).
        const withOptions = cast.products.flatMap((_, i) => (m.optionsOf(i).length > 0 ? [i] : []));
        const product =
          withOptions.length && rng.chance(0.6) ? rng.pick(withOptions) : rng.int(0, cast.products.length - 1);
        const own = m.optionsOf(product);
        const option = own.length ? rng.pick(own) : null;
        const unlimited = (option === null ? cast.products[product]?.stock : cast.options[option]?.stock) === -1;
        const stock = rng.weighted([
          [4, rng.int(0, 3)],
          [1, 6],
          [unlimited ? 3 : 0, -1],
        ]);
        return { k: 'restock', product, option, stock };
      }
      case 'together':
        return { k: 'together', ops: [nextOp(rng, m, false), nextOp(rng, m, false)] };
      default:
        return { k: kind } as Op;
    }
  })();
  const points = FAULTS[op.k];
  // A reversal of an order of a payment of several is interrupted more often: the intent it leaves
  // holds the payment's other orders (refund_in_progress) until a webhook or the reconciliation.
  const ofSeveralPayment =
    (op.k === 'cancel' || op.k === 'status') &&
    (m.s.payments[m.s.orders[op.order]?.payment ?? -1]?.orders.length ?? 0) > 1;
  if (points && rng.chance(ofSeveralPayment ? 0.3 : 0.12)) {
    if (ofSeveralPayment && allowTogether && (op.k === 'cancel' || op.k === 'status')) justFaulted = op.order;
    const point = rng.pick(points);
    // Between transactions only the process can fail; at a gateway call, the call or the process.
    const kind = point.startsWith('gateway.') && rng.chance(0.6) ? 'timeout' : 'crash';
    op.fault = {
      point,
      nth: rng.weighted([
        [4, 1],
        [1, 2],
      ] as const),
      kind,
    };
  }
  return op;
}

/** A short line for a step in a report. */
export function describe(op: Op): string {
  if (op.k === 'together') return `together(${op.ops.map(describe).join(' ‖ ')})`;
  const { k, fault, ...args } = op;
  const shown = Object.entries(args)
    .map(([name, v]) => `${name}=${typeof v === 'object' && v !== null ? JSON.stringify(v) : v}`)
    .join(' ');
  return `${k}${shown ? ` ${shown}` : ''}${fault ? ` [${fault.kind} at ${fault.point}#${fault.nth}]` : ''}`;
}
