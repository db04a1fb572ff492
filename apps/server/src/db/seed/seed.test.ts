import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DiskMediaStore } from '../../lib/media-store';
import { type DatabaseHandle, openDatabase } from '../client';
import { categories, categorySubCategories } from '../schema/catalog';
import { media } from '../schema/common';
import { flashSaleProducts, flashSales } from '../schema/marketing';
import { products, productTranslations, reviews } from '../schema/products';
import { countries, currencies, footerItems, languages, menus, provinces, settings } from '../schema/settings';
import { settingsSchemas } from '../schema/settings-values';
import { shops } from '../schema/shops';
import { users } from '../schema/users';
import { demoImageJobs } from './demo-images';
import { keyFor, renderImages } from './images';
import { isDatabaseEmpty, seedDemo, seedMoreProducts } from './seed';

let handle: DatabaseHandle;
let uploadsDir: string;

const rows = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? []) as T[];

/**
 * The test run's seeded template (global setup ran seedDemo with the same options on its own
 * database): another run than this file's, without seeding a third time.
 */
async function seededDatabase(): Promise<DatabaseHandle> {
  return openDatabase({
    kind: 'pglite',
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplateFile'))], { type: 'application/x-tar' }),
  });
}

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'seed-test-'));
  handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  expect(await isDatabaseEmpty(handle.db)).toBe(true);
  await seedDemo(handle.db, { media: new DiskMediaStore(uploadsDir), databaseKind: handle.kind, images: false });
}, 180_000);

afterAll(async () => {
  await handle?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('marks the database as seeded', async () => {
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });

  it('writes every settings key, valid under its schema, with the demo values', async () => {
    const stored = await handle.db.select().from(settings);
    const byKey = new Map(stored.map((s) => [s.key, s.value]));
    for (const [key, schema] of Object.entries(settingsSchemas)) {
      expect(byKey.has(key), key).toBe(true);
      schema.parse(byKey.get(key));
    }
    const general = settingsSchemas.general.parse(byKey.get('general'));
    expect(general.multi_vendor).toBe(true);
    expect(general.currency_position).toBe('prefix');
    expect(general.mobile.startsWith('+62')).toBe(true);
    expect(general.footer_qr).toMatch(/^\/uploads\/demo\//);
    const theme = settingsSchemas.theme_colors.parse(byKey.get('theme_colors'));
    for (const value of Object.values(theme)) expect(value).toMatch(/^#[0-9a-f]{6}$/i);
    const verify = settingsSchemas.verify.parse(byKey.get('verify'));
    expect(verify).toMatchObject({ register_otp_type: 'email', phone_min_length: 8, phone_max_length: 16 });
    const realtime = settingsSchemas.realtime.parse(byKey.get('realtime'));
    expect(realtime.pusher_app_key).toBe('storefront-key');
  });

  it('has three languages with Arabic right-to-left and English as default', async () => {
    const langs = await handle.db.select().from(languages).orderBy(asc(languages.position));
    expect(langs.map((l) => [l.name, l.direction, l.isDefault])).toEqual([
      ['en', 'ltr', true],
      ['id', 'ltr', false],
      ['ar', 'rtl', false],
    ]);
  });

  it('has IDR as the default currency with symbol Rp', async () => {
    const list = await handle.db.select().from(currencies);
    const defaults = list.filter((c) => c.isDefault);
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatchObject({ code: 'IDR', symbol: 'Rp', rate: 1 });
    expect(list.length).toBeGreaterThanOrEqual(3);
  });

  it('has the countries of the world and the 38 Indonesian provinces', async () => {
    const all = await handle.db.select().from(countries);
    expect(all.length).toBeGreaterThanOrEqual(240);
    const indonesia = all.find((c) => c.code === 'ID');
    expect(indonesia).toMatchObject({ name: 'Indonesia', phoneCode: '+62' });
    for (const c of all) expect(c.phoneCode).toMatch(/^\+\d{1,4}$/);
    const provs = await handle.db
      .select()
      .from(provinces)
      .where(eq(provinces.countryId, indonesia?.id ?? -1));
    expect(provs).toHaveLength(38);
    expect(provs.map((p) => p.name)).toContain('Papua Barat Daya');
  });

  it('has at least 10 shops whose rating matches their reviews', async () => {
    const list = await handle.db.select().from(shops);
    expect(list.length).toBeGreaterThanOrEqual(10);
    const agg = rows<{ shop_id: number; avg: number; cnt: number }>(
      await handle.db.execute(
        sql`SELECT shop_id, AVG(rating)::float AS avg, COUNT(*)::int AS cnt FROM ${reviews} GROUP BY shop_id`,
      ),
    );
    for (const shop of list) {
      expect(shop.logoId).not.toBeNull();
      expect(shop.bannerId).not.toBeNull();
      const a = agg.find((r) => r.shop_id === shop.id);
      expect(shop.reviewsCount).toBe(a?.cnt ?? 0);
      expect(shop.ratingAvg).toBeCloseTo(a?.avg ?? 0, 1);
    }
  });

  it('has at least 12 categories, each with subcategories, one with more than 50', async () => {
    const cats = await handle.db.select().from(categories);
    expect(cats.length).toBeGreaterThanOrEqual(12);
    const links = await handle.db.select().from(categorySubCategories);
    const perCategory = new Map<number, number>();
    for (const l of links) perCategory.set(l.categoryId, (perCategory.get(l.categoryId) ?? 0) + 1);
    for (const c of cats) {
      expect(perCategory.get(c.id) ?? 0, c.slug).toBeGreaterThanOrEqual(4);
      expect(c.translations).toHaveProperty('id');
      expect(c.translations).toHaveProperty('ar');
    }
    expect(Math.max(...perCategory.values())).toBeGreaterThan(50);
    const shared = rows<{ n: number }>(
      await handle.db.execute(
        sql`SELECT count(*)::int AS n FROM (SELECT sub_category_id FROM ${categorySubCategories} GROUP BY sub_category_id HAVING count(*) > 1) s`,
      ),
    );
    expect(shared[0]?.n).toBeGreaterThan(0);
  });

  it('has 500+ products with English, Indonesian and Arabic translations and consistent ratings', async () => {
    const [count] = rows<{ n: number }>(await handle.db.execute(sql`SELECT count(*)::int AS n FROM ${products}`));
    expect(count?.n).toBeGreaterThanOrEqual(500);
    const locales = rows<{ locale: string; n: number }>(
      await handle.db.execute(sql`SELECT locale, count(*)::int AS n FROM ${productTranslations} GROUP BY locale`),
    );
    for (const l of ['en', 'id', 'ar']) expect(locales.find((x) => x.locale === l)?.n).toBe(count?.n);
    const mismatched = rows<{ n: number }>(
      await handle.db.execute(sql`
        SELECT count(*)::int AS n FROM ${products} p
        LEFT JOIN (SELECT product_id, AVG(rating) AS avg, COUNT(*) AS cnt FROM ${reviews} GROUP BY product_id) r
          ON r.product_id = p.id
        WHERE p.reviews_count <> COALESCE(r.cnt, 0) OR ABS(p.rating_avg - COALESCE(r.avg, 0)) > 0.01`),
    );
    expect(mismatched[0]?.n).toBe(0);
    const [stats] = rows<{ discounted: number; out_of_stock: number; min_price: number; max_price: number }>(
      await handle.db.execute(sql`SELECT
        count(*) FILTER (WHERE discount_price > 0)::int AS discounted,
        count(*) FILTER (WHERE stock = 0)::int AS out_of_stock,
        min(price)::bigint AS min_price, max(price)::bigint AS max_price FROM ${products}`),
    );
    expect(stats?.discounted).toBeGreaterThan(150);
    expect(stats?.out_of_stock).toBeGreaterThan(0);
    expect(Number(stats?.min_price)).toBeGreaterThanOrEqual(1_000_000);
    expect(Number(stats?.max_price)).toBeLessThanOrEqual(1_500_000_000);
  });

  it('has a running and an upcoming flash sale around the current time', async () => {
    const now = Date.now();
    const sales = await handle.db.select().from(flashSales);
    const running = sales.find((s) => s.startsAt.getTime() <= now && s.endsAt.getTime() > now);
    const upcoming = sales.find((s) => s.startsAt.getTime() > now);
    expect(running).toBeDefined();
    expect(upcoming).toBeDefined();
    const items = await handle.db
      .select()
      .from(flashSaleProducts)
      .where(inArray(flashSaleProducts.flashSaleId, [running?.id ?? -1, upcoming?.id ?? -1]));
    expect(items.filter((i) => i.flashSaleId === running?.id).length).toBeGreaterThanOrEqual(10);
    expect(items.filter((i) => i.flashSaleId === upcoming?.id).length).toBeGreaterThanOrEqual(5);
    const [pricey] = rows<{ n: number }>(
      await handle.db.execute(sql`SELECT count(*)::int AS n FROM ${flashSaleProducts} f
        JOIN ${products} p ON p.id = f.product_id
        WHERE f.price >= p.price OR (p.discount_price > 0 AND f.price >= p.discount_price) OR p.stock = 0`),
    );
    expect(pricey?.n).toBe(0);
  });

  it('uses every footer item type', async () => {
    const types = new Set((await handle.db.select({ type: footerItems.type }).from(footerItems)).map((r) => r.type));
    for (const t of ['logo', 'text', 'email', 'phone', 'social_links', 'app_store', 'link'])
      expect(types.has(t as never), t).toBe(true);
  });

  it('links the menus and the footer inside the app: the Seller Centre is /shop/login', async () => {
    const seller = await handle.db.select().from(menus).where(eq(menus.name, 'Seller Centre'));
    expect(seller).toMatchObject([{ url: '/shop/login', isExternal: false, target: '_self' }]);
    const footerSeller = await handle.db.select().from(footerItems).where(eq(footerItems.title, 'Seller Centre'));
    expect(footerSeller).toMatchObject([{ url: '/shop/login', target: '_self' }]);
    // Every link of the menus and the footer's link items is a path of this app.
    const links = [
      ...(await handle.db.select({ url: menus.url }).from(menus)),
      ...(await handle.db.select({ url: footerItems.url }).from(footerItems).where(eq(footerItems.type, 'link'))),
    ];
    for (const { url } of links) expect(url, String(url)).toMatch(/^\/(?!\/)/);
  });

  it('migration 0022 moves the seeded external Seller Centre address inside the app, and no other link', async () => {
    const db = await seededDatabase();
    try {
      const old = 'https://seller.pasarnusantara.id';
      await db.db
        .update(menus)
        .set({ url: old, isExternal: true, target: '_blank' })
        .where(eq(menus.name, 'Seller Centre'));
      await db.db.update(footerItems).set({ url: old, target: '_blank' }).where(eq(footerItems.title, 'Seller Centre'));
      // An operator's own external link stays as it is.
      await db.db
        .insert(menus)
        .values({ name: 'Partners', url: 'https://partners.example', isExternal: true, target: '_blank' });
      const file = path.join(import.meta.dirname, '../migrations/0023_seller_centre_menu_inside_the_app.sql');
      for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
        await db.db.execute(sql.raw(statement));
      }
      expect(await db.db.select().from(menus).where(eq(menus.name, 'Seller Centre'))).toMatchObject([
        { url: '/shop/login', isExternal: false, target: '_self' },
      ]);
      expect(await db.db.select().from(footerItems).where(eq(footerItems.title, 'Seller Centre'))).toMatchObject([
        { url: '/shop/login', target: '_self' },
      ]);
      expect(await db.db.select().from(menus).where(eq(menus.name, 'Partners'))).toMatchObject([
        { url: 'https://partners.example', isExternal: true, target: '_blank' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('has the demo customer with an argon2id password hash', async () => {
    const [customer] = await handle.db.select().from(users).where(eq(users.email, 'customer@example.com'));
    expect(customer).toMatchObject({ phone: '81234567890', phoneCode: '+62', country: 'Indonesia', role: 'customer' });
    expect(customer?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('produces the same catalogue on a second run', async () => {
    const other = await seededDatabase();
    try {
      const pick = (h: DatabaseHandle) =>
        h.db
          .select({ name: products.name, slug: products.slug, price: products.price, discount: products.discountPrice })
          .from(products)
          .orderBy(asc(products.id));
      expect(await pick(other)).toEqual(await pick(handle));
    } finally {
      await other.close();
    }
  }, 180_000);

  it('grows the catalogue with seedMoreProducts and keeps slugs unique', async () => {
    const result = await seedMoreProducts(handle.db, {
      media: new DiskMediaStore(uploadsDir),
      target: 700,
      images: false,
    });
    expect(result).toMatchObject({ before: 520, after: 700, inserted: 180 });
    const [dupes] = rows<{ n: number }>(
      await handle.db.execute(
        sql`SELECT count(*)::int AS n FROM (SELECT slug FROM ${products} GROUP BY slug HAVING count(*) > 1) d`,
      ),
    );
    expect(dupes?.n).toBe(0);
    expect(
      (await seedMoreProducts(handle.db, { media: new DiskMediaStore(uploadsDir), target: 600, images: false }))
        .inserted,
    ).toBe(0);
  }, 60_000);
});

describe('demo images', () => {
  it('renders WebP files whose size matches the media rows', async () => {
    const jobs = demoImageJobs();
    const sample = [
      ...jobs.filter((j) => j.path.startsWith('/uploads/demo/products/')).slice(0, 3),
      jobs.find((j) => j.path.startsWith('/uploads/demo/banners/')),
      jobs.find((j) => j.path.endsWith('-logo.webp')),
      jobs.find((j) => j.path.startsWith('/uploads/demo/categories/')),
    ].filter((j) => j !== undefined);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'seed-images-'));
    try {
      const first = await renderImages(new DiskMediaStore(dir), sample);
      expect(first.written).toBe(sample.length);
      const stored = await handle.db
        .select()
        .from(media)
        .where(
          inArray(
            media.path,
            sample.map((j) => j.path),
          ),
        );
      expect(stored).toHaveLength(sample.length);
      for (const row of stored) {
        const meta = await sharp(path.join(dir, keyFor(row.path))).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([row.width, row.height]);
      }
      // Existing files are kept, not drawn again.
      expect((await renderImages(new DiskMediaStore(dir), sample)).skipped).toBe(sample.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
