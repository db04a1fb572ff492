import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  changeLanguageQuerySchema,
  changeLanguageReplySchema,
  localeParamsSchema,
  translationsSchema,
} from '@shop/contracts/settings';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { type LanguagesService, localeCookie } from './languages.service';

/**
 * GET /api/lang/{locale} (alias /lang/{locale}): interface strings as raw flat JSON, no envelope,
 * as i18n libraries load it. GET /api/change-language (alias /change-language): the locale cookie.
 */
export async function languagesRoutes(app: ZodApp, { languages: service }: { languages: LanguagesService }) {
  app.get(
    '/api/lang/:locale',
    {
      config: { access: 'public' },
      schema: {
        tags: ['languages'],
        summary: 'Interface strings of a language (flat English text -> translation, no envelope)',
        params: localeParamsSchema,
        response: { 200: translationsSchema, 404: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request, reply) => {
      const translations = await service.translations(request.params.locale);
      // Strings change only with a release; a short max-age spares repeat loads between pages.
      return reply.header('cache-control', 'public, max-age=300').send(translations);
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
