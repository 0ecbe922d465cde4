import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config.js';
import { everyInterval } from '../../platform/jobs.js';
import { type PaymentGateway, withGatewayFailpoints } from '../../platform/payments/gateway.js';
import { createPortOneGateway } from '../../platform/payments/portone-gateway.js';
import { createSandboxGateway, type SandboxGateway } from '../../platform/payments/sandbox-gateway.js';
import { createPaymentsService, type PaymentsService } from './payments.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsService;
    /** The built-in gateway's checkout, when it is the configured gateway. */
    sandboxGateway: SandboxGateway | null;
  }
}

/** The card payment gateway of the deployment and the payments service; the reconciliation job. */
export const paymentsPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig }) => {
    const { payments: conf } = opts.config;
    const sandbox =
      conf.gateway === 'sandbox'
        ? withGatewayFailpoints(
            createSandboxGateway(app.db, { pendingSettleMs: conf.sandboxPendingSettleMs, seams: app.seams }),
            app.seams,
          )
        : null;
    const gateway: PaymentGateway =
      sandbox ??
      withGatewayFailpoints(createPortOneGateway(conf.portone as NonNullable<typeof conf.portone>), app.seams);
    if (sandbox && opts.config.env === 'production') {
      app.log.warn(
        'payments use the sandbox gateway (PAYMENT_GATEWAY=sandbox): its test cards credit points without charging anybody, and every payment screen says so. Set PAYMENT_GATEWAY=portone before real customers use this deployment.',
      );
    }
    const service = createPaymentsService({
      db: app.db,
      gateway,
      publicAddress: opts.config.publicAddress,
      log: app.log,
      expireAfterMs: conf.expireAfterMs,
      seams: app.seams,
    });
    app.decorate('payments', service);
    app.decorate('sandboxGateway', sandbox);
    everyInterval(app, 'payment reconciliation', conf.reconcileIntervalMs, () => service.reconcile());
  },
  { name: 'payments', dependencies: ['database', 'counters'] },
);
