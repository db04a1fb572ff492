import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { flashSales } from '../../db/schema/marketing';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
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
    await ctx.db.update(products).set({ stock: product!.stock }).where(eq(products.id, product!.id));
    expect(await changes.unchangedSince(builtAt)).toBe(false);
    // A product write is logged in its transaction: seen once committed, so what is built after
    // it is seen is current at once.
    expect(await changes.unchangedSince(now())).toBe(true);
  });

  it('makes out of date only the replies showing a product written, and the listings when it can move', async () => {
    const changes = tracker();
    const builtAt = await settled(changes);
    const [a, b] = await ctx.db
      .select({ id: products.id, stock: products.stock, price: products.price })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id)
      .limit(2);
    const stamp = changes.stamp();
    const showing = (id: number, placement: boolean) =>
      changes.currentFor(builtAt, stamp, { products: [id], placement });
    // A sale: stock and sold count. Only what shows the product is built again.
    await ctx.db
      .update(products)
      .set({ stock: a!.stock + 1 })
      .where(eq(products.id, a!.id));
    await changes.observe();
    expect(showing(a!.id, false)).toBe(false);
    expect(showing(b!.id, false)).toBe(true);
    expect(showing(b!.id, true)).toBe(true);
    expect(await changes.unchangedFor(builtAt, stamp, { products: [b!.id], placement: true })).toBe(true);
    // A new price can move the product into any listing; another product's details stay.
    const later = changes.stamp();
    await ctx.db
      .update(products)
      .set({ price: a!.price + 100 })
      .where(eq(products.id, a!.id));
    await changes.observe();
    expect(changes.currentFor(builtAt, later, { products: [b!.id], placement: true })).toBe(false);
    expect(changes.currentFor(builtAt, later, { products: [b!.id], placement: false })).toBe(true);
    // A category link is a product's too; a shop is everything.
    const linked = changes.stamp();
    await ctx.db.execute(sql`update product_categories set category_id = category_id where product_id = ${a!.id}`);
    await changes.observe();
    expect(changes.currentFor(builtAt, linked, { products: [a!.id], placement: false })).toBe(false);
    expect(changes.currentFor(builtAt, linked, { products: [b!.id], placement: false })).toBe(true);
    const before = changes.stamp();
    await ctx.db
      .update(shops)
      .set({ name: sql`${shops.name}` })
      .where(eq(shops.id, -1));
    await changes.observe();
    expect(changes.currentFor(now() + CATALOG_SETTLE_MS, before, { products: [b!.id], placement: false })).toBe(false);
    await ctx.db.update(products).set({ stock: a!.stock, price: a!.price }).where(eq(products.id, a!.id));
  });

  it('sees writes to the other tables replies are made of, such as shops', async () => {
    const changes = tracker();
    const builtAt = await settled(changes);
    await ctx.db
      .update(shops)
      .set({ name: sql`${shops.name}` })
      .where(eq(shops.id, -1));
    expect(await changes.unchangedSince(builtAt)).toBe(false);
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
