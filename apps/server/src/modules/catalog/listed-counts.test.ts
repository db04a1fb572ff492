import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { categories } from '../../db/schema/catalog';
import { productCategories, products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { executeRows } from '../../db/transaction';
import { createTestProduct, seededShops } from '../../testing/commerce';
import { describeEachDatabase } from '../../testing/test-app';

/**
 * The listed products counted as they change (migration 0039) against the same counts read from
 * the products: after every kind of write that lists, unlists or moves a product, the kept counts
 * are what counting gives, and the home page, category list and shop cards show them.
 */
describeEachDatabase('listed product counts', (ctx) => {
  type Counts = Record<string, number>;

  /** What the triggers kept, without the rows that went down to 0. */
  const kept = async (): Promise<Counts> => {
    const rows = await executeRows<{ shop_id: number; category_id: number; products: number }>(
      ctx.db,
      sql`select shop_id, category_id, products from listed_product_counts where products <> 0`,
    );
    return Object.fromEntries(rows.map((r) => [`${r.shop_id}:${r.category_id}`, Number(r.products)]));
  };

  /** The same counts read from every product. */
  const counted = async (): Promise<Counts> => {
    const rows = await executeRows<{ shop_id: number; category_id: number; products: number }>(
      ctx.db,
      sql`select p.shop_id, 0 as category_id, count(*)::integer as products from products p
          where p.is_active and p.is_approved group by p.shop_id
        union all
        select p.shop_id, pc.category_id, count(*)::integer from products p
          join product_categories pc on pc.product_id = p.id
          where p.is_active and p.is_approved group by p.shop_id, pc.category_id`,
    );
    return Object.fromEntries(rows.map((r) => [`${r.shop_id}:${r.category_id}`, Number(r.products)]));
  };

  const expectKept = async () => expect(await kept()).toEqual(await counted());

  /** Two active categories the test links products to. */
  const twoCategories = async () => {
    const rows = await ctx.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.isActive, true))
      .orderBy(asc(categories.id))
      .limit(2);
    const [a, b] = rows.map((r) => r.id);
    if (a === undefined || b === undefined) throw new Error('the seed has fewer than two categories');
    return [a, b] as const;
  };

  it('holds what counting gives after the seed', async () => {
    expect(Object.keys(await kept()).length).toBeGreaterThan(0);
    await expectKept();
  });

  it('follows products made, linked, moved, unpublished, unapproved, given to another shop and deleted', async () => {
    const [shopA, shopB] = await seededShops(ctx.db, 2);
    if (!shopA || !shopB) throw new Error('the seed has fewer than two shops');
    const [catA, catB] = await twoCategories();
    const one = await createTestProduct(ctx.db, { shopId: shopA.id, price: 10_000, stock: 5 });
    const two = await createTestProduct(ctx.db, { shopId: shopA.id, price: 20_000, stock: 5 });
    await expectKept();

    await ctx.db.insert(productCategories).values([
      { productId: one.id, categoryId: catA },
      { productId: one.id, categoryId: catB },
      { productId: two.id, categoryId: catA },
    ]);
    await expectKept();
    // A link moved to another category (an update of the link row).
    await ctx.db
      .update(productCategories)
      .set({ categoryId: catB })
      .where(and(eq(productCategories.productId, two.id), eq(productCategories.categoryId, catA)));
    await expectKept();
    await ctx.db
      .delete(productCategories)
      .where(and(eq(productCategories.productId, one.id), eq(productCategories.categoryId, catA)));
    await expectKept();

    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, one.id));
    await expectKept();
    await ctx.db.update(products).set({ isActive: true }).where(eq(products.id, one.id));
    await ctx.db.update(products).set({ isApproved: false }).where(eq(products.id, two.id));
    await expectKept();
    // Both in one statement: one leaves, the other comes back.
    await ctx.db
      .update(products)
      .set({ isApproved: sql`not ${products.isApproved}` })
      .where(inArray(products.id, [one.id, two.id]));
    await expectKept();

    await ctx.db.update(products).set({ shopId: shopB.id }).where(eq(products.id, two.id));
    await expectKept();

    // A sale writes no count.
    const before = await kept();
    await ctx.db
      .update(products)
      .set({ stock: sql`${products.stock} - 1`, soldCount: sql`${products.soldCount} + 1` })
      .where(inArray(products.id, [one.id, two.id]));
    expect(await kept()).toEqual(before);

    await ctx.db.delete(products).where(inArray(products.id, [one.id, two.id]));
    await expectKept();
  });

  it('follows a category deleted with its links', async () => {
    const [shop] = await seededShops(ctx.db, 1);
    if (!shop) throw new Error('no shop');
    const [category] = await ctx.db
      .insert(categories)
      .values({ name: 'Counted for a while', slug: `counted-${Date.now()}`, isActive: true })
      .returning({ id: categories.id });
    if (!category) throw new Error('no category');
    const product = await createTestProduct(ctx.db, { shopId: shop.id, price: 5_000, stock: 1 });
    await ctx.db.insert(productCategories).values({ productId: product.id, categoryId: category.id });
    expect((await kept())[`${shop.id}:${category.id}`]).toBe(1);
    await ctx.db.delete(categories).where(eq(categories.id, category.id));
    expect((await kept())[`${shop.id}:${category.id}`]).toBeUndefined();
    await expectKept();
  });

  it('is what the home page, the category list and the shop cards show, and a closed shop counts nowhere', async () => {
    const { catalog } = ctx.services;
    const listedTotal = async () => {
      const [row] = await executeRows<{ n: number }>(
        ctx.db,
        sql`select count(*)::integer as n from products p join shops s on s.id = p.shop_id
          where p.is_active and p.is_approved and s.is_active`,
      );
      return Number(row?.n);
    };
    const categoryTotals = async () => {
      const rows = await executeRows<{ id: number; n: number }>(
        ctx.db,
        sql`select c.id, count(distinct p.id)::integer as n from categories c
          join product_categories pc on pc.category_id = c.id join products p on p.id = pc.product_id
          join shops s on s.id = p.shop_id
          where c.is_active and p.is_active and p.is_approved and s.is_active group by c.id`,
      );
      return Object.fromEntries(rows.map((r) => [r.id, Number(r.n)]));
    };
    const shown = async () =>
      Object.fromEntries(
        (await catalog.categories({ locale: 'en', order: 'products_count', limit: 1000, offset: 0 })).map((c) => [
          c.id,
          c.products_count,
        ]),
      );

    expect(await catalog.countListedProducts()).toBe(await listedTotal());
    expect(await shown()).toEqual(await categoryTotals());

    const [shop] = await ctx.db
      .select({ id: shops.id })
      .from(shops)
      .where(and(eq(shops.isActive, true), ne(shops.id, 0)))
      .orderBy(asc(shops.id))
      .limit(1);
    if (!shop) throw new Error('no shop');
    const [card] = await catalog.shopCards([shop.id], 'en');
    const [own] = await executeRows<{ products: number; categories: number }>(
      ctx.db,
      sql`select (select count(*) from products p where p.shop_id = ${shop.id} and p.is_active and p.is_approved)::integer
          as products,
        (select count(distinct pc.category_id) from products p join product_categories pc on pc.product_id = p.id
          where p.shop_id = ${shop.id} and p.is_active and p.is_approved)::integer as categories`,
    );
    expect(card).toMatchObject({ total_products: Number(own?.products), total_categories: Number(own?.categories) });
    expect(Number(own?.products)).toBeGreaterThan(0);

    await ctx.db.update(shops).set({ isActive: false }).where(eq(shops.id, shop.id));
    try {
      expect(await catalog.countListedProducts()).toBe(await listedTotal());
      expect(await shown()).toEqual(await categoryTotals());
      expect(await catalog.topShopIds(1000)).not.toContain(shop.id);
    } finally {
      await ctx.db.update(shops).set({ isActive: true }).where(eq(shops.id, shop.id));
    }
  });
});
