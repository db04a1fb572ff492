import { categoriesQuerySchema, categoriesReplySchema } from '@shop/contracts/catalog';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import type { AppDeps, ZodApp } from '../../app';
import { ok } from '../../lib/reply';
import { CatalogService } from './catalog.service';

/** GET /api/categories: categories that have products, in the owner's order, names by Accept-Language. */
export async function catalogRoutes(app: ZodApp, deps: AppDeps) {
  const catalog = new CatalogService(deps);

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
