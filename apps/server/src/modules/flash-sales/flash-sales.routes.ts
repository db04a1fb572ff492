import { messageReplySchema } from '@shop/contracts/auth';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  flashSaleEntryInputSchema,
  flashSaleEntryReplySchema,
  flashSaleEntryUpdateSchema,
  sellerFlashSalesReplySchema,
} from '@shop/contracts/seller-flash-sales';
import { flashSaleDetailsQuerySchema, flashSaleDetailsReplySchema, flashSalesReplySchema } from '@shop/contracts/shops';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { notFound } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { parsePathId, pathIdOrNull, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { sellerShopOf } from '../../plugins/access';
import type { AuditService } from '../audit/audit.service';
import type { FlashSalesService } from './flash-sales.service';

/** The running and next flash sale, one sale's products by category; and the shop's entries in sales. */
export async function flashSalesRoutes(
  app: ZodApp,
  { flashSales: service, audit }: { flashSales: FlashSalesService; audit: AuditService },
) {
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

  const sellerErrors = { 401: errorReplySchema, 403: errorReplySchema };
  const entryId = (id: string) => {
    const parsed = pathIdOrNull(id);
    if (parsed === null) throw notFound(msg('Flash sale entry not found.'));
    return parsed;
  };

  app.get(
    '/api/seller/flash-sales',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'The running and upcoming flash sales, each with the shop’s entries and what each sold',
        response: { 200: sellerFlashSalesReplySchema, ...sellerErrors },
      },
    },
    async (request) => ok({ flash_sales: await service.shopSales(sellerShopOf(request), request.locale) }),
  );

  app.post(
    '/api/seller/flash-sale-entries',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'Enters one of the shop’s published products in an upcoming flash sale with a sale price below its ' +
          'price and a quantity within its stock; 422 once the sale has started',
        body: flashSaleEntryInputSchema,
        response: {
          200: flashSaleEntryReplySchema,
          ...sellerErrors,
          422: z.union([validationErrorReplySchema, errorReplySchema]),
        },
      },
    },
    async (request) => {
      const entry = await service.addEntry(sellerShopOf(request), request.body, audit.sink(request.audit));
      return ok({ entry }, msg('Product entered in the flash sale.'));
    },
  );

  app.put(
    '/api/seller/flash-sale-entries/:id',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'Changes the sale price and quantity of one of the shop’s entries before its sale starts (404 for another shop’s)',
        params: pathIdSchema,
        body: flashSaleEntryUpdateSchema,
        response: {
          200: flashSaleEntryReplySchema,
          ...sellerErrors,
          404: errorReplySchema,
          422: z.union([validationErrorReplySchema, errorReplySchema]),
        },
      },
    },
    async (request) => {
      const shopId = sellerShopOf(request);
      const id = entryId(request.params.id);
      const entry = await service.updateEntry(shopId, id, request.body, audit.sink(request.audit));
      return ok({ entry }, msg('Flash sale entry updated.'));
    },
  );

  app.delete(
    '/api/seller/flash-sale-entries/:id',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'Withdraws one of the shop’s entries before its sale starts (404 for another shop’s)',
        params: pathIdSchema,
        response: {
          200: messageReplySchema,
          ...sellerErrors,
          404: errorReplySchema,
          422: z.union([validationErrorReplySchema, errorReplySchema]),
        },
      },
    },
    async (request) => {
      const shopId = sellerShopOf(request);
      const id = entryId(request.params.id);
      await service.removeEntry(shopId, id, audit.sink(request.audit));
      return ok(null, msg('Flash sale entry removed.'));
    },
  );
}
