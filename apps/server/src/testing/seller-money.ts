import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { flashSales } from '../db/schema/marketing';
import { shops } from '../db/schema/shops';
import { type SignedIn, signInNewCustomer } from './auth';
import { createTestProduct, deliverOrder } from './commerce';
import { placeCashOrder, registerShop } from './seller-centre';
import type { TestApp } from './test-app';

/**
 * A shop of its own for a test of the seller's money: registered through the API and approved,
 * so its ledger starts empty whatever other tests did. Its seller's session is signed in.
 */
export async function openTestShop(
  ctx: TestApp,
): Promise<{ shopId: number; seller: SignedIn; login: { email: string; password: string } }> {
  const { session, body } = await registerShop(ctx.app);
  const [shop] = await ctx.db
    .update(shops)
    .set({ status: 'approved', isActive: true })
    .where(eq(shops.userId, session.user.id))
    .returning({ id: shops.id });
  if (!shop) throw new Error('the registered shop is missing');
  return { shopId: shop.id, seller: session, login: { email: body.email, password: body.password } };
}

/**
 * A cash order of one product (at `price`, minor units, no delivery charge set on the shop) placed
 * by a new shopper at the shop and moved to Delivered: the shop's balance grows by it.
 */
export async function deliveredOrder(ctx: TestApp, shopId: number, price: number) {
  const { session } = await signInNewCustomer(ctx.app, ctx.db);
  const product = await createTestProduct(ctx.db, { shopId, price, stock: 10 });
  const orderId = await placeCashOrder(ctx.app, session.bearerHeaders, shopId, [product.id]);
  await deliverOrder(ctx.services, orderId);
  return { orderId, shopper: session, productId: product.id };
}

/** The shopper returns the whole order; the shop approves and refunds it through the Seller Centre. */
export async function refundedReturn(ctx: TestApp, seller: SignedIn, shopper: SignedIn, orderId: number) {
  const details = await ctx.app.inject({
    url: `/api/order-details?order_id=${orderId}`,
    headers: shopper.bearerHeaders,
  });
  const lineIds = (details.json() as { data: { order: { products: { id: number }[] } } }).data.order.products.map(
    (p) => p.id,
  );
  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/return-order',
    headers: shopper.bearerHeaders,
    payload: {
      order_id: orderId,
      product_ids: lineIds,
      reason: 'Does not fit',
      bank_account_number: '1234567890',
      bank_name: 'BCA',
      return_address: 'Jalan Return 1',
    },
  });
  if (asked.statusCode !== 200) throw new Error(`return: ${asked.statusCode} ${asked.body}`);
  const returnId = (asked.json() as { data: { return_order: { id: number } } }).data.return_order.id;
  for (const [url, payload] of [
    [`/api/seller/returns/${returnId}/status`, { status: 'Approved' }],
    [`/api/seller/returns/${returnId}/refund`, {}],
  ] as const) {
    const res = await ctx.app.inject({ method: 'POST', url, headers: seller.bearerHeaders, payload });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  return returnId;
}

/** A flash sale of the operator, from `startsAt` to `endsAt`, with nothing in it yet. */
export async function createTestFlashSale(ctx: TestApp, window: { startsAt: Date; endsAt: Date }) {
  const [sale] = await ctx.db
    .insert(flashSales)
    .values({ name: `Sale ${randomUUID().slice(0, 8)}`, discount: 30, ...window })
    .returning({ id: flashSales.id });
  if (!sale) throw new Error('flash sale insert returned no row');
  return sale.id;
}
