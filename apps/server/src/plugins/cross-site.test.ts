import { randomUUID } from 'node:crypto';
import { placeOrderReplySchema } from '@shop/contracts/cart';
import { SESSION_COOKIE } from '@shop/contracts/constants';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sessions } from '../db/schema/accounts';
import { payments } from '../db/schema/orders';
import { signInNewCustomer } from '../testing/auth';
import { cartCalls, createTestAddress, createTestProduct, seededShops } from '../testing/commerce';
import { describeEachDatabase } from '../testing/test-app';

/**
 * A link, image or top-level navigation from another site sends the session cookie (SameSite=Lax
 * lets top-level GETs through) but never the web app's X-Requested-With header: nothing may
 * change on such a request, whatever its method.
 */
describeEachDatabase('state changes from another site', (ctx) => {
  const crossSite = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });

  it('every GET route that changes state is marked so, and the ones we know are among them', () => {
    const marked = ctx.app.routeAccess
      .filter((r) => r.method === 'GET' && r.changesState && r.url.startsWith('/api/'))
      .map((r) => r.url);
    expect(marked.sort()).toEqual(['/api/get-message', '/api/logout', '/api/order-payment/:orderId/:gateway'].sort());
  });

  it('GET /api/logout: a cross-site navigation with the cookie alone ends nothing; the bearer clients and POST still log out', async () => {
    const { session, customer } = await signInNewCustomer(ctx.app, ctx.db);
    const navigated = await ctx.app.inject({ url: '/api/logout', headers: crossSite(session.token) });
    expect(navigated.statusCode).toBe(403);
    expect(navigated.json().code).toBe('CSRF');
    const alive = await ctx.db.select().from(sessions).where(eq(sessions.userId, customer.id));
    expect(alive).toHaveLength(1);
    expect((await ctx.app.inject({ url: '/api/profile', headers: session.bearerHeaders })).statusCode).toBe(200);
    // POST from the web app (cookie and header) logs out.
    const byWeb = await ctx.app.inject({ method: 'POST', url: '/api/logout', headers: session.cookieHeaders });
    expect(byWeb.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/profile', headers: session.bearerHeaders })).statusCode).toBe(401);
    // The spec's GET /logout still works for a bearer client (the mobile apps).
    const app = (await signInNewCustomer(ctx.app, ctx.db)).session;
    expect((await ctx.app.inject({ url: '/logout', headers: app.bearerHeaders })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/profile', headers: app.bearerHeaders })).statusCode).toBe(401);
  });

  it('GET /api/order-payment/{id}/sandbox from another site makes no payment and cancels none', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    const product = await createTestProduct(ctx.db, { shopId: shop!.id, price: 1_000_000, stock: 10 });
    const { session, customer } = await signInNewCustomer(ctx.app, ctx.db);
    const calls = cartCalls(ctx.app, session.bearerHeaders);
    expect((await calls.add({ product_id: product.id })).statusCode).toBe(200);
    const placed = await calls.placeOrder(
      {
        shop_ids: [shop!.id],
        address_id: await createTestAddress(ctx.app, session.bearerHeaders),
        payment_method: 'sandbox',
      },
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const { payment } = placeOrderReplySchema.parse(placed.json()).data;
    const orderId = payment.orders[0]!.id;
    const paymentsOf = () =>
      ctx.db
        .select({ id: payments.id, status: payments.status })
        .from(payments)
        .where(eq(payments.userId, customer.id));
    const before = await paymentsOf();

    const navigated = await ctx.app.inject({
      url: `/api/order-payment/${orderId}/sandbox`,
      headers: crossSite(session.token),
    });
    expect(navigated.statusCode).toBe(403);
    expect(await paymentsOf()).toEqual(before);

    // The web app pays again by POST; a bearer client may still use the reference's GET.
    const byWeb = await ctx.app.inject({
      method: 'POST',
      url: `/api/order-payment/${orderId}/sandbox`,
      headers: session.cookieHeaders,
    });
    expect(byWeb.statusCode, byWeb.body).toBe(200);
    const byApp = await ctx.app.inject({
      url: `/api/order-payment/${orderId}/sandbox`,
      headers: session.bearerHeaders,
    });
    expect(byApp.statusCode, byApp.body).toBe(200);
    expect((await paymentsOf()).filter((p) => p.status === 'pending')).toHaveLength(1);
  });
});
