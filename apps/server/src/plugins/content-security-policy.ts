import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Content-Security-Policy: pages allow only the scripts the server rendered, named by a
 * nonce that is new for every page (plugins/web.ts makes it; the web app's entry.server puts it on
 * every script and module preload). Scripts those load are trusted in turn ('strict-dynamic'), so
 * the lazily loaded route modules need no list of files. Text that other people wrote (reviews,
 * chat) therefore cannot run script even if it reaches the HTML unescaped.
 */

/** 128 random bits, as CSP3 asks of a nonce; one per page, since no page HTML is kept or shared. */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/** What the sign-in SDKs the web app loads (Facebook, Apple) reach besides their script. */
const SOCIAL_SIGN_IN = {
  connect: ['https://graph.facebook.com', 'https://www.facebook.com'],
  frame: ['https://www.facebook.com', 'https://staticxx.facebook.com', 'https://appleid.apple.com'],
};

export interface PagePolicyOptions {
  /** Origins images may come from besides this one (MEDIA_ORIGINS: a CDN or bucket). */
  mediaOrigins: readonly string[];
  /** Origins pages may connect to besides this one: hosted Pusher's hosts when it is configured. */
  connectOrigins?: readonly string[];
}

export function pageContentSecurityPolicy(nonce: string, options: PagePolicyOptions): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
    // data: for inline SVG icons; blob: for the preview of a photo before it is uploaded.
    ['img-src', "'self'", 'data:', 'blob:', ...options.mediaOrigins].join(' '),
    // Inline style attributes: the theme colours on <html> and React's style props.
    "style-src 'self' 'unsafe-inline'",
    // 'self' also covers same-origin WebSockets (our realtime server). The Facebook and Apple sign-in
    // SDKs (features/auth/components/social-buttons.tsx) talk to their hosts and frame their pages.
    ['connect-src', "'self'", ...SOCIAL_SIGN_IN.connect, ...(options.connectOrigins ?? [])].join(' '),
    `frame-src 'self' ${SOCIAL_SIGN_IN.frame.join(' ')}`,
    "font-src 'self' data:",
    "form-action 'self'",
  ].join('; ');
}

/** JSON replies are never rendered as documents: nothing may load or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Swagger UI (/api/docs) is static files only: its own scripts and styles, images from itself. */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
  "form-action 'self'",
].join('; ');

/** The policy of every reply under /api, errors included; pages get theirs from plugins/web.ts. */
export const apiContentSecurityPolicyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const { url } = request;
    if (url === '/api/docs' || url.startsWith('/api/docs/') || url.startsWith('/api/docs?')) {
      reply.header('content-security-policy', DOCS_CONTENT_SECURITY_POLICY);
    } else if (url.startsWith('/api/')) {
      reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    }
    return payload;
  });
});
