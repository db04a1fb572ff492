import { productsQuerySchema } from '@shop/contracts/products';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { products, productTranslations } from '../../db/schema/products';
import type { CoreDeps } from '../../deps';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CatalogService } from '../catalog/catalog.service';
import { CatalogChanges } from '../catalog/catalog-changes';
import { ProductsService } from './products.service';

/** A products service of its own (its own caches), built as the composition root builds it. */
function productsService(deps: CoreDeps): ProductsService {
  return new ProductsService(deps, new CatalogService(deps));
}

let ctx: TestApp;
let cached: ProductsService;
let uncached: ProductsService;
let productId: number;
let englishName: string;

beforeAll(async () => {
  ctx = await createTestApp();
  cached = productsService({
    config: { ...ctx.config, PUBLIC_CACHE_SECONDS: 60 },
    database: ctx.database,
    clock: ctx.clock,
  });
  uncached = productsService({ config: ctx.config, database: ctx.database, clock: ctx.clock });
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

it('keeps a reply past its time while the catalogue is unchanged, and builds it again after a write', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const service = productsService({
      config: { ...ctx.config, PUBLIC_CACHE_SECONDS: 10 },
      database: ctx.database,
      clock: ctx.clock,
    });
    /** Both clocks on: the caches' own (Date) and the API's. */
    const later = (ms: number) => {
      vi.setSystemTime(Date.now() + ms);
      ctx.clock.advance(ms);
    };
    const details = () => service.details({ id: productId }, 'en');
    const checks = vi.spyOn(CatalogChanges.prototype, 'unchangedSince');
    const loads = vi.spyOn(service as unknown as { loadDetails: () => Promise<unknown> }, 'loadDetails');
    /** Past its time a reply is served once more while it is renewed in the background. */
    const renewed = async (previous: unknown) => {
      const asked = checks.mock.calls.length;
      later(11_000);
      expect(await details()).toBe(previous);
      await vi.waitFor(() => expect(checks.mock.calls.length).toBe(asked + 1));
      if (!(await checks.mock.results[asked]!.value)) {
        await vi.waitFor(async () => expect(await details()).not.toBe(previous));
      }
      return details();
    };
    const first = await details();
    // The first look at the catalogue cannot tell what happened just before: built once more.
    const kept = await renewed(first);
    expect(kept).not.toBe(first);
    expect(loads).toHaveBeenCalledTimes(2);
    // Nothing changed since: the same reply, with nothing read, past its time again and again.
    expect(await renewed(kept)).toBe(kept);
    expect(await renewed(kept)).toBe(kept);
    expect(loads).toHaveBeenCalledTimes(2);
    await rename('Okapiwidget Renamed');
    try {
      const rebuilt = await renewed(kept);
      expect(rebuilt).not.toBe(kept);
      expect(rebuilt.data.product.name).toBe('Okapiwidget Renamed');
    } finally {
      await rename(englishName);
    }
  } finally {
    vi.restoreAllMocks();
    vi.useRealTimers();
  }
});
