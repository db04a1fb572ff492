import { createHash } from 'node:crypto';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  changeLanguageQuerySchema,
  changeLanguageReplySchema,
  localeParamsSchema,
  translationsSchema,
} from '@shop/contracts/settings';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { type LanguagesService, localeCookie } from './languages.service';

/**
 * GET /api/lang/{locale} (alias /lang/{locale}): interface strings as raw flat JSON, no envelope,
 * as i18n libraries load it. GET /api/change-language (alias /change-language): the locale cookie.
 */
/** A strong tag of a language's strings, made once per loaded dictionary (they are kept). */
const tags = new WeakMap<object, string>();
function entityTag(translations: object): string {
  let tag = tags.get(translations);
  if (!tag) {
    tag = `"${createHash('sha256').update(JSON.stringify(translations)).digest('base64url').slice(0, 27)}"`;
    tags.set(translations, tag);
  }
  return tag;
}

export async function languagesRoutes(app: ZodApp, { languages: service }: { languages: LanguagesService }) {
  app.get(
    '/api/lang/:locale',
    {
      config: { access: 'public' },
      schema: {
        tags: ['languages'],
        summary: 'Interface strings of a language (flat English text -> translation, no envelope)',
        params: localeParamsSchema,
        response: {
          200: translationsSchema,
          304: z.null().describe('Not modified: the strings the browser holds (If-None-Match) are current'),
          404: errorReplySchema,
          422: validationErrorReplySchema,
        },
      },
    },
    async (request, reply) => {
      const translations = await service.translations(request.params.locale);
      // Strings change only with a release; a short max-age spares repeat loads between pages,
      // and past it the browser asks again with the tag and gets a 304 without the 200 KB.
      const tag = entityTag(translations);
      reply.header('cache-control', 'public, max-age=300').header('etag', tag);
      if (request.headers['if-none-match'] === tag) return reply.code(304).send(null);
      return reply.send(translations);
    },
  );

  app.get(
    '/api/change-language',
    {
      config: { access: 'public' },
      schema: {
        tags: ['languages'],
        summary: 'Switch the language: checks it and sets the locale cookie',
        querystring: changeLanguageQuerySchema,
        response: { 200: changeLanguageReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request, reply) => {
      const data = await service.change(request.query.language);
      reply.header('set-cookie', localeCookie(data.locale, request.protocol === 'https'));
      return reply.send(ok(data, msg('Language changed')));
    },
  );
}
