import fastifyMultipart from '@fastify/multipart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  PRODUCT_PHOTO_MAX_BYTES,
  productPhotoOrderSchema,
  productPhotoParamsSchema,
  sellerProductBulkReplySchema,
  sellerProductBulkSchema,
  sellerProductOptionsReplySchema,
  sellerProductReplySchema,
  sellerProductSaveSchema,
  sellerProductStockReplySchema,
  sellerProductStockSchema,
  sellerProductsQuerySchema,
  sellerProductsReplySchema,
} from '@shop/contracts/seller-products';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { readSingleFileForm } from '../../lib/multipart-form';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { sellerShopOf } from '../../plugins/access';
import type { AuditService } from '../audit/audit.service';
import { PHOTO_NOT_FOUND, PRODUCT_NOT_FOUND, type SellerProductsService } from './seller-products.service';

const NO_FIELDS: ReadonlySet<string> = new Set();
const looseBody = z.record(z.string(), z.unknown()).nullish();

const errors = { 401: errorReplySchema, 403: errorReplySchema };
const withId = { ...errors, 404: errorReplySchema };
const saving = {
  ...withId,
  409: errorReplySchema,
  422: z.union([validationErrorReplySchema, errorReplySchema]),
};

/**
 * The seller's catalogue at /api/seller/products: the `seller` policy (an approved shop's seller)
 * and the caller's shop only; another shop's product or photo answers 404, as one that does not exist.
 */
export async function sellerProductsRoutes(
  app: ZodApp,
  { sellerProducts: service, audit }: { sellerProducts: SellerProductsService; audit: AuditService },
) {
  app.get(
    '/api/seller/products',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'The shop’s products (not deleted): search by name or SKU, category, status (published, draft, ' +
          'pending_approval, sold_out), sort (newest, name, price, stock, sold) and order, paged; with the count of each status',
        querystring: sellerProductsQuerySchema,
        response: { 200: sellerProductsReplySchema, ...errors, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await service.list(sellerShopOf(request), request.query, request.locale)),
  );

  app.get(
    '/api/seller/products/options',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'What a product may name: active categories with their subcategories, and the brands, units, ' +
          'colours and sizes that are the platform’s or the shop’s own',
        response: { 200: sellerProductOptionsReplySchema, ...errors },
      },
    },
    async (request) => ok(await service.options(sellerShopOf(request), request.locale)),
  );

  app.post(
    '/api/seller/products',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'Creates a product: a draft (a name is enough) unless status is published, which checks everything ' +
          '(a product gets photos after it exists, so it is published by a later save)',
        body: sellerProductSaveSchema,
        response: { 200: sellerProductReplySchema, ...saving },
      },
    },
    async (request) => {
      const product = await service.create(sellerShopOf(request), request.body, audit.sink(request.audit));
      return ok({ product }, msg('Product saved.'));
    },
  );

  app.post(
    '/api/seller/products/bulk',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'Publishes, unpublishes or deletes the shop’s products named by ids (404 and nothing done when one is ' +
          'not the shop’s); publish reports the products it could not publish with what they lack',
        body: sellerProductBulkSchema,
        response: { 200: sellerProductBulkReplySchema, ...withId, 422: validationErrorReplySchema },
      },
    },
    async (request) =>
      ok(
        await service.bulk(sellerShopOf(request), request.body, request.locale, audit.sink(request.audit)),
        msg('Products updated.'),
      ),
  );

  app.post(
    '/api/seller/products/stock',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'Saves stock, price and discount price of many of the shop’s products in one transaction; a row whose ' +
          'stock is no longer expected_stock (a sale) or that was saved after its updated_at is a conflict, ' +
          'not saved, with the current figures',
        body: sellerProductStockSchema,
        response: { 200: sellerProductStockReplySchema, ...withId, 422: validationErrorReplySchema },
      },
    },
    async (request) =>
      ok(
        await service.saveFigures(sellerShopOf(request), request.body, audit.sink(request.audit)),
        msg('Stock and prices saved.'),
      ),
  );

  app.get(
    '/api/seller/products/:id',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'One of the shop’s products with its texts in every language, photos, colours and sizes',
        params: pathIdSchema,
        response: { 200: sellerProductReplySchema, ...withId },
      },
    },
    async (request) =>
      ok({ product: await service.details(sellerShopOf(request), parsePathId(request.params.id, PRODUCT_NOT_FOUND)) }),
  );

  app.put(
    '/api/seller/products/:id',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary:
          'Saves one of the shop’s products: the fields sent change (null clears), the others stay; 409 when ' +
          'updated_at or expected_stock no longer match',
        params: pathIdSchema,
        body: sellerProductSaveSchema,
        response: { 200: sellerProductReplySchema, ...saving },
      },
    },
    async (request) => {
      const id = parsePathId(request.params.id, PRODUCT_NOT_FOUND);
      const product = await service.update(sellerShopOf(request), id, request.body, audit.sink(request.audit));
      return ok({ product }, msg('Product saved.'));
    },
  );

  // Multipart only in this scope (the photo): the rest of the API keeps refusing bodies it does not expect.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    await scope.register(fastifyMultipart, {
      // An oversized photo is cut and flagged (truncated), so it becomes a field error, not a 413.
      throwFileSizeLimit: false,
      limits: { fileSize: PRODUCT_PHOTO_MAX_BYTES, files: 2, fields: 5, fieldSize: 1000, parts: 10 },
    });
    scope.post(
      '/api/seller/products/:id/photos',
      {
        config: { access: 'seller' },
        schema: {
          tags: ['seller'],
          summary:
            'Adds a photo to one of the shop’s products: multipart/form-data with `photo` (jpg, png or webp, told ' +
            'by its bytes; at most 5 MB); the first photo becomes the cover',
          consumes: ['multipart/form-data'],
          params: pathIdSchema,
          body: looseBody,
          response: { 200: sellerProductReplySchema, ...saving, 400: errorReplySchema, 413: errorReplySchema },
        },
      },
      async (request) => {
        const shopId = sellerShopOf(request);
        const productId = parsePathId(request.params.id, PRODUCT_NOT_FOUND);
        const form = request.isMultipart()
          ? await readSingleFileForm(request, { fields: NO_FIELDS, file: 'photo' })
          : { file: null };
        const product = await service.addPhoto(shopId, productId, form.file, audit.sink(request.audit));
        return ok({ product }, msg('Photo added.'));
      },
    );
  });

  app.put(
    '/api/seller/products/:id/photos/order',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'Puts the product’s photos in a new order: photo_ids names each of them once',
        params: pathIdSchema,
        body: productPhotoOrderSchema,
        response: { 200: sellerProductReplySchema, ...saving },
      },
    },
    async (request) => {
      const shopId = sellerShopOf(request);
      const id = parsePathId(request.params.id, PRODUCT_NOT_FOUND);
      const product = await service.orderPhotos(shopId, id, request.body.photo_ids, audit.sink(request.audit));
      return ok({ product }, msg('Photos reordered.'));
    },
  );

  app.post(
    '/api/seller/products/:id/photos/:photoId/cover',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'Makes one of the product’s photos its cover (the picture shoppers see first)',
        params: productPhotoParamsSchema,
        response: { 200: sellerProductReplySchema, ...withId },
      },
    },
    async (request) => {
      const shopId = sellerShopOf(request);
      const id = parsePathId(request.params.id, PRODUCT_NOT_FOUND);
      const photoId = parsePathId(request.params.photoId, PHOTO_NOT_FOUND);
      const product = await service.chooseCover(shopId, id, photoId, audit.sink(request.audit));
      return ok({ product }, msg('Cover photo chosen.'));
    },
  );

  app.delete(
    '/api/seller/products/:id/photos/:photoId',
    {
      config: { access: 'seller' },
      schema: {
        tags: ['seller'],
        summary: 'Deletes one of the product’s photos (its last one stays: add another first); the cover moves on',
        params: productPhotoParamsSchema,
        response: { 200: sellerProductReplySchema, ...withId, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const shopId = sellerShopOf(request);
      const id = parsePathId(request.params.id, PRODUCT_NOT_FOUND);
      const photoId = parsePathId(request.params.photoId, PHOTO_NOT_FOUND);
      const product = await service.deletePhoto(shopId, id, photoId, audit.sink(request.audit));
      return ok({ product }, msg('Photo deleted.'));
    },
  );
}
