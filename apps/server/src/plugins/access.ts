import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../lib/errors';

/**
 * Who may call a route (DESIGN section 4). `customer`: any signed-in shopper; `owner` and
 * `seller`: signed in, and the service checks the resource belongs to the caller (404 if not).
 */
export type AccessPolicy = 'public' | 'customer' | 'owner' | 'seller';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the auth plugin; null for visitors. */
    user: { id: number; role: 'customer' | 'seller' | 'admin' } | null;
  }
}

/** Routes added by third-party plugins (docs UI, static files) that serve public material. */
const PLUGIN_ROUTE_PREFIXES = ['/api/docs', '/assets/', '/uploads/'];

export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);

  app.addHook('onRoute', (route) => {
    if (route.config?.access) return;
    if (PLUGIN_ROUTE_PREFIXES.some((p) => route.url.startsWith(p))) return;
    if (route.method === 'HEAD' || (Array.isArray(route.method) && route.method.every((m) => m === 'HEAD'))) return;
    throw new Error(`Route ${String(route.method)} ${route.url} declares no access policy (config.access).`);
  });

  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access ?? 'public';
    if (access !== 'public' && !request.user) throw unauthorized();
  });
});
