import { acrossShards } from '../../platform/db/citus.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError, sqlState, violatedConstraint } from '../../platform/errors.js';
import type { JobScope } from '../../platform/jobs.js';
import * as repo from './users.repository.js';
import type { MerchantRow, UserRow } from './users.schema.js';

export type { AccountRow } from './users.repository.js';
// The account's columns and joins, for a module that reads an account within its own query (the
// session look-up of every signed-in request).
export { accountColumns, adminGrantOfUser, merchantOfUser, toAccountRow } from './users.repository.js';
export type { MerchantRow, UserRow } from './users.schema.js';

/**
 * Korean like every detail of the API. The client tells the two apart by `code` (`email_taken`,
 * `username_taken`); spec part 1, section 8 names the English texts of the old API, which the
 * client still maps too.
 */
export const EMAIL_TAKEN = '이미 사용중인 이메일입니다.';
export const USERNAME_TAKEN = '이미 사용중인 사용자명입니다.';

export function emailTakenError() {
  return AppError.conflict(EMAIL_TAKEN, 'email_taken');
}
export function usernameTakenError() {
  return AppError.conflict(USERNAME_TAKEN, 'username_taken');
}

export interface NewAccount {
  tenantId: number;
  email: string;
  username: string;
  passwordHash: string | null;
  userType: UserRow['userType'];
  phone?: string | null;
  address?: string | null;
  profileImage?: string | null;
  emailVerifiedAt?: Date | null;
  merchant?: {
    businessName: string;
    businessNumber: string | null;
    businessDescription?: string | null;
    address?: string | null;
    phone?: string | null;
  };
}

export interface ProfileChanges {
  username?: string;
  phone?: string | null;
  address?: string | null;
  postcode?: string | null;
  profileImage?: string | null;
  merchant?: Partial<
    Pick<MerchantRow, 'businessName' | 'businessNumber' | 'businessDescription' | 'address' | 'phone'>
  >;
}

function mapUniqueViolation(err: unknown): never {
  const constraint = sqlState(err) === '23505' ? violatedConstraint(err) : undefined;
  if (constraint?.includes('email')) throw emailTakenError();
  if (constraint?.includes('username')) throw usernameTakenError();
  throw err;
}

export type UsersService = ReturnType<typeof createUsersService>;

/** Accounts of a tenant: profiles, merchant profiles, admin grants and social identities. */
export function createUsersService(db: Db) {
  return {
    findAccount: (tenantId: number, userId: number, tx: DbOrTx = db) => repo.findAccount(tx, tenantId, userId),
    findByEmail: (tenantId: number, email: string, tx: DbOrTx = db) => repo.findUserByEmail(tx, tenantId, email),
    findByPhone: (tenantId: number, phone: string) => repo.findUserByPhone(db, tenantId, phone),
    search: (tenantId: number, q: Parameters<typeof repo.searchUsers>[2]) => repo.searchUsers(db, tenantId, q),
    emailExists: (tenantId: number, email: string, tx: DbOrTx = db) => repo.emailExists(tx, tenantId, email),
    usernameExists: (tenantId: number, username: string, exceptUserId?: number, tx: DbOrTx = db) =>
      repo.usernameExists(tx, tenantId, username, exceptUserId),

    /** Creates a user (and its merchant profile); a taken e-mail or username answers 409 with the mapped texts. */
    async createAccount(account: NewAccount, tx?: DbOrTx): Promise<repo.AccountRow> {
      const run = async (t: DbOrTx) => {
        if (await repo.emailExists(t, account.tenantId, account.email)) throw emailTakenError();
        if (await repo.usernameExists(t, account.tenantId, account.username)) throw usernameTakenError();
        const { merchant, ...fields } = account;
        const user = await repo.insertUser(t, fields);
        const merchantRow = merchant
          ? await repo.insertMerchant(t, { tenantId: account.tenantId, userId: user.id, ...merchant })
          : null;
        return { user, merchant: merchantRow, isAdmin: false };
      };
      try {
        // A savepoint when inside a transaction, so a race on the unique index maps cleanly.
        return tx ? await tx.transaction(run) : await db.transaction(run);
      } catch (err) {
        return mapUniqueViolation(err);
      }
    },

    async updateProfile(tenantId: number, userId: number, changes: ProfileChanges): Promise<void> {
      if (changes.username !== undefined && (await repo.usernameExists(db, tenantId, changes.username, userId))) {
        throw usernameTakenError();
      }
      try {
        await db.transaction(async (tx) => {
          const { merchant, ...userChanges } = changes;
          if (Object.keys(userChanges).length > 0) await repo.updateUser(tx, tenantId, userId, userChanges);
          if (merchant && Object.keys(merchant).length > 0) await repo.updateMerchant(tx, tenantId, userId, merchant);
        });
      } catch (err) {
        mapUniqueViolation(err);
      }
    },

    setPasswordHash: (tenantId: number, userId: number, passwordHash: string, tx: DbOrTx = db) =>
      repo.updateUser(tx, tenantId, userId, { passwordHash, passwordChangedAt: new Date() }),

    markEmailVerified: (tenantId: number, userId: number, tx: DbOrTx = db) =>
      repo.updateUser(tx, tenantId, userId, { emailVerifiedAt: new Date() }),

    grantAdmin: (tenantId: number, userId: number, grantedBy: string, tx: DbOrTx = db) =>
      repo.grantAdmin(tx, tenantId, userId, grantedBy),
    revokeAdmin: (tenantId: number, userId: number) => repo.revokeAdmin(db, tenantId, userId),

    findSocialAccount: (tenantId: number, provider: 'kakao', providerUserId: string, tx: DbOrTx = db) =>
      repo.findSocialAccount(tx, tenantId, provider, providerUserId),
    socialProviders: (tenantId: number, userId: number) => repo.listSocialProviders(db, tenantId, userId),
    linkSocialAccount: (
      values: {
        tenantId: number;
        userId: number;
        provider: 'kakao';
        providerUserId: string;
        providerEmail: string | null;
      },
      tx: DbOrTx = db,
    ) => repo.insertSocialAccount(tx, values),

    /**
     * Deletes an account the way docs/decisions/005-account-deletion.md describes: the row stays
     * (records of others point at it), personal data goes, the e-mail and username are freed,
     * social links and the admin grant are removed. Sessions and reset tokens are the caller's.
     */
    /** The live user's row, locked until the transaction ends (undefined when deleted or unknown). */
    lockLive: (tenantId: number, userId: number, tx: DbOrTx) => repo.lockLiveUser(tx, tenantId, userId),
    /** Every deleted account, per tenant (for the forfeiture of balances left on them). */
    deletedUserIds: (scope?: JobScope) => acrossShards(db, (tx) => repo.deletedUserIds(tx, scope)),

    async anonymise(tenantId: number, userId: number, tx: DbOrTx): Promise<void> {
      const now = new Date();
      await repo.updateUser(tx, tenantId, userId, {
        email: `deleted-${userId}@deleted.invalid`,
        username: `탈퇴회원-${userId}`,
        passwordHash: null,
        phone: null,
        address: null,
        postcode: null,
        profileImage: null,
        emailVerifiedAt: null,
        deletedAt: now,
      });
      await repo.updateMerchant(tx, tenantId, userId, { businessDescription: null, address: null, phone: null });
      await repo.deleteSocialAccounts(tx, tenantId, userId);
      await repo.revokeAdmin(tx, tenantId, userId);
    },
  };
}
