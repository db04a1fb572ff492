import { randomUUID } from 'node:crypto';
import { placeOrderReplySchema } from '@shop/contracts/cart';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema/orders';
import { signInNewCustomer } from '../testing/auth';
import { cartCalls, createTestAddress, createTestProduct, seededShops } from '../testing/commerce';
import { createTestApp, type TestApp } from '../testing/test-app';
import { internalCallHeaders } from './client-ip';

/** Every demo convenience the app declares; a new one is walked here without being named. */
const localRoutes = (ctx: TestApp) => ctx.app.routeAccess.filter((r) => r.localOnly);

/** A concrete path for a route pattern (its parameters filled with something plausible). */
const concrete = (url: string) => url.replace(':id', '1').replace(':ticketNumber', 'T-1');

/** The ways a request reaches the app from somewhere other than this machine. */
const FROM_ELSEWHERE: { name: string; remoteAddress: string; headers?: Record<string, string> }[] = [
  { name: 'another address', remoteAddress: '203.0.113.7' },
  { name: 'another address over IPv6', remoteAddress: '2001:db8::7' },
  // A proxy on this machine passing someone's request on: it says who sent it.
  { name: 'a local proxy', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
  { name: 'a local proxy (Forwarded)', remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } },
  // This process's own render, on behalf of a visitor elsewhere.
  {
    name: 'the render for a visitor elsewhere',
    remoteAddress: '127.0.0.1',
    headers: internalCallHeaders('203.0.113.7'),
  },
];

describe('demo conveniences (APP_ENV=local) answer only the person at this machine', () => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { APP_ENV: 'local' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('the outbox, the demo login, the order-status shortcut and the ticket shortcut are all declared local-only', () => {
    expect(localRoutes(ctx).map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/dev/outbox',
        'GET /dev/outbox',
        'GET /api/dev/demo-login',
        'POST /api/dev/orders/:id/status',
        'POST /api/dev/support-tickets/:ticketNumber/open-chat',
      ]),
    );
    // Nothing else under /dev or /api/dev escapes the rule.
    const devPaths = ctx.app.routeAccess.filter((r) => /^\/(api\/)?dev\//.test(r.url));
    expect(devPaths.filter((r) => !r.localOnly)).toEqual([]);
  });

  it('every one of them is a 404, exactly like a missing route, for a request from elsewhere', async () => {
    for (const route of localRoutes(ctx)) {
      for (const from of FROM_ELSEWHERE) {
        const url = concrete(route.url);
        const res = await ctx.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          remoteAddress: from.remoteAddress,
          headers: from.headers ?? {},
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        expect(res.statusCode, `${route.method} ${url} from ${from.name}`).toBe(404);
        expect(res.json(), `${route.method} ${url} from ${from.name}`).toEqual({
          message: `Route ${route.method} ${url} not found.`,
          code: 'NOT_FOUND',
        });
      }
    }
  });

  it('from this machine the outbox and the demo login answer', async () => {
    const box = await ctx.app.inject({ url: '/api/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(box.statusCode).toBe(200);
    const page = await ctx.app.inject({ url: '/dev/outbox', remoteAddress: '::1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const demo = await ctx.app.inject({ url: '/api/dev/demo-login', remoteAddress: '127.0.0.1' });
    expect(demo.statusCode).toBe(200);
    expect(demo.json().data).toEqual({ phone: 'customer@example.com', password: 'password' });
    // The render for a visitor on this machine counts as this machine.
    const rendered = await ctx.app.inject({
      url: '/api/dev/demo-login',
      remoteAddress: '127.0.0.1',
      headers: internalCallHeaders('127.0.0.1'),
    });
    expect(rendered.statusCode).toBe(200);
  });

  it('a shopper elsewhere cannot move their own order to Delivered; at the machine the shortcut works', async () => {
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
    const orderId = placeOrderReplySchema.parse(placed.json()).data.payment.orders[0]!.id;
    const move = (remoteAddress: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/dev/orders/${orderId}/status`,
        headers: session.bearerHeaders,
        payload: { status: 'Confirm' },
        remoteAddress,
      });
    expect((await move('198.51.100.20')).statusCode).toBe(404);
    const [unchanged] = await ctx.db.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, orderId));
    expect(unchanged?.status).toBe('Pending');
    expect((await move('127.0.0.1')).statusCode).toBe(200);
  });
});

describe('outside APP_ENV=local the demo conveniences do not exist', () => {
  for (const APP_ENV of ['production', 'test'] as const) {
    it(`${APP_ENV}: even from this machine, each is a 404`, async () => {
      const ctx = await createTestApp({ env: { APP_ENV } });
      try {
        expect(ctx.app.routeAccess.filter((r) => r.localOnly)).toEqual([]);
        for (const url of ['/api/dev/outbox', '/dev/outbox', '/api/dev/demo-login']) {
          expect((await ctx.app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode, url).toBe(404);
        }
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/dev/orders/1/status',
          remoteAddress: '127.0.0.1',
          payload: { status: 'Delivered' },
        });
        expect(res.statusCode).toBe(404);
      } finally {
        await ctx.close();
      }
    });
  }
});
