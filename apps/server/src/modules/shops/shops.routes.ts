import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  productsPageReplySchema,
  shopCategoriesQuerySchema,
  shopCategoriesReplySchema,
  shopProductsQuerySchema,
  shopReplySchema,
  shopsQuerySchema,
  shopsReplySchema,
  topShopsReplySchema,
} from '@shop/contracts/shops';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import type { ShopsService } from './shops.service';

const shopParamsSchema = z.object({ slugOrId: z.string().min(1).max(160) });

/** Shop list, top shops, one shop's page header, its categories and its products. */
export async function shopsRoutes(app: ZodApp, { shops: service }: { shops: ShopsService }) {
  app.get(
    '/api/shops',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shops'],
        summary: 'Active shops with products, best rated first, then most orders; search by name, filter by province',
        querystring: shopsQuerySchema,
        response: { 200: shopsReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const { page, per_page, search, province_id } = request.query;
      return ok(
        await service.list(
          { search: search || undefined, provinceId: province_id },
          { page, perPage: per_page },
          request.locale,
        ),
      );
    },
  );

  app.get(
    '/api/shops/top',
    {
      config: { access: 'public' },
      schema: { tags: ['shops'], summary: 'The 10 best rated shops', response: { 200: topShopsReplySchema } },
    },
    async (request) => ok({ shops: await service.top(request.locale) }),
  );

  // Fixed routes (/top here, /popular-products in products) win over this parameter, so their names
  // are reserved shop slugs (RESERVED_SHOP_SLUGS: a CHECK in the database) rather than unreachable shops.
  app.get(
    '/api/shops/:slugOrId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shops'],
        summary: 'One shop by slug or id: its card, description, hours and banners',
        params: shopParamsSchema,
        response: { 200: shopReplySchema, 404: errorReplySchema },
      },
    },
    async (request) => ok({ shop: await service.details(request.params.slugOrId, request.locale) }),
  );

  app.get(
    '/api/shops/:slugOrId/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shops'],
        summary: "A shop's listed products, newest first; search by name, filter by category",
        params: shopParamsSchema,
        querystring: shopProductsQuerySchema,
        response: { 200: productsPageReplySchema, 404: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const { page, per_page, search, category_id } = request.query;
      return ok(
        await service.shopProducts(
          request.params.slugOrId,
          { search: search || undefined, categoryId: category_id },
          request.locale,
          { page, perPage: per_page },
        ),
      );
    },
  );

  app.get(
    '/api/shop-categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['shops'],
        summary: 'Categories a shop has listed products in (all of them unless per_page is given)',
        querystring: shopCategoriesQuerySchema,
        response: { 200: shopCategoriesReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const { shop_id, page, per_page } = request.query;
      return ok(await service.categories(shop_id, request.locale, { page, perPage: per_page }));
    },
  );
}
