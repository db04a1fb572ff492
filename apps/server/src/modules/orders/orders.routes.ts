import { placeOrderReplySchema, placeOrderSchema } from '@shop/contracts/cart';
import { errorReplySchema, validationErrorReplySchema } from '@shop/contracts/errors';
import { z } from 'zod';
import type { ZodApp } from '../../deps';
import { ok } from '../../lib/reply';
import { signedInUserId } from '../../plugins/access';
import type { OrdersService } from './orders.service';

/** Order placement (reference section 2.3 "place-order", DESIGN sections 4 and 5). */
export async function ordersRoutes(app: ZodApp, { orders: service }: { orders: OrdersService }) {
  app.post(
    '/api/place-order',
    {
      config: { access: 'customer', idempotency: 'required' },
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
    async (request) => {
      const { payment, url, message } = await service.place(
        signedInUserId(request),
        request.body,
        request.locale,
        request.idempotencyKey?.key ?? null,
      );
      return ok({ order_payment_url: url, payment }, message);
    },
  );
}
