import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { SPEC_ALIASES } from '../lib/spec-aliases';

/**
 * Registers every alias of lib/spec-aliases.ts next to its canonical route, in the same plugin
 * scope (so a multipart parser or a hook of that scope applies to both), hidden from the OpenAPI
 * document. A table entry whose canonical route never appears fails start-up.
 */
export const specAliasesPlugin = fp(async (app: FastifyInstance) => {
  const registered = new Set<string>();

  app.addHook('onRoute', function addAliases(this: FastifyInstance, route: RouteOptions) {
    const aliases = SPEC_ALIASES[route.url];
    if (!aliases) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((m) => m === 'HEAD')) return;
    registered.add(route.url);
    for (const alias of aliases) {
      const {
        url: _url,
        path: _path,
        prefix: _prefix,
        ...options
      } = route as RouteOptions & {
        path?: string;
        prefix?: string;
      };
      this.route({ ...options, url: alias, schema: { ...route.schema, hide: true } });
    }
  });

  app.addHook('onReady', async () => {
    const missing = Object.keys(SPEC_ALIASES).filter((url) => !registered.has(url));
    if (missing.length > 0) throw new Error(`Spec aliases without a route: ${missing.join(', ')}`);
  });
});
