import { productsQuerySchema } from '@shop/contracts/products';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { brands } from '../../db/schema/catalog';
import { products, productTranslations } from '../../db/schema/products';
import type { CoreDeps } from '../../deps';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CatalogService } from '../catalog/catalog.service';
import { CATALOG_POLL_MS, CATALOG_SETTLE_MS } from '../catalog/catalog-changes';
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
    config: { ...ctx.config, PUBLIC_CACHE_SECONDS: 60, CATALOG_POLL_MS },
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

/** Both clocks on: the caches' own (Date, with fake timers) and the API's. */
const later = (ms: number) => {
  vi.setSystemTime(Date.now() + ms);
  ctx.clock.advance(ms);
};

it('reuses details, listings and suggestions per language and query until the catalogue changes, then builds them again within a poll', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const service = productsService({
      config: { ...ctx.config, PUBLIC_CACHE_SECONDS: 60, CATALOG_POLL_MS },
      database: ctx.database,
      clock: ctx.clock,
    });
    const read = async () => ({
      details: await service.details({ id: productId }, 'en'),
      listing: await service.list(query('per_page=12'), 'en'),
      suggestions: await service.autocomplete('okapiwid', 8, 'en'),
    });
    const first = await read();
    expect(first.listing.data.total).toBe(0);
    expect(first.suggestions.data.products).toEqual([]);
    // Past the first sighting's settling time, one more build; from then on the same replies.
    later(CATALOG_SETTLE_MS);
    const settled = await read();
    later(CATALOG_POLL_MS);
    const again = await read();
    expect(again.details).toBe(settled.details);
    expect(again.listing).toBe(settled.listing);
    expect(again.suggestions).toBe(settled.suggestions);
    // Case and spacing of the typed text do not make another entry; another language does.
    expect(await service.autocomplete('  OKAPIWID ', 8, 'en')).toBe(settled.suggestions);
    expect(await service.details({ id: productId }, 'id')).not.toBe(settled.details);

    await rename('Okapiwidget Deluxe');
    try {
      // Seen by this process at its next look (at most CATALOG_POLL_MS later, as any process's):
      // every reply built before the write is built again, and nobody is served the old one.
      later(CATALOG_POLL_MS);
      const changed = await read();
      expect(changed.details.data.product.name).toBe('Okapiwidget Deluxe');
      expect(changed.listing.data.products.map((p) => p.id)).toEqual([productId]);
      expect(changed.suggestions.data.products.map((p) => p.id)).toEqual([productId]);
      // A product's write is seen once committed (logged in its transaction): what was built
      // after it is kept, with no settling time.
      later(CATALOG_SETTLE_MS);
      const again = await read();
      expect(again.details).toBe(changed.details);
      expect(again.listing).toBe(changed.listing);
      expect(again.suggestions).toBe(changed.suggestions);
      expect((await uncached.details({ id: productId }, 'en')).data.product.name).toBe('Okapiwidget Deluxe');
    } finally {
      await rename(englishName);
    }
  } finally {
    vi.useRealTimers();
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
      config: { ...ctx.config, PUBLIC_CACHE_SECONDS: 10, CATALOG_POLL_MS },
      database: ctx.database,
      clock: ctx.clock,
    });
    const details = () => service.details({ id: productId }, 'en');
    const loads = vi.spyOn(service as unknown as { loadDetails: () => Promise<unknown> }, 'loadDetails');
    const first = await details();
    // The first look at the catalogue cannot tell what happened just before: built once more.
    later(11_000);
    const kept = await details();
    expect(kept).not.toBe(first);
    expect(loads).toHaveBeenCalledTimes(2);
    // Nothing changed since: past its time the same reply is served, and it is kept with nothing read.
    for (let i = 0; i < 3; i++) {
      later(11_000);
      expect(await details()).toBe(kept);
      await vi.waitFor(() => expect(loads).toHaveBeenCalledTimes(2));
    }
    expect(loads).toHaveBeenCalledTimes(2);
    await rename('Okapiwidget Renamed');
    try {
      later(11_000);
      const rebuilt = await details();
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

it('keeps the facets of a scope without reply caching until the catalogue changes', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const service = productsService({
      config: { ...ctx.config, PUBLIC_CACHE_SECONDS: 0, CATALOG_POLL_MS },
      database: ctx.database,
      clock: ctx.clock,
    });
    const [brand] = await ctx.db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .innerJoin(products, eq(products.brandId, brands.id))
      .where(and(eq(brands.isActive, true), eq(products.isActive, true)))
      .limit(1);
    const loads = vi.spyOn(service as unknown as { loadList: () => Promise<unknown> }, 'loadList');
    const brandName = async () => {
      const reply = await service.list(productsQuerySchema.parse({}), 'en');
      return reply.data.filters.brands.find((b) => b.id === brand!.id)?.name;
    };
    expect(await brandName()).toBe(brand!.name);
    later(CATALOG_SETTLE_MS);
    expect(await brandName()).toBe(brand!.name);
    await ctx.db.update(brands).set({ name: 'Renamed Brand' }).where(eq(brands.id, brand!.id));
    try {
      // Every listing is built again (no reply cache), but its facets were kept: until this
      // process's next look at the catalogue they are the ones built before the write ...
      expect(await brandName()).toBe(brand!.name);
      expect(loads).toHaveBeenCalledTimes(3);
      // ... and from it, built again.
      later(CATALOG_POLL_MS);
      expect(await brandName()).toBe('Renamed Brand');
    } finally {
      await ctx.db.update(brands).set({ name: brand!.name }).where(eq(brands.id, brand!.id));
    }
  } finally {
    vi.restoreAllMocks();
    vi.useRealTimers();
  }
});
