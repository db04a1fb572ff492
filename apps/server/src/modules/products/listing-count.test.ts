import { type ProductsReply, productsReplySchema } from '@shop/contracts/products';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { seedMoreProducts } from '../../db/seed/seed';
import { DiskMediaStore } from '../../lib/media-store';
import { describeEachDatabase } from '../../testing/test-app';
import { LISTING_COUNT_CAP } from './listing.repository';

/**
 * A listing counts its matches up to LISTING_COUNT_CAP and says "more" past it (a catalogue of
 * 100,000 is not counted on every page); under the cap the count is exact. Its own catalogue,
 * grown past the cap, so the other listing tests keep exact totals.
 */
describeEachDatabase('listing counts', (ctx) => {
  const list = async (query: string): Promise<ProductsReply> => {
    const res = await ctx.app.inject({ url: `/api/products?${query}`, headers: { 'accept-language': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    return productsReplySchema.parse(res.json()).data;
  };
  const listed = (...more: ReturnType<typeof eq>[]) =>
    and(eq(products.isActive, true), eq(products.isApproved, true), eq(shops.isActive, true), ...more);
  const countOf = async (...more: ReturnType<typeof eq>[]) => {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(listed(...more));
    return row!.n;
  };

  beforeAll(async () => {
    await seedMoreProducts(ctx.db, {
      media: new DiskMediaStore(ctx.config.DATA_DIR),
      target: LISTING_COUNT_CAP + 150,
      images: false,
    });
  });

  it('stops counting at the cap and says there are more, on every page and past the end', async () => {
    expect(await countOf()).toBeGreaterThan(LISTING_COUNT_CAP);
    const first = await list('per_page=100');
    expect(first).toMatchObject({ total: LISTING_COUNT_CAP, more: true });
    expect(first.products).toHaveLength(100);
    // Pages past the cap still have their products (the order goes on), and say the same.
    const eleventh = await list('per_page=100&page=11&sort_type=low_to_high');
    expect(eleventh).toMatchObject({ total: LISTING_COUNT_CAP, more: true });
    expect(eleventh.products.length).toBeGreaterThan(0);
    const past = await list('per_page=100&page=40');
    expect(past).toMatchObject({ total: LISTING_COUNT_CAP, more: true, products: [] });
  });

  it('counts exactly under the cap, with a page past the end too', async () => {
    const [shop] = await ctx.db.select({ id: shops.id }).from(shops).where(eq(shops.isActive, true)).limit(1);
    const exact = await countOf(eq(products.shopId, shop!.id));
    expect(exact).toBeGreaterThan(0);
    expect(exact).toBeLessThanOrEqual(LISTING_COUNT_CAP);
    expect(await list(`shop_id=${shop!.id}`)).toMatchObject({ total: exact, more: false });
    expect(await list(`shop_id=${shop!.id}&per_page=100&page=30`)).toMatchObject({
      total: exact,
      more: false,
      products: [],
    });
  });

  it('reads every sort in its order across the pages, without repeating or skipping a product', async () => {
    for (const sort of ['default', 'newest', 'low_to_high', 'high_to_low', 'top_selling', 'popular_product']) {
      const seen: number[] = [];
      for (let page = 1; page <= 2; page++)
        seen.push(...(await list(`per_page=50&page=${page}&sort_type=${sort}`)).products.map((p) => p.id));
      const whole = (await list(`per_page=100&page=1&sort_type=${sort}`)).products.map((p) => p.id);
      expect(seen, sort).toEqual(whole);
      expect(new Set(seen).size, sort).toBe(100);
    }
  });
});
