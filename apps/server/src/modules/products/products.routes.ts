import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  autocompleteQuerySchema,
  autocompleteReplySchema,
  productDetailsQuerySchema,
  productDetailsReplySchema,
  productsQuerySchema,
  productsReplySchema,
  reviewsQuerySchema,
  reviewsReplySchema,
  shopPopularProductsQuerySchema,
  shopPopularProductsReplySchema,
} from '@shop/contracts/products';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import type { ProductViewer } from '../recently-viewed/product-viewer';
import type { ProductsService } from './products.service';

/** Product listing and search, details, reviews and the search box's suggestions. */
export async function productsRoutes(
  app: ZodApp,
  { products: service, productViewer: viewer }: { products: ProductsService; productViewer: ProductViewer },
) {
  // The reference serves the category page from its own path with the same handler.
  app.get(
    '/api/products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Listed products: search, filters, sort and paging, with the filter facets',
        querystring: productsQuerySchema,
        response: { 200: productsReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request, reply) => (await service.list(request.query, request.locale)).send(reply),
  );

  app.get(
    '/api/products/search-autocomplete',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Suggestions for the search box: products first, then shops, at most `limit` in total',
        querystring: autocompleteQuerySchema,
        response: { 200: autocompleteReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request, reply) =>
      (await service.autocomplete(request.query.name, request.query.limit, request.locale)).send(reply),
  );

  app.get(
    '/api/product-details',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'One product by id or slug, with related products and more from its shop',
        querystring: productDetailsQuerySchema,
        response: { 200: productDetailsReplySchema, 404: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request, reply) => {
      const shared = await service.details({ id: request.query.product_id, slug: request.query.slug }, request.locale);
      if (!request.user) return shared.send(reply);
      // Signed in: recorded as recently viewed, hearts filled on a copy (recently-viewed module).
      const details = shared.copy();
      await viewer.viewed(request.user.id, details);
      return ok(details);
    },
  );

  app.get(
    '/api/shops/popular-products',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: "More products of a product's shop",
        querystring: shopPopularProductsQuerySchema,
        response: { 200: shopPopularProductsReplySchema, 404: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => ok(await service.shopPopularProducts(request.query.product_id, request.locale)),
  );

  app.get(
    '/api/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags: ['products'],
        summary: 'Reviews of a product or a shop: star histogram and a page of reviews, newest first',
        querystring: reviewsQuerySchema,
        response: { 200: reviewsReplySchema, 404: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) => {
      const { product_id, shop_id, page, per_page } = request.query;
      const target = product_id !== undefined ? { productId: product_id } : { shopId: shop_id as number };
      return ok(await service.reviews(target, { page, perPage: per_page }));
    },
  );
}
