import { randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The visitor's address: `request.ip`, except on this process's own server-side render, which
     * calls the API from loopback on the visitor's behalf and names the visitor in a header.
     */
    clientIp: string;
  }
}

/** The visitor's address, as the web server's render sends it to the API. */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';
/** Proves a call comes from this process's render: anyone can reach loopback behind a local proxy. */
export const INTERNAL_TOKEN_HEADER = 'x-shop-internal-token';

/** Made afresh at every start and never sent to a browser, so only this process knows it. */
const internalToken = Buffer.from(randomBytes(32).toString('base64url'));

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Headers the render (plugins/web.ts) adds to its API calls for the visitor at `ip`. */
export function internalCallHeaders(ip: string): Record<string, string> {
  return { [CLIENT_IP_HEADER]: ip, [INTERNAL_TOKEN_HEADER]: internalToken.toString() };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The address a trusted render call names, or undefined when the call is not one. */
export function trustedClientIp(request: FastifyRequest): string | undefined {
  const named = header(request, CLIENT_IP_HEADER);
  const token = header(request, INTERNAL_TOKEN_HEADER);
  if (!named || !token || !LOOPBACK.has(request.socket.remoteAddress ?? '')) return undefined;
  const given = Buffer.from(token);
  if (given.length !== internalToken.length || !timingSafeEqual(given, internalToken)) return undefined;
  return isIP(named) ? named : undefined;
}

/** Headers a proxy adds when it passes on someone else's request. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

/**
 * Whether the request comes from the person at this machine: sent from loopback, not passed on
 * by a proxy on this machine (which would name its sender), and, for this process's own render,
 * on behalf of a visitor who is on loopback too. TRUST_PROXY plays no part: a forwarded address
 * can be claimed by anyone.
 */
export function isFromThisMachine(request: FastifyRequest): boolean {
  if (!LOOPBACK.has(request.socket.remoteAddress ?? '')) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  if (request.headers[CLIENT_IP_HEADER] === undefined) return true;
  const visitor = trustedClientIp(request);
  return visitor !== undefined && LOOPBACK.has(visitor);
}

export const clientIpPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('clientIp', '');
  app.addHook('onRequest', async (request) => {
    request.clientIp = trustedClientIp(request) ?? request.ip;
  });
});
