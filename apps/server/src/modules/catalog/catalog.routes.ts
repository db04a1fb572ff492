import { categoriesQuerySchema, categoriesReplySchema } from '@shop/contracts/catalog';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import type { CatalogService } from './catalog.service';

/** GET /api/categories: categories that have products, in the owner's order, names by Accept-Language. */
export async function catalogRoutes(app: ZodApp, { catalog }: { catalog: CatalogService }) {
  app.get(
    '/api/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['catalog'],
        summary: 'Categories with subcategories (all of them unless per_page is given)',
        querystring: categoriesQuerySchema,
        response: { 200: categoriesReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      return ok(await catalog.listCategories({ locale: request.locale, page, perPage: per_page }));
    },
  );
}
