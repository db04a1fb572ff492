import fastifyCookie from '@fastify/cookie';
import { DEFAULT_LOCALE, LOCALE_COOKIE } from '@shop/contracts/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Message, Translator } from '../lib/messages';
import { envelopeMessage } from '../lib/reply';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language for translated names and messages, from Accept-Language. */
    locale: string;
    /** A message written in the request's language. */
    t(message: Message): string;
  }
  interface FastifyContextConfig {
    /**
     * A document the shopper opens by a plain link (the PDF invoice): the browser sends its own
     * Accept-Language, not the language chosen on the site, so the `locale` cookie the pages
     * render by comes first.
     */
    localeFromCookie?: boolean;
  }
}

/** Picks the first supported language of an Accept-Language header ("ar-EG,ar;q=0.9,en;q=0.8"). */
export function pickLocale(
  header: string | undefined,
  supported: readonly string[],
  fallback = DEFAULT_LOCALE,
): string {
  if (!header) return fallback;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.tag && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranked) {
    if (supported.includes(tag)) return tag;
    const base = tag.split('-')[0] ?? '';
    if (supported.includes(base)) return base;
  }
  return fallback;
}

/** The language chosen on the site (the `locale` cookie) when the shop offers it. */
export function cookieLocale(cookieHeader: string | undefined, supported: readonly string[]): string | undefined {
  if (!cookieHeader) return undefined;
  let value: string | undefined;
  try {
    value = fastifyCookie.parse(cookieHeader)[LOCALE_COOKIE]?.trim().toLowerCase();
  } catch {
    return undefined;
  }
  return value && supported.includes(value) ? value : undefined;
}

/** The web app's page route: pages take their language from the locale cookie, not from here. */
const WEB_PAGES_URL = '/*';

/**
 * Sets `request.locale` on every API call (the spec's aliases without /api included), and
 * writes the message of each `ok` envelope in it as the reply is sent. Errors are written in it
 * by the error handler (plugins/errors.ts).
 */
export const i18nPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { supportedLocales: () => Promise<readonly string[]>; translator: Translator },
  ) => {
    const { translator } = opts;
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.decorateRequest('t', function (this: FastifyRequest, message: Message) {
      return translator.text(this.locale, message);
    });
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url === WEB_PAGES_URL) return;
      // The languages are read from the database: while it is down, a request (the readiness
      // check, a liveness probe, the error it answers) still gets a language instead of failing.
      const supported = await opts.supportedLocales().catch(() => [DEFAULT_LOCALE]);
      const chosen = request.routeOptions.config?.localeFromCookie
        ? cookieLocale(request.headers.cookie, supported)
        : undefined;
      request.locale = chosen ?? pickLocale(request.headers['accept-language'], supported);
    });
    app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
      const message = envelopeMessage(payload);
      if (message) (payload as { message: string }).message = request.t(message);
      return payload;
    });
  },
);
