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
    // What is built while a write may still be committing is not trusted either.
    expect(await changes.unchangedSince(now() + CATALOG_SETTLE_MS - 1)).toBe(false);
    expect(await changes.unchangedSince(now() + CATALOG_SETTLE_MS)).toBe(true);
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
