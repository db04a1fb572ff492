import { randomUUID } from 'node:crypto';
import { placeOrderReplySchema } from '@shop/contracts/cart';
import { orderDetailsReplySchema } from '@shop/contracts/orders';
import { expect, it } from 'vitest';
import { signInNewCustomer } from '../../testing/auth';
import { cartCalls, createTestAddress, createTestProduct, seededShops } from '../../testing/commerce';
import { describeEachDatabase } from '../../testing/test-app';

/**
 * POST /api/dev/orders/{id}/status (APP_ENV=local only; the end-to-end tests mark orders Delivered
 * with it): the owner moves an own order along its lifecycle, another customer gets 404.
 */
describeEachDatabase(
  'the development order-status route',
  (ctx) => {
    it('moves the owner’s order step by step to Delivered and answers 404 to anyone else', async () => {
      const [shop] = await seededShops(ctx.db, 1);
      const product = await createTestProduct(ctx.db, { shopId: shop!.id, price: 1_000_000, stock: 10 });
      const { session } = await signInNewCustomer(ctx.app, ctx.db);
      const calls = cartCalls(ctx.app, session.bearerHeaders);
      expect((await calls.add({ product_id: product.id })).statusCode).toBe(200);
      const placed = await calls.placeOrder(
        {
          shop_ids: [shop!.id],
          address_id: await createTestAddress(ctx.app, session.bearerHeaders),
          payment_method: 'cash',
        },
        randomUUID(),
      );
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placeOrderReplySchema.parse(placed.json()).data.payment.orders[0]!.id;
      const move = (headers: Record<string, string>, status: string) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/dev/orders/${orderId}/status`,
          headers,
          payload: { status },
        });

      const intruder = (await signInNewCustomer(ctx.app, ctx.db)).session;
      expect((await move(intruder.bearerHeaders, 'Confirm')).statusCode).toBe(404);
      // Not a step the order can take from Pending.
      expect((await move(session.bearerHeaders, 'Delivered')).statusCode).toBe(422);
      for (const status of ['Confirm', 'Processing', 'Pickup', 'On The Way', 'Delivered']) {
        const res = await move(session.bearerHeaders, status);
        expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
        expect(orderDetailsReplySchema.parse(res.json()).data.order.order_status).toBe(status);
      }
    });
  },
  { env: { APP_ENV: 'local' } },
);
