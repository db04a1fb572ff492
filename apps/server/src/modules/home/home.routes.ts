import { homeQuerySchema, homeReplySchema } from '@shop/contracts/catalog';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import type { HomeService } from './home.service';

/** GET /api/home: banners, categories, flash sales, shops and product rows; `page` pages Just For You. */
export async function homeRoutes(app: ZodApp, { home: service }: { home: HomeService }) {
  app.get(
    '/api/home',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Everything the home page shows; page and per_page page the Just For You list',
        querystring: homeQuerySchema,
        response: { 200: homeReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      return ok(await service.home({ locale: request.locale, page, perPage: per_page }));
    },
  );
}
