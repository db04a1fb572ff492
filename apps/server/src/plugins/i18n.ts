import { DEFAULT_LOCALE } from '@shop/contracts/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language for translated names, from Accept-Language (DESIGN section 4). */
    locale: string;
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

export const i18nPlugin = fp(
  async (app: FastifyInstance, opts: { supportedLocales: () => Promise<readonly string[]> }) => {
    app.decorateRequest('locale', DEFAULT_LOCALE);
    app.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/api') && !request.url.startsWith('/change-language')) return;
      request.locale = pickLocale(request.headers['accept-language'], await opts.supportedLocales());
    });
  },
);
