import {
  allowedOrderMoves,
  BUYER_CANCELLABLE,
  BUYER_CONFIRMABLE,
  CARD_MIN_AMOUNT,
  DEFAULT_DELIVERY_TERMS,
  type DeliveryTerms,
  earnedPoints,
  type OrderStatus,
  orderFeeFor,
} from '@app/contracts';
import { type LedgerAccountKind, ledgerAccountKinds } from '../modules/wallet/wallet.schema.js';

/**
 * The reference model of the money (docs/decisions/035-money-simulation.md): plain TypeScript, no
 * database. It says what each operation must do to wallets, the tenant's system accounts, stock,
 * payments (ours and the gateway's), orders and withdrawals, written from the rules (spec part 3,
 * decisions 014-016, 028, 029), not from the code. Each operation records the states its commits
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

export interface PaymentM {
  tenant: number;
  purpose: 'topup' | 'order';
  user: number;
  card: number;
  points: number;
  status: 'pending' | 'paid' | 'failed' | 'cancelled';
  cancelled: number;
  paid: boolean;
  createdAt: number;
  /** Refused with a card part: when its closing at the gateway became due (null once closed). */
  closeDue: number | null;
  /** A cancel or refund of its order recorded before the gateway is asked (null once it ended). */
  intent: { to: Reversal; at: number } | null;
  gateway: GatewayM | null;
  order: number | null;
}

export interface OrderM {
  tenant: number;
  buyer: number;
  product: number;
  /** The option bought (its index in `cast.options`), null for a product without options. */
  option: number | null;
  qty: number;
  /** The delivery fee charged (part of the total, so of the card part a whole refund gives back). */
  fee: number;
  payment: number;
  status: OrderStatus | 'AWAITING_PAYMENT';
  points: number;
  card: number;
  reward: number;
  stockReserved: number;
  paid: boolean;
  confirmed: boolean;
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

/** A purchase: `option` is an index in `cast.options` (possibly another product's), or none. */
export type BuyInput = {
  user: number;
  product: number;
  option: number | null;
  qty: number;
  points: number;
  key: string;
};

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
      payments: [],
      orders: [],
      withdrawals: [],
      deleted: cast.users.map(() => false),
      offSale: cast.products.map(() => false),
      features: cast.tenants.map(() => ({ wallet: true, shopping: true, delivery: true })),
      keys: {},
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

  private markPaid(i: number) {
    const p = this.s.payments[i] as PaymentM;
    p.status = 'paid';
    p.paid = true;
    if (p.purpose === 'topup') {
      this.wallet(p.user).available += p.card;
      this.system(p.tenant).topup_clearing -= p.card;
      return;
    }
    const o = this.s.orders[p.order as number] as OrderM;
    if (o.status !== 'AWAITING_PAYMENT') return;
    const w = this.wallet(o.buyer);
    w.locked -= o.points;
    this.system(o.tenant).purchase_clearing += o.points;
    this.system(o.tenant).rewards -= o.reward;
    w.available += o.reward;
    o.status = 'PENDING';
    o.paid = true;
  }

  private markFailed(i: number) {
    const p = this.s.payments[i] as PaymentM;
    p.status = 'failed';
    p.closeDue = p.card > 0 ? this.s.now : null;
    if (p.purpose !== 'order') return;
    const o = this.s.orders[p.order as number] as OrderM;
    if (o.status !== 'AWAITING_PAYMENT') return;
    const w = this.wallet(o.buyer);
    w.locked -= o.points;
    w.available += o.points;
    o.status = 'CANCELLED';
    this.giveStockBack(o);
  }

  /** A line's stock goes back where it was taken: to its option (then the product's total) or to the product. */
  private giveStockBack(o: OrderM) {
    if (o.stockReserved <= 0) return;
    if (o.option !== null) {
      const left = this.s.optionStock[o.option] as number;
      if (left >= 0) this.s.optionStock[o.option] = left + o.stockReserved;
      this.s.stock[o.product] = optionTotal(this.cast.options, this.s.optionStock, o.product);
      return;
    }
    const left = this.s.stock[o.product] as number;
    if (left >= 0) this.s.stock[o.product] = left + o.stockReserved;
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
    if (p.status === 'paid' || (p.status === 'cancelled' && p.paid)) return 'ok';
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
        const o = this.s.orders[p.order ?? -1];
        if (o?.paid && o.status !== 'CANCELLED' && o.status !== 'REFUNDED') {
          this.reverse(o, intent.to);
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
      order: null,
    };
    this.s.payments.push(p);
    // No transaction: the payment is recorded, then registered with the gateway.
    this.gatewayCall('prepare', () => {
      p.gateway = this.newBook(amount);
    });
    return 'ok';
  }

  // --- checkout --------------------------------------------------------------------------------------

  private openCheckouts(user: number) {
    return this.s.orders
      .map((o, i) => ({ o, i }))
      .filter(
        ({ o }) =>
          o.buyer === user && o.status === 'AWAITING_PAYMENT' && this.s.payments[o.payment]?.status === 'pending',
      );
  }

  /** A merchant's delivery terms (those it set over the defaults of one who never set any). */
  termsOf(user: number): DeliveryTerms {
    return { ...DEFAULT_DELIVERY_TERMS, ...this.cast.users[user]?.terms };
  }

  /** The options of a product (indices in `cast.options`); none for a product sold without. */
  optionsOf(product: number): number[] {
    return this.cast.options.flatMap((o, i) => (o.product === product ? [i] : []));
  }

  /**
   * What a delivery of `qty` costs: the goods at the option's price (the product's when none of its
   * own is named) and the fee the merchant's terms give (`orderFeeFor`, as checkout charges it).
   */
  price(product: number, option: number | null, qty: number) {
    const p = this.cast.products[product];
    if (!p) throw new Error(`no product ${product}`);
    const o = option === null ? undefined : this.cast.options[option];
    const items = (o && o.product === product ? o.price : p.price) * qty;
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
    const asked = JSON.stringify([b.product, b.option, b.qty, b.points]);
    const keyOf = `prepare:${b.user}:${b.key}`;
    for (let round = 1; ; round++) {
      const earlier = this.s.keys[keyOf];
      if (earlier) return earlier.asked === asked ? 'ok' : 'idempotency_key_reused';
      const open = this.openCheckouts(b.user);
      const release = open.filter(
        ({ o }) =>
          o.product === b.product || (this.s.payments[o.payment]?.createdAt as number) + SIM.windowMs <= this.s.now,
      );
      if (release.length) {
        if (round >= 10) return 'too_many_open_payments';
        for (const { o } of release) {
          const closed = this.confirm(o.payment, { expire: true });
          if (closed === 'payment_gateway_unavailable') return closed;
        }
        this.point('checkout.prepare:released');
        continue;
      }
      if (open.length >= SIM.openPaymentsMax) return 'too_many_open_payments';
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
      const counted = () =>
        option === null ? (this.s.stock[b.product] as number) : (this.s.optionStock[option] as number);
      const left = counted();
      if (left > 0 && b.qty > left) return 'stock_short';
      const { items, fee, refusal } = this.price(b.product, option, b.qty);
      if (refusal === 'below_minimum') return 'below_min_order';
      const total = items + fee;
      if (b.points > total) return 'points_over_total';
      const card = total - b.points;
      if (card > 0 && card < CARD_MIN_AMOUNT) return 'card_amount_too_small';
      const w = this.wallet(b.user);
      return this.tx(() => {
        // The payment is recorded and registered with the gateway, then the points are locked.
        if (card > 0) this.gatewayCall('prepare', () => {});
        if (b.points > w.available) return 'insufficient_points';
        // Stock last, by a conditional UPDATE of the count as it is now (another buyer's checkout
        // or the merchant may have changed it since it was read): the whole transaction is refused
        // if it fell short; a count made unlimited meanwhile holds nothing.
        const now = counted();
        const reserve = left !== -1 && now !== -1;
        if (reserve && now < b.qty) return now === 0 ? 'sold_out' : 'stock_short';
        const tenant = product.tenant;
        const payment = this.s.payments.length;
        const order = this.s.orders.length;
        this.s.payments.push({
          tenant,
          purpose: 'order',
          user: b.user,
          card,
          points: b.points,
          status: 'pending',
          cancelled: 0,
          paid: false,
          createdAt: this.s.now,
          closeDue: null,
          intent: null,
          gateway: card > 0 ? this.newBook(card) : null,
          order,
        });
        this.s.orders.push({
          tenant,
          buyer: b.user,
          product: b.product,
          option,
          qty: b.qty,
          fee,
          payment,
          status: 'AWAITING_PAYMENT',
          points: b.points,
          card,
          reward: this.s.features[tenant]?.wallet ? earnedPoints(card, this.cast.tenants[tenant]?.rewardRate ?? 0) : 0,
          stockReserved: reserve ? b.qty : 0,
          paid: false,
          confirmed: false,
        });
        w.available -= b.points;
        w.locked += b.points;
        if (reserve) {
          if (option === null) this.s.stock[b.product] = now - b.qty;
          else {
            this.s.optionStock[option] = now - b.qty;
            this.s.stock[b.product] = optionTotal(this.cast.options, this.s.optionStock, b.product);
          }
        }
        this.s.keys[keyOf] = { asked, ref: order };
        return 'ok';
      });
    }
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

  /**
   * Cancel or refund a paid order: points back, reward taken back as far as held, card part back
   * (what the gateway has not given back yet), stock back; the intent ends with it.
   */
  private reverse(o: OrderM, to: Reversal) {
    const w = this.wallet(o.buyer);
    const p = this.s.payments[o.payment] as PaymentM;
    const held = Math.min(o.reward, w.available);
    const refund = Math.max(0, o.card - (o.reward - held));
    let already = 0;
    if (refund > 0) {
      this.gatewayCall('getPayment', () => (already = this.look(p.gateway)?.cancelled ?? 0));
      if (refund > already) this.gatewayCall('cancel', () => this.gatewayCancel(p.gateway, refund - already));
    }
    p.status = 'cancelled';
    // Never less than the gateway gave back (a reversal finished after the gateway's cancel).
    p.cancelled = Math.max(refund, already);
    p.intent = null;
    w.available += o.points - held;
    this.system(o.tenant).purchase_clearing -= o.points;
    this.system(o.tenant).rewards += held;
    o.status = to;
    this.giveStockBack(o);
  }

  /**
   * A cancel or refund with a card part in two phases: its intent commits on the payment first, then the reversal
   * (with the gateway's cancel) runs in its own transaction, decided again, as the order may have
   * moved meanwhile. Interrupted, the intent stays for settleRefund (webhook or reconciliation).
   */
  /** A switched-off module hides its kind of goods and their orders (checkout's hiddenKinds). */
  private hidden(tenant: number, kind: 'pickup' | 'shopping') {
    return !this.s.features[tenant]?.[kind === 'shopping' ? 'shopping' : 'delivery'];
  }

  private orderHidden(o: OrderM) {
    return this.hidden(o.tenant, this.cast.products[o.product]?.kind ?? 'pickup');
  }

  private reversal(order: number, decide: (o: OrderM) => Reversal | Outcome): Outcome {
    const first = this.s.orders[order] as OrderM;
    const to = this.orderHidden(first) ? 'order_not_found' : decide(first);
    if (to !== 'CANCELLED' && to !== 'REFUNDED') return to;
    // Paid with points only, nothing goes to the gateway: one transaction.
    if (first.card === 0) {
      return this.tx(() => {
        this.reverse(first, to);
        return 'ok';
      });
    }
    (this.s.payments[first.payment] as PaymentM).intent = { to, at: this.s.now };
    this.point('checkout.reverse:intended');
    return this.tx(() => {
      const o = this.s.orders[order] as OrderM;
      const again = this.orderHidden(o) ? 'order_not_found' : decide(o);
      if (again !== 'CANCELLED' && again !== 'REFUNDED') return again;
      this.reverse(o, again);
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

  // --- account deletion ------------------------------------------------------------------------------

  /**
   * Deleting an account (decision 030): refused while the user has open orders (as buyer or as
   * seller: neither cancelled, refunded nor confirmed) or locked points; otherwise the merchant's
   * products go off sale and the available points are forfeited to the tenant's adjustments.
   */
  deleteAccount(user: number): Outcome {
    const open = this.s.orders.some(
      (o) =>
        (o.buyer === user || this.cast.products[o.product]?.owner === user) &&
        o.status !== 'CANCELLED' &&
        o.status !== 'REFUNDED' &&
        !o.confirmed,
    );
    if (open) return 'open_orders';
    const w = this.wallet(user);
    if (w.locked > 0) return 'points_locked';
    for (const [i, p] of this.cast.products.entries()) if (p.owner === user) this.s.offSale[i] = true;
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
