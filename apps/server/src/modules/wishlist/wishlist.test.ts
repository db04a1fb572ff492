import {
  dashboardReplySchema,
  recentlyViewedReplySchema,
  wishlistIdsReplySchema,
  wishlistProductsReplySchema,
  wishlistToggleReplySchema,
} from '@shop/contracts/account';
import { productDetailsReplySchema, productsReplySchema } from '@shop/contracts/products';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { products } from '../../db/schema/products';
import { type SignedIn, signInNewCustomer } from '../../testing/auth';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('wishlist, recently viewed and dashboard', (ctx) => {
  let ids: number[] = [];

  beforeAll(async () => {
    const res = await ctx.app.inject({ url: '/api/products?per_page=14' });
    ids = productsReplySchema.parse(res.json()).data.products.map((p) => p.id);
    expect(ids).toHaveLength(14);
  });

  const toggle = (session: SignedIn, productId: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/favorite-add-or-remove',
      headers: session.cookieHeaders,
      payload: { product_id: productId },
    });
  const wishlist = async (session: SignedIn, url = '/api/favorite-products') =>
    wishlistProductsReplySchema.parse((await ctx.app.inject({ url, headers: session.bearerHeaders })).json()).data;
  const view = (session: SignedIn | null, productId: number) =>
    ctx.app.inject({ url: `/api/product-details?product_id=${productId}`, headers: session?.bearerHeaders ?? {} });

  it('needs a signed-in shopper', async () => {
    for (const url of ['/api/favorite-products', '/favorite-products', '/api/recently-views', '/api/dashboard']) {
      expect((await ctx.app.inject({ url })).statusCode, url).toBe(401);
    }
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/favorite-add-or-remove',
      payload: { product_id: 1 },
    });
    expect(res.statusCode).toBe(401);
  });

  it('toggles a favourite on and off, with the product, its is_favorite and the count', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    const [a, b] = ids as [number, number];

    const on = await toggle(session, a);
    expect(on.statusCode, on.body).toBe(200);
    const added = wishlistToggleReplySchema.parse(on.json());
    expect(added.message).toBe('Product added to favorite');
    expect(added.data).toMatchObject({ product: { id: a, is_favorite: true }, total: 1 });
    ctx.clock.advance(1000);
    await toggle(session, String(b));

    const list = await wishlist(session);
    expect(list.total).toBe(2);
    expect(list.products.map((p) => [p.id, p.is_favorite])).toEqual([
      [b, true],
      [a, true],
    ]);
    expect(await wishlist(session, '/favorite-products')).toEqual(list);
    const idsReply = await ctx.app.inject({ url: '/api/favorite-product-ids', headers: session.bearerHeaders });
    expect(wishlistIdsReplySchema.parse(idsReply.json()).data.ids).toEqual([b, a]);

    const off = wishlistToggleReplySchema.parse((await toggle(session, a)).json());
    expect(off.message).toBe('Product removed from favorite');
    expect(off.data).toMatchObject({ product: { id: a, is_favorite: false }, total: 1 });
    expect((await wishlist(session)).products.map((p) => p.id)).toEqual([b]);
  });

  it('refuses unknown and hidden products; a hidden favourite leaves the list and the count', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    expect((await toggle(session, 99_999_999)).statusCode).toBe(404);
    const bad = await toggle(session, 'abc');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['product_id']);

    const hidden = ids[2] as number;
    await toggle(session, hidden);
    await toggle(session, ids[3]);
    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, hidden));
    try {
      expect((await toggle(session, hidden)).statusCode).toBe(404);
      const list = await wishlist(session);
      expect(list).toMatchObject({ total: 1, products: [{ id: ids[3] }] });
    } finally {
      await ctx.db.update(products).set({ isActive: true }).where(eq(products.id, hidden));
    }
  });

  it('product details record recently viewed (10 distinct, newest first) and show the heart', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    // A visitor's view records nothing and sees no heart.
    const anonymous = await view(null, ids[0] as number);
    expect(anonymous.statusCode).toBe(200);

    await toggle(session, ids[0]);
    const details = productDetailsReplySchema.parse((await view(session, ids[0] as number)).json()).data;
    expect(details.product.is_favorite).toBe(true);
    const visitorDetails = productDetailsReplySchema.parse(anonymous.json()).data;
    expect(visitorDetails.product.is_favorite).toBe(false);

    for (const id of ids.slice(1, 12)) {
      ctx.clock.advance(1000);
      await view(session, id);
    }
    ctx.clock.advance(1000);
    await view(session, ids[5] as number);

    const res = await ctx.app.inject({ url: '/api/recently-views', headers: session.bearerHeaders });
    const recent = recentlyViewedReplySchema.parse(res.json()).data.products;
    expect(recent.map((p) => p.id)).toEqual([
      ids[5],
      ids[11],
      ids[10],
      ids[9],
      ids[8],
      ids[7],
      ids[6],
      ids[4],
      ids[3],
      ids[2],
    ]);

    const dashboard = dashboardReplySchema.parse(
      (await ctx.app.inject({ url: '/api/dashboard', headers: session.bearerHeaders })).json(),
    ).data;
    expect(dashboard).toMatchObject({
      on_going_orders: 0,
      cart_products: 0,
      ordered_products: 0,
      wishlist_products: 1,
      default_address: null,
    });
    expect(dashboard.recently_viewed.map((p) => p.id)).toEqual(recent.map((p) => p.id));
  });

  it('dashboard shows the default address', async () => {
    const { session } = await signInNewCustomer(ctx.app, ctx.db);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/address/store',
      headers: session.bearerHeaders,
      payload: { name: 'Budi', phone: '081234567890', address_type: 'home', address_line: 'Jl. Asia Afrika 8' },
    });
    const dashboard = dashboardReplySchema.parse(
      (await ctx.app.inject({ url: '/api/dashboard', headers: session.bearerHeaders })).json(),
    ).data;
    expect(dashboard.default_address).toMatchObject({ address_line: 'Jl. Asia Afrika 8', is_default: true });
    expect(dashboard.recently_viewed).toEqual([]);
  });
});
