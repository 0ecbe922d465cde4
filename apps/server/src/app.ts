import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { accountDeletionPlugin } from './flows/account-deletion.plugin.js';
import { cartRoutes } from './flows/cart.routes.js';
import { checkoutPlugin } from './flows/checkout.plugin.js';
import { checkoutRoutes } from './flows/checkout.routes.js';
import { webBoot } from './flows/web-boot.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { analyticsRoutes } from './modules/analytics/analytics.routes.js';
import { accountsPlugin, applyFeatureAvailability } from './modules/auth/auth.plugin.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { cataloguePlugin } from './modules/catalogue/catalogue.plugin.js';
import { directoryRoutes } from './modules/catalogue/directory.routes.js';
import { mainFeedRoutes } from './modules/catalogue/main.routes.js';
import { productsRoutes } from './modules/catalogue/products.routes.js';
import { contentPlugin } from './modules/content/content.plugin.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { dashboardPlugin } from './modules/dashboard/dashboard.plugin.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { devRoutes } from './modules/dev/dev.routes.js';
import { paymentsPlugin } from './modules/payments/payments.plugin.js';
import { paymentWebhookRoutes } from './modules/payments/payments.routes.js';
import { reviewsPlugin } from './modules/reviews/reviews.plugin.js';
import { reviewsRoutes } from './modules/reviews/reviews.routes.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { walletPlugin } from './modules/wallet/wallet.plugin.js';
import { walletRoutes } from './modules/wallet/wallet.routes.js';
import { authenticateRequest } from './platform/auth.js';
import { clientErrorHandler } from './platform/client-errors.js';
import { compressionPlugin } from './platform/compression.js';
import { etagPublicJson } from './platform/conditional-get.js';
import { countersPlugin } from './platform/counters.js';
import { databasePlugin } from './platform/database.js';
import { vacuumDueTables } from './platform/db/vacuum.js';
import { frameworkRefusal, registerErrorHandling } from './platform/errors.js';
import { healthRoutes } from './platform/health.js';
import { stepHook } from './platform/hooks.js';
import { everyInterval } from './platform/jobs.js';
import { mailPlugin } from './platform/mail.js';
import { nullTolerantValidatorCompiler } from './platform/null-as-absent.js';
import { openApiOptions } from './platform/openapi.js';
import { sandboxCheckoutRoutes } from './platform/payments/sandbox.routes.js';
import { noStorePrivateAnswers } from './platform/private-answers.js';
import { QuietRequestLog } from './platform/request-log.js';
import { productionSeams, type Seams } from './platform/seams.js';
import { API_HEADERS, securityHeadersPlugin } from './platform/security-headers.js';
import { createStorage, storagePlugin } from './platform/storage/storage.plugin.js';
import { mediaFileRoutes } from './platform/storage/storage.routes.js';
import { rejectInvalidHost, resolveTenant, tenancyPlugin } from './platform/tenancy.js';
import { refuseMalformedText } from './platform/text-input.js';
import { registerWebApp } from './platform/web-app.js';
import { seedDemoIfEmpty } from './seed/demo.js';

const REQUEST_ID = /^[\w.-]{1,64}$/;

declare module 'fastify' {
  interface FastifyInstance {
    /** The clock, randomness and failpoints the money code uses (platform/seams.ts). */
    seams: Seams;
  }
}

/**
 * Builds the whole API (and the web app when built) from a config; tests build their own. `seams`:
 * the real clock and randomness, no failpoints, except in the money simulation (src/sim).
 */
export async function buildApp(config: AppConfig, seams: Seams = productionSeams): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    // One line per finished request, quiet in the demo (platform/request-log.ts).
    logController: new QuietRequestLog(config.requestLog),
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    // Keep a sane incoming id (from a proxy) or make one; every log line carries it as reqId.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Opening PGlite and migrating can take longer than Fastify's 10 s default on a loaded machine.
    pluginTimeout: 60_000,
    routerOptions: { maxParamLength: 500 },
    // Router-level errors (a path parameter over maxParamLength, a malformed URL) come before any
    // route, hook or error handler: answer them in the one error shape, with the API's security
    // headers and the request id (the onRequest hook that sets them has not run).
    frameworkErrors: (error, request, reply) => {
      const { status, code, detail } = frameworkRefusal({
        code: error.code,
        statusCode: error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400,
      });
      (reply as unknown as FastifyReply)
        .headers(API_HEADERS)
        .header('x-request-id', request.id)
        .status(status)
        .send({ detail, code });
    },
    // Requests Node's parser refuses (URL or headers over 16 KB, a malformed chunked body) answer
    // JSON { detail, code } too. Node's own bare 400 for a missing Host is off: such a request
    // reaches rejectInvalidHost, which answers 400 in the same shape.
    clientErrorHandler,
    http: { requireHostHeader: false },
  }).withTypeProvider<ZodTypeProvider>();

  // Request bodies read null as absent where a field is optional (platform/null-as-absent.ts).
  app.decorate('seams', seams);
  app.setValidatorCompiler(nullTolerantValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await app.register(securityHeadersPlugin, { mediaPublicBaseUrl: config.storage.publicBaseUrl });
  // Before every route: the plugin compresses the answers of routes declared after it.
  await app.register(compressionPlugin);
  app.addHook('onRequest', rejectInvalidHost);

  await app.register(databasePlugin, {
    databaseUrl: config.databaseUrl,
    poolMax: config.databasePoolMax,
    dataDir: config.inMemoryDatabase ? undefined : config.dataDir,
    pglite: config.pglite,
  });
  await app.register(storagePlugin, { storage: createStorage(config.storage) });
  if (config.seedDemo) {
    await app.database.exclusive(() =>
      seedDemoIfEmpty(app.db, app.log, {
        storage: app.storage,
        extraProducts: config.catalogue.seedProductsPerTenant,
        extraPosts: config.content.seedPostsPerTenant,
      }),
    );
  }
  await app.register(countersPlugin, {
    redisUrl: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    rateLimits: config.rateLimits,
  });
  if (app.database.kind === 'pglite') {
    everyInterval(app, 'pglite vacuum', config.pgliteVacuumIntervalMs, async () => {
      const done = await vacuumDueTables(app.db);
      if (done.length) app.log.info({ done }, 'pglite vacuum');
    });
  }
  await app.register(tenancyPlugin, { cacheTtlMs: config.tenantCacheTtlMs, publicAddress: config.publicAddress });
  await app.register(mailPlugin, {
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    keepOutbox: config.mail.outboxPage && config.env !== 'production',
  });
  await app.register(accountsPlugin, { config });
  await app.register(cataloguePlugin, {
    counterFlushMs: config.catalogue.counterFlushMs,
    answerCacheMs: config.catalogue.answerCacheMs,
  });
  await app.register(contentPlugin, {
    counterFlushMs: config.catalogue.counterFlushMs,
    answerCacheMs: config.catalogue.answerCacheMs,
    viewPeriodMs: config.content.viewPeriodMs,
  });
  await app.register(paymentsPlugin, { config });
  await app.register(walletPlugin, config.wallet);
  await app.register(checkoutPlugin, { config });
  await app.register(accountDeletionPlugin);
  await app.register(reviewsPlugin, { answerCacheMs: config.catalogue.answerCacheMs });
  await app.register(dashboardPlugin);

  await app.register(fastifySwagger, openApiOptions);
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(healthRoutes);

  // Everything a tenant owns lives in this scope: its hook resolves the tenant from the Host.
  await app.register(
    async (api) => {
      // One hook, synchronous when the host is cached and no token came: the tenant, its
      // features, the user.
      api.addHook(
        'onRequest',
        stepHook(function tenantScope(request) {
          const userStep = () => {
            applyFeatureAvailability.call(this, request);
            return authenticateRequest.call(this, request);
          };
          return resolveTenant.call(this, request)?.then(userStep) ?? userStep();
        }),
      );
      // NUL and lone surrogates in any parameter, query or body field (multipart included): 400.
      api.addHook('preHandler', refuseMalformedText);
      // Public JSON answers revalidate with a weak ETag (304 on If-None-Match).
      api.decorateReply('jsonAnswer', null);
      // Answers that may hold the caller's own data: Cache-Control: no-store (never an ETag either).
      api.addHook('onSend', noStorePrivateAnswers);
      api.addHook('onSend', etagPublicJson);
      await api.register(tenantsRoutes);
      await api.register(authRoutes);
      await api.register(adminRoutes);
      await api.register(mediaFileRoutes);
      await api.register(productsRoutes);
      await api.register(mainFeedRoutes);
      await api.register(directoryRoutes);
      await api.register(contentRoutes, { fileBytesMax: config.content.fileBytesMax });
      await api.register(walletRoutes);
      await api.register(checkoutRoutes);
      await api.register(cartRoutes);
      await api.register(analyticsRoutes);
      await api.register(reviewsRoutes);
      await api.register(dashboardRoutes);
      await api.register(paymentWebhookRoutes);
      // Never in production, whatever the config says (docs/decisions/007-dev-outbox.md).
      if (config.mail.outboxPage && config.env !== 'production' && app.mailer.outbox) await api.register(devRoutes);
    },
    { prefix: '/api' },
  );
  // The sandbox gateway's checkout page lives on each tenant's domain, outside the API.
  const sandbox = app.sandboxGateway;
  if (sandbox) {
    await app.register(async (pages) => {
      pages.addHook('onRequest', stepHook(resolveTenant));
      await pages.register(sandboxCheckoutRoutes, { gateway: sandbox });
    });
  }

  await registerWebApp(app, {
    distDir: config.webDistDir,
    metaCacheMs: config.catalogue.answerCacheMs,
    // Boot data, the page's chunk hints and its first screen: it shows before any script runs.
    extras: await webBoot(app, config.webDistDir),
  });
  return app;
}
