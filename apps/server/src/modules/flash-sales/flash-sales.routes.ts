import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { flashSaleDetailsQuerySchema, flashSaleDetailsReplySchema, flashSalesReplySchema } from '@shop/contracts/shops';
import type { ZodApp } from '../../deps';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import type { FlashSalesService } from './flash-sales.service';

/** The running and next flash sale, and one sale's products by category. */
export async function flashSalesRoutes(app: ZodApp, { flashSales: service }: { flashSales: FlashSalesService }) {
  app.get(
    '/api/flash-sales',
    {
      config: { access: 'public' },
      schema: {
        tags: ['flash-sales'],
        summary: 'The running flash sale (with its first products) and the next one to start',
        response: { 200: flashSalesReplySchema },
      },
    },
    async (request) => ok(await service.current(request.locale)),
  );

  app.get(
    '/api/flash-sale/:id/details',
    {
      config: { access: 'public' },
      schema: {
        tags: ['flash-sales'],
        summary: 'One flash sale with its status and products (flash prices while it runs), by category, paged',
        params: pathIdSchema,
        querystring: flashSaleDetailsQuerySchema,
        response: { 200: flashSaleDetailsReplySchema, 404: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const { page, per_page, category_id } = request.query;
      const id = parsePathId(request.params.id);
      return ok(
        await service.details(id, { locale: request.locale, page, perPage: per_page, categoryId: category_id }),
      );
    },
  );
}
