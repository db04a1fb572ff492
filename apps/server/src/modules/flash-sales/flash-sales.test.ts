import { FLASH_SALE_PER_PAGE } from '@shop/contracts/constants';
import { type FlashSaleDetails, flashSaleDetailsReplySchema, flashSalesReplySchema } from '@shop/contracts/shops';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { flashSaleProducts, flashSales } from '../../db/schema/marketing';
import { productCategories, products } from '../../db/schema/products';
import { describeEachDatabase } from '../../testing/test-app';

describeEachDatabase('flash sales API', (ctx) => {
  const current = async () => {
    const res = await ctx.app.inject({ url: '/api/flash-sales' });
    expect(res.statusCode, res.body).toBe(200);
    return flashSalesReplySchema.parse(res.json()).data;
  };
  const details = async (id: number, query = ''): Promise<FlashSaleDetails> => {
    const res = await ctx.app.inject({ url: `/api/flash-sale/${id}/details${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return flashSaleDetailsReplySchema.parse(res.json()).data;
  };
  /** Moves the clock for one block and puts it back. */
  const at = async (when: Date, body: () => Promise<void>) => {
    const saved = ctx.clock.now();
    ctx.clock.set(when);
    try {
      await body();
    } finally {
      ctx.clock.set(saved);
    }
  };

  it('GET /api/flash-sales: the running sale with products and the upcoming one without', async () => {
    const data = await current();
    expect(data.running_flash_sale?.status).toBe('running');
    expect(data.running_flash_sale?.products?.length).toBeGreaterThan(0);
    expect(data.running_flash_sale!.products!.length).toBeLessThanOrEqual(9);
    expect(data.incoming_flash_sale?.status).toBe('upcoming');
    expect(data.incoming_flash_sale?.products).toBeNull();
  });

  it('a running sale lists its products at the flash price, 18 per page by default', async () => {
    const sale = (await current()).running_flash_sale!;
    const data = await details(sale.id);
    expect(data.flash_sale.status).toBe('running');
    expect(data.flash_sale.id).toBe(sale.id);
    expect(data.products.length).toBe(Math.min(FLASH_SALE_PER_PAGE, data.total_products));
    const rows = await ctx.db
      .select({ id: flashSaleProducts.productId, price: flashSaleProducts.price })
      .from(flashSaleProducts)
      .where(eq(flashSaleProducts.flashSaleId, sale.id));
    const flashPrice = new Map(rows.map((r) => [r.id, r.price / 100]));
    for (const p of data.products) expect(p.discount_price, p.name).toBe(flashPrice.get(p.id));
  });

  it('pages and filters by category; the chips are the categories of the sale', async () => {
    const sale = (await current()).running_flash_sale!;
    const all = await details(sale.id, '?per_page=100');
    const perPage = 4;
    const lastPage = Math.ceil(all.total_products / perPage);
    const last = await details(sale.id, `?per_page=${perPage}&page=${lastPage}`);
    expect(last.products.map((p) => p.id)).toEqual(all.products.slice((lastPage - 1) * perPage).map((p) => p.id));
    const beyond = await details(sale.id, `?per_page=${perPage}&page=${lastPage + 1}`);
    expect(beyond.products).toEqual([]);
    expect(beyond.total_products).toBe(all.total_products);

    expect(all.categories.length).toBeGreaterThan(0);
    const chip = all.categories[0]!;
    const filtered = await details(sale.id, `?per_page=100&category_id=${chip.id}`);
    expect(filtered.total_products).toBeGreaterThan(0);
    const links = await ctx.db
      .select({ productId: productCategories.productId })
      .from(productCategories)
      .where(eq(productCategories.categoryId, chip.id));
    const inCategory = new Set(links.map((l) => l.productId));
    expect(filtered.products.length).toBeGreaterThan(0);
    expect(filtered.products.every((p) => inCategory.has(p.id))).toBe(true);
    expect(filtered.categories).toEqual(all.categories);
  });

  it('an upcoming sale answers upcoming, with products at their own price', async () => {
    const sale = (await current()).incoming_flash_sale!;
    const data = await details(sale.id);
    expect(data.flash_sale.status).toBe('upcoming');
    expect(data.total_products).toBeGreaterThan(0);
    await at(new Date(new Date(sale.start_date).getTime() + 1000), async () => {
      expect((await details(sale.id)).flash_sale.status).toBe('running');
    });
  });

  it('an ended sale answers ended, with products without flash prices', async () => {
    const sale = (await current()).running_flash_sale!;
    const running = await details(sale.id, '?per_page=100');
    await at(new Date(sale.end_date), async () => {
      const data = await details(sale.id, '?per_page=100');
      expect(data.flash_sale.status).toBe('ended');
      expect(data.total_products).toBeGreaterThanOrEqual(running.total_products);
      const rows = await ctx.db
        .select({ id: products.id, price: products.price, discountPrice: products.discountPrice })
        .from(products)
        .where(
          inArray(
            products.id,
            data.products.map((p) => p.id),
          ),
        );
      const own = new Map(rows.map((r) => [r.id, r]));
      for (const p of data.products) {
        expect(p.price).toBe(own.get(p.id)!.price / 100);
        expect(p.discount_price).toBe(own.get(p.id)!.discountPrice / 100);
      }
    });
  });

  it('404 for unknown, inactive or malformed ids; 422 for bad paging', async () => {
    const sale = (await current()).running_flash_sale!;
    for (const url of ['/api/flash-sale/999999/details', '/api/flash-sale/abc/details', '/api/flash-sale/0/details']) {
      const res = await ctx.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
    await ctx.db.update(flashSales).set({ isActive: false }).where(eq(flashSales.id, sale.id));
    try {
      expect((await ctx.app.inject({ url: `/api/flash-sale/${sale.id}/details` })).statusCode).toBe(404);
    } finally {
      await ctx.db.update(flashSales).set({ isActive: true }).where(eq(flashSales.id, sale.id));
    }
    for (const query of ['?per_page=101', '?page=0', '?category_id=x']) {
      const res = await ctx.app.inject({ url: `/api/flash-sale/${sale.id}/details${query}` });
      expect(res.statusCode, query).toBe(422);
    }
  });
});
