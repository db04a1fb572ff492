import { type Home, homeReplySchema } from '@shop/contracts/catalog';
import { HOME_JUST_FOR_YOU_PER_PAGE } from '@shop/contracts/constants';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { ads, flashSaleProducts, flashSales } from '../../db/schema/marketing';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { describeEachDatabase } from '../../testing/test-app';
import { findSettings, saveSetting } from '../settings/settings.repository';

describeEachDatabase('GET /api/home', (ctx) => {
  const home = async (query = '', locale = 'en'): Promise<Home> => {
    const res = await ctx.app.inject({ url: `/api/home${query}`, headers: { 'accept-language': locale } });
    expect(res.statusCode, res.body).toBe(200);
    return homeReplySchema.parse(res.json()).data;
  };

  it('replies with every section of the home page', async () => {
    const data = await home();
    expect(data.banners.length).toBeGreaterThan(0);
    expect(data.ads.length).toBeGreaterThan(0);
    expect(data.ads.length).toBeLessThanOrEqual(2);
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.categories.length).toBeLessThanOrEqual(10);
    expect(data.popular_products.length).toBe(6);
    expect(data.just_for_you.products.length).toBe(HOME_JUST_FOR_YOU_PER_PAGE);
    expect(data.shops.length).toBeGreaterThan(0);
    expect(data.shops.length).toBeLessThanOrEqual(8);
    for (const card of [...data.popular_products, ...data.just_for_you.products]) {
      expect(card.thumbnail).toMatch(/^(\/uploads\/|https?:\/\/)/);
      expect(card.thumbnail_width).toBeGreaterThan(0);
      expect(Number.isInteger(card.price * 100)).toBe(true);
      expect(card.rating * 10).toBeCloseTo(Math.round(card.rating * 10), 8);
      expect(card.is_favorite).toBe(false);
    }
  });

  it('has the running and the next flash sale of the seeded marketplace', async () => {
    const data = await home();
    expect(data.running_flash_sale).not.toBeNull();
    expect(data.incoming_flash_sale).not.toBeNull();
    const now = ctx.clock.now().toISOString();
    expect(data.running_flash_sale!.start_date <= now && now < data.running_flash_sale!.end_date).toBe(true);
    expect(data.incoming_flash_sale!.start_date > now).toBe(true);
    expect(data.running_flash_sale!.products?.length ?? 0).toBeGreaterThan(0);
    expect(data.running_flash_sale!.products!.length).toBeLessThanOrEqual(9);
  });

  it('shows the latest two active ads', async () => {
    const rows = await ctx.db.select().from(ads).where(eq(ads.isActive, true));
    const latest = rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).slice(0, 2);
    expect((await home()).ads.map((a) => a.id)).toEqual(latest.map((a) => a.id));
  });

  it('orders categories by product count and popular products by rating, then sold', async () => {
    const data = await home();
    const counts = data.categories.map((c) => c.products_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const rows = await ctx.db
      .select({ id: products.id, rating: products.ratingAvg, sold: products.soldCount })
      .from(products)
      .where(
        inArray(
          products.id,
          data.popular_products.map((p) => p.id),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = data.popular_products.map((p) => byId.get(p.id)!);
    for (let i = 1; i < ordered.length; i++) {
      const [prev, cur] = [ordered[i - 1]!, ordered[i]!];
      expect(prev.rating > cur.rating || (prev.rating === cur.rating && prev.sold >= cur.sold)).toBe(true);
    }
  });

  it('pages Just For You, newest first', async () => {
    const first = await home('?page=1&per_page=12');
    const second = await home('?page=2&per_page=12');
    const total = first.just_for_you.total;
    expect(total).toBeGreaterThan(24);
    expect(second.just_for_you.total).toBe(total);
    const firstIds = first.just_for_you.products.map((p) => p.id);
    const secondIds = second.just_for_you.products.map((p) => p.id);
    expect(secondIds).toHaveLength(12);
    expect(secondIds.filter((id) => firstIds.includes(id))).toEqual([]);

    const rows = await ctx.db
      .select({ id: products.id, createdAt: products.createdAt })
      .from(products)
      .where(inArray(products.id, [...firstIds, ...secondIds]));
    const created = new Map(rows.map((r) => [r.id, r.createdAt.getTime()]));
    const times = [...firstIds, ...secondIds].map((id) => created.get(id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const perPage = 10;
    const lastPage = Math.ceil(total / perPage);
    const last = await home(`?page=${lastPage}&per_page=${perPage}`);
    expect(last.just_for_you.products).toHaveLength(total - (lastPage - 1) * perPage);
    const beyond = await home(`?page=${lastPage + 1}&per_page=${perPage}`);
    expect(beyond.just_for_you).toEqual({ total, products: [] });
  });

  it('rejects bad paging with 422 field errors', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=abc', 'page'],
      ['?page=1.5', 'page'],
      ['?per_page=1000', 'per_page'],
      ['?per_page=0', 'per_page'],
    ] as const) {
      const res = await ctx.app.inject({ url: `/api/home${query}` });
      expect(res.statusCode, query).toBe(422);
      const body = validationErrorReplySchema.parse(res.json());
      expect(Object.keys(body.errors), query).toEqual([field]);
      expect(body.message).toBe(body.errors[field]![0]);
    }
  });

  it('translates product and category names by Accept-Language', async () => {
    const en = await home('', 'en');
    const id = await home('', 'id');
    const ar = await home('', 'ar;q=1, en;q=0.5');
    const names = (h: Home) => h.just_for_you.products.map((p) => p.name);
    expect(names(id)).not.toEqual(names(en));
    expect(names(ar)).not.toEqual(names(en));
    expect(names(ar)).not.toEqual(names(id));
    expect(id.just_for_you.products.map((p) => p.id)).toEqual(en.just_for_you.products.map((p) => p.id));
    expect(id.categories.map((c) => c.name)).not.toEqual(en.categories.map((c) => c.name));
  });

  it('shows only active, approved products of active shops', async () => {
    const before = await home();
    const [hidden, unapproved] = before.just_for_you.products;
    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, hidden!.id));
    await ctx.db.update(products).set({ isApproved: false }).where(eq(products.id, unapproved!.id));
    const after = await home();
    const ids = after.just_for_you.products.map((p) => p.id);
    expect(ids).not.toContain(hidden!.id);
    expect(ids).not.toContain(unapproved!.id);
    expect(after.just_for_you.total).toBe(before.just_for_you.total - 2);
    await ctx.db
      .update(products)
      .set({ isActive: true, isApproved: true })
      .where(inArray(products.id, [hidden!.id, unapproved!.id]));

    const shopId = before.popular_products[0]!.shop.id;
    await ctx.db.update(shops).set({ isActive: false }).where(eq(shops.id, shopId));
    const closed = await home();
    const everyCard = [
      ...closed.popular_products,
      ...closed.just_for_you.products,
      ...(closed.running_flash_sale?.products ?? []),
    ];
    expect(everyCard.filter((c) => c.shop.id === shopId)).toEqual([]);
    expect(closed.shops.map((s) => s.id)).not.toContain(shopId);
    await ctx.db.update(shops).set({ isActive: true }).where(eq(shops.id, shopId));
  });

  it('shows a shop online only when it was seen within 10 minutes', async () => {
    const card = (await home()).popular_products[0]!;
    const now = ctx.clock.now().getTime();
    await ctx.db
      .update(shops)
      .set({ lastOnlineAt: new Date(now - 5 * 60_000) })
      .where(eq(shops.id, card.shop.id));
    expect((await home()).popular_products[0]!.shop.last_online).toBe(true);
    await ctx.db
      .update(shops)
      .set({ lastOnlineAt: new Date(now - 11 * 60_000) })
      .where(eq(shops.id, card.shop.id));
    expect((await home()).popular_products[0]!.shop.last_online).toBe(false);
  });

  it('ranks top shops by rating then orders, and hides them when multi-vendor is off', async () => {
    const data = await home();
    const rows = await ctx.db
      .select({ id: shops.id, rating: shops.ratingAvg, orders: shops.ordersCount })
      .from(shops)
      .where(
        inArray(
          shops.id,
          data.shops.map((s) => s.id),
        ),
      );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ordered = data.shops.map((s) => byId.get(s.id)!);
    for (let i = 1; i < ordered.length; i++) {
      const [prev, cur] = [ordered[i - 1]!, ordered[i]!];
      expect(prev.rating > cur.rating || (prev.rating === cur.rating && prev.orders >= cur.orders)).toBe(true);
    }
    for (const shop of data.shops) expect(['Online', 'Offline']).toContain(shop.shop_status);

    const general = (await findSettings(ctx.db, ['general'])).general!;
    await saveSetting(ctx.db, 'general', { ...general, multi_vendor: false });
    try {
      const single = await home();
      expect(single.shops).toEqual([]);
      expect(single.just_for_you.products.length).toBeGreaterThan(0);
    } finally {
      await saveSetting(ctx.db, 'general', general);
    }
    expect((await home()).shops.length).toBe(data.shops.length);
  });

  it('prices flash-sale products at the sale price while the sale runs, by the clock', async () => {
    const start = ctx.clock.now();
    // Far from the seeded sales, so only the sales made here are in play.
    const t0 = new Date('2035-03-01T00:00:00Z').getTime();
    const hour = 3600_000;
    const product = (await home()).just_for_you.products.find((p) => p.quantity > 5)!;
    const [{ stock } = { stock: 0 }] = await ctx.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, product.id));
    const [running] = await ctx.db
      .insert(flashSales)
      .values({ name: 'Test running', discount: 25, startsAt: new Date(t0 - hour), endsAt: new Date(t0 + hour) })
      .returning();
    const [incoming] = await ctx.db
      .insert(flashSales)
      .values({ name: 'Test next', discount: 40, startsAt: new Date(t0 + 2 * hour), endsAt: new Date(t0 + 3 * hour) })
      .returning();
    await ctx.db.insert(flashSaleProducts).values([
      { flashSaleId: running!.id, productId: product.id, price: 12_345, discount: 25.5, quantity: 10, soldQuantity: 7 },
      { flashSaleId: incoming!.id, productId: product.id, price: 9_900, discount: 40, quantity: 5 },
    ]);
    try {
      ctx.clock.set(new Date(t0));
      const during = await home();
      expect(during.running_flash_sale).toMatchObject({
        id: running!.id,
        name: 'Test running',
        discount: 25,
        start_date: new Date(t0 - hour).toISOString(),
        end_date: new Date(t0 + hour).toISOString(),
      });
      expect(during.incoming_flash_sale).toMatchObject({ id: incoming!.id, products: null });
      const card = during.running_flash_sale!.products!.find((p) => p.id === product.id)!;
      expect(card).toMatchObject({ price: product.price, discount_price: 123.45, discount_percentage: 25.5 });
      // Only what is left of the sale's allocation sells at the sale price.
      expect(card.quantity).toBe(Math.min(3, stock));

      ctx.clock.set(new Date(t0 + 2.5 * hour));
      const next = await home();
      expect(next.running_flash_sale?.id).toBe(incoming!.id);
      expect(next.running_flash_sale!.products!.find((p) => p.id === product.id)?.discount_price).toBe(99);
      expect(next.incoming_flash_sale).toBeNull();

      ctx.clock.set(new Date(t0 + 4 * hour));
      const after = await home();
      expect(after.running_flash_sale).toBeNull();
      expect(after.incoming_flash_sale).toBeNull();
    } finally {
      ctx.clock.set(start);
      await ctx.db.delete(flashSales).where(inArray(flashSales.id, [running!.id, incoming!.id]));
    }
  });
});
