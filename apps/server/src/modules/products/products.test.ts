import type { ProductCard } from '@shop/contracts/catalog';
import { validationErrorReplySchema } from '@shop/contracts/errors';
import {
  autocompleteReplySchema,
  type ProductsReply,
  productDetailsReplySchema,
  productsReplySchema,
  reviewsReplySchema,
  shopPopularProductsReplySchema,
} from '@shop/contracts/products';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { media } from '../../db/schema/common';
import { flashSaleProducts, flashSales } from '../../db/schema/marketing';
import {
  productCategories,
  productColors,
  productSizes,
  productSubCategories,
  products,
  productTranslations,
  reviews,
} from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import { describeEachDatabase } from '../../testing/test-app';

const effective = (card: ProductCard) => (card.discount_price > 0 ? card.discount_price : card.price);

/** A flash-sale row on sale at `now`: active sale that has started and not ended, stock left. */
const runningSaleAt = (now: Date) =>
  and(
    eq(flashSales.isActive, true),
    sql`${flashSales.startsAt} <= ${now.toISOString()}::timestamptz`,
    gt(flashSales.endsAt, now),
    sql`${flashSaleProducts.quantity} > ${flashSaleProducts.soldQuantity}`,
  );

/** A product a shopper may see: active, approved, in an active shop (needs the shops join). */
const listedRule = () => and(eq(products.isActive, true), eq(products.isApproved, true), eq(shops.isActive, true));

describeEachDatabase('products API', (ctx) => {
  const get = async (url: string, locale = 'en') => ctx.app.inject({ url, headers: { 'accept-language': locale } });
  const list = async (query = '', locale = 'en'): Promise<ProductsReply> => {
    const res = await get(`/api/products?${query}`, locale);
    expect(res.statusCode, res.body).toBe(200);
    return productsReplySchema.parse(res.json()).data;
  };
  const all = async (query: string, locale = 'en') => {
    const first = await list(`${query}&per_page=100`, locale);
    const cards = [...first.products];
    for (let page = 2; cards.length < first.total; page++) {
      const more = (await list(`${query}&per_page=100&page=${page}`, locale)).products;
      if (more.length === 0) break; // a total larger than the cards: the caller's assertions fail
      cards.push(...more);
    }
    return { total: first.total, cards };
  };
  const listedCount = async () => {
    const [row] = await ctx.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(listedRule());
    return row!.n;
  };
  const expect422 = async (url: string, field: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(422);
    const body = validationErrorReplySchema.parse(res.json());
    expect(Object.keys(body.errors), url).toContain(field);
  };

  it('lists every listed product, 12 per page by default, with facets', async () => {
    const data = await list();
    expect(data.total).toBe(await listedCount());
    expect(data.products).toHaveLength(12);
    expect(data.filters.sizes.length).toBeGreaterThan(0);
    expect(data.filters.colors.length).toBeGreaterThan(0);
    expect(data.filters.brands.length).toBeGreaterThan(0);
    expect(data.filters.categories.length).toBeGreaterThan(0);
    expect(data.filters.min_price).toBeGreaterThan(0);
    expect(data.filters.max_price).toBeGreaterThan(data.filters.min_price);
    for (const c of data.filters.colors) expect(c.color_code).toMatch(/^#/);
  });

  it('offers each size and colour with its smallest extra price over listed products only', async () => {
    const expected = async (table: typeof productSizes | typeof productColors, option: AnyPgColumn) => {
      const rows = await ctx.db
        .select({ id: option, price: sql<number>`min(${table.extraPrice})`.mapWith(Number) })
        .from(table)
        .innerJoin(products, eq(products.id, table.productId))
        .innerJoin(shops, eq(shops.id, products.shopId))
        .where(listedRule())
        .groupBy(option);
      return new Map<number, number>(rows.map((r) => [r.id as number, r.price / 100]));
    };
    const { filters } = await list('per_page=1');
    const sizes = await expected(productSizes, productSizes.sizeId);
    const colors = await expected(productColors, productColors.colorId);
    expect(new Map(filters.sizes.map((s) => [s.id, s.price]))).toEqual(sizes);
    expect(new Map(filters.colors.map((c) => [c.id, c.price]))).toEqual(colors);

    // A colour only a hidden product uses is not offered; its cheapest listed use sets the price.
    const [used] = await ctx.db
      .select({ productId: productColors.productId, colorId: productColors.colorId })
      .from(productColors)
      .where(eq(productColors.colorId, filters.colors[0]!.id))
      .limit(1);
    const before = await ctx.db.select().from(productColors).where(eq(productColors.colorId, used!.colorId));
    await ctx.db
      .update(productColors)
      .set({ extraPrice: 0 })
      .where(and(eq(productColors.productId, used!.productId), eq(productColors.colorId, used!.colorId)));
    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, used!.productId));
    try {
      const after = (await list('per_page=1')).filters.colors.find((c) => c.id === used!.colorId);
      expect(after?.price ?? null).toBe(
        (await expected(productColors, productColors.colorId)).get(used!.colorId) ?? null,
      );
    } finally {
      await ctx.db.update(products).set({ isActive: true }).where(eq(products.id, used!.productId));
      const original = before.find((b) => b.productId === used!.productId)!;
      await ctx.db
        .update(productColors)
        .set({ extraPrice: original.extraPrice })
        .where(and(eq(productColors.productId, used!.productId), eq(productColors.colorId, used!.colorId)));
    }
  });

  it('answers the same on /api/category-products', async () => {
    const res = await get('/api/category-products?per_page=5');
    expect(res.statusCode).toBe(200);
    expect(productsReplySchema.parse(res.json()).data.products.map((p) => p.id)).toEqual(
      (await list('per_page=5')).products.map((p) => p.id),
    );
  });

  it('pages to the end: last page partial, beyond the end empty with the right total', async () => {
    const total = await listedCount();
    const perPage = 7;
    const lastPage = Math.ceil(total / perPage);
    const last = await list(`per_page=${perPage}&page=${lastPage}`);
    expect(last.total).toBe(total);
    expect(last.products).toHaveLength(total - (lastPage - 1) * perPage);
    const beyond = await list(`per_page=${perPage}&page=${lastPage + 1}`);
    expect(beyond.total).toBe(total);
    expect(beyond.products).toEqual([]);
    // Pages do not overlap and cover every product once.
    const { cards } = await all('sort_type=newest');
    expect(new Set(cards.map((c) => c.id)).size).toBe(total);
  });

  it('rejects invalid values with 422 field errors', async () => {
    await expect422('/api/products?per_page=101', 'per_page');
    await expect422('/api/products?page=0', 'page');
    await expect422('/api/products?sort_type=cheapest', 'sort_type');
    await expect422('/api/products?rating=6', 'rating');
    await expect422('/api/products?rating=abc', 'rating');
    await expect422('/api/products?min_price=-1', 'min_price');
    await expect422('/api/products?category_id=0', 'category_id');
    await expect422('/api/products?brand_id=x', 'brand_id');
    await expect422('/api/products?is_digital=maybe', 'is_digital');
    await expect422('/api/products?min_price=50&max_price=10', 'max_price');
  });

  it('hides the products of a closed shop from every kind of listing', async () => {
    const [row] = await ctx.db
      .select({ shopId: products.shopId, brandId: products.brandId, categoryId: productCategories.categoryId })
      .from(products)
      .innerJoin(productCategories, eq(productCategories.productId, products.id))
      .where(and(listedRule(), sql`${products.brandId} is not null`))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .limit(1);
    const queries = [
      '',
      `category_id=${row!.categoryId}`,
      `brand_id=${row!.brandId}`,
      `category_id=${row!.categoryId}&min_price=0&sort_type=low_to_high`,
    ];
    const shopsOf = async (query: string) => new Set((await all(query)).cards.map((c) => c.shop.id));
    for (const query of queries) expect(await shopsOf(query), query).toContain(row!.shopId);
    await ctx.db.update(shops).set({ isActive: false }).where(eq(shops.id, row!.shopId));
    try {
      for (const query of queries) {
        const { total, cards } = await all(query);
        expect(new Set(cards.map((c) => c.shop.id)), query).not.toContain(row!.shopId);
        expect(cards, query).toHaveLength(total);
      }
    } finally {
      await ctx.db.update(shops).set({ isActive: true }).where(eq(shops.id, row!.shopId));
    }
  });

  it('filters by category, sub category, brand, colour, size, shop and digital', async () => {
    const [pc] = await ctx.db.select().from(productCategories).limit(1);
    const [ps] = await ctx.db.select().from(productSubCategories).limit(1);
    const [pcol] = await ctx.db.select().from(productColors).limit(1);
    const [psz] = await ctx.db.select().from(productSizes).limit(1);
    const [withBrand] = await ctx.db
      .select({ brandId: products.brandId, shopId: products.shopId })
      .from(products)
      .where(sql`${products.brandId} is not null`)
      .limit(1);
    const cases: [string, () => Promise<number[]>][] = [
      [
        `category_id=${pc!.categoryId}`,
        async () =>
          (await ctx.db.select().from(productCategories).where(eq(productCategories.categoryId, pc!.categoryId))).map(
            (r) => r.productId,
          ),
      ],
      [
        `sub_category_id=${ps!.subCategoryId}`,
        async () =>
          (
            await ctx.db
              .select()
              .from(productSubCategories)
              .where(eq(productSubCategories.subCategoryId, ps!.subCategoryId))
          ).map((r) => r.productId),
      ],
      [
        `color_id=${pcol!.colorId}`,
        async () =>
          (await ctx.db.select().from(productColors).where(eq(productColors.colorId, pcol!.colorId))).map(
            (r) => r.productId,
          ),
      ],
      [
        `size_id=${psz!.sizeId}`,
        async () =>
          (await ctx.db.select().from(productSizes).where(eq(productSizes.sizeId, psz!.sizeId))).map(
            (r) => r.productId,
          ),
      ],
      [
        `brand_id=${withBrand!.brandId}`,
        async () =>
          (await ctx.db.select().from(products).where(eq(products.brandId, withBrand!.brandId!))).map((r) => r.id),
      ],
      [
        `shop_id=${withBrand!.shopId}`,
        async () =>
          (await ctx.db.select().from(products).where(eq(products.shopId, withBrand!.shopId))).map((r) => r.id),
      ],
      [
        'is_digital=true',
        async () => (await ctx.db.select().from(products).where(eq(products.isDigital, true))).map((r) => r.id),
      ],
    ];
    // The demo catalogue has no digital product; make two.
    const twoIds = (await ctx.db.select({ id: products.id }).from(products).limit(2)).map((r) => r.id);
    await ctx.db.update(products).set({ isDigital: true }).where(inArray(products.id, twoIds));
    const listed = new Set((await all('sort_type=newest')).cards.map((c) => c.id));
    for (const [query, expected] of cases) {
      const { total, cards } = await all(query);
      const want = [...new Set(await expected())].filter((id) => listed.has(id));
      expect(total, query).toBeGreaterThan(0);
      expect(
        cards.map((c) => c.id).sort((a, b) => a - b),
        query,
      ).toEqual(want.sort((a, b) => a - b));
    }
    const digital = await all('is_digital=true');
    expect(digital.cards.length).toBeGreaterThan(0);
    expect(digital.cards.every((c) => c.is_digital)).toBe(true);
    const physical = await all('is_digital=false');
    expect(physical.cards.length).toBeGreaterThan(0);
    expect(physical.cards.every((c) => !c.is_digital)).toBe(true);
    expect(digital.total + physical.total).toBe(await listedCount());
    await ctx.db.update(products).set({ isDigital: false }).where(inArray(products.id, twoIds));
  });

  it('filters by a rating band: average >= r and < r + 1', async () => {
    for (const r of [3, 4]) {
      const { cards } = await all(`rating=${r}`);
      expect(cards.length, `rating ${r}`).toBeGreaterThan(0);
      const rows = await ctx.db
        .select({ id: products.id, rating: products.ratingAvg })
        .from(products)
        .where(
          inArray(
            products.id,
            cards.map((c) => c.id),
          ),
        );
      for (const row of rows) {
        expect(row.rating).toBeGreaterThanOrEqual(r);
        expect(row.rating).toBeLessThan(r + 1);
      }
    }
  });

  it('sorts by every sort type, with the id breaking ties', async () => {
    const rowsOf = async (cards: ProductCard[]) => {
      const rows = await ctx.db
        .select()
        .from(products)
        .where(
          inArray(
            products.id,
            cards.map((c) => c.id),
          ),
        );
      const byId = new Map(rows.map((r) => [r.id, r]));
      return cards.map((c) => byId.get(c.id)!);
    };
    const pairs = <T>(items: T[]) => items.slice(1).map((cur, i) => [items[i]!, cur] as const);

    const high = (await all('sort_type=high_to_low')).cards;
    for (const [a, b] of pairs(high)) {
      expect(effective(a) > effective(b) || (effective(a) === effective(b) && a.id > b.id)).toBe(true);
    }
    const low = (await all('sort_type=low_to_high')).cards;
    for (const [a, b] of pairs(low)) {
      expect(effective(a) < effective(b) || (effective(a) === effective(b) && a.id < b.id)).toBe(true);
    }
    for (const [a, b] of pairs(await rowsOf((await all('sort_type=top_selling')).cards))) {
      expect(a.soldCount > b.soldCount || (a.soldCount === b.soldCount && a.id > b.id)).toBe(true);
    }
    for (const [a, b] of pairs(await rowsOf((await all('sort_type=popular_product')).cards))) {
      const ok =
        a.ratingAvg > b.ratingAvg ||
        (a.ratingAvg === b.ratingAvg && (a.soldCount > b.soldCount || (a.soldCount === b.soldCount && a.id > b.id)));
      expect(ok).toBe(true);
    }
    for (const sort of ['newest', 'just_for_you']) {
      for (const [a, b] of pairs(await rowsOf((await all(`sort_type=${sort}`)).cards))) {
        const [ta, tb] = [a.createdAt.getTime(), b.createdAt.getTime()];
        expect(ta > tb || (ta === tb && a.id > b.id)).toBe(true);
      }
    }
    for (const [a, b] of pairs(await rowsOf((await all('sort_type=default')).cards))) {
      const [fa, fb] = [Number(a.isFeatured), Number(b.isFeatured)];
      const [ta, tb] = [a.createdAt.getTime(), b.createdAt.getTime()];
      expect(fa > fb || (fa === fb && (ta > tb || (ta === tb && a.id > b.id)))).toBe(true);
    }
  });

  it('filters on the effective price, the flash price while a sale runs', async () => {
    const now = ctx.clock.now();
    const [inSale] = await ctx.db
      .select({
        productId: flashSaleProducts.productId,
        flashPrice: flashSaleProducts.price,
        endsAt: flashSales.endsAt,
        price: products.price,
        discountPrice: products.discountPrice,
      })
      .from(flashSaleProducts)
      .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
      .innerJoin(products, eq(products.id, flashSaleProducts.productId))
      .where(runningSaleAt(now))
      .limit(1);
    expect(inSale, 'the seed has a running flash sale').toBeDefined();
    const flash = inSale!.flashPrice / 100;
    const own = (inSale!.discountPrice > 0 ? inSale!.discountPrice : inSale!.price) / 100;
    expect(flash).not.toBe(own);

    const during = await all(`min_price=${flash}&max_price=${flash}`);
    expect(during.cards.map((c) => c.id)).toContain(inSale!.productId);
    for (const c of during.cards) expect(effective(c)).toBe(flash);
    expect((await all(`min_price=${own}&max_price=${own}`)).cards.map((c) => c.id)).not.toContain(inSale!.productId);

    const start = ctx.clock.now();
    try {
      ctx.clock.set(new Date(inSale!.endsAt.getTime() + 1000));
      const after = await all(`min_price=${own}&max_price=${own}`);
      expect(after.cards.map((c) => c.id)).toContain(inSale!.productId);
    } finally {
      ctx.clock.set(start);
    }

    const { filters } = await list();
    const lo = filters.min_price + (filters.max_price - filters.min_price) / 4;
    const hi = filters.min_price + (filters.max_price - filters.min_price) / 2;
    const band = await all(`min_price=${lo}&max_price=${hi}&sort_type=low_to_high`);
    expect(band.total).toBeGreaterThan(0);
    for (const c of band.cards) {
      expect(effective(c)).toBeGreaterThanOrEqual(lo);
      expect(effective(c)).toBeLessThanOrEqual(hi);
    }
  });

  it('keeps a category listing in step with its products: price, approval, category links, flash prices', async () => {
    const [row] = await ctx.db
      .select({ categoryId: productCategories.categoryId, id: products.id, price: products.price })
      .from(productCategories)
      .innerJoin(products, eq(products.id, productCategories.productId))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(
        and(
          listedRule(),
          eq(products.discountPrice, 0),
          sql`not exists (select 1 from ${flashSaleProducts} f where f.product_id = ${products.id})`,
        ),
      )
      .limit(1);
    const { categoryId, id, price } = row!;
    const ids = async (query: string) => (await all(`category_id=${categoryId}&${query}`)).cards.map((c) => c.id);
    const dearer = price + 123_456_00;
    try {
      await ctx.db.update(products).set({ price: dearer }).where(eq(products.id, id));
      expect(await ids(`min_price=${dearer / 100}&max_price=${dearer / 100}`)).toEqual([id]);
      expect(await ids(`min_price=${price / 100}&max_price=${price / 100}`)).not.toContain(id);

      await ctx.db.update(products).set({ isApproved: false }).where(eq(products.id, id));
      expect(await ids('sort_type=newest')).not.toContain(id);
      await ctx.db.update(products).set({ isApproved: true }).where(eq(products.id, id));
      expect(await ids('sort_type=newest')).toContain(id);

      await ctx.db
        .delete(productCategories)
        .where(and(eq(productCategories.productId, id), eq(productCategories.categoryId, categoryId)));
      expect(await ids('sort_type=newest')).not.toContain(id);
      await ctx.db.insert(productCategories).values({ productId: id, categoryId });
      expect(await ids('sort_type=newest')).toContain(id);
    } finally {
      await ctx.db.update(products).set({ price, isApproved: true }).where(eq(products.id, id));
    }

    // The category's total and order match the products table read directly.
    const listed = await ctx.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .innerJoin(productCategories, eq(productCategories.productId, products.id))
      .where(and(eq(productCategories.categoryId, categoryId), listedRule()))
      .orderBy(sql`${products.soldCount} desc`, sql`${products.id} desc`);
    const top = await all(`category_id=${categoryId}&sort_type=top_selling`);
    expect(top.total).toBe(listed.length);
    expect(top.cards.map((c) => c.id)).toEqual(listed.map((r) => r.id));

    // A product in a running sale is found in its category by the flash price, not its own.
    const now = ctx.clock.now();
    const [sale] = await ctx.db
      .select({
        id: flashSaleProducts.productId,
        flash: flashSaleProducts.price,
        categoryId: productCategories.categoryId,
      })
      .from(flashSaleProducts)
      .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
      .innerJoin(productCategories, eq(productCategories.productId, flashSaleProducts.productId))
      .where(runningSaleAt(now))
      .orderBy(flashSales.endsAt)
      .limit(1);
    const inSale = await all(
      `category_id=${sale!.categoryId}&min_price=${sale!.flash / 100}&max_price=${sale!.flash / 100}`,
    );
    expect(inSale.cards.map((c) => c.id)).toContain(sale!.id);
  });

  it('searches by a word of the name in English and in Indonesian', async () => {
    const [row] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
    const names = await ctx.db.select().from(productTranslations).where(eq(productTranslations.productId, row!.id));
    const en = names.find((n) => n.locale === 'en')!.name;
    const id = names.find((n) => n.locale === 'id')!.name;
    const longestWord = (name: string) => name.split(/\s+/).sort((a, b) => b.length - a.length)[0]!;

    const enHits = await all(`search=${encodeURIComponent(longestWord(en))}`);
    expect(enHits.cards.map((c) => c.id)).toContain(row!.id);
    // The best match (the whole name; the demo has a few products with the same name) comes first.
    const exact = await list(`search=${encodeURIComponent(en)}`);
    expect(exact.products[0]?.name).toBe(en);
    expect((await all(`search=${encodeURIComponent(en)}`)).cards.map((c) => c.id)).toContain(row!.id);

    const idHits = await all(`search=${encodeURIComponent(longestWord(id))}`, 'id');
    expect(idHits.cards.map((c) => c.id)).toContain(row!.id);
    expect(idHits.cards.find((c) => c.id === row!.id)?.name).toBe(id);

    expect((await list('search=zzqxqzzqx')).total).toBe(0);
    expect((await list('search=zzqxqzzqx')).products).toEqual([]);
  });

  it('searches the SKU code and category names', async () => {
    const [row] = await ctx.db
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(and(eq(products.isActive, true), sql`${products.brandId} is not null`))
      .limit(1);
    expect((await list(`search=${encodeURIComponent(row!.sku)}`)).products.map((p) => p.id)).toEqual([row!.id]);
    const [category] = await ctx.db
      .select({ id: productCategories.categoryId, name: sql<string>`c.name` })
      .from(productCategories)
      .innerJoin(sql`categories c`, sql`c.id = ${productCategories.categoryId}`)
      .where(eq(productCategories.productId, row!.id));
    const inCategory = await all(`category_id=${category!.id}&sort_type=newest`);
    const byName = await all(`search=${encodeURIComponent(category!.name)}`);
    // Every product of the category is found by its name (other products may match a word too).
    const found = new Set(byName.cards.map((c) => c.id));
    for (const c of inCategory.cards) expect(found.has(c.id), `${c.name} in ${category!.name}`).toBe(true);
  });

  it('finds a product despite a typo and by a prefix', async () => {
    const [row] = await ctx.db
      .select({ id: products.id, name: productTranslations.name })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .where(and(eq(productTranslations.locale, 'en'), eq(products.isActive, true)))
      .limit(1);
    const word = row!.name.split(/\s+/).find((w) => /^[A-Za-z]{6,}$/.test(w))!;
    expect(word, `a long word in "${row!.name}"`).toBeDefined();
    // Drop one letter in the middle: "Samsung" -> "Samsng".
    const typo = word.slice(0, 4) + word.slice(5);
    expect((await all(`search=${encodeURIComponent(typo)}`)).cards.map((c) => c.id)).toContain(row!.id);
    const prefix = row!.name.slice(0, 4);
    expect((await all(`search=${encodeURIComponent(prefix)}`)).cards.map((c) => c.id)).toContain(row!.id);
  });

  it('keeps the search document in step when a translation is renamed', async () => {
    const [row] = await ctx.db.select().from(productTranslations).where(eq(productTranslations.locale, 'en')).limit(1);
    await ctx.db
      .update(productTranslations)
      .set({ name: `${row!.name} Quokkaphone` })
      .where(and(eq(productTranslations.productId, row!.productId), eq(productTranslations.locale, 'en')));
    try {
      expect((await list('search=quokkaphone')).products.map((p) => p.id)).toEqual([row!.productId]);
    } finally {
      await ctx.db
        .update(productTranslations)
        .set({ name: row!.name })
        .where(and(eq(productTranslations.productId, row!.productId), eq(productTranslations.locale, 'en')));
    }
  });
});

describeEachDatabase('product details, reviews and autocomplete', (ctx) => {
  const get = async (url: string, locale = 'en') => ctx.app.inject({ url, headers: { 'accept-language': locale } });

  it('returns a product by slug and by id, with related and same-shop products', async () => {
    const [row] = await ctx.db
      .select({ id: products.id, slug: products.slug, shopId: products.shopId })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    const bySlug = await get(`/api/product-details?slug=${row!.slug}`);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    const data = productDetailsReplySchema.parse(bySlug.json()).data;
    expect(data.product.id).toBe(row!.id);
    expect(data.product.thumbnails.length).toBeGreaterThan(0);
    expect(data.product.thumbnails[0]!.width).toBeGreaterThan(0);
    expect(data.product.thumbnails[0]!.thumbnail).toBe(data.product.thumbnail);
    const imageIds = data.product.thumbnails.map((m) => m.id);
    expect(new Set(imageIds).size).toBe(imageIds.length);
    expect(data.product.categories.length).toBeGreaterThan(0);
    expect(data.product.description).toBeTruthy();
    expect(data.related_products.length).toBeGreaterThan(0);
    expect(data.related_products.length).toBeLessThanOrEqual(6);
    expect(data.related_products.map((p) => p.id)).not.toContain(row!.id);
    for (const p of data.popular_products) {
      expect(p.shop.id).toBe(row!.shopId);
      expect(p.id).not.toBe(row!.id);
    }
    const byId = await get(`/api/product-details?product_id=${row!.id}`);
    expect(productDetailsReplySchema.parse(byId.json()).data.product.slug).toBe(row!.slug);

    const inArabic = productDetailsReplySchema.parse(
      (await get(`/api/product-details?slug=${row!.slug}`, 'ar')).json(),
    );
    const [ar] = await ctx.db
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, row!.id), eq(productTranslations.locale, 'ar')));
    expect(inArabic.data.product.name).toBe(ar!.name);

    const shopRows = await get(`/api/shops/popular-products?product_id=${row!.id}`);
    expect(shopRows.statusCode).toBe(200);
    expect(shopPopularProductsReplySchema.parse(shopRows.json()).data.products.map((p) => p.id)).toEqual(
      data.popular_products.map((p) => p.id),
    );
  });

  it('shows the running flash sale, the subcategories and the main image first on the details', async () => {
    const now = ctx.clock.now();
    const [inSale] = await ctx.db
      .select({
        productId: flashSaleProducts.productId,
        saleId: flashSales.id,
        saleName: flashSales.name,
        price: flashSaleProducts.price,
        endsAt: flashSales.endsAt,
      })
      .from(flashSaleProducts)
      .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
      .innerJoin(products, eq(products.id, flashSaleProducts.productId))
      .where(and(runningSaleAt(now), eq(products.isActive, true)))
      .orderBy(flashSales.endsAt, flashSales.id)
      .limit(1);
    expect(inSale, 'the seed has a running flash sale').toBeDefined();
    const res = await get(`/api/product-details?product_id=${inSale!.productId}`);
    const { product } = productDetailsReplySchema.parse(res.json()).data;
    expect(product.flash_sale).toEqual({
      id: inSale!.saleId,
      name: inSale!.saleName,
      end_date: inSale!.endsAt.toISOString(),
      price: inSale!.price / 100,
    });

    const [withSub] = await ctx.db
      .select({ productId: productSubCategories.productId })
      .from(productSubCategories)
      .innerJoin(products, eq(products.id, productSubCategories.productId))
      .where(eq(products.isActive, true))
      .limit(1);
    const subs = await ctx.db
      .select({ id: productSubCategories.subCategoryId })
      .from(productSubCategories)
      .where(eq(productSubCategories.productId, withSub!.productId));
    const details = productDetailsReplySchema.parse(
      (await get(`/api/product-details?product_id=${withSub!.productId}`)).json(),
    ).data.product;
    expect(details.sub_categories.map((c) => c.id).sort((a, b) => a - b)).toEqual(
      subs.map((s) => s.id).sort((a, b) => a - b),
    );
    expect(details.flash_sale === null || details.flash_sale.price > 0).toBe(true);
    const [main] = await ctx.db
      .select({ path: media.path })
      .from(products)
      .innerJoin(media, eq(media.id, products.mediaId))
      .where(eq(products.id, withSub!.productId));
    expect(details.thumbnails[0]!.thumbnail.endsWith(main!.path)).toBe(true);
  });

  it('answers 404 for an unknown or hidden product and 422 without a key', async () => {
    expect((await get('/api/product-details?slug=no-such-product')).statusCode).toBe(404);
    expect((await get('/api/product-details?product_id=999999')).statusCode).toBe(404);
    expect((await get('/api/product-details')).statusCode).toBe(422);
    expect((await get('/api/shops/popular-products?product_id=999999')).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(products).limit(1);
    await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, row!.id));
    try {
      expect((await get(`/api/product-details?slug=${row!.slug}`)).statusCode).toBe(404);
    } finally {
      await ctx.db.update(products).set({ isActive: true }).where(eq(products.id, row!.id));
    }
  });

  it('summarises and pages reviews of a product and of a shop', async () => {
    const [busiest] = await ctx.db
      .select({ productId: reviews.productId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(reviews)
      .where(eq(reviews.isActive, true))
      .groupBy(reviews.productId)
      .orderBy(sql`count(*) desc`)
      .limit(1);
    expect(busiest!.n).toBeGreaterThan(6);
    const page = async (query: string) => {
      const res = await get(`/api/reviews?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return reviewsReplySchema.parse(res.json()).data;
    };
    const first = await page(`product_id=${busiest!.productId}`);
    expect(first.total).toBe(busiest!.n);
    expect(first.reviews).toHaveLength(6);
    const summary = first.average_rating_percentage!;
    const sum = Object.values(summary.percentages).reduce((a, b) => a + b, 0);
    expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.5);
    expect(summary.total_review).toBe(busiest!.n);
    expect(summary.rating).toBeGreaterThanOrEqual(1);
    const lastPage = Math.ceil(busiest!.n / 6);
    const last = await page(`product_id=${busiest!.productId}&page=${lastPage}`);
    expect(last.reviews).toHaveLength(busiest!.n - (lastPage - 1) * 6);
    const seen = new Set(first.reviews.map((r) => r.id));
    for (const r of last.reviews) expect(seen.has(r.id)).toBe(lastPage === 1);
    const dates = first.reviews.map((r) => r.created_at);
    expect(dates).toEqual([...dates].sort().reverse());

    // A reviewer with a profile photo shows it; others have none.
    const reviewer = first.reviews[0]!;
    const [reviewRow] = await ctx.db.select().from(reviews).where(eq(reviews.id, reviewer.id));
    const [photo] = await ctx.db.select().from(media).limit(1);
    await ctx.db.update(users).set({ photoId: photo!.id }).where(eq(users.id, reviewRow!.customerId));
    const withPhoto = (await page(`product_id=${busiest!.productId}`)).reviews.find((r) => r.id === reviewer.id);
    expect(withPhoto?.customer_profile).toMatch(/^(\/uploads\/|https?:\/\/)/);
    expect(reviewer.customer_profile).toBeNull();

    const [shopRow] = await ctx.db.select({ shopId: reviews.shopId }).from(reviews).limit(1);
    const shop = await page(`shop_id=${shopRow!.shopId}`);
    expect(shop.total).toBeGreaterThan(0);

    const [unreviewed] = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(sql`not exists (select 1 from ${reviews} r where r.product_id = ${products.id})`)
      .limit(1);
    expect(unreviewed, 'the seed has a product without reviews').toBeDefined();
    const none = await page(`product_id=${unreviewed!.id}`);
    expect(none.average_rating_percentage).toBeNull();
    expect(none.reviews).toEqual([]);

    expect((await get('/api/reviews')).statusCode).toBe(422);
    expect((await get('/api/reviews?product_id=999999')).statusCode).toBe(404);
  });

  it('suggests products first, then shops, at most 8 in total', async () => {
    const auto = async (query: string, locale = 'en') => {
      const res = await get(`/api/products/search-autocomplete?${query}`, locale);
      expect(res.statusCode, res.body).toBe(200);
      return autocompleteReplySchema.parse(res.json()).data;
    };
    expect(await auto('name=')).toEqual({ products: [], shops: [] });
    expect(await auto('name=%20%20')).toEqual({ products: [], shops: [] });

    const [shop] = await ctx.db.select().from(shops).where(eq(shops.isActive, true)).limit(1);
    const shopWord = shop!.name.split(/\s+/)[0]!;
    const byShop = await auto(`name=${encodeURIComponent(shopWord)}`);
    expect(byShop.products.length + byShop.shops.length).toBeLessThanOrEqual(8);
    // The shop's name must leave room for shops among the 8, or the next line would test nothing.
    expect(byShop.products.length).toBeLessThan(8);
    expect(byShop.shops.map((s) => s.id)).toContain(shop!.id);

    const [row] = await ctx.db
      .select({ id: products.id, name: productTranslations.name })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .where(and(eq(productTranslations.locale, 'id'), eq(products.isActive, true)))
      .limit(1);
    const prefix = row!.name.slice(0, 5);
    const hits = await auto(`name=${encodeURIComponent(prefix)}`, 'id');
    expect(hits.products.length).toBeGreaterThan(0);
    for (const p of hits.products.slice(0, 1)) expect(p.name.toLowerCase()).toContain(prefix.toLowerCase());

    // A common letter pair matches many products: the list is capped, products fill it first.
    const many = await auto('name=an');
    expect(many.products.length + many.shops.length).toBeLessThanOrEqual(8);
    expect(many.products).toHaveLength(8);
    expect(many.shops).toEqual([]);
    const three = await auto('name=an&limit=3');
    expect(three.products).toHaveLength(3);
    expect((await get('/api/products/search-autocomplete?name=an&limit=21')).statusCode).toBe(422);
  });

  it('suggests names by any of their words and by several words, in the order of the matching words', async () => {
    const auto = async (name: string, locale = 'en') => {
      const res = await get(`/api/products/search-autocomplete?name=${encodeURIComponent(name)}&limit=20`, locale);
      expect(res.statusCode, res.body).toBe(200);
      return autocompleteReplySchema.parse(res.json()).data.products;
    };
    const [row] = await ctx.db
      .select({ id: products.id, name: productTranslations.name })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .where(
        and(
          eq(productTranslations.locale, 'en'),
          eq(products.isActive, true),
          sql`${productTranslations.name} like '% % %'`,
        ),
      )
      .limit(1);
    const words = row!.name.split(/\s+/);
    await ctx.db
      .update(productTranslations)
      .set({ name: `${words[0]} Zyxwvu  Quorra ${words.slice(1).join(' ')}` })
      .where(and(eq(productTranslations.productId, row!.id), eq(productTranslations.locale, 'en')));
    try {
      // A later word, in any case, and two words with the space typed twice.
      expect((await auto('ZYXW')).map((p) => p.id)).toEqual([row!.id]);
      expect((await auto('zyxwvu   quo')).map((p) => p.id)).toEqual([row!.id]);
      expect((await auto('quorr')).map((p) => p.id)).toEqual([row!.id]);
      // `%` and `_` are letters, not wildcards (two letters: too short for a typo match).
      expect(await auto('z%')).toEqual([]);
      expect(await auto('z_')).toEqual([]);
      // A typo is found only by similarity, once the prefixes leave room.
      expect((await auto('zyxwvo quorra')).map((p) => p.id)).toContain(row!.id);

      const hits = await auto(words[0]!.slice(0, 2));
      const matched = hits.map(
        (p) =>
          p.name
            .toLowerCase()
            .split(/\s+/)
            .map((_, i, all) => all.slice(i).join(' '))
            .filter((suffix) => suffix.startsWith(words[0]!.slice(0, 2).toLowerCase()))
            .sort()[0],
      );
      expect(matched.length).toBeGreaterThan(0);
      expect(matched.every((m) => m !== undefined)).toBe(true);
      expect(matched).toEqual([...matched].sort((a, b) => (a! < b! ? -1 : a! > b! ? 1 : 0)));
      expect(new Set(hits.map((p) => p.id)).size).toBe(hits.length);
    } finally {
      await ctx.db
        .update(productTranslations)
        .set({ name: row!.name })
        .where(and(eq(productTranslations.productId, row!.id), eq(productTranslations.locale, 'en')));
    }
    // The old words are gone with the rename.
    expect(await auto('zyxwvu')).toEqual([]);
  });

  it('suggests by a prefix in Arabic script', async () => {
    const [row] = await ctx.db
      .select({ id: products.id, name: productTranslations.name })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(and(eq(productTranslations.locale, 'ar'), listedRule()))
      .limit(1);
    const typed = row!.name.slice(0, Math.max(2, row!.name.length - 1));
    const res = await get(`/api/products/search-autocomplete?name=${encodeURIComponent(typed)}&limit=20`, 'ar');
    expect(res.statusCode, res.body).toBe(200);
    expect(autocompleteReplySchema.parse(res.json()).data.products.map((p) => p.id)).toContain(row!.id);
  });

  it("suggests in English a product without a name in the shopper's language, and never a hidden one", async () => {
    const auto = async (name: string, locale: string) => {
      const res = await get(`/api/products/search-autocomplete?name=${encodeURIComponent(name)}&limit=20`, locale);
      expect(res.statusCode, res.body).toBe(200);
      return autocompleteReplySchema.parse(res.json()).data.products.map((p) => p.id);
    };
    const [row] = await ctx.db
      .select({ id: products.id, name: productTranslations.name })
      .from(productTranslations)
      .innerJoin(products, eq(products.id, productTranslations.productId))
      .where(and(eq(productTranslations.locale, 'en'), eq(products.isActive, true)))
      .limit(1);
    const [own] = await ctx.db
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, row!.id), eq(productTranslations.locale, 'id')));
    await ctx.db
      .update(productTranslations)
      .set({ name: 'Wombatique Lamp' })
      .where(and(eq(productTranslations.productId, row!.id), eq(productTranslations.locale, 'en')));
    await ctx.db
      .delete(productTranslations)
      .where(and(eq(productTranslations.productId, row!.id), eq(productTranslations.locale, 'id')));
    try {
      expect(await auto('wombat', 'id')).toEqual([row!.id]);
      expect(await auto('wombat', 'en')).toEqual([row!.id]);
      // Arabic has its own name for it: the English one is not used there.
      expect(await auto('wombat', 'ar')).toEqual([]);
      await ctx.db.update(products).set({ isActive: false }).where(eq(products.id, row!.id));
      expect(await auto('wombat', 'id')).toEqual([]);
    } finally {
      await ctx.db.update(products).set({ isActive: true }).where(eq(products.id, row!.id));
      if (own) await ctx.db.insert(productTranslations).values(own);
      await ctx.db
        .update(productTranslations)
        .set({ name: row!.name })
        .where(and(eq(productTranslations.productId, row!.id), eq(productTranslations.locale, 'en')));
    }
  });
});
