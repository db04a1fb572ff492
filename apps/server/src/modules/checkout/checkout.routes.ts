import { checkoutReplySchema, checkoutSchema, placeOrderReplySchema, placeOrderSchema } from '@shop/contracts/cart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { CheckoutService, PlacementKey } from './checkout.service';

/** 422: field errors, or SHOP_CLOSED while a shop of the lines is closed for now. */
const errors = {
  401: errorReplySchema,
  404: errorReplySchema,
  422: z.union([validationErrorReplySchema, errorReplySchema]),
};

/** The request's Idempotency-Key, which the placement claims (`idempotencyClaim: 'handler'`). */
const placementKey = (request: FastifyRequest): PlacementKey | null =>
  request.idempotencyKey ? { key: request.idempotencyKey.key, requestHash: request.idempotencyKey.requestHash } : null;

/** The checkout preview of the selected shops and the placement of their orders. */
export async function checkoutRoutes(app: ZodApp, { checkout: service }: { checkout: CheckoutService }) {
  app.post(
    '/api/cart/checkout',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['cart'],
        summary:
          'Preview of the orders of the selected shops: per shop and in all, subtotal, delivery charge, voucher discount, each VAT line and the payable amount. A typed coupon_code answers "Coupon applied" or "Coupon not applied"; 422 SHOP_CLOSED while a selected shop is closed for now',
        body: checkoutSchema,
        response: { 200: checkoutReplySchema, ...errors },
      },
    },
    async (request) => {
      const { message, info, ...data } = await service.preview(
        signedInUserId(request),
        { shopIds: request.body.shop_ids, couponCode: request.body.coupon_code, isBuyNow: request.body.is_buy_now },
        request.locale,
      );
      return ok({ ...data, info: info ? request.t(info) : null }, message);
    },
  );

  /**
   * Runs a placement with the request's Idempotency-Key and answers with its payment; when it
   * fails, a key used already answers as its first use says (replayed reply, 409, 422) instead of
   * the failure: a replay finds the cart ordered, or the key claimed.
   */
  async function placing(
    request: FastifyRequest,
    reply: FastifyReply,
    place: (key: PlacementKey | null) => ReturnType<CheckoutService['place']>,
  ) {
    try {
      const { payment, url, message } = await place(placementKey(request));
      return ok({ order_payment_url: url, payment }, message);
    } catch (error) {
      if (await app.answerUsedKey(request, reply)) return reply;
      throw error;
    }
  }

  app.post(
    '/api/place-order',
    {
      config: { access: 'customer', idempotency: 'required', idempotencyClaim: 'handler' },
      schema: {
        tags: ['orders'],
        summary:
          'Place the orders of the selected shops (one per shop, one payment for all) with an `Idempotency-Key`. `order_payment_url` is where to pay (null for cash on delivery). 409 OUT_OF_STOCK or CHECKOUT_CHANGED when stock, a voucher or the total changed since the preview; 422 ACCOUNT_UNVERIFIED, CART_EMPTY, SHOP_CLOSED or field errors',
        body: placeOrderSchema,
        response: {
          200: placeOrderReplySchema,
          400: errorReplySchema,
          401: errorReplySchema,
          409: errorReplySchema,
          422: z.union([validationErrorReplySchema, errorReplySchema]),
        },
      },
    },
    async (request, reply) =>
      placing(request, reply, (key) => service.place(signedInUserId(request), request.body, request.locale, key)),
  );
}
