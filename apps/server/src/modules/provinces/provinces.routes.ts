import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  productsPageReplySchema,
  provinceQuerySchema,
  provinceReplySchema,
  provincesReplySchema,
} from '@shop/contracts/shops';
import type { ZodApp } from '../../deps';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import type { ProvincesService } from './provinces.service';

/** Indonesia's provinces with shop counts; one province's shops and products. */
export async function provincesRoutes(app: ZodApp, { provinces: service }: { provinces: ProvincesService }) {
  app.get(
    '/api/provinces',
    {
      config: { access: 'public' },
      schema: {
        tags: ['provinces'],
        summary: 'Every province of Indonesia with its number of shops (also 0)',
        response: { 200: provincesReplySchema },
      },
    },
    async () => ok({ provinces: await service.list() }),
  );

  app.get(
    '/api/provinces/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['provinces'],
        summary: 'A province and its shops, best rated first, paged',
        params: pathIdSchema,
        querystring: provinceQuerySchema,
        response: { 200: provinceReplySchema, 404: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      return ok(await service.details(parsePathId(request.params.id), { page, perPage: per_page }, request.locale));
    },
  );

  app.get(
    '/api/provinces/:id/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['provinces'],
        summary: "Listed products of the province's shops, newest first, paged",
        params: pathIdSchema,
        querystring: provinceQuerySchema,
        response: { 200: productsPageReplySchema, 404: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const { page, per_page } = request.query;
      return ok(await service.products(parsePathId(request.params.id), request.locale, { page, perPage: per_page }));
    },
  );
}
