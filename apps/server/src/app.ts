import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { App, AppDeps, Module } from './deps';
import { systemClock } from './lib/clock';
import { notFound } from './lib/errors';
import { loadPusher, loadRedis } from './lib/lazy-modules';
import { openMediaStore } from './lib/media-store-s3';
import { msg, Translator } from './lib/messages';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { twoStepRoutes } from './modules/auth/two-step.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { blogsAdminRoutes } from './modules/blogs/blogs-admin.routes';
import { cartRoutes } from './modules/cart/cart.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { catalogAdminRoutes } from './modules/catalog/catalog-admin.routes';
import { catalogValuesRoutes } from './modules/catalog/catalog-values.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { checkoutRoutes } from './modules/checkout/checkout.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { contactAdminRoutes } from './modules/contact/contact-admin.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { digitalRoutes } from './modules/digital/digital.routes';
import { earningsRoutes } from './modules/earnings/earnings.routes';
import { flashSalesRoutes } from './modules/flash-sales/flash-sales.routes';
import { healthRoutes } from './modules/health/health.routes';
import { bannersAdminRoutes } from './modules/home/banners-admin.routes';
import { homeRoutes } from './modules/home/home.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { languagesRoutes } from './modules/languages/languages.routes';
import { readAllTranslationFiles } from './modules/languages/translation-files';
import { mediaRoutes } from './modules/media/media.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { createNotifier } from './modules/notifications/notifier';
import { operatorRoutes } from './modules/operator/operator.routes';
import { operatorBackOfficeRoutes } from './modules/operator/operator-back-office.routes';
import { operatorPromotionsRoutes } from './modules/operator/operator-promotions.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { pagesRoutes } from './modules/pages/pages.routes';
import { pagesAdminRoutes } from './modules/pages/pages-admin.routes';
import { createPaymentGateways } from './modules/payments/gateways/payment-gateways';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { productsRoutes } from './modules/products/products.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { provincesRoutes } from './modules/provinces/provinces.routes';
import { realtimeRoutes } from './modules/realtime/realtime.routes';
import { recentlyViewedRoutes } from './modules/recently-viewed/recently-viewed.routes';
import { returnsRoutes } from './modules/returns/returns.routes';
import { returnsOperatorRoutes } from './modules/returns/returns-operator.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { sellerCentreRoutes } from './modules/seller-centre/seller-centre.routes';
import { sellerImportsRoutes } from './modules/seller-imports/seller-imports.routes';
import { sellerProductsRoutes } from './modules/seller-products/seller-products.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { settingsOperatorRoutes } from './modules/settings/settings-operator.routes';
import { shopsRoutes } from './modules/shops/shops.routes';
import { socialAuthRoutes } from './modules/social-auth/social-auth.routes';
import { supportRoutes } from './modules/support/support.routes';
import { vouchersRoutes } from './modules/vouchers/vouchers.routes';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes';
import { accessPlugin, ownsByIntegerId } from './plugins/access';
import { auditPlugin } from './plugins/audit';
import { authPlugin } from './plugins/auth';
import { clientIpPlugin } from './plugins/client-ip';
import { apiContentSecurityPolicyPlugin } from './plugins/content-security-policy';
import { errorsPlugin } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';
import { idempotencyPlugin } from './plugins/idempotency';
import { metricsPlugin } from './plugins/metrics';
import { nulTextPlugin } from './plugins/nul-text';
import { PageCache } from './plugins/page-cache';
import { rateLimitPlugin } from './plugins/rate-limit';
import { specAliasesPlugin } from './plugins/spec-aliases';
import { stepUpPlugin } from './plugins/step-up';
import { webPlugin } from './plugins/web';
import { buildServices, type Services } from './services';

/** The API modules, in one explicit list. */
const modules: Module<Services>[] = [
  healthRoutes,
  settingsRoutes,
  authRoutes,
  twoStepRoutes,
  notificationsRoutes,
  socialAuthRoutes,
  profileRoutes,
  addressesRoutes,
  wishlistRoutes,
  recentlyViewedRoutes,
  dashboardRoutes,
  languagesRoutes,
  catalogRoutes,
  homeRoutes,
  shopsRoutes,
  flashSalesRoutes,
  provincesRoutes,
  productsRoutes,
  blogsRoutes,
  pagesRoutes,
  contactRoutes,
  seoRoutes,
  mediaRoutes,
  cartRoutes,
  checkoutRoutes,
  vouchersRoutes,
  ordersRoutes,
  reviewsRoutes,
  realtimeRoutes,
  chatRoutes,
  returnsRoutes,
  invoicesRoutes,
  paymentsRoutes,
  digitalRoutes,
  supportRoutes,
  sellerCentreRoutes,
  earningsRoutes,
  sellerProductsRoutes,
  sellerImportsRoutes,
  operatorRoutes,
  auditRoutes,
  operatorBackOfficeRoutes,
  catalogAdminRoutes,
  catalogValuesRoutes,
  contactAdminRoutes,
  bannersAdminRoutes,
  pagesAdminRoutes,
  blogsAdminRoutes,
  returnsOperatorRoutes,
  settingsOperatorRoutes,
  operatorPromotionsRoutes,
];

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  web?: boolean;
  /** Replaces what the composition root would build (a test's clock, notifier, ...). */
  deps?: Partial<Omit<AppDeps, 'config' | 'database'>>;
}

export interface ComposedApp {
  app: App;
  deps: AppDeps;
  services: Services;
}

/** The app and what it was composed of (tests reach the services, e.g. to clear a cache). */
export async function composeApp(options: BuildOptions): Promise<ComposedApp> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    // Two info lines per request cost too much under load: plugins/metrics.ts logs what matters.
    logController: new LogController({ disableRequestLogging: true }),
    // A request that reaches a process while it shuts down is still served (its database closes
    // only after every request is answered), instead of a 503 the load balancer would pass on.
    return503OnClosing: false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Fastify gives each plugin 10 s to start. Loading the web build (react-router and the SSR
    // bundle) took longer than that on a busy two-core machine and `npm start` failed; a slow start
    // is better than none, and a plugin that truly hangs still fails after this.
    pluginTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // A dropped connection and the read replica going down or coming back are told in the app's log.
  options.database.setLog?.(app.log);
  const deps = await composeDeps(app, options);
  const translator = new Translator(await readAllTranslationFiles(), (locale, key) =>
    app.log.warn({ locale, key }, 'a message has no translation'),
  );
  const services = buildServices(deps, translator);
  await app.register(errorsPlugin, { translator });
  await app.register(metricsPlugin, {
    config,
    database: options.database,
    sockets: () => services.realtime.hub.size,
  });
  // Before the other hooks, so what they answer (401, the CSRF 403, 429) is in the shopper's language.
  await app.register(i18nPlugin, { supportedLocales: () => services.languages.activeCodes(), translator });
  await app.register(accessPlugin, {
    ownership: {
      address: {
        owns: ownsByIntegerId((userId, id) => services.addresses.owns(userId, id)),
        notFound: msg('Address not found.'),
      },
      payment: { owns: (userId, id) => services.payments.owns(userId, id), notFound: msg('Payment not found.') },
      order: {
        owns: ownsByIntegerId((userId, id) => services.orders.owns(userId, id)),
        notFound: msg('Order not found.'),
      },
      return: {
        owns: ownsByIntegerId((userId, id) => services.returns.owns(userId, id)),
        notFound: msg('Return not found.'),
      },
      ticketAttachment: {
        owns: ownsByIntegerId((userId, id) => services.support.ownsAttachment(userId, id)),
        notFound: msg('Attachment not found.'),
      },
      digital_order: {
        owns: ownsByIntegerId((userId, id) => services.digital.owns(userId, id)),
        notFound: msg('Order not found.'),
      },
      session: {
        owns: ownsByIntegerId((userId, id) => services.sessions.owns(userId, id)),
        notFound: msg('Session not found.'),
      },
    },
    sellerShopId: (userId) => services.shops.sellerShopId(userId),
    localConveniences: config.APP_ENV === 'local',
  });
  await app.register(specAliasesPlugin);
  await app.register(nulTextPlugin);
  await app.register(clientIpPlugin);
  await app.register(authPlugin, { sessions: services.sessions });
  // After the access plugin: its preHandler runs once the caller's access is checked.
  await app.register(stepUpPlugin, { clock: deps.clock });
  // After the access check (its preHandler runs first): the audit context names the checked caller.
  await app.register(auditPlugin, { checkCount: config.NODE_ENV !== 'production' });
  await app.register(rateLimitPlugin, {
    redis: deps.redis,
    redisPrefix: config.REDIS_PREFIX,
    signInsPerAddress: config.SIGN_INS_PER_ADDRESS,
  });
  // Before compression: it keeps the JSON of first replies to replay them.
  await app.register(idempotencyPlugin, deps);
  await app.register(fastifyHelmet, {
    // Ours is per reply: pages carry a per-request nonce (plugins/web.ts), /api a strict one.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(apiContentSecurityPolicyPlugin);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Storefront API', version: '1.0.0', description: 'Every call of the storefront.' },
      servers: [{ url: config.PUBLIC_URL }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // The digital fulfilment job runs in every process once the app is ready, and stops with it.
  app.addHook('onReady', async () => services.digitalJob.start(config.DIGITAL_JOB_INTERVAL_MS));
  app.addHook('onClose', async () => services.digitalJob.stop());
  // So does the catalogue import job: a job cut by a restart resumes in whichever process runs next.
  app.addHook('onReady', async () => services.importJob.start(config.IMPORT_JOB_INTERVAL_MS));
  app.addHook('onClose', async () => services.importJob.stop());
  // The orders placed in the last second are counted for their shops before the database closes.
  app.addHook('onClose', async () => services.orderCounts.stop());

  const zodApp = app.withTypeProvider<ZodTypeProvider>();
  for (const module of modules) await module(zodApp, services);

  const apiNotFound = async (request: { method: string; url: string }) => {
    throw notFound(
      msg('Route {{method}} {{path}} not found.', { method: request.method, path: request.url.split('?')[0] ?? '' }),
    );
  };
  app.all('/api/*', { config: { access: 'public' }, schema: { hide: true } }, apiNotFound);
  app.setNotFoundHandler(apiNotFound);

  // Media on disk are static files; from a bucket, modules/media streams them (same cache headers).
  if (deps.media.kind === 'disk') {
    await app.register(async (scope) => {
      await scope.register(fastifyStatic, {
        root: config.UPLOADS_DIR,
        prefix: '/uploads/',
        decorateReply: false,
        maxAge: '7d',
      });
    });
  }

  if (options.web !== false) {
    await app.register(webPlugin, {
      buildDir: config.WEB_BUILD_DIR,
      apiOrigin: `http://127.0.0.1:${config.PORT}`,
      mode: config.NODE_ENV === 'development' ? 'development' : 'production',
      mediaOrigins: config.MEDIA_ORIGINS,
      connectOrigins: config.HOSTED_PUSHER
        ? [`wss://${config.HOSTED_PUSHER.wsHost}`, `https://${config.HOSTED_PUSHER.sockjsHost}`]
        : [],
      // Off with PUBLIC_CACHE_SECONDS=0 (nothing public is kept then) or PAGE_CACHE_MB=0.
      pageCache:
        config.PUBLIC_CACHE_SECONDS > 0 && config.PAGE_CACHE_MB > 0
          ? new PageCache(config.PUBLIC_CACHE_SECONDS * 1000, config.PAGE_CACHE_MB * 1024 * 1024, {
              clock: deps.clock,
              changes: services.catalog.changes,
              settings: services.settings,
            })
          : undefined,
    });
  }
  return { app, deps, services };
}

export async function buildApp(options: BuildOptions): Promise<App> {
  return (await composeApp(options)).app;
}

/** What the services are handed; the Redis client is closed with the app. */
async function composeDeps(app: App, options: BuildOptions): Promise<AppDeps> {
  const { config, database } = options;
  const given = options.deps ?? {};
  const clock = given.clock ?? systemClock;
  let redis = given.redis ?? null;
  if (!redis && config.REDIS_URL) {
    const Redis = await loadRedis();
    const client = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
    client.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
    redis = client;
  }
  const Pusher = !given.hostedPusher && config.HOSTED_PUSHER ? await loadPusher() : undefined;
  let media = given.media;
  if (!media) {
    const opened = openMediaStore(config);
    app.addHook('onClose', () => opened.close());
    media = opened;
  }
  return {
    config,
    database,
    clock,
    log: given.log ?? app.log,
    notifier: given.notifier ?? createNotifier({ config, database, clock }, app.log),
    redis,
    payments: given.payments ?? createPaymentGateways(),
    media,
    hostedPusher:
      given.hostedPusher ??
      (config.HOSTED_PUSHER && Pusher ? new Pusher({ ...config.HOSTED_PUSHER, useTLS: true }) : null),
  };
}
