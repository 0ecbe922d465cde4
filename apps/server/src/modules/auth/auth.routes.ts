import {
  accountDeletionPreviewSchema,
  changePasswordBodySchema,
  errorSchema,
  findEmailAnswerSchema,
  findEmailBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  messageSchema,
  profileUpdateBodySchema,
  registerCustomerBodySchema,
  registerMerchantBodySchema,
  resetPasswordBodySchema,
  resetPasswordRequestBodySchema,
  sendVerificationAnswerSchema,
  sendVerificationBodySchema,
  socialAuthUrlAnswerSchema,
  socialCallbackBodySchema,
  socialLoginBodySchema,
  userSchema,
  verifyEmailAnswerSchema,
  verifyEmailBodySchema,
} from '@app/contracts';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireFeature, requireUser } from '../../platform/auth.js';
import { access } from '../../platform/openapi.js';
import { presentUser } from './auth.presenter.js';
import { type RequestContext, SocialAccountLoginError } from './auth.service.js';
import { rememberKakaoState, takeKakaoState } from './kakao-state.js';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });
/** Served over TLS, here or at the proxy in front (the tenant's public address is https). */
const https = (request: FastifyRequest) => request.protocol === 'https' || origin(request).startsWith('https:');

const context = (request: FastifyRequest): RequestContext => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});
/** The tenant's own address (its domain, PUBLIC_SCHEME, PUBLIC_PORT), never the request's Host. */
const origin = (request: FastifyRequest) => request.server.tenantOrigin(request.tenant);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Login is a form post (urlencoded or multipart, fields only); both parsers stay in this scope.
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { files: 0, fields: 10, fieldSize: 8 * 1024, parts: 10 },
  });
  // Only the Kakao login state cookie (kakao-state.ts); sessions are bearer tokens, not cookies.
  await app.register(cookie);
  // Clients send `content-type: application/json` on bodiless calls (logout, delete account).
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') return done(null, undefined);
    return json(request, text, done);
  });

  const session = (reply: FastifyReply, token: string, account: Parameters<typeof presentUser>[0]) => {
    reply.header('cache-control', 'no-store');
    return { access_token: token, token_type: 'bearer' as const, user: presentUser(account) };
  };

  app.post(
    '/auth/login',
    {
      config: perMinute(30),
      schema: {
        operationId: 'login',
        security: access.public,
        tags: ['auth'],
        summary: '이메일 로그인 (form data: username=이메일, password)',
        description:
          '실패 5회 시 15분 잠금(429). 소셜 로그인 전용 계정은 400과 x-social-login 헤더(제공자 이름)로 답합니다.',
        consumes: ['application/x-www-form-urlencoded', 'multipart/form-data', 'application/json'],
        body: loginBodySchema,
        response: { 200: loginAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      try {
        const { token, account } = await app.auth.login(
          request.tenant,
          request.body.username,
          request.body.password,
          context(request),
        );
        return session(reply, token, account);
      } catch (err) {
        if (err instanceof SocialAccountLoginError) {
          reply.header('x-social-login', err.provider);
          reply.header('access-control-expose-headers', 'x-social-login');
        }
        throw err;
      }
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        operationId: 'logout',
        security: access.signedIn,
        tags: ['auth'],
        summary: '로그아웃 (현재 토큰 폐기)',
        description: '토큰이 없거나 이 서비스의 유효한 세션이 아니면(다른 테넌트의 토큰 포함) 401로 답합니다.',
        response: { 200: messageSchema, 401: errorSchema },
      },
    },
    async (request) => {
      await app.auth.logout(requireUser(request));
      return { message: '로그아웃되었습니다.' };
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        operationId: 'getMe',
        security: access.signedIn,
        tags: ['auth'],
        summary: '토큰 확인과 현재 사용자',
        response: { 200: userSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return presentUser(requireUser(request).account);
    },
  );

  app.post(
    '/auth/register/customer',
    {
      schema: {
        operationId: 'registerCustomer',
        security: access.public,
        tags: ['auth'],
        summary: '고객 회원가입 (이메일 인증 필요)',
        body: registerCustomerBodySchema,
        response: { 201: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, username, password, phone, address } = request.body;
      const account = await app.auth.register(request.tenant, { email, username, password, phone, address });
      return reply.status(201).send(presentUser(account));
    },
  );

  app.post(
    '/auth/register/merchant',
    {
      schema: {
        operationId: 'registerMerchant',
        security: access.public,
        tags: ['auth'],
        summary: '판매자 회원가입 (이메일 인증 필요, merchant 기능)',
        body: registerMerchantBodySchema,
        response: { 201: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireFeature(request, 'merchant');
      const { email, username, password, phone, address, merchant } = request.body;
      const account = await app.auth.register(request.tenant, { email, username, password, phone, address, merchant });
      return reply.status(201).send(presentUser(account));
    },
  );

  app.post(
    '/auth/send-verification-email',
    {
      config: perMinute(10),
      schema: {
        operationId: 'sendVerificationEmail',
        security: access.public,
        tags: ['auth'],
        summary: '이메일 인증 코드 발송 (6자리, 10분 유효, 60초 후 재발송)',
        description:
          '가입 여부와 무관하게 같은 답입니다. 이미 가입된 이메일에는 로그인·비밀번호 재설정 안내와 코드를 보내고, 그 코드를 확인하면 409 email_taken으로 답합니다.',
        body: sendVerificationBodySchema,
        response: { 200: sendVerificationAnswerSchema, ...errors, 502: errorSchema },
      },
    },
    async (request) => app.auth.sendVerificationEmail(request.tenant, request.body.email, origin(request)),
  );

  app.post(
    '/auth/verify-email',
    {
      config: perMinute(20),
      schema: {
        operationId: 'verifyEmail',
        security: access.public,
        tags: ['auth'],
        summary: '이메일 인증 코드 확인 (1회용, 5회까지 입력)',
        description: '코드가 맞고 이미 가입된 이메일이면 409 email_taken(이미 사용중인 이메일입니다.)으로 답합니다.',
        body: verifyEmailBodySchema,
        response: { 200: verifyEmailAnswerSchema, ...errors },
      },
    },
    async (request) => app.auth.verifyEmail(request.tenant, request.body.email, request.body.code),
  );

  app.post(
    '/auth/find-email',
    {
      config: perMinute(10),
      schema: {
        operationId: 'findEmail',
        security: access.public,
        tags: ['auth'],
        summary: '전화번호로 이메일 찾기 (마스킹된 이메일만)',
        body: findEmailBodySchema,
        response: { 200: findEmailAnswerSchema, ...errors },
      },
    },
    async (request) => app.auth.findEmail(request.tenant.id, request.body.phone),
  );

  app.post(
    '/auth/reset-password-request',
    {
      config: perMinute(10),
      schema: {
        operationId: 'requestPasswordReset',
        security: access.public,
        tags: ['auth'],
        summary: '비밀번호 재설정 링크 요청 (가입 여부와 무관하게 같은 답)',
        body: resetPasswordRequestBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => app.auth.requestPasswordReset(request.tenant, request.body.email, origin(request)),
  );

  app.post(
    '/auth/reset-password',
    {
      config: perMinute(20),
      schema: {
        operationId: 'resetPassword',
        security: access.public,
        tags: ['auth'],
        summary: '재설정 토큰으로 새 비밀번호 설정 (모든 세션 종료)',
        body: resetPasswordBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => app.auth.resetPassword(request.tenant.id, request.body.token, request.body.new_password),
  );

  app.put(
    '/auth/profile',
    {
      schema: {
        operationId: 'updateProfile',
        security: access.signedIn,
        tags: ['auth'],
        summary: '프로필 수정 (보낸 항목만 변경)',
        body: profileUpdateBodySchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => presentUser(await app.auth.updateProfile(requireUser(request), request.body)),
  );

  app.post(
    '/auth/change-password',
    {
      config: perMinute(20),
      schema: {
        operationId: 'changePassword',
        security: access.signedIn,
        tags: ['auth'],
        summary: '비밀번호 변경 (다른 세션 종료)',
        body: changePasswordBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) =>
      app.auth.changePassword(
        requireUser(request),
        request.body.current_password,
        request.body.new_password,
        request.ip,
      ),
  );

  app.delete(
    '/auth/account',
    {
      schema: {
        operationId: 'deleteAccount',
        security: access.signedIn,
        tags: ['auth'],
        summary: '회원 탈퇴 (개인정보 삭제, 거래 기록 보존)',
        description:
          '진행 중인 주문(구매·판매, 구매확정·취소·환불되지 않은 주문)이 있으면 409 open_orders(주문 번호를 안내), 결제·출금 중인 포인트가 있으면 409 points_locked로 거절합니다. 탈퇴하면 판매 중인 상품은 판매 중지되고 남은 포인트는 소멸됩니다.',
        response: { 200: messageSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request) => app.accountDeletion.delete(requireUser(request)),
  );

  app.get(
    '/auth/account/deletion',
    {
      schema: {
        operationId: 'previewAccountDeletion',
        security: access.signedIn,
        tags: ['auth'],
        summary: '회원 탈퇴 미리보기 (막는 주문, 소멸될 포인트, 판매 중지될 상품 수)',
        response: { 200: accountDeletionPreviewSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.accountDeletion.preview(requireUser(request));
    },
  );

  // Kakao login (feature social_login, which reads as off while Kakao is not configured).

  app.get(
    '/auth/kakao/auth-url',
    {
      schema: {
        operationId: 'getKakaoAuthUrl',
        security: access.public,
        tags: ['auth'],
        summary: '카카오 로그인 시작 주소',
        description: '답의 state를 10분 동안 이 브라우저의 HttpOnly 쿠키에도 둡니다 (콜백에서 확인).',
        response: { 200: socialAuthUrlAnswerSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      requireFeature(request, 'social_login');
      const answer = app.auth.kakaoAuthUrl(origin(request));
      rememberKakaoState(reply, answer.state, https(request));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.post(
    '/auth/kakao/callback',
    {
      config: perMinute(20),
      schema: {
        operationId: 'loginWithKakaoCode',
        security: access.public,
        tags: ['auth'],
        summary: '카카오 인가 코드로 로그인',
        description:
          'state는 같은 브라우저의 auth-url 답과 같아야 합니다. 없거나 다르면 코드를 쓰지 않고 400 social_state_invalid로 답합니다.',
        body: socialCallbackBodySchema,
        response: { 200: loginAnswerSchema, ...errors, 502: errorSchema },
      },
    },
    async (request, reply) => {
      requireFeature(request, 'social_login');
      // Login CSRF: the code is spent only for the browser that started this login.
      takeKakaoState(request, reply, request.body.state, https(request));
      const redirectUri = request.body.redirect_uri ?? app.auth.redirectUriFor(origin(request));
      const { token, account } = await app.auth.kakaoCallback(
        request.tenant,
        request.body.code,
        redirectUri,
        context(request),
      );
      return session(reply, token, account);
    },
  );

  app.post(
    '/auth/kakao/login',
    {
      config: perMinute(20),
      schema: {
        operationId: 'loginWithKakaoToken',
        security: access.public,
        tags: ['auth'],
        summary: '카카오 액세스 토큰으로 로그인',
        body: socialLoginBodySchema,
        response: { 200: loginAnswerSchema, ...errors, 502: errorSchema },
      },
    },
    async (request, reply) => {
      requireFeature(request, 'social_login');
      const { token, account } = await app.auth.kakaoTokenLogin(
        request.tenant,
        request.body.access_token,
        context(request),
      );
      return session(reply, token, account);
    },
  );
};
