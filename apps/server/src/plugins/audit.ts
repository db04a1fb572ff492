import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuditContext } from '../lib/audit';
import type { AccessPolicy } from './access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `required`: an audited write outside the seller and admin policies (a shop's registration,
     * which has no session yet). `exempt`: a seller or operator write that changes no record.
     */
    audit?: 'required' | 'exempt';
  }
  interface FastifyRequest {
    /** On an audited write: who writes, from where, and how many entries it wrote; else null. */
    audit: AuditContext | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a route's successful request must write exactly one audit entry: every unsafe call of a
 * seller or the operator, and the routes that ask for it, but not the exempt ones.
 */
export function isAuditedRoute(route: { method: string; access: AccessPolicy; audit?: 'required' | 'exempt' }) {
  if (route.audit === 'exempt' || SAFE_METHODS.has(route.method)) return false;
  return route.access === 'seller' || route.access === 'admin' || route.audit === 'required';
}

/**
 * Opens the audit context of a seller's or the operator's write once the access check passed, so
 * every handler can hand it to the write it makes. With `checkCount` (development and tests), a
 * successful audited request that wrote no entry or more than one is logged as an error: a new
 * route that forgot its entry shows up at once (and the fuzzer, which fails on any error log).
 */
export const auditPlugin = fp(async (app: FastifyInstance, options: { checkCount: boolean }) => {
  app.decorateRequest('audit', null);

  app.addHook('preHandler', async (request) => {
    const config = request.routeOptions.config;
    const route = { method: request.method, access: config.access ?? 'public', audit: config.audit };
    if (!isAuditedRoute(route)) return;
    const user = request.user;
    request.audit = {
      actor:
        user && (user.role === 'seller' || user.role === 'admin')
          ? {
              userId: user.id,
              role: user.role,
              // A seller's own security settings are not a `seller` route: the session names the shop.
              shopId: user.role === 'seller' ? (request.sellerShopId ?? request.session?.sellerShopId ?? null) : null,
            }
          : null,
      ip: request.clientIp,
      userAgent: userAgentOf(request),
      written: 0,
    };
  });

  if (options.checkCount) {
    app.addHook('onResponse', async (request, reply) => {
      const audit = request.audit;
      if (!audit || reply.statusCode >= 400 || audit.written === 1) return;
      request.log.error(
        { method: request.method, url: request.routeOptions.url, written: audit.written },
        'an audited write recorded no audit entry or more than one',
      );
    });
  }
});

function userAgentOf(request: FastifyRequest): string {
  const value = request.headers['user-agent'];
  return (typeof value === 'string' ? value : '').slice(0, 500);
}
