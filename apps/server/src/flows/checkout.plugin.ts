import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config.js';
import { createOrdersService, type OrdersService } from '../modules/orders/orders.service.js';
import { createShipmentsService, type ShipmentsService } from '../modules/orders/shipments.service.js';
import { everyInterval } from '../platform/jobs.js';
import { createSandboxTracker } from '../platform/tracking/sandbox-tracker.js';
import type { ParcelTracker } from '../platform/tracking/tracker.js';
import { createTrackerDeliveryTracker } from '../platform/tracking/tracker-delivery.js';
import { type CartFlow, createCartFlow } from './cart.js';
import { type CheckoutFlow, createCheckoutFlow } from './checkout.js';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
    shipments: ShipmentsService;
    /** The tracking service of the deployment (null: TRACKING_SERVICE=none). */
    parcelTracker: ParcelTracker | null;
    checkout: CheckoutFlow;
    cart: CartFlow;
  }
}

/** Parcel tracking's service of the deployment (docs/decisions/040-parcel-tracking.md). */
function createTracker(app: FastifyInstance, conf: AppConfig['tracking']): ParcelTracker | null {
  if (conf.service === 'sandbox') {
    return createSandboxTracker(app.db, { stageMs: conf.sandboxStageMs, seams: app.seams });
  }
  if (conf.service === 'tracker-delivery' && conf.trackerDelivery)
    return createTrackerDeliveryTracker(conf.trackerDelivery);
  return null;
}

/** Orders and their parcels, the buyer's cart and the checkout flow that settles their payments. */
export const checkoutPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig }) => {
    const orders = createOrdersService({ db: app.db, storage: app.storage });
    app.decorate('orders', orders);
    const { tracking } = opts.config;
    const tracker = createTracker(app, tracking);
    const shipments = createShipmentsService({
      db: app.db,
      orders,
      tracker,
      publicAddress: opts.config.publicAddress,
      webhookSecret: tracking.trackerDelivery?.webhookSecret ?? null,
      pollMs: tracking.pollMs,
      findTenant: (id) => app.tenants.find(id),
      log: app.log,
      seams: app.seams,
    });
    app.decorate('parcelTracker', tracker);
    app.decorate('shipments', shipments);
    everyInterval(app, 'parcel tracking', tracking.jobIntervalMs, () => shipments.sync());
    if (tracker && tracking.jobIntervalMs > 0) {
      // A first reading at start (the demo's parcels, those due while the server was down).
      app.addHook('onReady', async () => {
        shipments.sync().catch((err) => app.log.error({ err }, 'parcel tracking failed'));
      });
    }
    app.decorate('cart', createCartFlow({ db: app.db, storage: app.storage }));
    app.decorate(
      'checkout',
      createCheckoutFlow({
        db: app.db,
        payments: app.payments,
        orders,
        log: app.log,
        seams: app.seams,
        storage: app.storage,
        stockChanged: (tenantId) => app.catalogue.answers.invalidate(tenantId),
        // The reviews plugin registers after this one: its answers are looked up when needed.
        reviewsChanged: (tenantId) => {
          app.reviewAnswers?.invalidate(tenantId);
          app.catalogue.answers.invalidate(tenantId);
        },
      }),
    );
  },
  { name: 'checkout', dependencies: ['database', 'storage', 'tenancy', 'payments', 'wallet', 'catalogue'] },
);
