import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { everyInterval } from '../../platform/jobs.js';
import { createWalletService, type WalletService } from './wallet.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    wallet: WalletService;
  }
}

/** The points wallet (ledger, top-ups, transfers, withdrawals) and the sandbox bridge's settling job. */
export const walletPlugin = fp(
  async (app: FastifyInstance, opts: { withdrawSettleMs: number; withdrawJobIntervalMs: number }) => {
    const service = createWalletService({
      db: app.db,
      users: app.users,
      payments: app.payments,
      log: app.log,
      withdrawSettleMs: opts.withdrawSettleMs,
      seams: app.seams,
    });
    app.decorate('wallet', service);
    everyInterval(app, 'withdrawal settling', opts.withdrawJobIntervalMs, () => service.settleDueWithdrawals());
  },
  { name: 'wallet', dependencies: ['database', 'payments', 'accounts'] },
);
