import {
  cartAddSchema,
  cartLineSchema,
  cartQuerySchema,
  cartReplySchema,
  PRODUCT_REMOVED_FROM_CART,
} from '@shop/contracts/cart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { type Message, msg } from '../../lib/messages';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { CartService, CartView } from './cart.service';

/** How the line calls name their line, for the OpenAPI summaries. */
const LINE_NAMED =
  "the line `cart_item_id` of the cart reply; or by `product_id`, the product's only line, or the one of the `color`, `size` and `unit` also sent; 422 when several lines match";

/** 422: field errors, or SHOP_CLOSED while a shop of the lines is closed for now. */
const errors = {
  401: errorReplySchema,
  404: errorReplySchema,
  422: z.union([validationErrorReplySchema, errorReplySchema]),
};

/** The cart reply with its `info` warning in the shopper's language. */
function cartReply(request: FastifyRequest, view: CartView, message?: Message) {
  return ok({ ...view, info: view.info ? request.t(view.info) : null }, message);
}

/** Cart lines and the checkout preview. */
export async function cartRoutes(app: ZodApp, { cart: service }: { cart: CartService }) {
  app.get(
    '/api/carts',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['cart'],
        summary:
          'The cart grouped by shop (the buy-now line with is_buy_now=1). Lines of products gone or sold out are removed and `info` says so',
        querystring: cartQuerySchema,
        response: { 200: cartReplySchema, ...errors },
      },
    },
    async (request) =>
      cartReply(request, await service.cart(signedInUserId(request), request.query.is_buy_now, request.locale)),
  );

  app.post(
    '/api/cart/store',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['cart'],
        summary:
          'Add a product as chosen (colour and size ids, unit): each choice is a line of its own, and the line of the same choice grows by `quantity`. All lines of a product together stay within its stock (or what is left of its running flash sale). With is_buy_now, the one buy-now line is replaced and that line is returned. 422 SHOP_CLOSED while the product’s shop is closed for now',
        body: cartAddSchema,
        response: { 200: cartReplySchema, ...errors },
      },
    },
    async (request) =>
      cartReply(
        request,
        await service.add(signedInUserId(request), request.body, request.locale),
        msg('Product added to cart'),
      ),
  );

  app.post(
    '/api/cart/increment',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['cart'],
        summary: `One more of a line (${LINE_NAMED}), while all lines of the product together stay within its stock or what is left of its running flash sale`,
        body: cartLineSchema,
        response: { 200: cartReplySchema, ...errors },
      },
    },
    async (request) =>
      cartReply(request, await service.increment(signedInUserId(request), request.body, request.locale)),
  );

  app.post(
    '/api/cart/decrement',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['cart'],
        summary: `One fewer of a line (${LINE_NAMED}); at quantity 1 the line is removed with the message "${PRODUCT_REMOVED_FROM_CART}"`,
        body: cartLineSchema,
        response: { 200: cartReplySchema, ...errors },
      },
    },
    async (request) => {
      const { cart, removed } = await service.decrement(signedInUserId(request), request.body, request.locale);
      // The reference's exact words (PRODUCT_REMOVED_FROM_CART in the contracts).
      return cartReply(request, cart, removed ? msg('product removed from cart') : undefined);
    },
  );

  app.post(
    '/api/cart/delete',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['cart'],
        summary: `Remove a line (${LINE_NAMED})`,
        body: cartLineSchema,
        response: { 200: cartReplySchema, ...errors },
      },
    },
    async (request) =>
      cartReply(
        request,
        await service.remove(signedInUserId(request), request.body, request.locale),
        msg('Product removed from cart'),
      ),
  );
}
