import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOrdersService, type OrdersService } from '../modules/orders/orders.service.js';
import { type CartFlow, createCartFlow } from './cart.js';
import { type CheckoutFlow, createCheckoutFlow } from './checkout.js';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
    checkout: CheckoutFlow;
    cart: CartFlow;
  }
}

/** Orders, the buyer's cart and the checkout flow that settles their payments. */
export const checkoutPlugin = fp(
  async (app: FastifyInstance) => {
    const orders = createOrdersService({ db: app.db, storage: app.storage });
    app.decorate('orders', orders);
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
  { name: 'checkout', dependencies: ['database', 'storage', 'payments', 'wallet', 'catalogue'] },
);
