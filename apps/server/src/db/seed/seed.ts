import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { MediaStore } from '../../lib/media-store';
import { rowsOf } from '../../lib/sql';
import type { Database, DatabaseKind } from '../client';
import { languages, settings } from '../schema/settings';
import { transaction } from '../transaction';
import { DEMO_PASSWORD } from './demo-accounts';
import { demoImageJobs, sitePath } from './demo-images';
import { renderImages } from './images';
import { countDemoProducts, insertProducts, loadCatalogContext, refreshShopRatings } from './products';
import { seedBlogs } from './seeders/blogs';
import { seedCatalog } from './seeders/catalog';
import { seedChat } from './seeders/chat';
import { seedCheckoutBasics, seedCommerce } from './seeders/commerce';
import { seedContent, seedPolicyPages } from './seeders/content';
import { seedDigital } from './seeders/digital';
import { seedLocale } from './seeders/locale';
import { seedBannersAndAds, seedFlashSales } from './seeders/marketing';
import { seedMedia } from './seeders/media';
import { seedPeople } from './seeders/people';
import { seedSettings } from './seeders/settings';
import { seedShops } from './seeders/shops';
import { seedSupport } from './seeders/support';

export { REFERENCE_DATE } from './products';

export const DEFAULT_DEMO_PRODUCTS = 520;

export interface SeedDemoOptions {
  /** Where the pictures go (the uploads folder's keys). */
  media: MediaStore;
  databaseKind: DatabaseKind;
  /** How many products the demo gets; 520 by default. */
  products?: number;
  /** false writes the media rows without image files (fast tests). */
  images?: boolean;
  /**
   * Whether the demo accounts sign in with DEMO_PASSWORD (the default); false, as in production,
   * leaves them without a password.
   */
  demoLogins?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedSummary {
  products: number;
  shops: number;
  categories: number;
  subCategories: number;
  reviews: number;
  images: { written: number; skipped: number };
  ms: number;
}

/** True when nothing has been set up yet: no settings and no languages. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const result = await db.execute(
    sql`SELECT (SELECT count(*) FROM ${settings})::int AS settings, (SELECT count(*) FROM ${languages})::int AS languages`,
  );
  const [row] = rowsOf<{ settings: number; languages: number }>(result);
  return Number(row?.settings ?? 0) === 0 && Number(row?.languages ?? 0) === 0;
}

/**
 * What a shop started without the demo (`SEED_ON_EMPTY=false`) needs to serve its pages: the
 * languages, currencies, countries and provinces, the site settings (the demo's name, logos and
 * colours, which the operator changes in the back office), the payment gateways, delivery charges,
 * VAT and the policy pages (the demo's text, to be edited). No shop, product, account or content: the operator is made with `npm run
 * create-operator`. One transaction; the settings mark the database as no longer empty.
 */
export async function seedBase(db: Database, opts: { media: MediaStore }): Promise<void> {
  const jobs = demoImageJobs().filter(
    (job) => job.path.startsWith(sitePath('')) || job.path.startsWith('/uploads/demo/payments/'),
  );
  await renderImages(opts.media, jobs);
  await transaction(db, async (tx) => {
    const mid = await seedMedia(tx, jobs);
    await seedLocale(tx);
    await seedCheckoutBasics(tx, mid);
    await seedPolicyPages(tx);
    await seedSettings(tx);
  });
}

/**
 * Fills an empty database with the demo marketplace: deterministic (seeded PRNG, fixed
 * reference date) except the flash sales, which are placed around the current time so one is
 * always running and one upcoming. Everything is written in one transaction.
 */
export async function seedDemo(db: Database, opts: SeedDemoOptions): Promise<SeedSummary> {
  const started = Date.now();
  const productTotal = opts.products ?? DEFAULT_DEMO_PRODUCTS;
  const jobs = demoImageJobs();
  const imageStats =
    opts.images === false ? { written: 0, skipped: jobs.length } : await renderImages(opts.media, jobs);
  // Hashing is slow by design: hash once and share it between all demo accounts.
  const passwordHash = opts.demoLogins === false ? null : await hash(DEMO_PASSWORD, { algorithm: 2 });
  const now = Date.now();

  await transaction(db, async (tx) => {
    const mid = await seedMedia(tx, jobs);
    const provinceId = await seedLocale(tx);
    const sellerRows = await seedPeople(tx, passwordHash);
    const shopRows = await seedShops(tx, mid, sellerRows, provinceId);
    await seedBannersAndAds(tx, mid, shopRows);
    await seedCatalog(tx, mid);
    await insertProducts(tx, await loadCatalogContext(tx), 0, productTotal, opts.onProgress);
    await seedFlashSales(tx, mid, now);
    await seedContent(tx, mid);
    await seedCommerce(tx, mid, shopRows, now);
    await seedBlogs(tx, mid);
    await refreshShopRatings(tx);
    await seedSettings(tx);
    await seedSupport(tx);
    await seedChat(tx, shopRows, now);
    await seedDigital(tx);
  });

  const [counts] = await countRows(db);
  return {
    products: counts?.products ?? 0,
    shops: counts?.shops ?? 0,
    categories: counts?.categories ?? 0,
    subCategories: counts?.sub_categories ?? 0,
    reviews: counts?.reviews ?? 0,
    images: imageStats,
    ms: Date.now() - started,
  };
}

interface Counts {
  products: number;
  shops: number;
  categories: number;
  sub_categories: number;
  reviews: number;
}

async function countRows(db: Database): Promise<Counts[]> {
  const result = await db.execute(sql`SELECT
    (SELECT count(*) FROM products)::int AS products,
    (SELECT count(*) FROM shops)::int AS shops,
    (SELECT count(*) FROM categories)::int AS categories,
    (SELECT count(*) FROM sub_categories)::int AS sub_categories,
    (SELECT count(*) FROM reviews)::int AS reviews`);
  return rowsOf<Counts>(result);
}

export interface SeedMoreOptions {
  media: MediaStore;
  /** Total number of demo products wanted. */
  target: number;
  /** Also write any missing product pictures (they are shared, so at most a few hundred files). */
  images?: boolean;
  onProgress?: (done: number, total: number) => void;
  /** Batches in flight at once; above 1 only for PostgreSQL (PGlite has one connection). */
  concurrency?: number;
}

/**
 * Grows the demo catalogue to `target` products, reusing the demo pictures. Product N is the
 * same whichever run creates it, so growing in steps gives the same catalogue as growing at once.
 */
export async function seedMoreProducts(
  db: Database,
  opts: SeedMoreOptions,
): Promise<{ before: number; after: number; inserted: number; ms: number }> {
  const started = Date.now();
  if (opts.images !== false) {
    await renderImages(
      opts.media,
      demoImageJobs().filter((j) => j.path.startsWith('/uploads/demo/products/')),
    );
  }
  const before = await countDemoProducts(db);
  if (before >= opts.target) return { before, after: before, inserted: 0, ms: Date.now() - started };
  const ctx = await loadCatalogContext(db);
  await insertProducts(db, ctx, before, opts.target, opts.onProgress, opts.concurrency ?? 1);
  await refreshShopRatings(db);
  const after = await countDemoProducts(db);
  return { before, after, inserted: after - before, ms: Date.now() - started };
}
