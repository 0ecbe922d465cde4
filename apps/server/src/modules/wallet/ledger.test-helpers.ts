import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import { sqlState } from '../../platform/errors.js';

/** The SQLSTATE a statement fails with (undefined when it succeeds). */
export const refusal = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (err: unknown) => sqlState(err),
  );

/**
 * A ledger transaction written by hand, past `post`'s own checks: one entry per statement, so the
 * database's balance check waits for the commit, when all of them are written. The wallets' cached
 * balances follow their entries, so only that check can refuse it.
 */
export function postByHand(
  db: Db,
  tenantId: number,
  idempotencyKey: string,
  entries: { account: number | undefined; amount: number }[],
) {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: number }>(
      sql`insert into ledger_transactions (tenant_id, tx_type, idempotency_key)
          values (${tenantId}, 'adjustment', ${idempotencyKey}) returning id`,
    );
    for (const { account, amount } of entries) {
      await tx.execute(
        sql`insert into ledger_entries (tenant_id, transaction_id, account_id, bucket, amount)
            values (${tenantId}, ${rows[0]?.id}, ${account}, 'available', ${amount})`,
      );
      await tx.execute(
        sql`update ledger_accounts set available = available + ${amount}
            where tenant_id = ${tenantId} and id = ${account} and kind = 'wallet'`,
      );
    }
  });
}
