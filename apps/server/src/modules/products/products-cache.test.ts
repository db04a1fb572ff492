import { productsQuerySchema } from '@shop/contracts/products';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { products, productTranslations } from '../../db/schema/products';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ProductsService } from './products.service';

let ctx: TestApp;
let cached: ProductsService;
let uncached: ProductsService;
let productId: number;
let englishName: string;

beforeAll(async () => {
  ctx = await createTestApp();
  cached = new ProductsService({
    config: { ...ctx.config, PUBLIC_CACHE_SECONDS: 60 },
    database: ctx.database,
    clock: ctx.clock,
  });
  uncached = new ProductsService({ config: ctx.config, database: ctx.database, clock: ctx.clock });
  const [row] = await ctx.db
    .select({ id: products.id, name: productTranslations.name })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(and(eq(productTranslations.locale, 'en'), eq(products.isActive, true)))
    .limit(1);
  productId = row!.id;
  englishName = row!.name;
});
afterAll(async () => {
  await ctx?.close();
});

/** A listing query as the route parses it. */
const query = (search: string) =>
  productsQuerySchema.parse(Object.fromEntries(new URLSearchParams(`sort_type=newest&search=Okapiwidget&${search}`)));

const rename = (name: string) =>
  ctx.db
    .update(productTranslations)
    .set({ name })
    .where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, 'en')));

it('reuses details, listings and suggestions for PUBLIC_CACHE_SECONDS, per language and query', async () => {
  const details = (await cached.details({ id: productId }, 'en')).data;
  const listing = (await cached.list(query('per_page=12'), 'en')).data;
  const suggestions = (await cached.autocomplete('okapiwid', 8, 'en')).data;
  expect(listing.total).toBe(0);
  expect(suggestions.products).toEqual([]);
  await rename('Okapiwidget Deluxe');
  try {
    expect((await cached.details({ id: productId }, 'en')).data.product.name).toBe(details.product.name);
    expect((await cached.details({ id: productId }, 'id')).data.product.name).not.toBe('Okapiwidget Deluxe');
    expect((await uncached.details({ id: productId }, 'en')).data.product.name).toBe('Okapiwidget Deluxe');
    const again = (await cached.list(query('per_page=12'), 'en')).data;
    expect(again.total).toBe(0);
    // Another query (a different page size) is read again.
    const other = (await cached.list(query('per_page=5'), 'en')).data;
    expect(other.products.map((p) => p.id)).toEqual([productId]);
    // Case and spacing of the typed text do not make another entry.
    expect((await cached.autocomplete('  OKAPIWID ', 8, 'en')).data.products).toEqual([]);
    expect((await uncached.autocomplete('okapiwid', 8, 'en')).data.products.map((p) => p.id)).toEqual([productId]);
  } finally {
    await rename(englishName);
  }
});

it('hands every caller its own copy, so marking one shopper\u2019s hearts never reaches the next', async () => {
  const first = (await cached.details({ id: productId }, 'ar')).copy();
  first.product.name = 'changed by a caller';
  first.related_products.length = 0;
  const second = (await cached.details({ id: productId }, 'ar')).data;
  expect(second.product.name).not.toBe('changed by a caller');
  expect(second.related_products.length).toBeGreaterThan(0);
});
