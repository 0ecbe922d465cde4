import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { catalogueTenant } from '../catalogue/catalogue.test-helpers.js';
import { ledgerProblems } from './ledger.js';
import { creditTopup } from './points.js';
import { withdrawals } from './wallet.schema.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
type Person = Awaited<ReturnType<World['signIn']>>;

/**
 * One Idempotency-Key, one request (docs/decisions/029-stock-holds-and-request-keys.md): a retry
 * answers the first result, the key with another body answers 409 idempotency_key_reused, also
 * when the requests arrive at once.
 */
describe('wallet: Idempotency-Key reused with another request', () => {
  let app: FastifyInstance;
  let w: World;
  let topups = 0;
  const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
  const otherAddress = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';

  beforeAll(async () => {
    app = await buildTestApp({ rateLimits: false });
    w = await catalogueTenant(app);
  });
  afterAll(() => app.close());

  async function funded(points: number) {
    const person = await w.signIn('customer');
    await app.db.transaction((tx) =>
      creditTopup(tx, w.tenant.id, { userId: person.user.id, amount: points, paymentId: `seed-${++topups}` }),
    );
    return person;
  }
  const balance = async (p: Person) => (await w.call('GET', '/api/wallet/balance', undefined, p.token)).json();
  const post = (p: Person, url: string, body: object, key: string) =>
    w.call('POST', url, body, p.token, { headers: { 'idempotency-key': key } });
  const withdrawalsOf = async (p: Person) =>
    (
      await app.db
        .select({ n: count() })
        .from(withdrawals)
        .where(and(eq(withdrawals.tenantId, w.tenant.id), eq(withdrawals.userId, p.user.id)))
    )[0]?.n;

  it('a withdrawal key reused with another amount, address or chain is refused; the retry answers the first', async () => {
    const river = await funded(20_000);
    const key = crypto.randomUUID();
    const body = { amount: 3_000, target_address: address, target_chain: 'ethereum' };
    const first = await post(river, '/api/wallet/withdraw', body, key);
    expect(first.statusCode, first.body).toBe(200);
    for (const other of [
      { ...body, amount: 4_000 },
      { ...body, target_address: otherAddress },
      { ...body, target_chain: 'polygon' },
    ]) {
      const res = await post(river, '/api/wallet/withdraw', other, key);
      expect(res.statusCode, JSON.stringify(other)).toBe(409);
      expect(res.json()).toEqual({
        code: 'idempotency_key_reused',
        detail: '같은 요청 키로 다른 출금을 요청할 수 없습니다.',
      });
    }
    // The same address in lower case is the same request.
    const retry = await post(river, '/api/wallet/withdraw', { ...body, target_address: address.toLowerCase() }, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().withdrawal).toEqual(first.json().withdrawal);
    expect(await balance(river)).toMatchObject({ available: 17_000, locked: 3_000 });
    expect(await withdrawalsOf(river)).toBe(1);
  });

  it('four withdrawals at once under one key, 1,000 to 4,000: one is made, each caller hears its own amount or 409', async () => {
    for (let trial = 0; trial < 3; trial++) {
      const river = await funded(20_000);
      const key = crypto.randomUUID();
      const answers = await Promise.all(
        [1_000, 2_000, 3_000, 4_000].map((amount) =>
          post(river, '/api/wallet/withdraw', { amount, target_address: address }, key),
        ),
      );
      const made = answers.filter((a) => a.statusCode === 200);
      expect(made).toHaveLength(1);
      const amount = made[0]?.json().withdrawal.amount as number;
      answers.forEach((a, i) => {
        if (a.statusCode === 200) expect(a.json().withdrawal.amount).toBe((i + 1) * 1_000);
        else expect(a.json().code, a.body).toBe('idempotency_key_reused');
      });
      expect(await balance(river)).toMatchObject({ available: 20_000 - amount, locked: amount });
      expect(await withdrawalsOf(river)).toBe(1);
    }
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('a transfer key reused with another recipient (same amount) is refused, also at once', async () => {
    const sky = await funded(10_000);
    const river = await w.signIn('customer');
    const lake = await w.signIn('customer');
    const key = crypto.randomUUID();
    const first = await post(sky, '/api/wallet/transfer', { to_user_id: river.user.id, amount: 1_000 }, key);
    expect(first.statusCode, first.body).toBe(200);
    const elsewhere = await post(sky, '/api/wallet/transfer', { to_user_id: lake.user.id, amount: 1_000 }, key);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json()).toEqual({
      code: 'idempotency_key_reused',
      detail: '같은 요청 키로 다른 전송을 보낼 수 없습니다.',
    });
    const retry = await post(sky, '/api/wallet/transfer', { to_user_id: river.user.id, amount: 1_000 }, key);
    expect(retry.json().transaction_id).toBe(first.json().transaction_id);
    expect((await balance(lake)).available).toBe(0);
    expect((await balance(river)).available).toBe(1_000);

    const racingKey = crypto.randomUUID();
    const answers = await Promise.all(
      [river, lake, river, lake].map((to) =>
        post(sky, '/api/wallet/transfer', { to_user_id: to.user.id, amount: 2_000 }, racingKey),
      ),
    );
    const sent = answers.filter((a) => a.statusCode === 200);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const to = sent[0]?.json().to_user.id;
    for (const a of answers) {
      if (a.statusCode === 200) expect(a.json().to_user.id).toBe(to);
      else expect(a.json().code, a.body).toBe('idempotency_key_reused');
    }
    expect((await balance(sky)).available).toBe(10_000 - 1_000 - 2_000);
    expect((await balance(river)).available + (await balance(lake)).available).toBe(1_000 + 2_000);
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });
});
