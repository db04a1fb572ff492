import { ORDER_STATUSES } from '@shop/contracts/cart';
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
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { AppError } from '../../lib/errors';
import { msg } from '../../lib/messages';
import { parsePathId, pathIdSchema } from '../../lib/path-id';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { OrdersService } from './orders.service';

const errors = {
  400: errorReplySchema,
  401: errorReplySchema,
  404: errorReplySchema,
  409: errorReplySchema,
  422: z.union([validationErrorReplySchema, errorReplySchema]),
};

/** The shopper's orders after placing them: history, details, cancelling, paying again, ordering again. */
export async function ordersRoutes(app: ZodApp, { orders: service }: { orders: OrdersService }) {
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
    async (request) => ok(await service.list(signedInUserId(request), request.query, request.locale)),
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
      ok({ order: await service.details(signedInUserId(request), request.query.order_id, request.locale) }),
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
      const { order, message } = await service.cancel(signedInUserId(request), request.body.order_id, request.locale);
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
        ok(await service.payAgain(signedInUserId(request), request.params.orderId, request.params.gateway)),
    });
  }

  // Development and end-to-end tests only (APP_ENV=local, from this machine): move one's own
  // order along its lifecycle through the real service, as its shop would.
  if (service.devToolsEnabled) {
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
        if (!(await service.setStatus(id, request.body.status))) {
          throw new AppError(422, ErrorCode.Conflict, msg('The order cannot move to that status now.'));
        }
        return ok({ order: await service.details(signedInUserId(request), id, request.locale) });
      },
    );
  }
}
