import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { type AppConfig, loadConfig } from '../config.js';
import { products } from '../modules/catalogue/catalogue.schema.js';
import { setOptions } from '../modules/catalogue/products.repository.js';
import type { TenantRow } from '../modules/tenants/tenants.schema.js';
import { updateDeliveryTerms } from '../modules/users/delivery-terms.js';
import type { CurrentUser } from '../platform/auth.js';
import { GatewayUnavailable } from '../platform/payments/gateway.js';
import { sandboxPayments } from '../platform/payments/sandbox.schema.js';
import type { Failpoint, Failpoints, Seams } from '../platform/seams.js';
import { createTenant, createUser } from '../seed/factories.js';
import { type DatabaseKind, ownDatabase } from '../test/app.js';
import { newWebhookSecret, type PortOneStandIn, startPortOneStandIn } from '../test/portone-stand-in.js';
import { type Cast, type GatewayStatus, initialStock, SIM } from './model.js';
import type { Rng } from './rng.js';

export type DbKind = DatabaseKind;

/** Model time 0 is this instant on the simulation's clock. */
export const EPOCH = Date.UTC(2026, 0, 5, 0, 0, 0);

/** The simulated process died here: the transaction it was in is rolled back, nothing after it runs. */
export class SimulatedCrash extends Error {
  constructor(readonly point: Failpoint) {
    super(`simulated crash at ${point}`);
    this.name = 'SimulatedCrash';
  }
}

export interface Fault {
  point: Failpoint;
  /** Interrupts the nth time the point is reached in the operation. */
  nth: number;
  /** A gateway that times out (its call throws GatewayUnavailable) or the process crashing. */
  kind: 'timeout' | 'crash';
}

/**
 * The failpoints of a run: at most one armed, for the operation being run. A crash is for good: a
 * flow that catches it to log and go on (closing a payment at the gateway "quietly", the jobs'
 * per-row error handling) meets it again at its next failpoint, as a dead process would do
 * nothing more.
 */
export class SimFailpoints implements Failpoints {
  armed: Fault | null = null;
  fired: Fault | null = null;
  private count = 0;

  arm(fault: Fault | null) {
    this.armed = fault;
    this.fired = null;
    this.count = 0;
  }

  reach(name: Failpoint): void {
    if (this.fired?.kind === 'crash') throw new SimulatedCrash(name);
    const fault = this.armed;
    if (!fault || fault.point !== name || ++this.count < fault.nth) return;
    this.armed = null;
    this.fired = fault;
    throw fault.kind === 'timeout' ? new GatewayUnavailable(`simulated timeout at ${name}`) : new SimulatedCrash(name);
  }
}

export interface World {
  app: FastifyInstance;
  kind: DbKind;
  clock: { t: number };
  failpoints: SimFailpoints;
  tenants: TenantRow[];
  /** The cast's users as the services see them (same index as `cast.users`). */
  users: CurrentUser[];
  /** The products' ids (same index as `cast.products`). */
  productIds: number[];
  /** The options' ids (same index as `cast.options`). */
  optionIds: number[];
  /** PortOne's stand-in, when the cast pays through PortOne. */
  portone: PortOneStandIn | null;
  /** A tenant's payments as the gateway holds them now, by payment id. */
  gatewayBook(tenantId: number, paymentIds: string[]): Promise<Map<string, GatewayView>>;
  close(): Promise<void>;
}

/** A payment at the gateway as the checks compare it. */
export interface GatewayView {
  status: GatewayStatus;
  amount: number;
  cancelled: number;
  /** The sandbox's window (ms) and pending card's settle time; PortOne's stand-in applies its own. */
  expiresAt: number;
  settleAt: number | null;
}

/**
 * The cast every run plays: two tenants, each with two merchants of two products and three buyers.
 * Two products are sold by options (issue 39): tenant 0's first pickup product (two options of
 * few units at different prices, and one off sale) and tenant 1's first shopping product (one
 * option unlimited, so its total is too). Three merchants set delivery terms: tenant 0's first a
 * delivery fee, a minimum the cheap option's single unit falls below and a free-over amount; its
 * second a flat delivery fee; tenant 1's first its own parcel fee and free-over amount. The rest
 * keep the defaults (free local delivery, the tenant's parcel policy).
 */
export function castOf(gateway: Cast['gateway']): Cast {
  const cast: Cast = {
    gateway,
    tenants: [{ rewardRate: 2 }, { rewardRate: 1.5 }],
    users: [],
    products: [],
    options: [],
  };
  const terms: Cast['users'][number]['terms'][] = [
    { delivery_fee: 3_000, min_order_amount: 10_000, free_delivery_over: 18_000 },
    { delivery_fee: 2_500 },
    { parcel_fee: 2_500, parcel_free_over: 35_000 },
    undefined,
  ];
  for (const tenant of [0, 1]) {
    for (let m = 0; m < 2; m++) {
      const owner = cast.users.push({ tenant, merchant: true, terms: terms[tenant * 2 + m] }) - 1;
      cast.products.push({ tenant, owner, price: 12_000 + 1_000 * m, kind: 'pickup', stock: 4 + m });
      cast.products.push({ tenant, owner, price: 18_000, kind: 'shopping', stock: m === 0 ? -1 : 6 });
    }
    for (let b = 0; b < 3; b++) cast.users.push({ tenant, merchant: false });
  }
  cast.options.push(
    { product: 0, name: '보통', price: 9_000, stock: 2, available: true },
    { product: 0, name: '곱빼기', price: 16_000, stock: 1, available: true },
    { product: 0, name: '특선', price: 21_000, stock: 3, available: false },
    { product: 5, name: 'S', price: 16_000, stock: -1, available: true },
    { product: 5, name: 'M', price: 18_000, stock: 3, available: true },
    { product: 5, name: 'L', price: 21_000, stock: 2, available: true },
  );
  const stock = initialStock(cast);
  for (const [i, p] of cast.products.entries()) p.stock = stock[i] as number;
  return cast;
}

/**
 * Builds the real app (every plugin, the same services the routes call; no HTTP, no timers) on a
 * fresh database with the simulation's seams, and sets the cast up in it.
 */
export async function buildWorld(kind: DbKind, serverUrl: string, cast: Cast, rng: Rng): Promise<World> {
  const base = loadConfig({});
  const { drop, ...database } = await ownDatabase(kind, serverUrl, 'sim');
  const clock = { t: EPOCH };
  const failpoints = new SimFailpoints();
  const seams: Seams = {
    clock: { now: () => new Date(clock.t) },
    random: { bytes: (n) => rng.bytes(n) },
    failpoints,
  };
  const portone =
    cast.gateway === 'portone'
      ? await startPortOneStandIn({
          apiSecret: PORTONE.apiSecret,
          storeId: PORTONE.storeId,
          webhookSecret: newWebhookSecret(),
          now: seams.clock.now,
          newId: () => rng.bytes(16).toString('hex'),
          readyOnPreRegister: true,
          pendingSettleMs: SIM.pendingSettleMs,
        })
      : null;
  const app = await buildApp(
    {
      ...base,
      env: 'test',
      logLevel: (process.env.SIM_LOG_LEVEL as AppConfig['logLevel'] | undefined) ?? 'silent',
      inMemoryDatabase: true,
      seedDemo: false,
      webDistDir: '/nonexistent',
      publicAddress: { scheme: 'http', port: 80 },
      rateLimits: false,
      redisUrl: undefined,
      payments: {
        ...base.payments,
        gateway: cast.gateway,
        portone: portone
          ? // No wall-clock timeout: a machine slowed down by other work must not change the run.
            { ...PORTONE, webhookSecret: portone.webhookSecret, apiBaseUrl: portone.baseUrl, timeoutMs: 3_600_000 }
          : base.payments.portone,
        reconcileIntervalMs: 0,
        expireAfterMs: SIM.windowMs,
        sandboxPendingSettleMs: SIM.pendingSettleMs,
      },
      wallet: { ...base.wallet, withdrawJobIntervalMs: 0, withdrawSettleMs: SIM.withdrawSettleMs },
      pgliteVacuumIntervalMs: 0,
      ...database,
    },
    seams,
  );
  try {
    const tenants: TenantRow[] = [];
    for (const t of cast.tenants) {
      tenants.push(
        await createTenant(app.db, {
          settings: { point_reward_rate: t.rewardRate, legal_info: { ...SIM.legal } },
        }),
      );
    }
    const users: CurrentUser[] = [];
    for (const u of cast.users) {
      const tenant = tenants[u.tenant] as TenantRow;
      const made = await createUser(app.db, tenant.id, { userType: u.merchant ? 'merchant' : 'customer' });
      const account = await app.users.findAccount(tenant.id, made.user.id);
      if (!account) throw new Error('a made user has no account');
      users.push({
        id: made.user.id,
        tenantId: tenant.id,
        email: made.user.email,
        username: made.user.username,
        userType: made.user.userType,
        isAdmin: false,
        merchantId: made.merchant?.id ?? null,
        sessionId: 0,
        account,
      });
    }
    const productIds: number[] = [];
    for (const p of cast.products) {
      const tenant = tenants[p.tenant] as TenantRow;
      const [row] = await app.db
        .insert(products)
        .values({
          tenantId: tenant.id,
          merchantId: users[p.owner]?.merchantId as number,
          categoryType: p.kind,
          title: p.kind === 'pickup' ? '한우 불고기 도시락' : '유기농 현미 4kg',
          price: p.price,
          deliveryCategory: p.kind === 'pickup' ? 'korean' : null,
          category: p.kind === 'shopping' ? 'food' : null,
          isDelivery: true,
          displayRemaining: p.stock,
        })
        .returning({ id: products.id });
      productIds.push(row?.id as number);
    }
    // Options through the repository's own helper (their product's price and total follow).
    const optionIds: number[] = [];
    for (const [i, p] of cast.products.entries()) {
      const own = cast.options.flatMap((o, j) => (o.product === i ? [{ o, j }] : []));
      if (own.length === 0) continue;
      const saved = await setOptions(
        app.db,
        (tenants[p.tenant] as TenantRow).id,
        productIds[i] as number,
        [],
        own.map(({ o }) => ({
          name: o.name,
          price: o.price,
          stock: o.stock === -1 ? null : o.stock,
          is_available: o.available,
        })),
      );
      for (const { o, j } of own)
        optionIds[j] = saved.find((r) => r.name === o.name)?.id ?? fail(`no option ${o.name}`);
    }
    for (const [i, u] of cast.users.entries()) {
      if (!u.terms) continue;
      const merchantId = users[i]?.merchantId ?? fail(`user ${i} is no merchant`);
      await updateDeliveryTerms(app.db, tenants[u.tenant] as TenantRow, merchantId, u.terms);
    }
    return {
      app,
      kind,
      clock,
      failpoints,
      tenants,
      users,
      productIds,
      optionIds,
      portone,
      async gatewayBook(tenantId, paymentIds) {
        const book = new Map<string, GatewayView>();
        if (portone) {
          for (const id of paymentIds) {
            const g = portone.payment(id);
            if (g) {
              const status = g.status as GatewayStatus;
              book.set(id, {
                status,
                amount: g.total,
                cancelled: g.cancelled,
                expiresAt: Infinity,
                settleAt: g.settleAt,
              });
            }
          }
          return book;
        }
        for (const g of await app.db.select().from(sandboxPayments).where(eq(sandboxPayments.tenantId, tenantId))) {
          book.set(g.paymentId, {
            status: g.status as GatewayStatus,
            amount: g.totalAmount,
            cancelled: g.cancelledAmount,
            expiresAt: g.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY,
            settleAt: g.settleAt?.getTime() ?? null,
          });
        }
        return book;
      },
      async close() {
        await app.close();
        await drop();
        await portone?.close();
      },
    };
  } catch (err) {
    await app.close();
    await drop();
    await portone?.close();
    throw err;
  }
}

/** The PortOne store the simulation's app is configured with (its stand-in accepts these). */
const PORTONE = {
  apiSecret: 'sim-portone-api-secret',
  storeId: 'store-00000000-0000-4000-8000-000000000051',
  channelKey: 'channel-key-00000000-0000-4000-8000-000000000052',
};

function fail(message: string): never {
  throw new Error(message);
}
