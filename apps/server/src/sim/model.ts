import {
  allowedOrderMoves,
  BUYER_CANCELLABLE,
  BUYER_CONFIRMABLE,
  CARD_MIN_AMOUNT,
  CART_LINES_MAX,
  DEFAULT_DELIVERY_TERMS,
  type DeliveryTerms,
  earnedPoints,
  ORDER_QTY_MAX,
  type OrderStatus,
  orderFeeFor,
} from '@app/contracts';
import { type LedgerAccountKind, ledgerAccountKinds } from '../modules/wallet/wallet.schema.js';

/**
 * The reference model of the money (docs/decisions/035-money-simulation.md): plain TypeScript, no
 * database. It says what each operation must do to wallets, the tenant's system accounts, stock,
 * payments (ours and the gateway's), orders, carts and withdrawals, written from the rules (spec part 3,
 * decisions 014-016, 028, 029, 036, and the cart's of issue 40), not from the code. Each operation records the states its commits
 * leave (`commit`), so a run interrupted by a failpoint may end in any of them and no other.
 */

export const SIM = {
  windowMs: 10 * 60_000,
  pendingSettleMs: 30_000,
  withdrawSettleMs: 60_000,
  /** The reconciliation job leaves payments younger than this to the buyer's return. */
  minAgeMs: 60_000,
  openPaymentsMax: 3,
  legal: { shipping_fee: 3_000, free_shipping_threshold: 50_000 },
} as const;

export type GatewayStatus = 'READY' | 'PAY_PENDING' | 'PAID' | 'FAILED' | 'CANCELLED' | 'PARTIAL_CANCELLED';

/** A payment as the sandbox gateway's book holds it. */
export interface GatewayM {
  status: GatewayStatus;
  amount: number;
  cancelled: number;
  expiresAt: number;
  settleAt: number | null;
}

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'cancelled' | 'partial_cancelled';

export interface PaymentM {
  tenant: number;
  purpose: 'topup' | 'order';
  user: number;
  card: number;
  points: number;
  /** `partial_cancelled` while some of its orders stand after others were given back. */
  status: PaymentStatus;
  cancelled: number;
  paid: boolean;
  createdAt: number;
  /** Refused with a card part: when its closing at the gateway became due (null once closed). */
  closeDue: number | null;
  /**
   * A cancel or refund of one of its orders (`order`) recorded before the gateway is asked (null
   * once it ended): one order of a payment is reversed at a time.
   */
  intent: { to: Reversal; at: number; order: number } | null;
  gateway: GatewayM | null;
  /** Its orders (one for buy-now, one per merchant and kind for a cart), in the order they were made. */
  orders: number[];
}

/** A line of an order: what it bought, at what unit price, and the stock it holds. */
export interface LineM {
  product: number;
  /** The option bought (its index in `cast.options`), null for a product without options. */
  option: number | null;
  qty: number;
  price: number;
  stockReserved: number;
}

export interface OrderM {
  tenant: number;
  buyer: number;
  /** The merchant (the cast index of the user selling its goods). */
  merchant: number;
  kind: 'pickup' | 'shopping';
  /** How it is received: delivered (parcels always), or picked up where the buyer chose it. */
  type: 'delivery' | 'pickup';
  lines: LineM[];
  /** The goods' total (its lines' unit prices x qty). */
  items: number;
  /** The delivery fee charged (part of the total, so of the card part a whole refund gives back). */
  fee: number;
  payment: number;
  status: OrderStatus | 'AWAITING_PAYMENT';
  /** Its share of the payment's points and card part (the largest remainder's spread). */
  points: number;
  card: number;
  reward: number;
  /** What of its card share the gateway gave back for it (its part of the payment's `cancelled`). */
  refunded: number;
  paid: boolean;
  confirmed: boolean;
}

/** A line of a buyer's cart: one per (buyer, product, option), at the unit price it was put in at. */
export interface CartLineM {
  /** The model's own id (the database's serial differs; the identity is the same). */
  id: number;
  user: number;
  product: number;
  option: number | null;
  qty: number;
  price: number;
}

export interface WithdrawalM {
  tenant: number;
  user: number;
  amount: number;
  status: 'pending' | 'completed';
  settleAfter: number;
}

/** The tenant's system accounts (every kind of ledger account but the users' wallets). */
export const SYSTEM_ACCOUNTS = ledgerAccountKinds.filter((k) => k !== 'wallet') as SystemAccountM[];
export type SystemAccountM = Exclude<LedgerAccountKind, 'wallet'>;

export interface State {
  now: number;
  wallets: { available: number; locked: number }[];
  system: Record<SystemAccountM, number>[];
  /**
   * Each product's counted stock (-1 unlimited); for a product with options, the total of its
   * options on sale (-1 if one is unlimited, 0 if none is on sale), as the server keeps it.
   */
  stock: number[];
  /** Each option's own count (-1 unlimited), by its index in `cast.options`. */
  optionStock: number[];
  /** Each product's own unit price (the merchant may change it); null for one sold by options (theirs count). */
  prices: (number | null)[];
  payments: PaymentM[];
  orders: OrderM[];
  withdrawals: WithdrawalM[];
  /** Deleted accounts (by cast index): their sessions are gone. */
  deleted: boolean[];
  /** Products taken off sale (their merchant deleted the account). */
  offSale: boolean[];
  /** Each tenant's switchable modules that touch money (all on at first). */
  features: Record<SwitchedFeature, boolean>[];
  /** Idempotency keys of transfers (by sender) and withdrawals and prepares (by user), with what they asked. */
  keys: Record<string, { asked: string; ref: number }>;
  /** The buyers' cart lines, in the order they were made (each buyer's in its own order). */
  cart: CartLineM[];
  /** The last cart line id given. */
  cartSeq: number;
  /** The cart lines a cart checkout's payment takes out of the cart when it is paid, by payment. */
  checkoutLines: Record<number, number[]>;
}

/** The fixed cast of a run: which gateway, who is who on which tenant, and what is for sale. */
export interface Cast {
  /**
   * The sandbox keeps its book in our database (a gateway call is undone with the transaction it
   * was made in); PortOne (its stand-in, over HTTP) is remote: what it did stays done, its windows
   * never expire, it refuses to cancel an unpaid payment, and it sends webhooks.
   */
  gateway: 'sandbox' | 'portone';
  tenants: { rewardRate: number }[];
  /** A merchant's delivery terms: what it set (the rest as a merchant who never set any). */
  users: { tenant: number; merchant: boolean; terms?: Partial<DeliveryTerms> }[];
  /** `stock` of a product with options is its options' total (see `optionTotal`). */
  products: { tenant: number; owner: number; price: number; kind: 'pickup' | 'shopping'; stock: number }[];
  /** The products' options, each with its own price and count (-1 unlimited); off sale when not `available`. */
  options: CastOption[];
}

export interface CastOption {
  product: number;
  name: string;
  price: number;
  stock: number;
  available: boolean;
}

/**
 * A product with options counts the total of its options on sale (products.repository's
 * `optionTotal`): -1 if one of them is unlimited, else their sum (0 when none is on sale).
 */
export function optionTotal(options: CastOption[], optionStock: number[], product: number): number {
  let total = 0;
  for (const [i, o] of options.entries()) {
    if (o.product !== product || !o.available) continue;
    const left = optionStock[i] as number;
    if (left === -1) return -1;
    total += left;
  }
  return total;
}

/** The products' stock when a run starts (options' totals for products with options). */
export function initialStock(cast: Omit<Cast, 'gateway'>): number[] {
  const counts = cast.options.map((o) => o.stock);
  return cast.products.map((p, i) =>
    cast.options.some((o) => o.product === i) ? optionTotal(cast.options, counts, i) : p.stock,
  );
}

/** What an operation answered: ok, or the error code a client would read. */
export type Outcome = string;

export type Reversal = 'CANCELLED' | 'REFUNDED';
export type SwitchedFeature = 'wallet' | 'shopping' | 'delivery';

export type WebhookType = 'Transaction.Paid' | 'Transaction.Failed' | 'Transaction.Cancelled';

/**
 * A purchase: `option` is an index in `cast.options` (possibly another product's), or none;
 * `amount` the total the buyer saw (the server refuses another with price_changed).
 */
export type BuyInput = {
  user: number;
  product: number;
  option: number | null;
  qty: number;
  points: number;
  amount: number;
  key: string;
};

/**
 * A cart checkout: the lines chosen, by product and option (a line not in the cart is sent by an
 * id of no line of the buyer's), the total the buyer saw, the merchants whose local goods the
 * buyer picks up.
 */
export type CartCheckoutInput = {
  user: number;
  lines: { product: number; option: number | null }[];
  points: number;
  amount: number;
  pickup: number[];
  key: string;
};

/** A line as the catalogue has it now: why it cannot be bought (null: it can), its unit price and count. */
export interface PricedCartLine {
  line: CartLineM;
  reason: null | 'unavailable' | 'sold_out' | 'option_removed' | 'option_required' | 'price_changed' | 'stock_short';
  price: number;
  remaining: number;
}

/** One merchant's goods of one kind in the cart: one order at checkout. */
export interface CartGroup {
  merchant: number;
  kind: 'pickup' | 'shopping';
  type: 'delivery' | 'pickup';
  lines: PricedCartLine[];
  /** The lines counted in the totals (available, and chosen). */
  counted: PricedCartLine[];
  items: number;
  fee: number;
  refusal: null | 'below_minimum' | 'pickup_not_offered';
}

/** An order to place: its merchant and kind, how it is received, its lines (with the count seen) and fee. */
interface PlannedOrder {
  merchant: number;
  kind: 'pickup' | 'shopping';
  type: 'delivery' | 'pickup';
  lines: { product: number; option: number | null; qty: number; price: number; counted: boolean }[];
  items: number;
  fee: number;
}

/**
 * `amount` spread over parts in proportion to `weights` by the largest remainder (the rule, not
 * the server's code): each part its floor, the won left one each to the largest remainders, ties to
 * the lower part. All figures stay far below 2^53, so plain numbers are exact.
 */
export function spreadPoints(amount: number, weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const parts = weights.map((w) => Math.floor((amount * w) / total));
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const order = weights.map((w, i) => ({ i, r: (amount * w) % total })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    parts[i] = (parts[i] as number) + 1;
    left--;
  }
  return parts;
}

export class Model {
  s: State;
  /** The fault armed for the operation being run (the same one the real run's failpoints hold). */
  private fault: (ModelFault & { count: number }) | null = null;
  private crashed = false;
  /** Another operation run at the `at`-th failpoint of this one (two operations run together). */
  private interleave: { at: number; run: () => void } | null = null;
  private points = 0;

  constructor(
    readonly cast: Cast,
    state?: State,
  ) {
    this.s = state ?? {
      now: 0,
      wallets: cast.users.map(() => ({ available: 0, locked: 0 })),
      system: cast.tenants.map(() => Object.fromEntries(SYSTEM_ACCOUNTS.map((a) => [a, 0])) as State['system'][number]),
      stock: initialStock(cast),
      optionStock: cast.options.map((o) => o.stock),
      prices: cast.products.map((p, i) => (cast.options.some((o) => o.product === i) ? null : p.price)),
      payments: [],
      orders: [],
      withdrawals: [],
      deleted: cast.users.map(() => false),
      offSale: cast.products.map(() => false),
      features: cast.tenants.map(() => ({ wallet: true, shopping: true, delivery: true })),
      keys: {},
      cart: [],
      cartSeq: 0,
      checkoutLines: {},
    };
  }

  clone(): Model {
    return new Model(this.cast, structuredClone(this.s));
  }

  private get remote() {
    return this.cast.gateway === 'portone';
  }

  /**
   * Runs one operation on the model with `fault` armed: its outcome. A gateway call that times out
   * rolls back the database transaction it was made in (as the sandbox's book is in it); a crash
   * ends the operation where it happened, keeping what committed before.
   */
  run(
    op: (m: Model) => Outcome,
    fault: ModelFault | null = null,
    interleave: { at: number; run: () => void } | null = null,
  ): Outcome {
    this.fault = fault && { ...fault, count: 0 };
    this.crashed = false;
    this.interleave = interleave;
    this.points = 0;
    try {
      return op(this);
    } catch (err) {
      if (err instanceof Interrupted) return err.outcome;
      throw err;
    } finally {
      this.fault = null;
      this.interleave = null;
    }
  }

  /** A named failpoint of the code: a crash armed here (or earlier) ends the operation. */
  point(name: string) {
    const other = this.interleave;
    if (other && this.points++ === other.at) {
      this.interleave = null;
      other.run();
    }
    if (this.crashed) throw new Interrupted('crash');
    const f = this.fault;
    if (!f || f.point !== name || ++f.count < f.nth) return;
    this.fault = null;
    if (f.kind === 'crash') {
      this.crashed = true;
      throw new Interrupted('crash');
    }
    throw new Interrupted('payment_gateway_unavailable');
  }

  /** A call to the gateway: `work` is what it does there, between its two failpoints. */
  private gatewayCall(call: 'prepare' | 'getPayment' | 'cancel', work: () => void) {
    this.point(`gateway.${call}:before`);
    work();
    this.point(`gateway.${call}:after`);
  }

  /** A database transaction: on an interruption inside it, the state goes back to its start. */
  private tx<T>(work: () => T): T {
    const before = structuredClone(this.s);
    try {
      return work();
    } catch (err) {
      if (err instanceof Interrupted) {
        // A remote gateway's work is not undone with our transaction.
        if (this.remote)
          for (const [i, p] of before.payments.entries()) p.gateway = this.s.payments[i]?.gateway ?? null;
        this.s = before;
      }
      throw err;
    }
  }

  /** A gateway call whose failure the flow logs and goes on from (closing a payment "quietly"). */
  private quietly(work: () => void) {
    try {
      work();
    } catch (err) {
      if (!(err instanceof Interrupted)) throw err;
    }
  }

  // --- the gateway (the sandbox's book) ------------------------------------------------------------

  /** What the gateway says when asked now: a window past its end failed, a pending card whose time came paid. */
  static effective(g: GatewayM, now: number): GatewayStatus {
    if (g.status === 'READY' && g.expiresAt <= now) return 'FAILED';
    if (g.status === 'PAY_PENDING' && g.settleAt !== null && g.settleAt <= now) return 'PAID';
    return g.status;
  }

  private look(g: GatewayM | null): GatewayM | null {
    if (g) g.status = Model.effective(g, this.s.now);
    return g;
  }

  /** A payment registered with the gateway: its window opens (the sandbox closes it at the expiry, PortOne never). */
  private newBook(amount: number): GatewayM {
    const expiresAt = this.remote ? Number.POSITIVE_INFINITY : this.s.now + SIM.windowMs;
    return { status: 'READY', amount, cancelled: 0, expiresAt, settleAt: null };
  }

  /**
   * The gateway cancels `amount` (or all that is left) of a paid payment, or closes an unpaid one
   * (the sandbox); PortOne refuses to cancel what was not paid (PAYMENT_NOT_PAID: our adapter's
   * GatewayUnavailable) and answers a cancelled one as done.
   */
  private gatewayCancel(g: GatewayM | null, amount?: number) {
    if (!this.look(g) || !g) return;
    const paid = g.status === 'PAID' || g.status === 'PARTIAL_CANCELLED';
    if (this.remote && !paid) {
      if (g.status === 'CANCELLED') return;
      throw new Interrupted('payment_gateway_unavailable');
    }
    if (paid) g.cancelled = Math.min(g.amount, g.cancelled + (amount ?? g.amount - g.cancelled));
    g.status = paid && g.cancelled < g.amount ? 'PARTIAL_CANCELLED' : 'CANCELLED';
  }

  /** The buyer at the payment window: a card that approves, declines or stays pending, or cancel. */
  pay(payment: number, answer: 'approve' | 'decline' | 'pending' | 'cancel'): Outcome {
    const g = this.look(this.s.payments[payment]?.gateway ?? null);
    if (!g) return 'missing';
    if (g.status !== 'READY') return 'answered';
    if (answer === 'approve') g.status = 'PAID';
    else if (answer === 'pending') {
      g.status = 'PAY_PENDING';
      g.settleAt = this.s.now + SIM.pendingSettleMs;
    } else g.status = 'FAILED';
    return 'ok';
  }

  // --- ledger movements ------------------------------------------------------------------------------

  private wallet(user: number) {
    const w = this.s.wallets[user];
    if (!w) throw new Error(`no user ${user}`);
    return w;
  }
  private system(tenant: number) {
    const s = this.s.system[tenant];
    if (!s) throw new Error(`no tenant ${tenant}`);
    return s;
  }

  // --- payments --------------------------------------------------------------------------------------

  /** Paid: every order of the payment still awaiting it moves together, and the paid cart lines leave the cart. */
  private markPaid(i: number) {
    const p = this.s.payments[i] as PaymentM;
    p.status = 'paid';
    p.paid = true;
    if (p.purpose === 'topup') {
      this.wallet(p.user).available += p.card;
      this.system(p.tenant).topup_clearing -= p.card;
      return;
    }
    const awaiting = p.orders.map((j) => this.s.orders[j] as OrderM).filter((o) => o.status === 'AWAITING_PAYMENT');
    if (awaiting.length === 0) return;
    for (const o of awaiting) {
      const w = this.wallet(o.buyer);
      w.locked -= o.points;
      this.system(o.tenant).purchase_clearing += o.points;
      this.system(o.tenant).rewards -= o.reward;
      w.available += o.reward;
      o.status = 'PENDING';
      o.paid = true;
    }
    const paidLines = this.s.checkoutLines[i];
    if (paidLines) this.s.cart = this.s.cart.filter((l) => !(l.user === p.user && paidLines.includes(l.id)));
  }

  /** Refused or expired: every order still awaiting it gives its points and stock back. */
  private markFailed(i: number) {
    const p = this.s.payments[i] as PaymentM;
    p.status = 'failed';
    p.closeDue = p.card > 0 ? this.s.now : null;
    if (p.purpose !== 'order') return;
    for (const j of p.orders) {
      const o = this.s.orders[j] as OrderM;
      if (o.status !== 'AWAITING_PAYMENT') continue;
      const w = this.wallet(o.buyer);
      w.locked -= o.points;
      w.available += o.points;
      o.status = 'CANCELLED';
      this.giveStockBack(o);
    }
  }

  /** Each line's stock goes back where it was taken: to its option (then the product's total) or to the product. */
  private giveStockBack(o: OrderM) {
    for (const l of o.lines) {
      if (l.stockReserved <= 0) continue;
      if (l.option !== null) {
        const left = this.s.optionStock[l.option] as number;
        if (left >= 0) this.s.optionStock[l.option] = left + l.stockReserved;
        this.s.stock[l.product] = optionTotal(this.cast.options, this.s.optionStock, l.product);
        continue;
      }
      const left = this.s.stock[l.product] as number;
      if (left >= 0) this.s.stock[l.product] = left + l.stockReserved;
    }
  }

  /** payments.confirm: the one path of the buyer's return, webhooks and reconciliation. */
  confirm(i: number, who: { buyer?: boolean; expire?: boolean }): Outcome {
    const p = this.s.payments[i];
    if (!p) return 'payment_not_found';
    let close = false;
    const verdict = this.tx(() => this.verdict(i, who, () => (close = true)));
    if (verdict === 'ok') return verdict;
    this.point('payments.confirm:committed');
    if (close) this.closeAtGateway(p);
    return verdict;
  }

  /** A refused payment is closed at the gateway, or given back if paid there; retried until done. */
  private closeAtGateway(p: PaymentM) {
    this.quietly(() => {
      let open = false;
      this.gatewayCall('getPayment', () => {
        const status = this.look(p.gateway)?.status;
        open = status !== undefined && status !== 'FAILED' && status !== 'CANCELLED';
      });
      if (open) this.gatewayCall('cancel', () => this.gatewayCancel(p.gateway));
      p.closeDue = null;
    });
  }

  private verdict(i: number, who: { buyer?: boolean; expire?: boolean }, closeAfter: () => void): Outcome {
    const p = this.s.payments[i] as PaymentM;
    if (p.status === 'paid' || ((p.status === 'cancelled' || p.status === 'partial_cancelled') && p.paid)) return 'ok';
    if (p.status !== 'pending') {
      if (p.status === 'failed') closeAfter();
      return 'payment_failed';
    }
    if (p.card === 0) {
      if (who.buyer) {
        this.markPaid(i);
        return 'ok';
      }
      if (!who.expire) return 'payment_pending';
      this.markFailed(i);
      return 'payment_failed';
    }
    let g = null as GatewayM | null;
    this.gatewayCall('getPayment', () => (g = this.look(p.gateway)));
    if (g?.status === 'PAID') {
      this.markPaid(i);
      return 'ok';
    }
    if (g && (g.status === 'FAILED' || g.status === 'CANCELLED' || g.status === 'PARTIAL_CANCELLED')) {
      this.markFailed(i);
      return 'payment_failed';
    }
    if (!who.expire) return 'payment_pending';
    this.markFailed(i);
    closeAfter();
    return 'payment_failed';
  }

  /**
   * PortOne's webhook about a payment (payments.webhook): a transaction event (paid, failed) is
   * confirmed like any return, whatever it says; a cancellation event settles a refund.
   */
  webhook(i: number, type: WebhookType): Outcome {
    if (!this.s.payments[i]) return 'payment_not_found';
    if (type === 'Transaction.Cancelled') return this.settleRefund(i);
    const verdict = this.confirm(i, {});
    return verdict === 'ok' ? 'paid' : verdict;
  }

  /**
   * payments.settleRefund for a reversal's intent: the gateway gave back more than our books say
   * (the process died after its cancel) → the reversal is finished as it was meant; it gave back
   * nothing and the intent is older than a minute → the intent is dropped (the order stays).
   */
  settleRefund(i: number): Outcome {
    if (!this.s.payments[i]?.intent) return 'no_refund_pending';
    return this.tx(() => {
      const p = this.s.payments[i] as PaymentM;
      const intent = p.intent;
      if (!intent) return 'no_refund_pending';
      let cancelled = 0;
      this.gatewayCall('getPayment', () => (cancelled = this.look(p.gateway)?.cancelled ?? 0));
      if (cancelled > p.cancelled) {
        // The order the intent is for: its reversal is finished as it was meant.
        const o = this.s.orders[intent.order];
        if (o?.paid && o.status !== 'CANCELLED' && o.status !== 'REFUNDED') {
          this.reverse(intent.order, intent.to);
          return 'refunded';
        }
        p.intent = null;
        return 'no_refund_pending';
      }
      if (this.s.now - intent.at < SIM.minAgeMs) return 'refund_pending';
      p.intent = null;
      return 'no_refund_pending';
    });
  }

  /** The reconciliation job over the tenants' pending payments, oldest first. */
  reconcile(tenants: number[]): Outcome {
    const due = this.s.payments
      .map((p, i) => ({ p, i }))
      .filter(
        ({ p }) => tenants.includes(p.tenant) && p.status === 'pending' && p.createdAt < this.s.now - SIM.minAgeMs,
      )
      .sort((a, b) => a.p.createdAt - b.p.createdAt || a.i - b.i)
      .slice(0, 100);
    for (const { p, i } of due) {
      this.point('payments.reconcile:between');
      // Each payment on its own: an error (a gateway out of reach, a crash it logs) skips it.
      try {
        this.confirm(i, { expire: this.s.now - p.createdAt >= SIM.windowMs });
      } catch (err) {
        if (!(err instanceof Interrupted)) throw err;
      }
    }
    const unclosed = this.s.payments
      .filter(
        (p) =>
          tenants.includes(p.tenant) &&
          p.closeDue !== null &&
          p.closeDue < this.s.now - SIM.minAgeMs &&
          p.closeDue > this.s.now - 24 * 60 * 60_000,
      )
      .map((p, order) => ({ p, order }))
      .sort((a, b) => (a.p.closeDue as number) - (b.p.closeDue as number) || a.order - b.order);
    for (const { p } of unclosed) {
      this.point('payments.reconcile:between');
      this.closeAtGateway(p);
    }
    const intents = this.s.payments
      .map((p, i) => ({ p, i }))
      .filter(({ p }) => tenants.includes(p.tenant) && p.intent !== null && p.intent.at < this.s.now - SIM.minAgeMs)
      .sort((a, b) => (a.p.intent?.at as number) - (b.p.intent?.at as number) || a.i - b.i)
      .slice(0, 100);
    for (const { i } of intents) {
      try {
        this.settleRefund(i);
      } catch (err) {
        if (!(err instanceof Interrupted)) throw err;
      }
    }
    return 'ok';
  }

  // --- top-ups ---------------------------------------------------------------------------------------

  topup(user: number, amount: number): Outcome {
    const tenant = this.cast.users[user]?.tenant as number;
    const p: PaymentM = {
      tenant,
      purpose: 'topup',
      user,
      card: amount,
      points: 0,
      status: 'pending',
      cancelled: 0,
      paid: false,
      createdAt: this.s.now,
      closeDue: null,
      intent: null,
      gateway: null,
      orders: [],
    };
    this.s.payments.push(p);
    // No transaction: the payment is recorded, then registered with the gateway.
    this.gatewayCall('prepare', () => {
      p.gateway = this.newBook(amount);
    });
    return 'ok';
  }

  // --- checkout --------------------------------------------------------------------------------------

  /**
   * The buyer's unpaid checkouts (decision 029): payments still pending whose orders await them,
   * holding stock and points, in the order they were made, with the products they hold.
   */
  private openCheckouts(user: number) {
    return this.s.payments.flatMap((p, i) => {
      if (p.purpose !== 'order' || p.status !== 'pending' || p.user !== user) return [];
      const awaiting = p.orders
        .map((j) => this.s.orders[j] as OrderM)
        .filter((o) => o.buyer === user && o.status === 'AWAITING_PAYMENT');
      if (awaiting.length === 0) return [];
      return [{ i, p, products: new Set(awaiting.flatMap((o) => o.lines.map((l) => l.product))) }];
    });
  }

  /**
   * Before a checkout: the buyer's open checkouts holding one of `products` (the new one replaces
   * them) and those past their window are closed as their expiry closes them, and the checkout runs
   * again ('again'); at most three open checkouts (counted by payment). Null: go on.
   */
  private releaseHolds(user: number, products: Set<number>, round: number): Outcome | 'again' | null {
    const open = this.openCheckouts(user);
    const release = open.filter(
      ({ p, products: held }) => [...held].some((x) => products.has(x)) || p.createdAt + SIM.windowMs <= this.s.now,
    );
    if (release.length) {
      if (round >= 10) return 'too_many_open_payments';
      for (const { i } of release) {
        const closed = this.confirm(i, { expire: true });
        if (closed === 'payment_gateway_unavailable') return closed;
      }
      this.point('checkout.prepare:released');
      return 'again';
    }
    if (open.length >= SIM.openPaymentsMax) return 'too_many_open_payments';
    return null;
  }

  /** A merchant's delivery terms (those it set over the defaults of one who never set any). */
  termsOf(user: number): DeliveryTerms {
    return { ...DEFAULT_DELIVERY_TERMS, ...this.cast.users[user]?.terms };
  }

  /** The options of a product (indices in `cast.options`); none for a product sold without. */
  optionsOf(product: number): number[] {
    return this.cast.options.flatMap((o, i) => (o.product === product ? [i] : []));
  }

  /** A product's unit price now: the option's when one of its own is named, else the product's own. */
  unitPrice(product: number, option: number | null): number {
    const o = option === null ? undefined : this.cast.options[option];
    if (o && o.product === product) return o.price;
    return this.s.prices[product] ?? this.cast.products[product]?.price ?? 0;
  }

  /** The count a line takes its stock from: its option's, else its product's (-1 unlimited). */
  private count(product: number, option: number | null): number {
    return (option === null ? this.s.stock[product] : this.s.optionStock[option]) as number;
  }

  /**
   * What a delivery of `qty` costs: the goods at the option's price (the product's when none of its
   * own is named) and the fee the merchant's terms give (`orderFeeFor`, as checkout charges it).
   */
  price(product: number, option: number | null, qty: number) {
    const p = this.cast.products[product];
    if (!p) throw new Error(`no product ${product}`);
    const items = this.unitPrice(product, option) * qty;
    const { fee, refusal } = orderFeeFor(this.termsOf(p.owner), SIM.legal, p.kind, 'delivery', items);
    return { items, fee, refusal };
  }

  total(product: number, option: number | null, qty: number) {
    const { items, fee } = this.price(product, option, qty);
    return items + fee;
  }

  buy(b: BuyInput): Outcome {
    const tenantOf = this.cast.users[b.user]?.tenant as number;
    if (b.points > 0 && !this.s.features[tenantOf]?.wallet) return 'points_disabled';
    const asked = JSON.stringify(['buy', b.product, b.option, b.qty, b.points, b.amount]);
    const keyOf = `prepare:${b.user}:${b.key}`;
    for (let round = 1; ; round++) {
      const earlier = this.s.keys[keyOf];
      if (earlier) return earlier.asked === asked ? 'ok' : 'idempotency_key_reused';
      const released = this.releaseHolds(b.user, new Set([b.product]), round);
      if (released === 'again') continue;
      if (released) return released;
      const product = this.cast.products[b.product];
      if (!product) return 'product_not_found';
      if (this.s.offSale[b.product]) return 'product_unavailable';
      if (this.s.stock[b.product] === 0) return 'sold_out';
      if (this.hidden(product.tenant, product.kind)) return 'product_unavailable';
      // The option named: required with options, one of the product's, on sale, not sold out.
      const own = this.optionsOf(b.product);
      const option = own.length > 0 ? b.option : null;
      if (own.length === 0 && b.option !== null) return 'option_unknown';
      if (own.length > 0) {
        if (b.option === null) return 'option_required';
        if (!own.includes(b.option)) return 'option_unknown';
        if (!this.cast.options[b.option]?.available) return 'option_unavailable';
        if (this.s.optionStock[b.option] === 0) return 'sold_out';
      }
      const left = this.count(b.product, option);
      if (left > 0 && b.qty > left) return 'stock_short';
      const { items, fee, refusal } = this.price(b.product, option, b.qty);
      if (refusal === 'below_minimum') return 'below_min_order';
      if (b.amount !== items + fee) return 'price_changed';
      const line = { product: b.product, option, qty: b.qty, price: items / b.qty, counted: left !== -1 };
      const order = {
        merchant: product.owner,
        kind: product.kind,
        type: 'delivery' as const,
        lines: [line],
        items,
        fee,
      };
      return this.place(b.user, [order], b.points, { keyOf, asked }, null);
    }
  }

  /**
   * Places the planned orders under one payment (buy-now: one; the cart: one per merchant and
   * kind): the total T, points P ≤ T, card C = T − P (none, or at least CARD_MIN_AMOUNT); P spread
   * over the orders by the largest remainder in proportion to their totals, each order's card share
   * the rest of its total and its reward on that share. In one transaction: the card part registered
   * with the gateway, the points locked, then the stock taken line by line (by product, then
   * option) by a conditional UPDATE of the count as it is at that moment (another buyer's checkout
   * or the merchant may have changed it since it was read): the whole checkout is refused if one
   * fell short; a count made unlimited meanwhile holds nothing.
   */
  private place(
    user: number,
    planned: PlannedOrder[],
    points: number,
    key: { keyOf: string; asked: string },
    cartLines: number[] | null,
  ): Outcome {
    const tenant = this.cast.users[user]?.tenant as number;
    const totals = planned.map((o) => o.items + o.fee);
    const total = totals.reduce((a, b) => a + b, 0);
    if (points > total) return 'points_over_total';
    const card = total - points;
    if (card > 0 && card < CARD_MIN_AMOUNT) return 'card_amount_too_small';
    const shares = spreadPoints(points, totals);
    const w = this.wallet(user);
    return this.tx(() => {
      if (card > 0) this.gatewayCall('prepare', () => {});
      if (points > w.available) return 'insufficient_points';
      // Each line has a count of its own (one line per product and option), so the counts can be
      // read in turn before any is written.
      const counted = planned
        .flatMap((o, k) => o.lines.map((l, n) => ({ l, k, n })))
        .filter(({ l }) => l.counted)
        .sort((a, b) => a.l.product - b.l.product || (a.l.option ?? -1) - (b.l.option ?? -1));
      const held = planned.map((o) => o.lines.map(() => 0));
      for (const { l, k, n } of counted) {
        const now = this.count(l.product, l.option);
        if (now === -1) continue;
        if (now < l.qty) return now === 0 ? 'sold_out' : 'stock_short';
        (held[k] as number[])[n] = l.qty;
      }
      const payment = this.s.payments.length;
      const first = this.s.orders.length;
      this.s.payments.push({
        tenant,
        purpose: 'order',
        user,
        card,
        points,
        status: 'pending',
        cancelled: 0,
        paid: false,
        createdAt: this.s.now,
        closeDue: null,
        intent: null,
        gateway: card > 0 ? this.newBook(card) : null,
        orders: planned.map((_, k) => first + k),
      });
      const rate = this.cast.tenants[tenant]?.rewardRate ?? 0;
      for (const [k, o] of planned.entries()) {
        const share = shares[k] as number;
        const cardShare = (totals[k] as number) - share;
        this.s.orders.push({
          tenant,
          buyer: user,
          merchant: o.merchant,
          kind: o.kind,
          type: o.type,
          lines: o.lines.map((l, n) => ({
            product: l.product,
            option: l.option,
            qty: l.qty,
            price: l.price,
            stockReserved: (held[k] as number[])[n] as number,
          })),
          items: o.items,
          fee: o.fee,
          payment,
          status: 'AWAITING_PAYMENT',
          points: share,
          card: cardShare,
          // Rewards are points: none where the wallet is off.
          reward: this.s.features[tenant]?.wallet ? earnedPoints(cardShare, rate) : 0,
          refunded: 0,
          paid: false,
          confirmed: false,
        });
      }
      w.available -= points;
      w.locked += points;
      for (const { l, k, n } of counted) {
        const qty = (held[k] as number[])[n] as number;
        if (qty === 0) continue;
        if (l.option === null) this.s.stock[l.product] = (this.s.stock[l.product] as number) - qty;
        else {
          this.s.optionStock[l.option] = (this.s.optionStock[l.option] as number) - qty;
          this.s.stock[l.product] = optionTotal(this.cast.options, this.s.optionStock, l.product);
        }
      }
      this.s.keys[key.keyOf] = { asked: key.asked, ref: first };
      if (cartLines) this.s.checkoutLines[payment] = cartLines;
      return 'ok';
    });
  }

  /** The buyer's return from the payment window (checkout.callback). */
  callback(payment: number, status: 'paid' | 'failed' | 'cancelled'): Outcome {
    const p = this.s.payments[payment];
    if (!p) return 'payment_not_found';
    const gaveUp = status !== 'paid';
    return gaveUp && p.card === 0
      ? this.confirm(payment, { expire: true })
      : this.confirm(payment, { buyer: true, expire: gaveUp });
  }

  // --- the cart --------------------------------------------------------------------------------------

  /** The buyer's cart lines, in the order they were made. */
  cartOf(user: number): CartLineM[] {
    return this.s.cart.filter((l) => l.user === user);
  }

  cartLine(user: number, product: number, option: number | null): CartLineM | undefined {
    return this.s.cart.find((l) => l.user === user && l.product === product && l.option === option);
  }

  /**
   * A cart line as the catalogue has it now, in the order a buyer would want to hear why it cannot
   * be bought: off sale (or its kind's module off), its option gone or needed, its option off sale,
   * sold out, fewer left than its qty, a price other than the one it was put in at.
   */
  priceLine(line: CartLineM): PricedCartLine {
    const p = this.cast.products[line.product];
    if (!p) throw new Error(`no product ${line.product}`);
    const none = { line, price: line.price, remaining: -1 };
    if (this.s.offSale[line.product] || this.hidden(p.tenant, p.kind)) return { ...none, reason: 'unavailable' };
    const own = this.optionsOf(line.product);
    const ownPrice = this.s.prices[line.product] ?? p.price;
    if (own.length > 0 && line.option === null) return { ...none, price: ownPrice, reason: 'option_required' };
    if (line.option !== null && !own.includes(line.option))
      return { ...none, price: ownPrice, reason: 'option_removed' };
    const found = {
      line,
      price: this.unitPrice(line.product, line.option),
      remaining: this.count(line.product, line.option),
    };
    if (line.option !== null && !this.cast.options[line.option]?.available) return { ...found, reason: 'unavailable' };
    if (found.remaining === 0) return { ...found, reason: 'sold_out' };
    if (found.remaining > 0 && line.qty > found.remaining) return { ...found, reason: 'stock_short' };
    if (found.price !== line.price) return { ...found, reason: 'price_changed' };
    return { ...found, reason: null };
  }

  /**
   * Cart lines priced now and grouped by merchant and kind (groups in the order of their first
   * line), each group's fee by the merchant's terms on the goods counted (the available lines, of
   * those `selected` when given). Local goods are picked up where the buyer chose it and the
   * merchant offers it, else delivered (every local product of the cast is delivered too).
   */
  quoteCart(lines: CartLineM[], pickup: number[], selected?: Set<number>): CartGroup[] {
    const groups: CartGroup[] = [];
    for (const line of lines) {
      const priced = this.priceLine(line);
      const product = this.cast.products[line.product];
      if (!product) throw new Error(`no product ${line.product}`);
      let g = groups.find((x) => x.merchant === product.owner && x.kind === product.kind);
      if (!g) {
        g = {
          merchant: product.owner,
          kind: product.kind,
          type: 'delivery',
          lines: [],
          counted: [],
          items: 0,
          fee: 0,
          refusal: null,
        };
        groups.push(g);
      }
      g.lines.push(priced);
      if (priced.reason === null && (!selected || selected.has(line.id))) g.counted.push(priced);
    }
    for (const g of groups) {
      const terms = this.termsOf(g.merchant);
      g.type = g.kind === 'pickup' && terms.offers_pickup && pickup.includes(g.merchant) ? 'pickup' : 'delivery';
      g.items = g.counted.reduce((sum, l) => sum + l.price * l.line.qty, 0);
      if (g.counted.length === 0) continue;
      const fee = orderFeeFor(terms, SIM.legal, g.kind, g.type, g.items);
      g.fee = fee.fee;
      g.refusal = fee.refusal;
    }
    return groups;
  }

  /** The total the cart shows for the chosen lines (goods and fees of the available ones). */
  cartTotal(user: number, chosen: number[], pickup: number[]): number {
    return this.quoteCart(this.cartOf(user), pickup, new Set(chosen)).reduce((sum, g) => sum + g.items + g.fee, 0);
  }

  /** Puts `qty` of a product (and option) in the cart, checked as a purchase is; a line it has gets more. */
  cartAdd(user: number, product: number, option: number | null, qty: number): Outcome {
    const p = this.cast.products[product];
    if (!p) return 'product_not_found';
    if (this.s.offSale[product]) return 'product_unavailable';
    if (this.s.stock[product] === 0) return 'sold_out';
    if (this.hidden(p.tenant, p.kind)) return 'product_unavailable';
    if (p.owner === user) return 'own_product';
    const own = this.optionsOf(product);
    if (own.length === 0 && option !== null) return 'option_unknown';
    if (own.length > 0) {
      if (option === null) return 'option_required';
      if (!own.includes(option)) return 'option_unknown';
      if (!this.cast.options[option]?.available) return 'option_unavailable';
      if (this.s.optionStock[option] === 0) return 'sold_out';
    }
    const remaining = this.count(product, option);
    if (remaining > 0 && qty > remaining) return 'stock_short';
    const line = this.cartLine(user, product, option);
    if (!line && this.cartOf(user).length >= CART_LINES_MAX) return 'cart_full';
    const price = this.unitPrice(product, option);
    if (line) {
      line.qty = Math.min(line.qty + qty, ORDER_QTY_MAX);
      line.price = price;
    } else this.s.cart.push({ id: ++this.s.cartSeq, user, product, option, qty, price });
    return 'ok';
  }

  /** A line's new qty; its price becomes the one the buyer sees now (a changed price accepted). */
  cartUpdate(user: number, product: number, option: number | null, qty: number): Outcome {
    const line = this.cartLine(user, product, option);
    if (!line) return 'cart_item_not_found';
    const priced = this.priceLine(line);
    if (priced.remaining > 0 && qty > priced.remaining) return 'stock_short';
    line.qty = qty;
    line.price = priced.price;
    return 'ok';
  }

  cartRemove(user: number, product: number, option: number | null): Outcome {
    const line = this.cartLine(user, product, option);
    if (!line) return 'cart_item_not_found';
    this.s.cart = this.s.cart.filter((l) => l !== line);
    return 'ok';
  }

  /**
   * The cart's checkout (issue 40): the chosen lines priced now, one order per merchant and kind,
   * one payment. `ids`: the model's ids of the lines chosen (null: a line not in the cart).
   */
  checkoutCart(c: CartCheckoutInput, ids: (number | null)[]): Outcome {
    const tenantOf = this.cast.users[c.user]?.tenant as number;
    if (c.points > 0 && !this.s.features[tenantOf]?.wallet) return 'points_disabled';
    // What it asked: the lines (ids), the points, the total and the pickups (its fingerprint).
    const named = ids.map((id, n) => id ?? `x${c.lines[n]?.product}:${c.lines[n]?.option}`);
    const asked = JSON.stringify(['cart', named, c.points, c.amount, c.pickup]);
    const keyOf = `prepare:${c.user}:${c.key}`;
    const chosen = new Set<number | string>(named);
    for (let round = 1; ; round++) {
      const earlier = this.s.keys[keyOf];
      if (earlier) return earlier.asked === asked ? 'ok' : 'idempotency_key_reused';
      const rows = this.cartOf(c.user).filter((l) => chosen.has(l.id));
      const released = this.releaseHolds(c.user, new Set(rows.map((l) => l.product)), round);
      if (released === 'again') continue;
      if (released) return released;
      if (rows.length !== chosen.size) return 'price_changed';
      const groups = this.quoteCart(rows, c.pickup);
      const reasons = new Set(groups.flatMap((g) => g.lines.map((l) => l.reason)));
      if (reasons.has('sold_out')) return 'sold_out';
      if (reasons.has('stock_short')) return 'stock_short';
      if (reasons.size > 1 || !reasons.has(null)) return 'price_changed';
      if (groups.some((g) => g.refusal === 'below_minimum')) return 'below_min_order';
      if (groups.some((g) => g.refusal === 'pickup_not_offered')) return 'pickup_not_offered';
      if (c.amount !== groups.reduce((sum, g) => sum + g.items + g.fee, 0)) return 'price_changed';
      // Orders in (merchant, kind) order: the cast's merchants were made in its order.
      const planned: PlannedOrder[] = [...groups]
        .sort((a, b) => a.merchant - b.merchant || a.kind.localeCompare(b.kind))
        .map((g) => ({
          merchant: g.merchant,
          kind: g.kind,
          type: g.type,
          items: g.items,
          fee: g.fee,
          lines: g.lines.map((l) => ({
            product: l.line.product,
            option: l.line.option,
            qty: l.line.qty,
            price: l.price,
            counted: l.remaining !== -1,
          })),
        }));
      return this.place(
        c.user,
        planned,
        c.points,
        { keyOf, asked },
        rows.map((l) => l.id),
      );
    }
  }

  // --- reversals -------------------------------------------------------------------------------------

  /**
   * Cancel or refund one paid order: its points back, its reward taken back as far as the wallet
   * holds it (what was spent is kept from its card share), exactly its share cancelled at the
   * gateway as a running total of what the payment's orders gave back (the gateway is asked only
   * for what it has not cancelled yet), its stock back. The payment is `partial_cancelled` while
   * other orders of it stand, `cancelled` once none does; the order's intent ends with it.
   */
  private reverse(j: number, to: Reversal) {
    const o = this.s.orders[j] as OrderM;
    const w = this.wallet(o.buyer);
    const p = this.s.payments[o.payment] as PaymentM;
    const held = Math.min(o.reward, w.available);
    const share = Math.max(0, o.card - (o.reward - held));
    const asked = p.cancelled + share;
    let already = 0;
    if (asked > p.cancelled) {
      this.gatewayCall('getPayment', () => (already = this.look(p.gateway)?.cancelled ?? 0));
      if (asked > already) this.gatewayCall('cancel', () => this.gatewayCancel(p.gateway, asked - already));
    }
    const before = p.cancelled;
    // Never less than the gateway gave back (a reversal finished after the gateway's cancel).
    p.cancelled = Math.max(asked, already, before);
    o.refunded = Math.min(o.card, p.cancelled - before);
    if (!p.intent || p.intent.order === j) p.intent = null;
    w.available += o.points - held;
    this.system(o.tenant).purchase_clearing -= o.points;
    this.system(o.tenant).rewards += held;
    o.status = to;
    const standing = p.orders.some((k) => {
      const status = this.s.orders[k]?.status;
      return status !== 'CANCELLED' && status !== 'REFUNDED';
    });
    p.status = standing ? 'partial_cancelled' : 'cancelled';
    this.giveStockBack(o);
  }

  /** A switched-off module hides its kind of goods and their orders (checkout's hiddenKinds). */
  private hidden(tenant: number, kind: 'pickup' | 'shopping') {
    return !this.s.features[tenant]?.[kind === 'shopping' ? 'shopping' : 'delivery'];
  }

  private orderHidden(o: OrderM) {
    return this.hidden(o.tenant, o.kind);
  }

  /**
   * A cancel or refund with a card part in two phases: its intent (naming the order) commits on
   * the payment first, then the reversal (with the gateway's cancel) runs in its own transaction,
   * decided again, as the order may have moved meanwhile. Interrupted, the intent stays for
   * settleRefund (webhook or reconciliation). One order of a payment at a time: another order's
   * intent makes this one wait (3 s), then answer refund_in_progress; in a sequence of steps that
   * intent is one a reversal left behind, and it is still there after the wait.
   */
  private reversal(order: number, decide: (o: OrderM) => Reversal | Outcome): Outcome {
    const first = this.s.orders[order] as OrderM;
    const to = this.orderHidden(first) ? 'order_not_found' : decide(first);
    if (to !== 'CANCELLED' && to !== 'REFUNDED') return to;
    // Paid with points only, nothing goes to the gateway: one transaction.
    if (first.card === 0) {
      return this.tx(() => {
        this.reverse(order, to);
        return 'ok';
      });
    }
    const p = this.s.payments[first.payment] as PaymentM;
    if (p.intent && p.intent.order !== order) return 'refund_in_progress';
    p.intent = { to, at: this.s.now, order };
    this.point('checkout.reverse:intended');
    return this.tx(() => {
      const o = this.s.orders[order] as OrderM;
      const again = this.orderHidden(o) ? 'order_not_found' : decide(o);
      if (again !== 'CANCELLED' && again !== 'REFUNDED') return again;
      this.reverse(order, again);
      return 'ok';
    });
  }

  cancelByBuyer(order: number): Outcome {
    if (!this.s.orders[order]?.paid) return 'order_not_found';
    return this.reversal(order, (o) => {
      if (o.status === 'CANCELLED') return 'ok';
      if (!BUYER_CANCELLABLE.includes(o.status as OrderStatus)) return 'order_not_cancellable';
      return 'CANCELLED';
    });
  }

  changeStatus(order: number, to: OrderStatus): Outcome {
    const decide = (o: OrderM) => {
      if (o.status === to) return 'ok';
      if (!allowedOrderMoves(o.status as OrderStatus).includes(to)) return 'invalid_status_transition';
      return to === 'CANCELLED' || to === 'REFUNDED' ? to : 'move';
    };
    const o = this.s.orders[order];
    if (!o?.paid) return 'order_not_found';
    if (this.orderHidden(o) || decide(o) !== 'move') return this.reversal(order, decide);
    o.status = to;
    return 'ok';
  }

  confirmReceipt(order: number): Outcome {
    const o = this.s.orders[order];
    if (!o?.paid || this.orderHidden(o)) return 'order_not_found';
    if (o.confirmed) return 'ok';
    if (!BUYER_CONFIRMABLE.includes(o.status as OrderStatus)) return 'order_not_confirmable';
    o.status = 'DELIVERED';
    o.confirmed = true;
    return 'ok';
  }

  // --- transfers and withdrawals ---------------------------------------------------------------------

  transfer(from: number, to: number, amount: number, key: string): Outcome {
    const keyOf = `transfer:${from}:${key}`;
    const asked = JSON.stringify([to, amount]);
    if (from === to) return 'self_transfer';
    if (this.s.deleted[to]) return 'receiver_not_found';
    const earlier = this.s.keys[keyOf];
    if (earlier) return earlier.asked === asked ? 'ok' : 'idempotency_key_reused';
    const w = this.wallet(from);
    if (w.available < amount) return 'insufficient_balance';
    w.available -= amount;
    this.wallet(to).available += amount;
    this.s.keys[keyOf] = { asked, ref: -1 };
    return 'ok';
  }

  withdraw(user: number, amount: number, key: string): Outcome {
    const keyOf = `withdraw:${user}:${key}`;
    const asked = JSON.stringify([amount]);
    const earlier = this.s.keys[keyOf];
    if (earlier) return earlier.asked === asked ? 'ok' : 'idempotency_key_reused';
    const w = this.wallet(user);
    if (w.available < amount) return 'insufficient_balance';
    w.available -= amount;
    w.locked += amount;
    this.s.withdrawals.push({
      tenant: this.cast.users[user]?.tenant as number,
      user,
      amount,
      status: 'pending',
      settleAfter: this.s.now + SIM.withdrawSettleMs,
    });
    this.s.keys[keyOf] = { asked, ref: this.s.withdrawals.length - 1 };
    return 'ok';
  }

  settleWithdrawals(tenants: number[]): Outcome {
    for (const t of tenants) {
      const due = this.s.withdrawals.filter(
        (w) => w.tenant === t && w.status === 'pending' && w.settleAfter <= this.s.now,
      );
      if (due.length === 0) continue;
      this.point('wallet.settle:between');
      for (const d of due) {
        const w = this.wallet(d.user);
        w.locked -= d.amount;
        this.system(t).withdrawal_bridge += d.amount;
        d.status = 'completed';
      }
    }
    return 'ok';
  }

  /** The platform admin switches a module of a tenant on or off. */
  switchFeature(tenant: number, feature: SwitchedFeature, on: boolean): Outcome {
    const f = this.s.features[tenant];
    if (f) f[feature] = on;
    return 'ok';
  }

  /**
   * The merchant's in-place count change (products tab): an option's count, then its product's
   * total, or the product's own. Units held by unpaid checkouts stay held and come back on top.
   */
  restock(product: number, option: number | null, stock: number): Outcome {
    const p = this.cast.products[product];
    if (!p || this.hidden(p.tenant, p.kind)) return 'product_not_found';
    const own = this.optionsOf(product);
    if (own.length > 0 && (option === null || !own.includes(option))) {
      return option === null ? 'options_stock' : 'option_unknown';
    }
    if (own.length === 0 && option !== null) return 'validation_error';
    if (option === null) {
      this.s.stock[product] = stock;
      return 'ok';
    }
    this.s.optionStock[option] = stock;
    this.s.stock[product] = optionTotal(this.cast.options, this.s.optionStock, product);
    return 'ok';
  }

  /**
   * The merchant saves a product sold without options (the product form sends every field): a new
   * unit price, and the count as the form showed it (`stock`, the count before the step).
   */
  reprice(product: number, price: number, stock: number): Outcome {
    const p = this.cast.products[product];
    if (!p || this.hidden(p.tenant, p.kind)) return 'product_not_found';
    if (this.optionsOf(product).length > 0) throw new Error('reprice is for products sold without options');
    this.s.prices[product] = price;
    this.s.stock[product] = stock;
    return 'ok';
  }

  // --- account deletion ------------------------------------------------------------------------------

  /**
   * Deleting an account (decision 030): refused while the user has open orders (as buyer or as
   * seller: neither cancelled, refunded nor confirmed) or locked points; otherwise the merchant's
   * products go off sale, the user's cart is emptied and the available points are forfeited to the
   * tenant's adjustments.
   */
  deleteAccount(user: number): Outcome {
    const open = this.s.orders.some(
      (o) =>
        (o.buyer === user || o.merchant === user) &&
        o.status !== 'CANCELLED' &&
        o.status !== 'REFUNDED' &&
        !o.confirmed,
    );
    if (open) return 'open_orders';
    const w = this.wallet(user);
    if (w.locked > 0) return 'points_locked';
    for (const [i, p] of this.cast.products.entries()) if (p.owner === user) this.s.offSale[i] = true;
    this.s.cart = this.s.cart.filter((l) => l.user !== user);
    this.forfeit(user);
    this.s.deleted[user] = true;
    return 'ok';
  }

  /** The job that forfeits points reaching deleted accounts later (a refund, a late top-up). */
  forfeitDeleted(tenants: number[]): Outcome {
    for (const [user, deleted] of this.s.deleted.entries()) {
      if (deleted && tenants.includes(this.cast.users[user]?.tenant as number)) this.forfeit(user);
    }
    return 'ok';
  }

  private forfeit(user: number) {
    const w = this.wallet(user);
    if (w.available <= 0) return;
    this.system(this.cast.users[user]?.tenant as number).adjustments += w.available;
    w.available = 0;
  }
}

/** A fault as the model is told it (the real run's failpoint, by name). */
export interface ModelFault {
  point: string;
  nth: number;
  kind: 'timeout' | 'crash';
}

/** The operation was interrupted: a gateway call that timed out (502) or a crash. */
class Interrupted extends Error {
  constructor(readonly outcome: 'payment_gateway_unavailable' | 'crash') {
    super(outcome);
  }
}
