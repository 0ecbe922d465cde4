import { walletTransactionListSchema } from '@app/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPayments } from '../../platform/payments/sandbox.schema.js';
import { SANDBOX_CARDS, SANDBOX_DECLINE_MESSAGE } from '../../platform/payments/sandbox-gateway.js';
import { buildTestApp } from '../../test/app.js';
import { catalogueTenant } from '../catalogue/catalogue.test-helpers.js';
import { ledgerProblems } from './ledger.js';

type World = Awaited<ReturnType<typeof catalogueTenant>>;
const buyer = { buyer_name: '김하늘', buyer_email: 'sky@example.com', buyer_tel: '010-1234-5678' };

/** A card top-up through the sandbox's checkout page, as a browser does it: answers the redirect's query. */
async function payAtSandbox(app: FastifyInstance, w: World, token: string, amount: number, card: string) {
  const prepared = await w.call('POST', '/api/wallet/charge/prepare', { amount, ...buyer }, token);
  expect(prepared.statusCode, prepared.body).toBe(200);
  const { payment_id, checkout } = prepared.json();
  expect(checkout).toEqual({ gateway: 'sandbox', url: `/sandbox-pay/${payment_id}` });
  const page = await app.inject({ method: 'GET', url: checkout.url, headers: { host: w.host } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain(`${amount.toLocaleString('ko-KR')}원`);
  const submitted = await app.inject({
    method: 'POST',
    url: checkout.url,
    headers: { host: w.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ card }).toString(),
  });
  expect(submitted.statusCode).toBe(303);
  const back = new URL(String(submitted.headers.location));
  expect(`${back.origin}${back.pathname}`).toBe(`http://${w.host}/payment/callback`);
  expect(back.searchParams.get('type')).toBe('topup');
  expect(back.searchParams.get('paymentId')).toBe(payment_id);
  return { paymentId: payment_id as string, query: back.searchParams };
}

describe('wallet', () => {
  const eqPayment = (id: string) => and(eq(sandboxPayments.tenantId, w.tenant.id), eq(sandboxPayments.paymentId, id));
  let app: FastifyInstance;
  let w: World;
  let sky: { token: string; user: { id: number } };
  let river: { token: string; user: { id: number; email: string } };

  beforeAll(async () => {
    app = await buildTestApp({
      payments: {
        gateway: 'sandbox',
        reconcileIntervalMs: 0,
        expireAfterMs: 30 * 60_000,
        sandboxPendingSettleMs: 0,
      },
    });
    w = await catalogueTenant(app);
    sky = await w.signIn('customer');
    river = await w.signIn('merchant', '강가농원');
  });
  afterAll(() => app.close());

  const balance = async (token: string) => (await w.call('GET', '/api/wallet/balance', undefined, token)).json();

  it('says plainly on the sandbox checkout page and in the tenant answer that payments are tests', async () => {
    const current = await app.inject({ url: '/api/tenant/current', headers: { host: w.host } });
    expect(current.json().test_payments).toBe(true);
    const prepared = await w.call('POST', '/api/wallet/charge/prepare', { amount: 5_000, ...buyer }, sky.token);
    const page = await app.inject({ url: prepared.json().checkout.url, headers: { host: w.host } });
    expect(page.body).toContain('<p class="badge" role="note">테스트 결제 — 실제로 청구되지 않습니다</p>');
    // A refused card number shows the form again, still with the notice.
    const refused = await app.inject({
      method: 'POST',
      url: prepared.json().checkout.url,
      headers: { host: w.host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'card=1234',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('테스트 결제 — 실제로 청구되지 않습니다');
  });

  it('tops up by card through the sandbox checkout, once however often the callback is replayed', async () => {
    const { paymentId } = await payAtSandbox(app, w, sky.token, 30_000, SANDBOX_CARDS.approve);
    const confirms = await Promise.all(
      Array.from({ length: 20 }, () =>
        w.call('POST', '/api/wallet/charge/callback', { payment_id: paymentId }, sky.token),
      ),
    );
    for (const c of confirms) expect(c.statusCode, c.body).toBe(200);
    expect(confirms[0]?.json()).toMatchObject({ success: true, status: 'paid', amount: 30_000 });
    expect(await balance(sky.token)).toMatchObject({ available: 30_000, locked: 0 });
    const history = walletTransactionListSchema.parse(
      (await w.call('GET', '/api/wallet/transactions', undefined, sky.token)).json(),
    );
    expect(history.transactions.map((t) => [t.tx_type, t.delta])).toEqual([['topup', 30_000]]);
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('answers a declined card with the issuer message and credits nothing', async () => {
    const { paymentId, query } = await payAtSandbox(app, w, sky.token, 10_000, SANDBOX_CARDS.decline);
    expect(query.get('code')).toBeTruthy();
    expect(query.get('message')).toBe(SANDBOX_DECLINE_MESSAGE);
    const res = await w.call('POST', '/api/wallet/charge/callback', { payment_id: paymentId }, sky.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'payment_failed',
      detail: `결제에 실패했습니다: ${SANDBOX_DECLINE_MESSAGE}`,
    });
    expect((await balance(sky.token)).available).toBe(30_000);
  });

  it('settles a pending card later through the reconciliation job', async () => {
    const { paymentId } = await payAtSandbox(app, w, river.token, 5_000, SANDBOX_CARDS.pending);
    // The pending card settles at once in this app (sandboxPendingSettleMs 0); the job finds it.
    expect(
      await app.payments.reconcile({ now: new Date(Date.now() + 120_000), tenantIds: [w.tenant.id] }),
    ).toBeGreaterThanOrEqual(1);
    expect((await balance(river.token)).available).toBe(5_000);
    const again = await w.call('POST', '/api/wallet/charge/callback', { payment_id: paymentId }, river.token);
    expect(again.statusCode).toBe(200);
    expect((await balance(river.token)).available).toBe(5_000);
  });

  it('refuses a payment whose paid amount differs from the prepared one, and cancels it at the gateway', async () => {
    const prepared = (
      await w.call('POST', '/api/wallet/charge/prepare', { amount: 50_000, ...buyer }, sky.token)
    ).json();
    // The gateway reports 1,000 won paid for this payment (a tampered checkout).
    await app.db
      .update(sandboxPayments)
      .set({ totalAmount: 1_000, status: 'PAID' })
      .where(eqPayment(prepared.payment_id));
    const res = await w.call('POST', '/api/wallet/charge/callback', { payment_id: prepared.payment_id }, sky.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('payment_verification_failed');
    expect((await balance(sky.token)).available).toBe(30_000);
    const [row] = await app.db.select().from(sandboxPayments).where(eqPayment(prepared.payment_id));
    expect(row?.status).toBe('CANCELLED');
  });

  it("does not confirm another user's or another tenant's payment", async () => {
    const prepared = (
      await w.call('POST', '/api/wallet/charge/prepare', { amount: 1_000, ...buyer }, sky.token)
    ).json();
    const other = await w.call('POST', '/api/wallet/charge/callback', { payment_id: prepared.payment_id }, river.token);
    expect(other.statusCode).toBe(404);
    const elsewhere = await catalogueTenant(app);
    const stranger = await elsewhere.signIn('customer');
    const foreign = await elsewhere.call(
      'POST',
      '/api/wallet/charge/callback',
      { payment_id: prepared.payment_id },
      stranger.token,
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('sends points to another user of the tenant, once per Idempotency-Key, with both sides in the history', async () => {
    const send = (body: object, key?: string, token = sky.token) =>
      app.inject({
        method: 'POST',
        url: '/api/wallet/transfer',
        headers: { host: w.host, authorization: `Bearer ${token}`, ...(key ? { 'idempotency-key': key } : {}) },
        payload: body,
      });
    const refusals: [object, string][] = [
      [{ amount: 1_000 }, '받는 사람을 선택해주세요.'],
      [{ to_user_id: river.user.id, amount: 50 }, '최소 전송 금액은 100포인트입니다.'],
      [{ to_user_id: river.user.id, amount: 150 }, '100포인트 단위로 전송할 수 있습니다.'],
      [{ to_user_id: river.user.id, amount: 1_000, memo: '가'.repeat(101) }, '메모는 100자 이하로 입력해주세요.'],
      [{ to_user_id: sky.user.id, amount: 1_000 }, '자기 자신에게는 보낼 수 없습니다.'],
      [{ to_user_id: river.user.id, amount: 40_000 }, '잔액이 부족합니다.'],
      [{ to_user_id: 2_147_483_647, amount: 1_000 }, '받는 사람을 찾을 수 없습니다.'],
    ];
    for (const [body, detail] of refusals) {
      const res = await send(body);
      expect([400, 404], `${JSON.stringify(body)} ${res.body}`).toContain(res.statusCode);
      expect(res.json().detail).toBe(detail);
    }
    expect((await balance(sky.token)).available).toBe(30_000);

    const key = 'c0ffee00-0000-4000-8000-000000000001';
    const first = await send({ to_user_id: river.user.id, amount: 12_300, memo: '딸기값' }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ amount: 12_300, to_user: { id: river.user.id, display_name: '강가농원' } });
    const retried = await send({ to_user_id: river.user.id, amount: 12_300, memo: '딸기값' }, key);
    expect(retried.json().transaction_id).toBe(first.json().transaction_id);
    const reused = await send({ to_user_id: river.user.id, amount: 100 }, key);
    expect(reused.statusCode).toBe(409);
    expect((await balance(sky.token)).available).toBe(30_000 - 12_300);
    expect((await balance(river.token)).available).toBe(5_000 + 12_300);

    const mine = (await w.call('GET', '/api/wallet/transactions?size=1', undefined, sky.token)).json();
    expect(mine.transactions[0]).toMatchObject({
      tx_type: 'adjustment',
      delta: -12_300,
      meta_json: {
        transfer_from: sky.user.id,
        transfer_to: river.user.id,
        memo: '딸기값',
        transfer_to_name: '강가농원',
      },
    });
    const theirs = (await w.call('GET', '/api/wallet/transactions?size=1', undefined, river.token)).json();
    expect(theirs.transactions[0]).toMatchObject({
      delta: 12_300,
      meta_json: { transfer_from: sky.user.id, memo: '딸기값' },
    });
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('finds recipients by e-mail prefix, business name or number, masking addresses and never the searcher', async () => {
    const search = async (q: string, type?: string) => {
      const res = await w.call(
        'GET',
        `/api/users/search?query=${encodeURIComponent(q)}${type ? `&search_type=${type}` : ''}`,
        undefined,
        sky.token,
      );
      return res;
    };
    expect((await search('a')).json().detail).toBe('검색어를 2자 이상 입력해주세요.');
    const byName = (await search('강가')).json().users;
    expect(byName).toEqual([
      {
        id: river.user.id,
        display_name: '강가농원',
        user_type: 'merchant',
        email: expect.stringMatching(/^.{1,2}\*{3,}@/),
        search_type: 'business_name',
      },
    ]);
    const exact = (await search(river.user.email, 'email')).json().users;
    expect(exact[0]).toMatchObject({ id: river.user.id, email: river.user.email, search_type: 'email' });
    const percent = (await search('%%', 'email')).json().users;
    expect(percent).toEqual([]);
    const elsewhere = await catalogueTenant(app);
    const stranger = await elsewhere.signIn('customer');
    const foreign = await elsewhere.call('GET', '/api/users/search?query=강가', undefined, stranger.token);
    expect(foreign.json().users).toEqual([]);
  });

  it('withdraws to an EVM address: locked first, then settled by the bridge', async () => {
    const withdraw = (body: object, key = crypto.randomUUID()) =>
      app.inject({
        method: 'POST',
        url: '/api/wallet/withdraw',
        headers: { host: w.host, authorization: `Bearer ${river.token}`, 'idempotency-key': key },
        payload: body,
      });
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect((await withdraw({ amount: 1_000, target_address: '0x1234' })).json().code).toBe('validation_error');
    const typo = await withdraw({ amount: 1_000, target_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' });
    expect(typo.json().code).toBe('invalid_evm_checksum');
    expect((await withdraw({ amount: 1_500, target_address: address })).statusCode).toBe(400);
    expect((await withdraw({ amount: 100_000, target_address: address })).json().code).toBe('insufficient_balance');

    const key = crypto.randomUUID();
    const made = await withdraw({ amount: 3_000, target_address: address.toLowerCase() }, key);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      withdrawal: {
        amount: 3_000,
        target_address: address,
        target_chain: 'ethereum',
        status: 'pending',
        tx_hash: null,
      },
      balance: { available: 17_300 - 3_000, locked: 3_000 },
    });
    expect((await withdraw({ amount: 3_000, target_address: address }, key)).json().withdrawal.id).toBe(
      made.json().withdrawal.id,
    );
    expect(
      await app.wallet.settleDueWithdrawals({ now: new Date(Date.now() + 60_000), tenantIds: [w.tenant.id] }),
    ).toBe(1);
    const status = (await w.call('GET', '/api/wallet/bridge-status', undefined, river.token)).json();
    expect(status.withdrawals[0]).toMatchObject({
      status: 'completed',
      tx_hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await balance(river.token)).toMatchObject({ available: 14_300, locked: 0 });
    const history = (await w.call('GET', '/api/wallet/transactions?tx_type=withdraw', undefined, river.token)).json();
    expect(history.transactions.map((t: { delta: number }) => t.delta)).toEqual([-3_000]);
    expect(await ledgerProblems(app.db, w.tenant.id)).toEqual([]);
  });

  it('simulates reward points with the tenant rate, registers an address, and hides everything when the wallet is off', async () => {
    expect(
      (await w.call('GET', '/api/wallet/earn-simulation?order_amount=12345', undefined, sky.token)).json(),
    ).toEqual({
      order_amount: 12_345,
      point_reward_rate: 1,
      earned_points: 123,
    });
    const created = await w.call(
      'POST',
      '/api/wallet/create',
      { evm_address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' },
      sky.token,
    );
    expect(created.json().evm_address).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect((await w.call('GET', '/api/wallet/overview', undefined)).statusCode).toBe(401);

    const off = await catalogueTenant(app, { features: { ...w.tenant.features, wallet: false } });
    const user = await off.signIn('customer');
    for (const [method, url] of [
      ['GET', '/api/wallet/overview'],
      ['GET', '/api/wallet/transactions'],
      ['POST', '/api/wallet/transfer'],
      ['POST', '/api/wallet/charge/prepare'],
      ['GET', '/api/users/search?query=ab'],
    ] as const) {
      const res = await off.call(method, url, method === 'POST' ? {} : undefined, user.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('feature_disabled');
    }
  });
});
