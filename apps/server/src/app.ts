import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { type Clock, systemClock } from './lib/clock';
import { notFound } from './lib/errors';
import { msg, Translator } from './lib/messages';
import { addressesRoutes } from './modules/addresses/addresses.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { blogsRoutes } from './modules/blogs/blogs.routes';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { flashSalesRoutes } from './modules/flash-sales/flash-sales.routes';
import { healthRoutes } from './modules/health/health.routes';
import { homeRoutes } from './modules/home/home.routes';
import { languagesRoutes } from './modules/languages/languages.routes';
import { languagesService } from './modules/languages/languages.service';
import { readAllTranslationFiles } from './modules/languages/translation-files';
import { mediaRoutes } from './modules/media/media.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { pagesRoutes } from './modules/pages/pages.routes';
import { productsRoutes } from './modules/products/products.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { provincesRoutes } from './modules/provinces/provinces.routes';
import { recentlyViewedRoutes } from './modules/recently-viewed/recently-viewed.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { shopsRoutes } from './modules/shops/shops.routes';
import { socialAuthRoutes } from './modules/social-auth/social-auth.routes';
import { supportRoutes } from './modules/support/support.routes';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes';
import { accessPlugin } from './plugins/access';
import { authPlugin } from './plugins/auth';
import { clientIpPlugin } from './plugins/client-ip';
import { errorsPlugin } from './plugins/errors';
import { i18nPlugin } from './plugins/i18n';
import { nulTextPlugin } from './plugins/nul-text';
import { rateLimitPlugin } from './plugins/rate-limit';
import { webPlugin } from './plugins/web';

/** What every module gets: configuration, the database and the clock. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  clock: Clock;
}

export type App = FastifyInstance;
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
export type Module = (app: ZodApp, deps: AppDeps) => Promise<void>;

/** The API modules, in one explicit list (DESIGN section 2). */
const modules: Module[] = [
  healthRoutes,
  settingsRoutes,
  authRoutes,
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
  supportRoutes,
  seoRoutes,
  mediaRoutes,
];

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Serve the built web app (off in API tests). */
  web?: boolean;
}

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const deps: AppDeps = { config, database: options.database, clock: options.clock ?? systemClock };

  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const translator = new Translator(await readAllTranslationFiles(), (locale, key) =>
    app.log.warn({ locale, key }, 'a message has no translation'),
  );
  await app.register(errorsPlugin, { translator });
  const languages = languagesService(deps);
  // Before the other hooks, so what they answer (401, the CSRF 403, 429) is in the shopper's language.
  await app.register(i18nPlugin, { supportedLocales: () => languages.activeCodes(), translator });
  await app.register(accessPlugin);
  await app.register(nulTextPlugin);
  await app.register(clientIpPlugin);
  await app.register(authPlugin, deps);
  await app.register(rateLimitPlugin, deps);
  await app.register(fastifyHelmet, {
    // Pages carry React Router's inline hydration script; the CSP comes with the SEO issue.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024 });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Storefront API', version: '1.0.0', description: 'Every call of the storefront.' },
      servers: [{ url: config.PUBLIC_URL }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const zodApp = app.withTypeProvider<ZodTypeProvider>();
  for (const module of modules) await module(zodApp, deps);

  const apiNotFound = async (request: { method: string; url: string }) => {
    throw notFound(
      msg('Route {{method}} {{path}} not found.', { method: request.method, path: request.url.split('?')[0] ?? '' }),
    );
  };
  app.all('/api/*', { config: { access: 'public' }, schema: { hide: true } }, apiNotFound);
  app.setNotFoundHandler(apiNotFound);

  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: config.UPLOADS_DIR,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '7d',
    });
  });

  if (options.web !== false) {
    await app.register(webPlugin, {
      buildDir: config.WEB_BUILD_DIR,
      apiOrigin: `http://127.0.0.1:${config.PORT}`,
      mode: config.NODE_ENV === 'development' ? 'development' : 'production',
    });
  }
  return app;
}
