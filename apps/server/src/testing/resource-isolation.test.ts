import { errorReplySchema } from '@shop/contracts/errors';
import { expect, it } from 'vitest';
import { seededShops } from './commerce';
import {
  OWNED_ROUTES,
  ownerAndIntruder,
  RESOURCES,
  SHOP_ROUTES,
  shopResources,
  shopRouteUrl,
} from './resource-isolation';
import { signInSeller } from './seller-centre';
import { describeEachDatabase } from './test-app';

describeEachDatabase('T6: another user’s resource id', (ctx) => {
  it('lists every owner route of the app, and only routes that exist', () => {
    const ownerRoutes = ctx.app.routeAccess.filter((r) => r.access === 'owner');
    expect(ownerRoutes.length).toBeGreaterThan(0);
    const covered = new Set(OWNED_ROUTES.map((r) => `${r.method} ${r.url}`));
    for (const route of ownerRoutes) {
      expect(
        covered.has(`${route.method} ${route.url}`),
        `${route.method} ${route.url} is missing in OWNED_ROUTES`,
      ).toBe(true);
    }
    const declared = new Set(ownerRoutes.map((r) => `${r.method} ${r.url}`));
    for (const route of OWNED_ROUTES) expect(declared.has(`${route.method} ${route.url}`), route.url).toBe(true);
  });

  it('answers 404, never data, to another user, and changes nothing of the owner’s', async () => {
    const { owner, intruder } = await ownerAndIntruder(ctx);
    expect(OWNED_ROUTES.length).toBeGreaterThan(0);
    for (const route of OWNED_ROUTES) {
      const fixture = RESOURCES[route.resource];
      const id = await fixture.create(ctx, owner);
      const before = await fixture.read(ctx, owner, id);
      const res = await ctx.app.inject({
        method: route.method,
        url: route.url.replace(':id', String(id)),
        headers: intruder.bearerHeaders,
        ...(route.body ? { payload: route.body } : {}),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
      const body = errorReplySchema.parse(res.json());
      expect(body.code).toBe('NOT_FOUND');
      expect(JSON.stringify(body)).not.toContain('Jl. Merdeka');
      expect(await fixture.read(ctx, owner, id), `${route.method} ${route.url} changed the owner's resource`).toEqual(
        before,
      );
    }
  });

  it('answers an id that names nothing the same way as another user’s', async () => {
    const { owner, intruder } = await ownerAndIntruder(ctx);
    for (const route of OWNED_ROUTES) {
      const id = await RESOURCES[route.resource].create(ctx, owner);
      const foreign = await ctx.app.inject({
        method: route.method,
        url: route.url.replace(':id', String(id)),
        headers: intruder.bearerHeaders,
        ...(route.body ? { payload: route.body } : {}),
      });
      const missing = await ctx.app.inject({
        method: route.method,
        url: route.url.replace(':id', '999999999'),
        headers: intruder.bearerHeaders,
        ...(route.body ? { payload: route.body } : {}),
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(foreign.json());
    }
  });
});

describeEachDatabase(
  'T6: another shop’s order, return, voucher, withdrawal, flash-sale entry, product or import',
  (ctx) => {
    it('lists every seller route with an id, and only routes that exist', () => {
      const declared = ctx.app.routeAccess.filter((r) => r.access === 'seller' && r.url.includes(':id'));
      const covered = new Set(SHOP_ROUTES.map((r) => `${r.method} ${r.url}`));
      for (const route of declared) {
        expect(
          covered.has(`${route.method} ${route.url}`),
          `${route.method} ${route.url} is missing in SHOP_ROUTES`,
        ).toBe(true);
      }
      const names = new Set(declared.map((r) => `${r.method} ${r.url}`));
      for (const route of SHOP_ROUTES) expect(names.has(`${route.method} ${route.url}`), route.url).toBe(true);
    });

    it('answers 404 to another shop’s seller, the same as for an id that names nothing, and changes nothing', async () => {
      const [own, other] = await seededShops(ctx.db, 2);
      const { owner } = await ownerAndIntruder(ctx);
      const ownSeller = await signInSeller(ctx.app, `${own!.slug}@example.com`);
      const intruder = await signInSeller(ctx.app, `${other!.slug}@example.com`);
      const ids = await shopResources(ctx, owner, { id: own!.id, seller: ownSeller });
      const get = async (url: string) => (await ctx.app.inject({ url, headers: ownSeller.bearerHeaders })).json();
      const read = async () => ({
        order: await get(`/api/seller/orders/${ids.order}`),
        return: await get(`/api/seller/returns/${ids.return}`),
        voucher: await get(`/api/seller/vouchers/${ids.voucher}`),
        withdrawal: await get(`/api/seller/withdrawals/${ids.withdrawal}`),
        balance: await get('/api/seller/balance'),
        flashSales: await get('/api/seller/flash-sales'),
        product: await get(`/api/seller/products/${ids.product}`),
        import: await get(`/api/seller/products/imports/${ids.import}`),
      });
      const before = await read();
      for (const route of SHOP_ROUTES) {
        const inject = (id: number, photoId: number) =>
          ctx.app.inject({
            method: route.method,
            url: shopRouteUrl(route.url, id, photoId),
            headers: intruder.bearerHeaders,
            ...(route.body ? { payload: route.body } : {}),
          });
        const foreign = await inject(ids[route.kind], ids.photo);
        expect(foreign.statusCode, `${route.method} ${route.url}`).toBe(404);
        expect(errorReplySchema.parse(foreign.json()).code).toBe('NOT_FOUND');
        expect((await inject(999_999_999, 999_999_999)).json()).toEqual(foreign.json());
      }
      expect(await read()).toEqual(before);
    });
  },
);
