import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { CurrentUser } from '../../platform/auth.js';
import type { CounterState, CounterStore } from '../../platform/counters.js';
import { minutesLeft } from '../../platform/counters.js';
import type { Db, DbOrTx } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import type { KakaoClient, KakaoProfile } from '../../platform/oauth/kakao.js';
import type { TenantRow } from '../tenants/tenants.schema.js';
import type { AccountRow, ProfileChanges, UsersService } from '../users/users.service.js';
import { emailTakenError, usernameTakenError } from '../users/users.service.js';
import { maskEmail, presentUser } from './auth.presenter.js';
import * as repo from './auth.repository.js';
import { assertAcceptablePassword, hashPassword, verifyAgainstDummy, verifyPassword } from './passwords.js';
import { hashSecret, newToken, newVerificationCode, sameHash } from './tokens.js';

export const VERIFICATION_CODE_TTL_MS = 10 * 60_000;
export const VERIFICATION_RESEND_MS = 60_000;
export const VERIFICATION_MAX_ATTEMPTS = 5;
/** How long a verified address may be used to register. */
export const VERIFIED_EMAIL_TTL_MS = 30 * 60_000;
export const RESET_TOKEN_TTL_MS = 30 * 60_000;
const RESET_MAIL_INTERVAL_MS = 60_000;
/** `last_seen_at` is written at most this often per session. */
const TOUCH_INTERVAL_MS = 60_000;

/** A password login to an account that has no password: 400, and the route names the provider in `x-social-login`. */
export class SocialAccountLoginError extends AppError {
  constructor(readonly provider: string) {
    super(400, 'social_login_account', '소셜 로그인(카카오)으로 가입한 계정입니다. 카카오 로그인을 이용해주세요.');
  }
}

export interface RequestContext {
  ip: string;
  userAgent?: string;
}

export interface AuthDeps {
  db: Db;
  users: UsersService;
  mailer: Mailer;
  counters: CounterStore;
  kakao: KakaoClient;
  config: Pick<AppConfig, 'session' | 'loginLimits'>;
  log: FastifyBaseLogger;
}

export interface RegistrationInput {
  email: string;
  username: string;
  password: string;
  phone?: string | null;
  address?: string | null;
  merchant?: {
    business_name: string;
    business_number: string;
    business_description?: string | null;
    address: string;
    phone: string;
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

function serviceName(tenant: TenantRow): string {
  return tenant.settings.service_info?.service_name || tenant.displayName;
}

function toCurrentUser(account: AccountRow, sessionId: number): CurrentUser {
  const { user, merchant, isAdmin } = account;
  return {
    id: user.id,
    tenantId: user.tenantId,
    email: user.email,
    username: user.username,
    userType: user.userType,
    isAdmin,
    merchantId: merchant?.id ?? null,
    sessionId,
    account,
  };
}

const invalidCredentials = () =>
  AppError.unauthorized('이메일 또는 비밀번호가 올바르지 않습니다.', 'invalid_credentials');
const loginLocked = (ms: number) =>
  new AppError(429, 'login_locked', `로그인 시도가 너무 많습니다. ${minutesLeft(ms)}분 후에 다시 시도해주세요.`);

/**
 * Accounts and sessions: login with lockout, registration behind e-mail verification, password
 * reset and change, profile, deletion and Kakao login. Routes call one function each.
 */
export function createAuthService(deps: AuthDeps) {
  const { db, users, mailer, counters, kakao, config, log } = deps;
  const limits = config.loginLimits;
  const findSession = repo.prepareSessionLookup(db);
  /** Work started after an answer was sent (see requestPasswordReset). */
  const pending = new Set<Promise<void>>();
  function later(what: string, work: () => Promise<void>) {
    const task = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err) => log.error({ err }, `${what} failed`))
      .finally(() => pending.delete(task));
    pending.add(task);
  }

  async function startSession(tenantId: number, userId: number, ctx: RequestContext): Promise<string> {
    const token = newToken();
    const now = new Date();
    await repo.deleteDeadSessions(db, tenantId, userId, new Date(now.getTime() - config.session.idleTimeoutMs), now);
    await repo.insertSession(db, {
      tenantId,
      userId,
      tokenHash: hashSecret(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + config.session.maxAgeMs),
      userAgent: ctx.userAgent?.slice(0, 300),
      ip: ctx.ip,
    });
    return token;
  }

  async function requireAccount(tenantId: number, userId: number): Promise<AccountRow> {
    const account = await users.findAccount(tenantId, userId);
    if (!account) throw AppError.unauthorized('로그인이 만료되었습니다. 다시 로그인해주세요.', 'session_expired');
    return account;
  }

  /**
   * The failed-password counters of one attempt (docs/decisions/004-sessions.md): the account
   * from this address, the account from everywhere, this address over the tenant's accounts.
   * The account's keys carry a tag of its current password hash, so a new password (reset or
   * change) starts every count of the account afresh on every node, without listing keys.
   */
  function loginCounters(tenantId: number, email: string, passwordHash: string | null | undefined, ip: string) {
    const account = `login:acct:${tenantId}:${email}:${passwordHash ? hashSecret(passwordHash).slice(0, 16) : '-'}`;
    const pair = { key: `${account}|${ip}`, max: limits.perAccountAddress, windowMs: limits.windowMs };
    return {
      pair,
      all: [
        pair,
        { key: account, max: limits.perAccount, windowMs: limits.accountWindowMs },
        { key: `login:ip:${tenantId}:${ip}`, max: limits.perAddress, windowMs: limits.windowMs },
      ],
    };
  }
  type LoginCounters = ReturnType<typeof loginCounters>;

  /** The lockout error of the longest limit reached, if any. */
  function lockout(keys: LoginCounters, states: CounterState[]): AppError | undefined {
    const reached = states.filter((state, i) => state.count >= (keys.all[i]?.max ?? Number.POSITIVE_INFINITY));
    return reached.length ? loginLocked(Math.max(...reached.map((state) => state.ttlMs))) : undefined;
  }

  async function assertNotLocked(keys: LoginCounters) {
    const locked = lockout(keys, await Promise.all(keys.all.map((k) => counters.peek(k.key))));
    if (locked) throw locked;
  }

  /** Counts a failed password; answers the lockout error when this failure reaches a limit. */
  async function countFailure(keys: LoginCounters): Promise<AppError | undefined> {
    return lockout(keys, await Promise.all(keys.all.map((k) => counters.hit(k.key, k.windowMs))));
  }

  async function uniqueUsername(tenantId: number, wanted: string): Promise<string> {
    const base = wanted.slice(0, 24);
    if (!(await users.usernameExists(tenantId, base))) return base;
    for (let i = 0; i < 10; i++) {
      const candidate = `${base}${randomInt(1000, 10000)}`;
      if (!(await users.usernameExists(tenantId, candidate))) return candidate;
    }
    return `${base}${randomBytes(4).toString('hex')}`;
  }

  /**
   * The account behind a Kakao user, by the rule of docs/decisions/006-kakao-account-linking.md:
   * an existing link; else the local account with the same e-mail when Kakao reports it verified
   * (and the local one was verified too); else a new customer account without a password.
   */
  async function kakaoAccount(tenant: TenantRow, profile: KakaoProfile): Promise<AccountRow> {
    const linked = await users.findSocialAccount(tenant.id, 'kakao', profile.id);
    if (linked) return requireAccount(tenant.id, linked.userId);
    const link = (userId: number, tx?: Parameters<UsersService['linkSocialAccount']>[1]) =>
      users.linkSocialAccount(
        {
          tenantId: tenant.id,
          userId,
          provider: 'kakao',
          providerUserId: profile.id,
          providerEmail: profile.verifiedEmail,
        },
        tx,
      );
    if (profile.verifiedEmail) {
      const existing = await users.findByEmail(tenant.id, profile.verifiedEmail);
      if (existing) {
        if (!existing.emailVerifiedAt) {
          throw AppError.conflict(
            '같은 이메일로 가입된 계정이 있습니다. 이메일과 비밀번호로 로그인해주세요.',
            'social_email_conflict',
          );
        }
        await link(existing.id);
        return requireAccount(tenant.id, existing.id);
      }
    }
    const username = await uniqueUsername(tenant.id, profile.nickname ?? `카카오${profile.id.slice(-4)}`);
    try {
      return await db.transaction(async (tx) => {
        const account = await users.createAccount(
          {
            tenantId: tenant.id,
            email: profile.verifiedEmail ?? `kakao-${profile.id}@kakao.invalid`,
            username,
            passwordHash: null,
            userType: 'customer',
            profileImage: profile.profileImage,
            emailVerifiedAt: profile.verifiedEmail ? new Date() : null,
          },
          tx,
        );
        await link(account.user.id, tx);
        return account;
      });
    } catch (err) {
      // Two first logins of one Kakao user at once: the other one created the account.
      const again = await users.findSocialAccount(tenant.id, 'kakao', profile.id);
      if (again) return requireAccount(tenant.id, again.userId);
      throw err;
    }
  }

  async function loginWithKakaoToken(tenant: TenantRow, accessToken: string, ctx: RequestContext) {
    const profile = await kakao.fetchProfile(accessToken);
    const account = await kakaoAccount(tenant, profile);
    return { token: await startSession(tenant.id, account.user.id, ctx), account };
  }

  return {
    /** The user of a bearer token in this tenant, or null (unknown, expired, idle too long, revoked). */
    async authenticate(tenantId: number, token: string): Promise<CurrentUser | null> {
      const found = await findSession(tenantId, hashSecret(token));
      if (!found) return null;
      const { session, account } = found;
      const now = Date.now();
      if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + config.session.idleTimeoutMs <= now) {
        await repo.deleteSession(db, tenantId, session.id);
        return null;
      }
      if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        await repo.touchSession(db, tenantId, session.id, new Date(now));
      }
      return toCurrentUser(account, session.id);
    },

    async login(tenant: TenantRow, email: string, password: string, ctx: RequestContext) {
      const user = await users.findByEmail(tenant.id, email);
      const keys = loginCounters(tenant.id, email, user?.passwordHash, ctx.ip);
      await assertNotLocked(keys);
      if (user && !user.passwordHash) {
        const providers = await users.socialProviders(tenant.id, user.id);
        throw new SocialAccountLoginError(providers[0] ?? 'kakao');
      }
      const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : false;
      if (!user) await verifyAgainstDummy(password);
      if (!user || !ok) throw (await countFailure(keys)) ?? invalidCredentials();
      // The owner's own earlier typos at this address no longer count; the account-wide count
      // stays, so that a success between them does not give a distributed guesser a fresh start.
      await counters.reset(keys.pair.key);
      const token = await startSession(tenant.id, user.id, ctx);
      return { token, account: await requireAccount(tenant.id, user.id) };
    },

    async logout(user: CurrentUser): Promise<void> {
      await repo.deleteSession(db, user.tenantId, user.sessionId);
    },

    /**
     * The address is proven first: before that, a registered address answers exactly as an
     * unknown one (400 email_not_verified), so registration cannot tell them apart (issue 36).
     */
    async register(tenant: TenantRow, input: RegistrationInput): Promise<AccountRow> {
      const verification = await repo.findVerification(db, tenant.id, input.email);
      if (!verification?.verifiedAt || verification.expiresAt.getTime() <= Date.now()) {
        throw AppError.badRequest(
          '이메일 인증이 필요합니다. 인증 코드를 받아 이메일을 인증해주세요.',
          'email_not_verified',
        );
      }
      if (await users.emailExists(tenant.id, input.email)) throw emailTakenError();
      if (await users.usernameExists(tenant.id, input.username)) throw usernameTakenError();
      await assertAcceptablePassword(input.password);
      const passwordHash = await hashPassword(input.password);
      const { merchant } = input;
      return db.transaction(async (tx) => {
        const account = await users.createAccount(
          {
            tenantId: tenant.id,
            email: input.email,
            username: input.username,
            passwordHash,
            userType: merchant ? 'merchant' : 'customer',
            phone: input.phone ?? merchant?.phone ?? null,
            address: input.address ?? merchant?.address ?? null,
            emailVerifiedAt: verification.verifiedAt,
            merchant: merchant && {
              businessName: merchant.business_name,
              businessNumber: merchant.business_number,
              businessDescription: merchant.business_description || null,
              address: merchant.address,
              phone: merchant.phone,
            },
          },
          tx,
        );
        await repo.deleteVerification(tx, tenant.id, input.email);
        return account;
      });
    },

    /**
     * Answers a registered and an unknown address alike (same status, body and work: issue 36).
     * An unknown address gets the code; a registered one a notice that it is registered, with
     * links to login and password reset on the tenant's own address (`origin`, never the
     * request's Host) and a code as well: its owner who enters it on the sign-up screen is told
     * there that the address is taken (verifyEmail), and nobody else learns it.
     */
    async sendVerificationEmail(tenant: TenantRow, email: string, origin: string) {
      const registered = await users.emailExists(tenant.id, email);
      const existing = await repo.findVerification(db, tenant.id, email);
      const now = Date.now();
      if (existing && existing.sentAt.getTime() + VERIFICATION_RESEND_MS > now) {
        const seconds = Math.ceil((existing.sentAt.getTime() + VERIFICATION_RESEND_MS - now) / 1000);
        throw new AppError(429, 'resend_too_soon', `인증 코드는 ${seconds}초 후에 다시 요청할 수 있습니다.`);
      }
      const code = newVerificationCode();
      await repo.upsertVerification(db, {
        tenantId: tenant.id,
        email,
        codeHash: hashSecret(`${tenant.id}:${email}:${code}`),
        sentAt: new Date(now),
        expiresAt: new Date(now + VERIFICATION_CODE_TTL_MS),
      });
      const name = serviceName(tenant);
      const mail = registered
        ? {
            subject: `[${name}] 이미 가입된 이메일입니다`,
            text: [
              `${name} 회원가입을 위해 이메일 인증을 요청하셨지만, 이 이메일은 이미 가입된 이메일입니다.`,
              '',
              `로그인: ${origin}/login`,
              `비밀번호를 잊으셨다면 비밀번호 재설정: ${origin}/reset-password-request`,
              '',
              '회원가입 화면에 아래 인증 코드를 입력하셔도 이미 가입된 이메일이라는 안내를 받게 됩니다.',
              `인증 코드: ${code}`,
              '',
              '본인이 요청하지 않았다면 이 메일을 무시하셔도 됩니다.',
            ].join('\n'),
            meta: { kind: 'email_registered', code, link: `${origin}/login` },
          }
        : {
            subject: `[${name}] 이메일 인증 코드`,
            text: [
              `${name} 회원가입 이메일 인증 코드입니다.`,
              '',
              `인증 코드: ${code}`,
              '',
              '10분 안에 입력해주세요. 본인이 요청하지 않았다면 이 메일을 무시하셔도 됩니다.',
            ].join('\n'),
            meta: { kind: 'email_verification', code },
          };
      try {
        await mailer.send({ to: email, fromName: name, tenantId: tenant.id, ...mail });
      } catch (err) {
        log.error({ err }, 'verification mail failed');
        await repo.deleteVerification(db, tenant.id, email);
        throw new AppError(502, 'mail_failed', '인증 메일을 보내지 못했습니다. 잠시 후 다시 시도해주세요.');
      }
      return {
        message: '인증 코드를 발송했습니다. 이메일을 확인해주세요.',
        expires_in: VERIFICATION_CODE_TTL_MS / 1000,
        resend_after: VERIFICATION_RESEND_MS / 1000,
      };
    },

    async verifyEmail(tenant: TenantRow, email: string, code: string) {
      const row = await repo.findVerification(db, tenant.id, email);
      if (!row?.codeHash || row.expiresAt.getTime() <= Date.now()) {
        throw AppError.badRequest(
          '인증 코드가 만료되었거나 이미 사용되었습니다. 새 인증 코드를 요청해주세요.',
          'code_expired',
        );
      }
      const used = await repo.spendAttempt(db, tenant.id, email, VERIFICATION_MAX_ATTEMPTS);
      const exceeded = () =>
        AppError.badRequest(
          '인증 코드 입력 횟수를 초과했습니다. 새 인증 코드를 요청해주세요.',
          'code_attempts_exceeded',
        );
      if (used === null) throw exceeded();
      if (!sameHash(hashSecret(`${tenant.id}:${email}:${code}`), row.codeHash)) {
        if (used >= VERIFICATION_MAX_ATTEMPTS) throw exceeded();
        throw AppError.badRequest('인증 코드가 올바르지 않습니다.', 'code_invalid');
      }
      // The code proved the address: only now may its owner learn that it is registered.
      if (await users.emailExists(tenant.id, email)) {
        await repo.deleteVerification(db, tenant.id, email);
        throw emailTakenError();
      }
      const now = Date.now();
      await repo.markVerified(db, tenant.id, email, new Date(now), new Date(now + VERIFIED_EMAIL_TTL_MS));
      return { message: '이메일 인증이 완료되었습니다.', verified: true as const };
    },

    /** Only the masked address is ever answered (both fields), so a phone number does not reveal an e-mail. */
    async findEmail(tenantId: number, phone: string) {
      const user = await users.findByPhone(tenantId, phone);
      if (!user) throw AppError.notFound('등록된 이메일을 찾을 수 없습니다.', 'email_not_found');
      const masked = maskEmail(user.email);
      return { email: masked, masked_email: masked };
    },

    /**
     * Same answer whether or not the address has an account, and in the same time (issue 36):
     * everything that depends on the address (the throttle, the token, the mail) runs after the
     * answer, in the background (`settled` awaits it). A token is written only for a live account.
     */
    async requestPasswordReset(tenant: TenantRow, email: string, origin: string) {
      later('password reset', async () => {
        const throttle = await counters.hit(`reset-mail:${tenant.id}:${email}`, RESET_MAIL_INTERVAL_MS);
        const token = newToken();
        const userId = await repo.replaceResetToken(db, {
          tenantId: tenant.id,
          email,
          tokenHash: hashSecret(token),
          expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
          write: throttle.count === 1 && !email.endsWith('.invalid'),
        });
        if (userId === undefined) return;
        const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
        const name = serviceName(tenant);
        await mailer.send({
          to: email,
          fromName: name,
          tenantId: tenant.id,
          subject: `[${name}] 비밀번호 재설정 안내`,
          text: [
            `${name} 비밀번호 재설정을 요청하셨습니다.`,
            '',
            '아래 링크에서 새 비밀번호를 설정해주세요. 링크는 30분 동안 한 번만 사용할 수 있습니다.',
            link,
            '',
            '본인이 요청하지 않았다면 이 메일을 무시하셔도 됩니다.',
          ].join('\n'),
          meta: { kind: 'password_reset', link },
        });
      });
      return { message: '가입된 이메일이라면 비밀번호 재설정 링크를 보냈습니다. 메일함을 확인해주세요.' };
    },

    /** Resolves once the work started after earlier answers (password reset mails) is done. */
    async settled(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending]);
    },

    /** Sets a new password from a mailed token; every session of the account ends. */
    async resetPassword(tenantId: number, token: string, newPassword: string) {
      const invalid = () =>
        AppError.badRequest(
          '비밀번호 재설정 링크가 유효하지 않거나 만료되었습니다. 새 링크를 요청해주세요.',
          'reset_token_invalid',
        );
      // Before the token is spent, so that a refused password leaves the link usable.
      await assertAcceptablePassword(newPassword);
      const row = await repo.takeResetToken(db, tenantId, hashSecret(token));
      if (!row || row.expiresAt.getTime() <= Date.now()) throw invalid();
      const account = await users.findAccount(tenantId, row.userId);
      if (!account) throw invalid();
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await users.setPasswordHash(tenantId, row.userId, passwordHash, tx);
        if (!account.user.emailVerifiedAt) await users.markEmailVerified(tenantId, row.userId, tx);
        await repo.deleteUserResetTokens(tx, tenantId, row.userId);
        await repo.deleteUserSessions(tx, tenantId, row.userId);
      });
      // The new hash also renames the account's login counters: every lock of the account is lifted.
      return { message: '비밀번호가 변경되었습니다. 새 비밀번호로 로그인해주세요.' };
    },

    /** Changes the password; every other session of the account ends, this one stays. */
    async changePassword(user: CurrentUser, currentPassword: string, newPassword: string, ip: string) {
      const account = await requireAccount(user.tenantId, user.id);
      if (!account.user.passwordHash) {
        throw AppError.badRequest(
          '소셜 로그인으로 가입한 계정은 비밀번호가 없습니다. 비밀번호 찾기로 비밀번호를 만들 수 있습니다.',
          'no_password',
        );
      }
      await assertAcceptablePassword(newPassword);
      const keys = loginCounters(user.tenantId, user.email, account.user.passwordHash, ip);
      await assertNotLocked(keys);
      if (!(await verifyPassword(account.user.passwordHash, currentPassword))) {
        throw (await countFailure(keys)) ?? AppError.badRequest('현재 비밀번호가 올바르지 않습니다.', 'wrong_password');
      }
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await users.setPasswordHash(user.tenantId, user.id, passwordHash, tx);
        await repo.deleteUserSessions(tx, user.tenantId, user.id, user.sessionId);
        await repo.deleteUserResetTokens(tx, user.tenantId, user.id);
      });
      return { message: '비밀번호가 변경되었습니다.' };
    },

    async updateProfile(
      user: CurrentUser,
      body: {
        username?: string;
        phone?: string | null;
        address?: string | null;
        postcode?: string | null;
        profile_image?: string | null;
        email?: string;
        user_type?: string;
        merchant?: {
          business_name?: string;
          business_number?: string;
          business_description?: string | null;
          address?: string | null;
          phone?: string | null;
        } | null;
      },
    ): Promise<AccountRow> {
      if (body.email !== undefined && body.email.trim().toLowerCase() !== user.email) {
        throw AppError.badRequest('이메일은 변경할 수 없습니다.', 'email_change_not_allowed');
      }
      if (body.user_type !== undefined && body.user_type !== user.userType) {
        throw AppError.badRequest('회원 유형은 변경할 수 없습니다.', 'user_type_change_not_allowed');
      }
      if (body.merchant && user.merchantId === null) {
        throw AppError.badRequest('판매자 회원만 판매자 정보를 수정할 수 있습니다.', 'not_merchant');
      }
      const changes: ProfileChanges = {};
      if (body.username !== undefined) changes.username = body.username;
      if (body.phone !== undefined) changes.phone = body.phone;
      if (body.address !== undefined) changes.address = body.address || null;
      // The postcode belongs to the address: set with it, and gone when the address is cleared.
      if (body.postcode !== undefined) changes.postcode = body.postcode || null;
      if (changes.address === null) changes.postcode = null;
      if (body.profile_image !== undefined) changes.profileImage = body.profile_image || null;
      if (body.merchant) {
        const m = body.merchant;
        changes.merchant = {};
        if (m.business_name !== undefined) changes.merchant.businessName = m.business_name;
        if (m.business_number !== undefined) changes.merchant.businessNumber = m.business_number;
        if (m.business_description !== undefined) changes.merchant.businessDescription = m.business_description || null;
        if (m.address !== undefined) changes.merchant.address = m.address || null;
        if (m.phone !== undefined) changes.merchant.phone = m.phone;
      }
      await users.updateProfile(user.tenantId, user.id, changes);
      return requireAccount(user.tenantId, user.id);
    },

    /** The session's user object (as /api/auth/me answers it), for other modules' answers. */
    presentUser,

    /**
     * Anonymises the account and ends every session (docs/decisions/005-account-deletion.md),
     * inside the caller's transaction: the account-deletion flow (flows/account-deletion.ts)
     * checks its orders and points first (docs/decisions/030).
     */
    async anonymiseAccount(user: CurrentUser, tx: DbOrTx) {
      await users.anonymise(user.tenantId, user.id, tx);
      await repo.deleteUserSessions(tx, user.tenantId, user.id);
      await repo.deleteUserResetTokens(tx, user.tenantId, user.id);
      await repo.deleteVerification(tx, user.tenantId, user.email);
      // The account's login counters went with its password hash (see loginCounters).
    },

    kakaoConfigured: kakao.configured,

    kakaoAuthUrl(origin: string) {
      const state = randomBytes(16).toString('base64url');
      return { auth_url: kakao.authorizeUrl(kakao.redirectUriFor(origin), state), state };
    },

    async kakaoCallback(tenant: TenantRow, code: string, redirectUri: string, ctx: RequestContext) {
      const accessToken = await kakao.exchangeCode(code, redirectUri);
      return loginWithKakaoToken(tenant, accessToken, ctx);
    },

    kakaoTokenLogin: loginWithKakaoToken,
    redirectUriFor: (origin: string) => kakao.redirectUriFor(origin),
  };
}
