import { LOCALE_COOKIE } from '@shop/contracts/constants';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  changeLanguageQuerySchema,
  changeLanguageReplySchema,
  localeParamsSchema,
  translationsSchema,
} from '@shop/contracts/settings';
import type { AppDeps, ZodApp } from '../../app';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { languagesService } from './languages.service';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * GET /api/lang/{locale} (alias /lang/{locale}): interface strings as raw flat JSON, no envelope,
 * as i18n libraries load it. GET /api/change-language (alias /change-language): the locale cookie.
 */
export async function languagesRoutes(app: ZodApp, deps: AppDeps) {
  const service = languagesService(deps);

  for (const url of ['/api/lang/:locale', '/lang/:locale']) {
    app.get(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags: ['languages'],
          summary: 'Interface strings of a language (flat English text -> translation, no envelope)',
          hide: !url.startsWith('/api'),
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
  }

  for (const url of ['/api/change-language', '/change-language']) {
    app.get(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags: ['languages'],
          summary: 'Switch the language: checks it and sets the locale cookie',
          hide: !url.startsWith('/api'),
          querystring: changeLanguageQuerySchema,
          response: { 200: changeLanguageReplySchema, 422: validationErrorReplySchema },
        },
      },
      async (request, reply) => {
        const data = await service.change(request.query.language);
        // Not HttpOnly on purpose: the web app writes and reads the same cookie (ADR 0003), and it
        // holds no secret. The server reads it to render the first paint in the chosen language.
        const secure = request.protocol === 'https' ? '; Secure' : '';
        reply.header(
          'set-cookie',
          `${LOCALE_COOKIE}=${encodeURIComponent(data.locale)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`,
        );
        return reply.send(ok(data, msg('Language changed')));
      },
    );
  }
}
