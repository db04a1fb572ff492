import { ORDER_STATUSES, placeOrderReplySchema, placeOrderSchema } from '@shop/contracts/cart';
import { ErrorCode, errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import {
  orderAgainReplySchema,
  orderAgainSchema,
  orderCancelSchema,
  orderDetailsQuerySchema,
  orderDetailsReplySchema,
  orderPaymentParamsSchema,
  orderPaymentReplySchema,
  ordersQuerySchema,
  ordersReplySchema,
} from '@shop/contracts/orders';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { AppError } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { OrderHistoryService } from './history.service';
import type { OrdersService, PlacementKey } from './orders.service';

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  422: z.union([validationErrorReplySchema, errorReplySchema]),
};

/** The request's Idempotency-Key, which the placement claims (`idempotencyClaim: 'handler'`). */
const placementKey = (request: FastifyRequest): PlacementKey | null =>
  request.idempotencyKey ? { key: request.idempotencyKey.key, requestHash: request.idempotencyKey.requestHash } : null;

/** Order placement (reference section 2.3 "place-order", DESIGN sections 4 and 5). */
export async function ordersRoutes(
  app: ZodApp,
  { orders: service, orderHistory: history }: { orders: OrdersService; orderHistory: OrderHistoryService },
) {
  /**
   * Runs a placement with the request's Idempotency-Key and answers with its payment; when it
   * fails, a key used already answers as its first use says (replayed reply, 409, 422) instead of
   * the failure: a replay finds the cart ordered, or the key claimed.
   */
  async function placing(
    request: FastifyRequest,
    reply: FastifyReply,
    place: (key: PlacementKey | null) => ReturnType<OrdersService['place']>,
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
          'Place the orders of the selected shops (one per shop, one payment for all) with an `Idempotency-Key`. `order_payment_url` is where to pay (null for cash on delivery). 409 OUT_OF_STOCK or CHECKOUT_CHANGED when stock, a voucher or the total changed since the preview; 422 ACCOUNT_UNVERIFIED, CART_EMPTY or field errors',
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

  app.post(
    '/api/place-order/again',
    {
      // A retried request with its key is answered with the first reply, not added a second time.
      config: { access: 'customer', idempotency: 'optional' },
      schema: {
        tags: ['orders'],
        summary:
          "Order a Delivered order again: its products go back in the cart (their colour, size and unit, at today's prices and stock) for the shopper to check out; nothing is placed. `shop_ids` are the shops to select at checkout; `info` names lines that could not be added. 409 OUT_OF_STOCK when none could. With an `Idempotency-Key`, a retry replays the first reply",
        body: orderAgainSchema,
        response: { 200: orderAgainReplySchema, ...errors },
      },
    },
    async (request) => {
      const view = await service.again(signedInUserId(request), request.body.order_id, request.locale);
      return ok(
        { ...view, info: view.info ? request.t(view.info) : null },
        msg('The products of this order are in your cart.'),
      );
    },
  );

  app.get(
    '/api/orders',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['orders'],
        summary:
          "The caller's orders, newest first, 10 a page; `order_status` is a status or `digital`; with the counts of every status tab",
        querystring: ordersQuerySchema,
        response: { 200: ordersReplySchema, ...errors },
      },
    },
    async (request) => ok(await history.list(signedInUserId(request), request.query, request.locale)),
  );

  app.get(
    '/api/order-details',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['orders'],
        summary:
          "One of the caller's orders: timeline, address, lines with the caller's reviews, totals, what can be done now",
        querystring: orderDetailsQuerySchema,
        response: { 200: orderDetailsReplySchema, ...errors },
      },
    },
    async (request) =>
      ok({ order: await history.details(signedInUserId(request), request.query.order_id, request.locale) }),
  );

  app.post(
    '/api/orders/cancel',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['orders'],
        summary: 'Cancel a Pending order: its stock and flash-sale quantities come back, once',
        body: orderCancelSchema,
        response: { 200: orderDetailsReplySchema, ...errors },
      },
    },
    async (request) => {
      const { order, message } = await history.cancel(signedInUserId(request), request.body.order_id, request.locale);
      return ok({ order }, message);
    },
  );

  // POST for the web; GET is the reference's path, kept for bearer clients (a new payment
  // cancels the one before it, so by cookie it needs the web app's header).
  for (const method of ['POST', 'GET'] as const) {
    app.route({
      method,
      url: '/api/order-payment/:orderId/:gateway',
      config: { access: 'customer', ...(method === 'GET' ? { changesState: true as const } : {}) },
      schema: {
        tags: ['orders'],
        summary:
          'Pay an unpaid online order again: a new payment for the unpaid orders of its checkout, and where to pay it. 422 for cash on delivery',
        params: orderPaymentParamsSchema,
        response: { 200: orderPaymentReplySchema, ...errors },
      },
      handler: async (request) =>
        ok(await history.payAgain(signedInUserId(request), request.params.orderId, request.params.gateway)),
    });
  }

  // Development and end-to-end tests only (APP_ENV=local, from this machine): move one's own
  // order along its lifecycle through the real service, as its shop would.
  if (history.devToolsEnabled) {
    app.post(
      '/api/dev/orders/:id/status',
      {
        config: { access: 'owner', resource: 'order', localOnly: true },
        schema: {
          tags: ['development'],
          summary: 'Move an order to a status as its shop would (APP_ENV=local, from this machine only)',
          // The owner check reads the path id as sent (a string): a coercing schema would hide it.
          params: pathIdSchema,
          body: z.object({ status: z.enum(ORDER_STATUSES) }),
          response: { 200: orderDetailsReplySchema, ...errors },
        },
      },
      async (request) => {
        const id = parsePathId(request.params.id);
        if (!(await history.setStatus(id, request.body.status))) {
          throw new AppError(422, ErrorCode.Conflict, msg('The order cannot move to that status now.'));
        }
        return ok({ order: await history.details(signedInUserId(request), id, request.locale) });
      },
    );
  }
}
