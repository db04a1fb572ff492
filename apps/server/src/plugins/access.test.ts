import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, Translator } from '../lib/messages';
import { type AccessOptions, accessPlugin, ownsByIntegerId } from './access';
import { errorsPlugin } from './errors';

/** A user named by a test header ("7:seller"), standing in for the auth plugin. */
async function appWith(options: AccessOptions, routes: (app: FastifyInstance) => void) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin, { translator: new Translator(new Map()) });
  await app.register(accessPlugin, options);
  app.addHook('onRequest', async (request) => {
    const header = request.headers['x-test-user'];
    if (typeof header !== 'string') return;
    const [id, role] = header.split(':');
    request.user = { id: Number(id), role: role as 'customer' | 'seller' | 'admin' };
  });
  routes(app);
  await app.ready();
  return app;
}

describe('access policies', () => {
  let app: FastifyInstance;
  const addressesOf: Record<number, number[]> = { 1: [10, 11], 2: [20] };
  const shopOf: Record<number, number> = { 5: 500 };

  beforeAll(async () => {
    app = await appWith(
      {
        ownership: {
          address: {
            owns: ownsByIntegerId(async (userId, id) => addressesOf[userId]?.includes(id) ?? false),
            notFound: msg('Address not found.'),
          },
          payment: { owns: async () => false, notFound: msg('Payment not found.') },
          order: { owns: async () => false, notFound: msg('Order not found.') },
          return: { owns: async () => false, notFound: msg('Return not found.') },
          ticketAttachment: { owns: async () => false, notFound: msg('Attachment not found.') },
          digital_order: { owns: async () => false, notFound: msg('Order not found.') },
        },
        sellerShopId: async (userId) => shopOf[userId] ?? null,
      },
      (app) => {
        app.get('/public', { config: { access: 'public' } }, async () => ({ ok: true }));
        app.get('/mine', { config: { access: 'customer' } }, async () => ({ ok: true }));
        app.get('/address/:id', { config: { access: 'owner', resource: 'address' } }, async (request) => ({
          id: (request.params as { id: string }).id,
        }));
        app.get('/shop/orders', { config: { access: 'seller' } }, async (request) => ({ shop: request.sellerShopId }));
        app.post(
          '/shop/products',
          {
            config: { access: 'seller' },
            schema: {
              body: {
                type: 'object',
                required: ['name'],
                properties: { name: { type: 'string', minLength: 1 } },
              },
            },
          },
          async () => ({ ok: true }),
        );
        app.get('/operator', { config: { access: 'admin' } }, async () => ({ ok: true }));
      },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  const get = (url: string, user?: string) =>
    app
      .inject({ url, headers: user ? { 'x-test-user': user } : {} })
      .then((r) => ({ status: r.statusCode, body: r.json() }));

  it('lets anyone call public routes and signed-in users call customer routes', async () => {
    expect((await get('/public')).status).toBe(200);
    expect((await get('/mine')).status).toBe(401);
    expect((await get('/mine', '1:customer')).status).toBe(200);
  });

  it('owner: the caller’s own resource only; another user’s id and a bad id are 404', async () => {
    expect(await get('/address/10', '1:customer')).toEqual({ status: 200, body: { id: '10' } });
    expect(await get('/address/20', '1:customer')).toEqual({
      status: 404,
      body: { message: 'Address not found.', code: 'NOT_FOUND' },
    });
    expect((await get('/address/abc', '1:customer')).status).toBe(404);
    expect((await get('/address/10')).status).toBe(401);
  });

  it('seller: the role and a shop; the handler gets the shop', async () => {
    expect(await get('/shop/orders', '5:seller')).toEqual({ status: 200, body: { shop: 500 } });
    expect((await get('/shop/orders', '6:seller')).status).toBe(403);
    expect((await get('/shop/orders', '5:customer')).status).toBe(403);
    expect((await get('/shop/orders')).status).toBe(401);
  });

  it('answers who may call a route before what the body holds: no field errors for a caller it refuses', async () => {
    const post = (user?: string) =>
      app.inject({
        method: 'POST',
        url: '/shop/products',
        headers: user ? { 'x-test-user': user } : {},
        payload: { name: '' },
      });
    expect((await post('5:customer')).statusCode).toBe(403);
    expect((await post()).statusCode).toBe(401);
    expect((await post('5:seller')).statusCode).toBe(400);
  });

  it('admin: the operator only', async () => {
    expect((await get('/operator', '9:admin')).status).toBe(200);
    expect((await get('/operator', '5:seller')).status).toBe(403);
  });

  it('keeps a table of every route and its policy', () => {
    expect(app.routeAccess).toContainEqual({
      method: 'GET',
      url: '/address/:id',
      access: 'owner',
      resource: 'address',
    });
    expect(app.routeAccess).toContainEqual({ method: 'GET', url: '/shop/orders', access: 'seller' });
  });

  it('refuses to start with an owner route that names no resource', async () => {
    const options: AccessOptions = {
      ownership: {
        address: { owns: async () => true, notFound: msg('x') },
        payment: { owns: async () => true, notFound: msg('x') },
        order: { owns: async () => true, notFound: msg('x') },
        return: { owns: async () => true, notFound: msg('x') },
        ticketAttachment: { owns: async () => true, notFound: msg('x') },
        digital_order: { owns: async () => true, notFound: msg('x') },
      },
      sellerShopId: async () => null,
    };
    await expect(
      appWith(options, (app) => {
        app.get('/thing/:id', { config: { access: 'owner' } }, async () => ({}));
      }),
    ).rejects.toThrow('is for owners but names no resource');
  });
});
