import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  allowedOrderMoves,
  type CarrierId,
  type Order,
  type OrderStatus,
  shippingMessages,
  type Tracking,
} from '@app/contracts';
import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { acrossShards } from '../../platform/db/citus.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { inJobScope, type JobScope } from '../../platform/jobs.js';
import { type PublicAddress, tenantOrigin } from '../../platform/public-address.js';
import type { Seams } from '../../platform/seams.js';
import type { ParcelTracker } from '../../platform/tracking/tracker.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import { type OrderRow, orders } from './orders.schema.js';
import {
  type HiddenKinds,
  isParcel,
  type OrdersService,
  type OrderViewer,
  orderNotFound,
  shipmentOf,
} from './orders.service.js';

/** The statuses a parcel is tracked in: paid and not yet delivered, cancelled or refunded. */
const TRACKED: OrderStatus[] = ['PENDING', 'CONFIRMED', 'PREPARING', 'READY', 'DELIVERING'];
/** How long a registered webhook lives (tracker.delivery recommends 48 h) and when it is renewed. */
export const WEBHOOK_TTL_MS = 48 * 3_600_000;
export const WEBHOOK_RENEW_BEFORE_MS = 24 * 3_600_000;
/** A reading younger than this is answered as it is (the timeline page asks again at most this often). */
const FRESH_MS = 60_000;
export const DELIVERED_BY_CARRIER_MEMO = '택배사 배달완료 확인';

const shipmentNotFound = () => AppError.notFound(shippingMessages.noShipment, 'shipment_not_found');

/**
 * Parcels of shipped orders (docs/decisions/040-parcel-tracking.md): the merchant registers the
 * carrier and number; the tracking service's record is copied onto the order when it calls the
 * tenant's webhook, when someone opens the timeline, and by the tracking job (a fallback for lost
 * webhooks, and the only reader of the sandbox, which sends none). A parcel the carrier reports
 * delivered moves its order to DELIVERED by the system.
 */
export function createShipmentsService(deps: {
  db: Db;
  orders: OrdersService;
  /** null: no tracking service (TRACKING_SERVICE=none): shipments are recorded, nothing is read. */
  tracker: ParcelTracker | null;
  publicAddress: PublicAddress;
  /** Signs the tenants' webhook addresses (tracker.delivery only). */
  webhookSecret: string | null;
  pollMs: number;
  /** A tenant by id (the job's due parcels name their tenant). */
  findTenant: (id: number) => Promise<TenantRow | undefined>;
  log: FastifyBaseLogger;
  seams: Pick<Seams, 'clock'>;
}) {
  const { db, orders: ordersService, tracker, seams, log } = deps;
  const usesWebhooks = tracker?.kind === 'tracker-delivery' && deps.webhookSecret !== null;

  /** The tenant's webhook token: a signature of its id, so that a callback names its tenant and cannot be guessed. */
  const tokenOf = (tenantId: number) =>
    createHmac('sha256', deps.webhookSecret ?? '')
      .update(`tracking-webhook:${tenantId}`)
      .digest('base64url')
      .slice(0, 32);

  const webhookUrl = (tenant: TenantRow) =>
    `${tenantOrigin(tenant, deps.publicAddress)}/api/delivery/tracking-webhook/${tokenOf(tenant.id)}`;

  async function orderRow(tx: DbOrTx, tenantId: number, orderId: number) {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.tenantId, tenantId), eq(orders.id, orderId)));
    return row;
  }

  /**
   * Reads the parcel from the tracking service (outside any transaction), renews its webhook when
   * due, and stores the reading on the order if it still has that parcel; a delivered parcel moves
   * a tracked order to DELIVERED. Failures are logged: the next reading tries again.
   */
  async function refresh(tenant: TenantRow, orderId: number): Promise<OrderRow | undefined> {
    const before = await orderRow(db, tenant.id, orderId);
    if (!tracker || !before?.carrier || !before.trackingNumber) return before;
    const { carrier, trackingNumber } = before;
    const now = seams.clock.now();
    let webhookUntil = before.trackingWebhookUntil;
    try {
      const track = await tracker.track(tenant.id, carrier, trackingNumber);
      if (
        usesWebhooks &&
        TRACKED.includes(before.status as OrderStatus) &&
        track?.status !== 'DELIVERED' &&
        (!webhookUntil || webhookUntil.getTime() - now.getTime() < WEBHOOK_RENEW_BEFORE_MS)
      ) {
        const until = new Date(now.getTime() + WEBHOOK_TTL_MS);
        await tracker.registerWebhook(tenant.id, carrier, trackingNumber, webhookUrl(tenant), until);
        webhookUntil = until;
      }
      return await db.transaction(async (tx) => {
        const order = await ordersService.lock(tx, tenant.id, orderId);
        if (!order || order.carrier !== carrier || order.trackingNumber !== trackingNumber) return order;
        const [read] = await tx
          .update(orders)
          .set({
            trackingStatus: track?.status ?? null,
            trackingEvents: track?.events ?? [],
            trackingCheckedAt: now,
            trackingWebhookUntil: webhookUntil,
          })
          .where(and(eq(orders.tenantId, tenant.id), eq(orders.id, orderId)))
          .returning();
        if (
          !read ||
          track?.status !== 'DELIVERED' ||
          !allowedOrderMoves(read.status as OrderStatus).includes('DELIVERED')
        ) {
          return read;
        }
        const deliveredAt = [...track.events].reverse().find((e) => e.status === 'DELIVERED')?.time;
        return ordersService.setStatus(tx, read, {
          to: 'DELIVERED',
          actor: 'system',
          actorUserId: null,
          memo: DELIVERED_BY_CARRIER_MEMO,
          set: { deliveredAt: deliveredAt ? new Date(deliveredAt) : now },
        });
      });
    } catch (err) {
      log.warn({ err, tenantId: tenant.id, orderId }, 'parcel tracking read failed');
      return before;
    }
  }

  return {
    tokenOf,
    /** Whether tenants' webhooks are served (tracker.delivery with its secret). */
    usesWebhooks,

    /** After a status change or registration committed: the first reading and the webhook, best effort. */
    async afterShipment(tenant: TenantRow, orderId: number) {
      await refresh(tenant, orderId);
    },

    /** PUT /api/delivery/orders/{id}/shipment: the merchant sets or corrects the parcel before delivery. */
    async setShipment(
      tenant: TenantRow,
      viewer: OrderViewer & { merchantId: number },
      orderId: number,
      input: { carrier: CarrierId; tracking_number: string },
      hidden: HiddenKinds,
    ): Promise<Order> {
      const row = await db.transaction(async (tx) => {
        const order = await ordersService.lock(tx, tenant.id, orderId);
        if (!order?.paidAt || order.merchantId !== viewer.merchantId || hidden.includes(order.categoryType)) {
          throw orderNotFound();
        }
        if (!isParcel(order)) throw AppError.badRequest(shippingMessages.notParcel, 'shipment_not_parcel');
        if (!TRACKED.includes(order.status as OrderStatus)) {
          throw AppError.badRequest(shippingMessages.closed, 'shipment_closed');
        }
        return ordersService.setShipment(tx, order, input.carrier, input.tracking_number);
      });
      const read = (await refresh(tenant, orderId)) ?? row;
      return ordersService.present(tenant.id, read, viewer);
    },

    /** GET /api/delivery/orders/{id}/tracking: the buyer's or the merchant's; read again when stale. */
    async tracking(tenant: TenantRow, viewer: OrderViewer, orderId: number, hidden: HiddenKinds): Promise<Tracking> {
      let row = await orderRow(db, tenant.id, orderId);
      if (
        !row?.paidAt ||
        !(row.buyerId === viewer.userId || row.merchantId === viewer.merchantId) ||
        hidden.includes(row.categoryType)
      ) {
        throw orderNotFound();
      }
      const stale = !row.trackingCheckedAt || seams.clock.now().getTime() - row.trackingCheckedAt.getTime() >= FRESH_MS;
      if (stale && TRACKED.includes(row.status as OrderStatus)) row = (await refresh(tenant, orderId)) ?? row;
      const shipment = shipmentOf(row);
      if (!shipment) throw shipmentNotFound();
      return {
        ...shipment,
        order_id: row.id,
        events: row.trackingEvents ?? [],
        checked_at: row.trackingCheckedAt?.toISOString() ?? null,
      };
    },

    /**
     * The tracking service's callback: it names a carrier and a number only, on the tenant's own
     * address with the tenant's token. Each of the tenant's tracked orders with that parcel is read
     * again. An unknown parcel is acknowledged and changes nothing.
     */
    async webhook(tenant: TenantRow, token: string, body: { carrierId: string; trackingNumber: string }) {
      const expected = Buffer.from(tokenOf(tenant.id));
      const given = Buffer.from(token);
      if (!usesWebhooks || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw AppError.notFound('웹훅 주소가 올바르지 않습니다.', 'webhook_not_found');
      }
      const due = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.tenantId, tenant.id),
            eq(orders.carrier, body.carrierId as CarrierId),
            eq(orders.trackingNumber, body.trackingNumber),
            inArray(orders.status, TRACKED),
          ),
        )
        .orderBy(asc(orders.id))
        .limit(20);
      for (const { id } of due) await refresh(tenant, id);
      return due.length;
    },

    /**
     * The tracking job: parcels on their way whose last reading is older than the poll interval,
     * or whose webhook is due for renewal, across tenants (a deliberate multi-shard read), each then
     * read on its tenant's shard.
     */
    async sync({ now = seams.clock.now(), ...scope }: { now?: Date } & JobScope = {}): Promise<number> {
      if (!tracker) return 0;
      const readBefore = new Date(now.getTime() - deps.pollMs);
      const renewBefore = new Date(now.getTime() + WEBHOOK_RENEW_BEFORE_MS);
      const due = await acrossShards(db, (tx) =>
        tx
          .select({ tenantId: orders.tenantId, id: orders.id })
          .from(orders)
          .where(
            and(
              isNotNull(orders.trackingNumber),
              inArray(orders.status, TRACKED),
              or(
                isNull(orders.trackingCheckedAt),
                lt(orders.trackingCheckedAt, readBefore),
                usesWebhooks
                  ? or(isNull(orders.trackingWebhookUntil), lt(orders.trackingWebhookUntil, renewBefore))
                  : undefined,
              ),
              inJobScope(orders.tenantId, scope),
            ),
          )
          .orderBy(sql`${orders.trackingCheckedAt} asc nulls first`)
          .limit(200),
      );
      const tenantRows = new Map<number, TenantRow | undefined>();
      for (const { tenantId, id } of due) {
        if (!tenantRows.has(tenantId)) tenantRows.set(tenantId, await deps.findTenant(tenantId));
        const tenant = tenantRows.get(tenantId);
        if (tenant) await refresh(tenant, id);
      }
      return due.length;
    },
  };
}

export type ShipmentsService = ReturnType<typeof createShipmentsService>;
