import {
  bridgeStatusSchema,
  chargeCallbackResultSchema,
  chargeCallbackSchema,
  chargePrepareResultSchema,
  chargePrepareSchema,
  earnSimulationQuerySchema,
  earnSimulationSchema,
  errorSchema,
  topupRequestSchema,
  transferRequestSchema,
  transferResultSchema,
  userSearchQuerySchema,
  userSearchResultSchema,
  walletBalanceSchema,
  walletCreateSchema,
  walletOverviewSchema,
  walletTransactionListSchema,
  walletTransactionQuerySchema,
  withdrawRequestSchema,
  withdrawResultSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFeature, requireUser } from '../../platform/auth.js';
import { assertValid } from '../../platform/json-reply.js';
import { access } from '../../platform/openapi.js';
import { requestKey } from './wallet.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const paymentErrors = { ...errors, 502: errorSchema };
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/** A signed-in user of a tenant with the wallet on: 404 feature_disabled otherwise, then 401, then bad input. */
function walletUser(request: FastifyRequest, ...features: ('payment' | 'wallet')[]) {
  requireFeature(request, 'wallet');
  for (const f of features) requireFeature(request, f);
  const user = requireUser(request);
  assertValid(request);
  return user;
}

/** The wallet calls of spec part 3, section 7, and the transfer recipient search. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const wallet = app.wallet;
  const tags = ['wallet'];

  app.get(
    '/wallet/overview',
    {
      schema: {
        operationId: 'getWalletOverview',
        security: access.signedIn,
        tags,
        summary: '지갑 요약 (잔액, 등록한 지갑 주소, 적립률)',
        response: { 200: walletOverviewSchema, ...errors },
      },
    },
    async (request) => wallet.overview(request.tenant, walletUser(request)),
  );

  app.get(
    '/wallet/balance',
    {
      schema: {
        operationId: 'getWalletBalance',
        security: access.signedIn,
        tags,
        summary: '포인트 잔액 (available, locked, updated_at)',
        response: { 200: walletBalanceSchema, ...errors },
      },
    },
    async (request) => wallet.balance(request.tenant.id, walletUser(request).id),
  );

  app.post(
    '/wallet/create',
    {
      attachValidation: true,
      schema: {
        operationId: 'createWallet',
        security: access.signedIn,
        tags,
        summary: '지갑 만들기와 EVM 주소 등록 (0x + 16진수 40자리; 대소문자가 섞이면 EIP-55 체크섬 확인)',
        body: walletCreateSchema,
        response: { 200: walletOverviewSchema, ...errors },
      },
    },
    async (request) => wallet.create(request.tenant, walletUser(request), request.body.evm_address),
  );

  app.get(
    '/wallet/transactions',
    {
      attachValidation: true,
      schema: {
        operationId: 'listWalletTransactions',
        security: access.signedIn,
        tags,
        summary: '포인트 거래 내역 (최신순, page, size 기본 20, tx_type)',
        querystring: walletTransactionQuerySchema,
        response: { 200: walletTransactionListSchema, ...errors },
      },
    },
    async (request) => wallet.transactions(request.tenant.id, walletUser(request).id, request.query),
  );

  app.get(
    '/wallet/earn-simulation',
    {
      attachValidation: true,
      schema: {
        operationId: 'simulateEarn',
        security: access.signedIn,
        tags,
        summary: '주문 금액에 대한 예상 적립 포인트 (테넌트의 point_reward_rate, 내림)',
        querystring: earnSimulationQuerySchema,
        response: { 200: earnSimulationSchema, ...errors },
      },
    },
    async (request) => {
      walletUser(request);
      return wallet.earnSimulation(request.tenant, request.query.order_amount);
    },
  );

  for (const [path, operationId, summary] of [
    [
      '/wallet/charge/prepare',
      'prepareCharge',
      '카드 충전 준비 (1,000~1,000,000원, 1,000원 단위; 결제창 여는 방법 checkout 포함)',
    ],
    ['/wallet/topup', 'prepareTopup', '카드 충전 준비 (amount_fiat, payment_method card: charge/prepare와 같은 처리)'],
  ] as const) {
    const topup = path === '/wallet/topup';
    app.post(
      path,
      {
        attachValidation: true,
        config: perMinute(20),
        schema: {
          operationId,
          security: access.signedIn,
          tags,
          summary,
          body: topup ? topupRequestSchema : chargePrepareSchema,
          response: { 200: chargePrepareResultSchema, ...paymentErrors },
        },
      },
      async (request) => {
        const user = walletUser(request, 'payment');
        const body = request.body as {
          amount?: number;
          amount_fiat?: number;
          buyer_name: string;
          buyer_email: string;
          buyer_tel: string;
        };
        return wallet.chargePrepare(request.tenant, user, {
          ...body,
          amount: (body.amount ?? body.amount_fiat) as number,
        });
      },
    );
  }

  app.post(
    '/wallet/charge/callback',
    {
      attachValidation: true,
      config: perMinute(60),
      schema: {
        operationId: 'confirmCharge',
        security: access.signedIn,
        tags,
        summary: '카드 충전 확인 (결제사에 결제를 직접 조회해 금액·통화·상태가 맞을 때만 한 번 적립)',
        body: chargeCallbackSchema,
        response: { 200: chargeCallbackResultSchema, ...paymentErrors },
      },
    },
    async (request) => wallet.chargeCallback(request.tenant, walletUser(request, 'payment'), request.body.payment_id),
  );

  app.post(
    '/wallet/transfer',
    {
      attachValidation: true,
      config: perMinute(30),
      schema: {
        operationId: 'transferPoints',
        security: access.signedIn,
        tags,
        summary:
          '포인트 보내기 (같은 서비스의 다른 회원에게, 100포인트 이상 100 단위, 메모 100자 이하; Idempotency-Key 헤더로 재시도해도 한 번만)',
        body: transferRequestSchema,
        response: { 200: transferResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = walletUser(request);
      return wallet.transfer(request.tenant, user, request.body, requestKey(request.headers['idempotency-key']));
    },
  );

  app.post(
    '/wallet/withdraw',
    {
      attachValidation: true,
      config: perMinute(10),
      schema: {
        operationId: 'withdrawPoints',
        security: access.signedIn,
        tags,
        summary:
          '포인트 출금 (1,000~1,000,000포인트, 1,000 단위; 잠근 뒤 브리지가 정산; Idempotency-Key 헤더로 재시도해도 한 번만)',
        body: withdrawRequestSchema,
        response: { 200: withdrawResultSchema, ...errors },
      },
    },
    async (request) => {
      const user = walletUser(request);
      return wallet.withdraw(request.tenant, user, request.body, requestKey(request.headers['idempotency-key']));
    },
  );

  app.get(
    '/wallet/bridge-status',
    {
      schema: {
        operationId: 'getBridgeStatus',
        security: access.signedIn,
        tags,
        summary: '출금 브리지 상태와 내 최근 출금',
        response: { 200: bridgeStatusSchema, ...errors },
      },
    },
    async (request) => wallet.bridgeStatus(request.tenant.id, walletUser(request).id),
  );

  app.get(
    '/users/search',
    {
      attachValidation: true,
      config: perMinute(60),
      schema: {
        operationId: 'searchRecipients',
        security: access.signedIn,
        tags: ['users'],
        summary:
          '포인트 받을 회원 찾기 (query 2자 이상; email 앞부분, 사업자번호 앞자리, 상호; 최대 10명, 이메일은 가려서)',
        querystring: userSearchQuerySchema,
        response: { 200: userSearchResultSchema, ...errors },
      },
    },
    async (request) => wallet.searchUsers(request.tenant.id, walletUser(request), request.query),
  );
};
