import {
  wishlistIdsReplySchema,
  wishlistProductsQuerySchema,
  wishlistProductsReplySchema,
  wishlistToggleReplySchema,
  wishlistToggleSchema,
} from '@shop/contracts/account';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { ZodApp } from '../../deps';
import { msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { WishlistService } from './wishlist.service';

/** Favourite products: toggle, list (also at the spec's /favorite-products) and the ids. */
export async function wishlistRoutes(app: ZodApp, { wishlist: service }: { wishlist: WishlistService }) {
  app.post(
    '/api/favorite-add-or-remove',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'Add a product to the favourites, or remove it when it is there; `total` is the new count',
        body: wishlistToggleSchema,
        response: {
          200: wishlistToggleReplySchema,
          401: errorReplySchema,
          404: errorReplySchema,
          422: validationErrorReplySchema,
        },
      },
    },
    async (request) => {
      const { added, ...data } = await service.toggle(signedInUserId(request), request.body.product_id, request.locale);
      return ok(data, added ? msg('Product added to favorite') : msg('Product removed from favorite'));
    },
  );

  app.get(
    '/api/favorite-products',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'Favourite products, newest first, with their count in `total`',
        querystring: wishlistProductsQuerySchema,
        response: { 200: wishlistProductsReplySchema, 401: errorReplySchema, 422: validationErrorReplySchema },
      },
    },
    async (request) =>
      ok(
        await service.list(
          signedInUserId(request),
          { page: request.query.page, perPage: request.query.per_page },
          request.locale,
        ),
      ),
  );

  app.get(
    '/api/favorite-product-ids',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['account'],
        summary: 'Ids of the favourite products, so cards (the same for every visitor) can show the heart',
        response: { 200: wishlistIdsReplySchema, 401: errorReplySchema },
      },
    },
    async (request) => ok({ ids: await service.ids(signedInUserId(request)) }),
  );
}
