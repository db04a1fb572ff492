import { and, eq, ne, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { brands, categories } from '../../db/schema/catalog';
import { flashSaleProducts, flashSales } from '../../db/schema/marketing';
import { productCategories, products, productTranslations } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import type { ChangeStamp, ReplyDependencies } from '../../lib/shared-reply';
import { describeEachDatabase } from '../../testing/test-app';
import { CATALOG_SETTLE_MS, CatalogChanges } from './catalog-changes';

describeEachDatabase('catalogue changes', (ctx) => {
  /** A tracker that reads the database on every question (no once-a-second poll). */
  const tracker = () => new CatalogChanges({ database: ctx.database, clock: ctx.clock }, 0);
  const now = () => ctx.clock.now().getTime();
  /** Lets the first sighting settle: anything built now is then known to be current. */
  const settled = async (changes: CatalogChanges) => {
    await changes.unchangedSince(now());
    ctx.clock.advance(CATALOG_SETTLE_MS);
    const builtAt = now();
    expect(await changes.unchangedSince(builtAt)).toBe(true);
    return builtAt;
  };

  it('counts a reply as current until a catalogue table is written', async () => {
    const changes = tracker();
    const builtAt = await settled(changes);
    ctx.clock.advance(60_000);
    expect(await changes.unchangedSince(builtAt)).toBe(true);
    const [product] = await ctx.db.select({ id: products.id, stock: products.stock }).from(products).limit(1);
    await ctx.db
      .update(products)
      .set({ stock: product!.stock + 1 })
      .where(eq(products.id, product!.id));
    expect(await changes.unchangedSince(builtAt)).toBe(false);
    // A product write is logged in its transaction: seen once committed, so what is built after
    // it is seen is current at once.
    expect(await changes.unchangedSince(now())).toBe(true);
  });

  it('makes out of date only the replies showing a product written, and the listings it can move in or out of', async () => {
    const changes = tracker();
    const builtAt = await settled(changes);
    const [a] = await ctx.db
      .select({
        id: products.id,
        stock: products.stock,
        price: products.price,
        discountPrice: products.discountPrice,
        brandId: products.brandId,
        shopId: products.shopId,
      })
      .from(products)
      .where(and(eq(products.isActive, true), sql`${products.brandId} is not null`))
      .orderBy(products.id)
      .limit(1);
    const [b] = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), ne(products.id, a!.id)))
      .limit(1);
    const [link] = await ctx.db
      .select({ categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(eq(productCategories.productId, a!.id))
      .limit(1);
    const [otherCategory] = await ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(sql`${categories.id} not in (select category_id from product_categories where product_id = ${a!.id})`)
      .limit(1);
    const [otherBrand] = await ctx.db.select({ id: brands.id }).from(brands).where(ne(brands.id, a!.brandId!)).limit(1);
    const price = a!.discountPrice > 0 ? a!.discountPrice : a!.price;
    const current = (stamp: ChangeStamp, deps: ReplyDependencies) => changes.currentFor(builtAt, stamp, deps);
    const showingB = (listed?: ReplyDependencies['listed']) => ({ products: [b!.id], listed });

    // A restock is shown: only what shows the product is built again.
    await changes.observe();
    let stamp = changes.stamp();
    const [placements, anyChange] = [changes.generation('placement'), changes.generation()];
    await ctx.db
      .update(products)
      .set({ stock: a!.stock + 5 })
      .where(eq(products.id, a!.id));
    await changes.observe();
    expect(current(stamp, { products: [a!.id] })).toBe(false);
    expect(current(stamp, showingB())).toBe(true);
    expect(current(stamp, showingB({}))).toBe(true);
    expect(current(stamp, showingB('names'))).toBe(true);
    expect(await changes.unchangedFor(builtAt, stamp, showingB({}))).toBe(true);
    // A sale that leaves stock is not logged at all (the page follows at its next build); one that
    // sells the last is.
    await changes.observe();
    stamp = changes.stamp();
    await ctx.db
      .update(products)
      .set({ stock: a!.stock + 4 })
      .where(eq(products.id, a!.id));
    await changes.observe();
    expect(current(stamp, { products: [a!.id] })).toBe(true);
    await ctx.db.update(products).set({ stock: 0 }).where(eq(products.id, a!.id));
    await changes.observe();
    expect(current(stamp, { products: [a!.id] })).toBe(false);
    expect(current(stamp, showingB({}))).toBe(true);
    // Counts and facets follow placements only: a sale leaves them (not what follows any change).
    expect(changes.current(builtAt, placements, 'placement')).toBe(true);
    expect(changes.current(builtAt, anyChange)).toBe(false);

    // A new price moves it in the listings of its category, brand, shop and the bands of either
    // price; not in another category's, another brand's, a band it was never in, nor the suggestions.
    await changes.observe();
    stamp = changes.stamp();
    await ctx.db
      .update(products)
      .set({ price: a!.price + 100, discountPrice: 0 })
      .where(eq(products.id, a!.id));
    await changes.observe();
    expect(current(stamp, showingB({}))).toBe(false);
    expect(changes.current(builtAt, placements, 'placement')).toBe(false);
    expect(current(stamp, showingB({ categoryId: link!.categoryId }))).toBe(false);
    expect(current(stamp, showingB({ brandId: a!.brandId!, shopId: a!.shopId }))).toBe(false);
    expect(current(stamp, showingB({ minPrice: price, maxPrice: price }))).toBe(false);
    expect(current(stamp, showingB({ minPrice: a!.price + 100 }))).toBe(false);
    expect(current(stamp, showingB({ categoryId: otherCategory!.id }))).toBe(true);
    expect(current(stamp, showingB({ brandId: otherBrand!.id }))).toBe(true);
    expect(current(stamp, showingB({ minPrice: a!.price + 1000, maxPrice: a!.price + 2000 }))).toBe(true);
    expect(current(stamp, showingB('names'))).toBe(true);
    expect(current(stamp, showingB())).toBe(true);

    // A link to another category: that category's listings too (and, as category names are
    // searched, its text); a renamed product: the suggestions.
    await changes.observe();
    stamp = changes.stamp();
    await ctx.db.insert(productCategories).values({ productId: a!.id, categoryId: otherCategory!.id });
    await changes.observe();
    expect(current(stamp, showingB({ categoryId: otherCategory!.id }))).toBe(false);
    await ctx.db
      .delete(productCategories)
      .where(and(eq(productCategories.productId, a!.id), eq(productCategories.categoryId, otherCategory!.id)));
    await changes.observe();
    stamp = changes.stamp();
    await ctx.db
      .update(productTranslations)
      .set({ name: sql`${productTranslations.name}` })
      .where(eq(productTranslations.productId, a!.id));
    await changes.observe();
    expect(current(stamp, showingB('names'))).toBe(false);
    expect(current(stamp, showingB({ categoryId: otherCategory!.id }))).toBe(true);

    // A shop is everything.
    await changes.observe();
    stamp = changes.stamp();
    await ctx.db
      .update(shops)
      .set({ name: sql`${shops.name} || ' '` })
      .where(eq(shops.id, a!.shopId));
    await ctx.db
      .update(shops)
      .set({ name: sql`rtrim(${shops.name})` })
      .where(eq(shops.id, a!.shopId));
    await changes.observe();
    expect(changes.currentFor(now() + CATALOG_SETTLE_MS, stamp, showingB())).toBe(false);
    await ctx.db
      .update(products)
      .set({ stock: a!.stock, price: a!.price, discountPrice: a!.discountPrice })
      .where(eq(products.id, a!.id));
  });

  it("sees writes to the other tables replies are made of, such as shops, but not a shop's orders counted", async () => {
    const changes = tracker();
    const builtAt = await settled(changes);
    const [shop] = await ctx.db.select({ id: shops.id }).from(shops).limit(1);
    // Orders counted for the shop (every second or two while orders come in): no reply shows it.
    await ctx.db
      .update(shops)
      .set({ ordersCount: sql`${shops.ordersCount} + 3` })
      .where(eq(shops.id, shop!.id));
    expect(await changes.unchangedSince(builtAt)).toBe(true);
    await ctx.db
      .update(shops)
      .set({ isClosed: sql`not ${shops.isClosed}` })
      .where(eq(shops.id, shop!.id));
    expect(await changes.unchangedSince(builtAt)).toBe(false);
    await ctx.db
      .update(shops)
      .set({ isClosed: sql`not ${shops.isClosed}` })
      .where(eq(shops.id, shop!.id));
  });

  it("logs a flash entry's price and its selling out, not a sale that leaves it on sale", async () => {
    const changes = tracker();
    const builtAt = await settled(changes);
    const [sale] = await ctx.db
      .insert(flashSales)
      .values({ name: 'Entries', startsAt: new Date(now() + 3_600_000), endsAt: new Date(now() + 7_200_000) })
      .returning({ id: flashSales.id });
    const [product] = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    try {
      await ctx.db
        .insert(flashSaleProducts)
        .values({ flashSaleId: sale!.id, productId: product!.id, price: 1_000, discount: 10, quantity: 3 });
      const entry = and(eq(flashSaleProducts.flashSaleId, sale!.id), eq(flashSaleProducts.productId, product!.id));
      await changes.observe();
      let stamp = changes.stamp();
      const showing = { products: [product!.id] };
      await ctx.db.update(flashSaleProducts).set({ soldQuantity: 1 }).where(entry);
      await ctx.db.update(flashSaleProducts).set({ soldQuantity: 2 }).where(entry);
      await changes.observe();
      expect(changes.currentFor(builtAt, stamp, showing)).toBe(true);
      // The last one sold: the flash price no longer applies.
      await ctx.db.update(flashSaleProducts).set({ soldQuantity: 3 }).where(entry);
      await changes.observe();
      expect(changes.currentFor(builtAt, stamp, showing)).toBe(false);
      stamp = changes.stamp();
      await ctx.db.update(flashSaleProducts).set({ price: 900 }).where(entry);
      await changes.observe();
      expect(changes.currentFor(builtAt, stamp, showing)).toBe(false);
      expect(changes.currentFor(builtAt, stamp, { products: [-1], listed: { minPrice: 800, maxPrice: 950 } })).toBe(
        false,
      );
    } finally {
      await ctx.db.delete(flashSales).where(eq(flashSales.id, sale!.id));
    }
  });

  it('counts a flash sale starting or ending as a change, with no write', async () => {
    const start = new Date(now() + 60 * 60_000);
    const [sale] = await ctx.db
      .insert(flashSales)
      .values({ name: 'Later', startsAt: start, endsAt: new Date(start.getTime() + 60 * 60_000) })
      .returning();
    try {
      const changes = tracker();
      const builtAt = await settled(changes);
      ctx.clock.set(new Date(start.getTime() - 1000));
      expect(await changes.unchangedSince(builtAt)).toBe(true);
      ctx.clock.set(new Date(start.getTime() + 1000));
      expect(await changes.unchangedSince(builtAt)).toBe(false);
    } finally {
      await ctx.db.delete(flashSales).where(eq(flashSales.id, sale!.id));
    }
  });
});
