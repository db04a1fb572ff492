import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, notFound, twoStepRequired, twoStepSetupRequired, unauthorized } from '../lib/errors';
import { type Message, msg } from '../lib/messages';
import { pathIdOrNull } from '../lib/path-id';
import { isFromThisMachine } from './client-ip';

/**
 * Who may call a route. `customer`: any signed-in user. `owner`: signed in,
 * and the resource named by the `:id` path value (config.resource) is the caller's, else 404.
 * `seller`: a seller with a shop (request.sellerShopId), else 403. `admin`: the operator, in a
 * session that gave a two-step code (an operator without two-step sign-in set up gets 403
 * TWO_STEP_SETUP_REQUIRED on every `admin` route, whatever the client).
 */
export type AccessPolicy = 'public' | 'customer' | 'owner' | 'seller' | 'admin';

/** The kinds of resource an `owner` route may name; each has its check in the composition root. */
export type OwnedResource =
  | 'address'
  | 'payment'
  | 'order'
  | 'return'
  | 'ticketAttachment'
  | 'digital_order'
  | 'session';

export interface OwnershipCheck {
  /**
   * Whether the resource the `:id` path value names exists and belongs to the user. The value is
   * as sent: each kind reads its own id form (a number, a uuid) and answers false for any other.
   */
  owns(userId: number, id: string): Promise<boolean>;
  /** The 404 message, the same one the service gives for an unknown id. */
  notFound: Message;
}

export interface AccessOptions {
  ownership: Record<OwnedResource, OwnershipCheck>;
  /** Whether demo conveniences exist at all (APP_ENV=local); without it, none answer. */
  localConveniences?: boolean;
  /** The active shop a seller runs, or null. */
  sellerShopId(userId: number): Promise<number | null>;
}

/** One route and its policy, for the T6 test that walks every route taking a user's resource id. */
export interface RouteAccess {
  method: string;
  url: string;
  access: AccessPolicy;
  resource?: OwnedResource;
  localOnly?: true;
  changesState?: true;
  /** Asks for a two-step code given in the last 10 minutes (plugins/step-up.ts). */
  stepUp?: true;
  audit?: 'required' | 'exempt';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
    /** For `owner` routes: what the `:id` path value names. */
    resource?: OwnedResource;
    /**
     * A demo convenience (APP_ENV=local): it answers only the person at this machine; anyone
     * else gets the 404 of a route that does not exist.
     */
    localOnly?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user, set by the auth plugin; null for visitors. */
    user: { id: number; role: 'customer' | 'seller' | 'admin' } | null;
    /** On `seller` routes: the shop the signed-in seller runs. */
    sellerShopId: number | null;
  }
  interface FastifyInstance {
    /** Every route with its access policy, as declared. */
    routeAccess: RouteAccess[];
  }
}

/** Routes added by third-party plugins (docs UI, static files) that serve public material. */
const PLUGIN_ROUTE_PREFIXES = ['/api/docs', '/assets/', '/uploads/'];

/** The signed-in user's id on a route that is not public (the access plugin already refused visitors). */
export function signedInUserId(request: FastifyRequest): number {
  if (!request.user) throw unauthorized();
  return request.user.id;
}

/** The shop of the signed-in seller on a `seller` route (the access plugin found it). */
export function sellerShopOf(request: FastifyRequest): number {
  if (request.sellerShopId === null) throw forbidden(msg('This page is for sellers with a shop.'));
  return request.sellerShopId;
}

function resourceId(request: FastifyRequest): string | null {
  const id = (request.params as Record<string, unknown> | undefined)?.id;
  return typeof id === 'string' ? id : null;
}

/** For ownership checks of resources with integer ids: false for anything else. */
export function ownsByIntegerId(owns: (userId: number, id: number) => Promise<boolean>) {
  return async (userId: number, id: string) => {
    const parsed = pathIdOrNull(id);
    return parsed !== null && owns(userId, parsed);
  };
}

export const accessPlugin = fp(async (app: FastifyInstance, options: AccessOptions) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sellerShopId', null);
  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);

  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const access = route.config?.access;
    if (!access) {
      if (PLUGIN_ROUTE_PREFIXES.some((p) => route.url.startsWith(p))) return;
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access policy (config.access).`);
    }
    const resource = route.config?.resource;
    if (access === 'owner' && (!resource || !route.url.includes(':id'))) {
      throw new Error(`Route ${String(route.method)} ${route.url} is for owners but names no resource and :id.`);
    }
    const flags = {
      ...(route.config?.localOnly === true ? { localOnly: true as const } : {}),
      ...(route.config?.changesState === true ? { changesState: true as const } : {}),
      ...(route.config?.stepUp === true ? { stepUp: true as const } : {}),
      ...(route.config?.audit ? { audit: route.config.audit } : {}),
    };
    for (const method of methods)
      table.push({ method, url: route.url, access, ...(resource ? { resource } : {}), ...flags });
  });

  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.localOnly) return;
    if (options.localConveniences === true && isFromThisMachine(request)) return;
    const path = request.url.split('?')[0] ?? '';
    throw notFound(msg('Route {{method}} {{path}} not found.', { method: request.method, path }));
  });

  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    const access = config.access ?? 'public';
    if (access === 'public') return;
    const user = request.user;
    if (!user) throw unauthorized();
    if (access === 'owner' && config.resource) {
      const check = options.ownership[config.resource];
      const id = resourceId(request);
      // Someone else's resource and one that does not exist get the same answer.
      if (id === null || !(await check.owns(user.id, id))) throw notFound(check.notFound);
    } else if (access === 'seller') {
      // The session read it (the auth plugin); a request signed in some other way asks.
      const shopId =
        user.role !== 'seller'
          ? null
          : request.session
            ? request.session.sellerShopId
            : await options.sellerShopId(user.id);
      if (shopId === null) throw forbidden(msg('This page is for sellers with a shop.'));
      request.sellerShopId = shopId;
    } else if (access === 'admin') {
      if (user.role !== 'admin') throw forbidden();
      // The operator's sessions count only once they gave a code; one opened by password alone
      // (before set-up, or older than it) reaches nothing of the operator's screen.
      if (!request.session?.twoStepAt) throw request.session?.twoStepOn ? twoStepRequired() : twoStepSetupRequired();
    }
  });
});
