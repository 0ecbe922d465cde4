import { type AccountDeletionPreview, type OrderStatus, orderStatusLabel } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { AuthService } from '../modules/auth/auth.service.js';
import { clearCart } from '../modules/cart/cart.repository.js';
import { productsOnSaleOf, takeOffSale } from '../modules/catalogue/sales.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import type { UsersService } from '../modules/users/users.service.js';
import { balanceOf, inLedgerTransaction } from '../modules/wallet/ledger.js';
import { forfeitBalance, walletsWithPoints } from '../modules/wallet/points.js';
import type { CurrentUser } from '../platform/auth.js';
import type { Db, DbOrTx } from '../platform/db/client.js';
import { AppError } from '../platform/errors.js';
import type { JobScope } from '../platform/jobs.js';

/** How many open orders the refusal names (the preview lists them all). */
const NAMED_ORDERS = 10;

type OpenOrder = Awaited<ReturnType<OrdersService['openOrdersOf']>>[number];

const labelOf = (o: Pick<OpenOrder, 'status' | 'orderType'>) =>
  o.status === 'AWAITING_PAYMENT' ? '결제 대기' : orderStatusLabel(o.status as OrderStatus, o.orderType);

export function openOrdersError(open: OpenOrder[]) {
  const named = open
    .slice(0, NAMED_ORDERS)
    .map((o) => `#${o.id}(${labelOf(o)})`)
    .join(', ');
  const more = open.length > NAMED_ORDERS ? ` 외 ${open.length - NAMED_ORDERS}건` : '';
  return AppError.conflict(
    `진행 중인 주문이 있어 탈퇴할 수 없습니다: 주문 ${named}${more}. 주문이 구매확정·취소·환불된 뒤 다시 시도해주세요.`,
    'open_orders',
  );
}

export function pointsLockedError(locked: number) {
  return AppError.conflict(
    `결제나 출금이 진행 중인 포인트(${locked.toLocaleString('ko-KR')}P)가 있어 탈퇴할 수 없습니다. 처리가 끝난 뒤 다시 시도해주세요.`,
    'points_locked',
  );
}

/**
 * Deleting an account (docs/decisions/030-enumeration-and-account-deletion.md): refused while
 * the user has open orders, as buyer or as seller, or points locked for a payment or withdrawal
 * in progress; otherwise, in one transaction under the user's row lock, a merchant's products go
 * off sale, the available points are forfeited to the tenant's `adjustments` account through the
 * ledger, and the account is anonymised (docs/decisions/005).
 */
export function createAccountDeletionFlow(deps: {
  db: Db;
  auth: AuthService;
  users: UsersService;
  orders: OrdersService;
  log: FastifyBaseLogger;
  catalogueChanged: (tenantId: number) => void;
}) {
  const { db, auth, users, orders, log, catalogueChanged } = deps;

  const openOrdersOf = (tx: DbOrTx, user: CurrentUser) =>
    orders.openOrdersOf(tx, user.tenantId, { buyerId: user.id, merchantId: user.merchantId });

  return {
    async preview(user: CurrentUser): Promise<AccountDeletionPreview> {
      const open = await openOrdersOf(db, user);
      const balance = await balanceOf(db, user.tenantId, user.id);
      return {
        can_delete: open.length === 0 && balance.locked === 0,
        open_orders: open.map((o) => ({
          id: o.id,
          role: o.buyerId === user.id ? ('buyer' as const) : ('merchant' as const),
          status: o.status,
          status_label: labelOf(o),
          total_price: o.totalPrice,
        })),
        points_available: balance.available,
        points_locked: balance.locked,
        products_on_sale: user.merchantId === null ? 0 : await productsOnSaleOf(db, user.tenantId, user.merchantId),
      };
    },

    async delete(user: CurrentUser) {
      const outcome = await inLedgerTransaction(db, async (tx) => {
        // The user's row first: an order being created for this buyer or merchant holds a key
        // share on it (and on the merchant's row) until it commits, so it is seen below.
        if (!(await users.lockLive(user.tenantId, user.id, tx))) {
          throw AppError.unauthorized('로그인이 만료되었습니다. 다시 로그인해주세요.', 'session_expired');
        }
        const open = await openOrdersOf(tx, user);
        if (open.length > 0) throw openOrdersError(open);
        const { locked } = await balanceOf(tx, user.tenantId, user.id);
        if (locked > 0) throw pointsLockedError(locked);
        const offSale = user.merchantId === null ? 0 : await takeOffSale(tx, user.tenantId, user.merchantId);
        const forfeited = await forfeitBalance(tx, user.tenantId, { userId: user.id, reason: 'account_deleted' });
        // The cart is the account's own: nothing of it outlives the account.
        await clearCart(tx, user.tenantId, user.id);
        await auth.anonymiseAccount(user, tx);
        return { offSale, forfeited };
      });
      if (outcome.offSale > 0) catalogueChanged(user.tenantId);
      return { message: '회원 탈퇴가 완료되었습니다.' };
    },

    /**
     * Forfeits points left on accounts deleted before this rule (or that reached them after their
     * deletion, such as a refund), by the same ledger movement; safe to run again and on several
     * nodes at once (each wallet's key names its last entry). Answers the points forfeited.
     */
    async forfeitDeletedBalances(scope: JobScope = {}): Promise<number> {
      const byTenant = new Map<number, number[]>();
      for (const { tenantId, id } of await users.deletedUserIds(scope)) {
        byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), id]);
      }
      let total = 0;
      for (const [tenantId, ids] of byTenant) {
        for (const userId of await walletsWithPoints(db, tenantId, ids)) {
          const forfeited = await inLedgerTransaction(db, (tx) =>
            forfeitBalance(tx, tenantId, { userId, reason: 'account_deleted' }),
          );
          if (forfeited > 0) log.info({ tenantId, userId, forfeited }, 'points of a deleted account forfeited');
          total += forfeited;
        }
      }
      return total;
    },
  };
}

export type AccountDeletionFlow = ReturnType<typeof createAccountDeletionFlow>;
