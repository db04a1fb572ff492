import { and, asc, eq, isNull, like, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { brands, categories, colors, sizes, subCategories, units } from '../schema/catalog';
import { media } from '../schema/common';
import {
  productCategories,
  productColors,
  productImages,
  productSizes,
  productSubCategories,
  products,
  productTranslations,
  reviews,
} from '../schema/products';
import { provinces } from '../schema/settings';
import { shops } from '../schema/shops';
import { users } from '../schema/users';
import { transaction } from '../transaction';
import {
  CATEGORIES,
  type CategorySeed,
  COLORS,
  type ProductTypeSeed,
  SIZE_GROUPS,
  type Tr,
  type VariantKind,
} from './data/catalog';
import { REVIEW_TEXTS, SHOPS } from './data/content';
import { PALETTES, type ProductIcon, productImagePath } from './images';
import { Rng, seedFor, slugify } from './random';

/** Timestamps of the demo are relative to this date (flash sales excepted), so every run matches. */
export const REFERENCE_DATE = new Date('2026-11-01T03:00:00Z');
/** Demo products carry this SKU prefix; the generator counts them to know where to continue. */
export const DEMO_SKU_PREFIX = 'PN-';
const PRODUCT_SEED = 0x5eed_2026;
const DAY = 86_400_000;
const BATCH = 500;
const MAX_ROWS_PER_INSERT = 1000;

export interface CatalogContext {
  shopsByCategory: Map<string, Array<{ id: number; city: string; province: string }>>;
  categoryIds: Map<string, number>;
  subIds: Map<string, number>;
  brandIds: Map<string, number>;
  colorIds: number[];
  sizeIds: Map<string, number>;
  unitIds: Map<string, number>;
  mediaIds: Map<string, number>;
  reviewerIds: number[];
}

/** Reads back the ids of the reference data by natural keys, so generation works on any seeded database. */
export async function loadCatalogContext(db: Database): Promise<CatalogContext> {
  // One after another: inside a transaction they share a single connection.
  const shopRows = await db
    .select({ id: shops.id, slug: shops.slug, province: provinces.name })
    .from(shops)
    .leftJoin(provinces, eq(provinces.id, shops.provinceId))
    .orderBy(asc(shops.id));
  const catRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const subRows = await db.select({ id: subCategories.id, slug: subCategories.slug }).from(subCategories);
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands).where(isNull(brands.shopId));
  const colorRows = await db.select({ id: colors.id, name: colors.name }).from(colors).where(isNull(colors.shopId));
  const sizeRows = await db.select({ id: sizes.id, name: sizes.name }).from(sizes).where(isNull(sizes.shopId));
  const unitRows = await db.select({ id: units.id, name: units.name }).from(units).where(isNull(units.shopId));
  const mediaRows = await db
    .select({ id: media.id, path: media.path })
    .from(media)
    .where(like(media.path, '/uploads/demo/products/%'));
  const reviewerRows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'customer'), like(users.email, '%@mail.example.com')))
    .orderBy(asc(users.id));
  const shopsByCategory = new Map<string, Array<{ id: number; city: string; province: string }>>();
  for (const seed of SHOPS) {
    const row = shopRows.find((s) => s.slug === seed.slug);
    if (!row) continue;
    for (const cat of seed.categories) {
      const list = shopsByCategory.get(cat) ?? [];
      list.push({ id: row.id, city: seed.city, province: row.province ?? '' });
      shopsByCategory.set(cat, list);
    }
  }
  const colorByName = new Map(colorRows.map((c) => [c.name, c.id]));
  const ctx: CatalogContext = {
    shopsByCategory,
    categoryIds: new Map(catRows.map((c) => [c.slug, c.id])),
    subIds: new Map(subRows.map((s) => [s.slug, s.id])),
    brandIds: new Map(brandRows.map((b) => [b.name, b.id])),
    colorIds: COLORS.map((c) => colorByName.get(c.name.en) ?? 0),
    sizeIds: new Map(sizeRows.map((s) => [s.name, s.id])),
    unitIds: new Map(unitRows.map((u) => [u.name, u.id])),
    mediaIds: new Map(mediaRows.map((m) => [m.path, m.id])),
    reviewerIds: reviewerRows.map((r) => r.id),
  };
  for (const c of CATEGORIES) {
    if (!ctx.categoryIds.has(c.slug))
      throw new Error(`The demo catalogue is missing category ${c.slug}; seed the demo first.`);
    if (!shopsByCategory.get(c.slug)?.length) throw new Error(`No demo shop sells in ${c.slug}.`);
  }
  if (ctx.colorIds.includes(0)) throw new Error('The demo colours are missing; seed the demo first.');
  return ctx;
}

export interface GeneratedProduct {
  row: typeof products.$inferInsert;
  translations: Array<Omit<typeof productTranslations.$inferInsert, 'productId'>>;
  gallery: number[];
  categoryIds: number[];
  subIds: number[];
  colors: Array<{ colorId: number; extraPrice: number }>;
  sizes: Array<{ sizeId: number; extraPrice: number }>;
  reviews: Array<{ customerId: number; rating: number; description: string; createdAt: Date }>;
}

/** Rounds to a shop-like price in whole rupiah: 149.000 or 149.900. */
function nicePrice(rupiah: number, rng: Rng): number {
  const step = rupiah >= 1_000_000 ? 10_000 : 1_000;
  const rounded = Math.max(step, Math.round(rupiah / step) * step);
  return rng.chance(0.5) && rounded > step ? rounded - step / 10 : rounded;
}

const RATING_WEIGHTS: Array<[number, number]> = [
  [5, 55],
  [4, 30],
  [3, 9],
  [2, 4],
  [1, 2],
];

const LABELS = {
  en: {
    highlights: 'Highlights',
    specs: 'Specifications',
    brand: 'Brand',
    condition: 'Condition',
    isNew: 'New',
    warranty: 'Warranty',
    ships: 'Ships from',
    sku: 'SKU',
  },
  id: {
    highlights: 'Keunggulan',
    specs: 'Spesifikasi',
    brand: 'Merek',
    condition: 'Kondisi',
    isNew: 'Baru',
    warranty: 'Garansi',
    ships: 'Dikirim dari',
    sku: 'SKU',
  },
  ar: {
    highlights: 'المزايا',
    specs: 'المواصفات',
    brand: 'العلامة التجارية',
    condition: 'الحالة',
    isNew: 'جديد',
    warranty: 'الضمان',
    ships: 'يُشحن من',
    sku: 'رمز المنتج',
  },
} as const;

function names(type: ProductTypeSeed, brand: string, mod: Tr): Tr {
  return {
    en: `${brand} ${type.name.en} ${mod.en}`,
    id: `${type.name.id} ${brand} ${mod.id}`,
    ar: `${type.name.ar} ${brand} ${mod.ar}`,
  };
}

function describe(
  lang: keyof Tr,
  name: string,
  category: CategorySeed,
  features: Tr[],
  brand: string,
  sku: string,
  shipsFrom: string,
): { short: string; html: string } {
  const l = LABELS[lang];
  const intro =
    lang === 'ar'
      ? `${name}: ${category.blurb.ar}.`
      : `${name} ${lang === 'en' ? 'is' : 'adalah produk yang'} ${category.blurb[lang]}.`;
  const html =
    `<p>${intro}</p>` +
    `<h3>${l.highlights}</h3><ul>${features.map((f) => `<li>${f[lang]}</li>`).join('')}</ul>` +
    `<h3>${l.specs}</h3><ul><li>${l.brand}: ${brand}</li><li>${l.sku}: ${sku}</li><li>${l.condition}: ${l.isNew}</li><li>${l.warranty}: ${category.warranty[lang]}</li><li>${l.ships}: ${shipsFrom}</li></ul>`;
  const short = `${features[0]?.[lang] ?? ''}. ${features[1]?.[lang] ?? ''}.`;
  return { short, html };
}

/** Product number `index` of the demo catalogue; the same index always gives the same product. */
export function generateProduct(index: number, ctx: CatalogContext): GeneratedProduct {
  const rng = new Rng(seedFor(PRODUCT_SEED, index));
  const category = rng.weighted(CATEGORIES, (c) => c.weight);
  const type = rng.pick(category.types);
  const brand = rng.pick(category.brands);
  const mod = rng.pick(type.mods);
  const shop = rng.pick(ctx.shopsByCategory.get(category.slug) ?? []);
  const name = names(type, brand, mod);
  const sku = `${DEMO_SKU_PREFIX}${category.slug.slice(0, 3).toUpperCase()}-${String(index + 1).padStart(6, '0')}`;

  const priceRupiah = nicePrice(type.price[0] + rng.next() ** 1.6 * (type.price[1] - type.price[0]), rng);
  const discounted = rng.chance(0.4);
  const discountRupiah = discounted ? nicePrice(priceRupiah * (1 - rng.int(5, 40) / 100), rng) : 0;
  const stock = rng.chance(0.07) ? 0 : rng.int(3, 480);

  const colorIdx = type.colors
    ? rng.sample(
        COLORS.map((_, i) => i),
        rng.int(2, 4),
      )
    : [];
  const palette = colorIdx.length ? (COLORS[colorIdx[0] as number]?.palette ?? 0) : rng.int(0, PALETTES.length - 1);
  const otherPalette = (palette + rng.int(1, PALETTES.length - 1)) % PALETTES.length;
  const colorExtras = [0, 0, 0, 5_000, 10_000, 15_000, 25_000];
  const productColorsRows = colorIdx.map((ci, i) => ({
    colorId: ctx.colorIds[ci] as number,
    extraPrice: i === 0 ? 0 : rng.pick(colorExtras) * 100,
  }));

  let sizeRows: Array<{ sizeId: number; extraPrice: number }> = [];
  if (type.variants) {
    const group = SIZE_GROUPS[type.variants as VariantKind];
    let chosen = [...group];
    if (type.variants === 'shoe') {
      const start = rng.int(0, 2);
      chosen = group.slice(start, start + rng.int(4, 5));
    } else if (type.variants === 'storage') {
      const start = type.icon === 'laptop' ? 2 : rng.int(0, 1);
      chosen = group.slice(start, start + rng.int(2, 3));
    }
    sizeRows = chosen.map((s, i) => ({
      sizeId: ctx.sizeIds.get(s.name.en) as number,
      extraPrice: (type.variants === 'storage' ? (i === 0 ? 0 : s.extra * i) : s.extra) * 100,
    }));
  }

  const icon: ProductIcon = type.icon;
  const image = (p: number, style: number) => {
    const id = ctx.mediaIds.get(productImagePath(icon, p, style));
    if (!id) throw new Error(`Missing demo image ${productImagePath(icon, p, style)}`);
    return id;
  };
  const gallery = [image(palette, 0), image(palette, 1), image(palette, 2)];
  if (rng.chance(0.5)) gallery.push(image(otherPalette, 0));

  const createdAt = new Date(REFERENCE_DATE.getTime() - Math.floor(rng.next() * 120 * DAY));
  const reviewCount = Math.min(15, Math.floor(rng.next() ** 1.4 * 16));
  const reviewers = rng.sample(ctx.reviewerIds, reviewCount);
  const reviewRows = reviewers.map((customerId) => {
    const rating = rng.weighted(RATING_WEIGHTS, ([, w]) => w)[0];
    const age = REFERENCE_DATE.getTime() - createdAt.getTime();
    return {
      customerId,
      rating,
      description: rng.pick(REVIEW_TEXTS[rating] ?? ['']),
      createdAt: new Date(createdAt.getTime() + Math.floor(rng.next() * age)),
    };
  });
  const ratingAvg = reviewRows.length
    ? Math.round((reviewRows.reduce((s, r) => s + r.rating, 0) / reviewRows.length) * 100) / 100
    : 0;

  const features = rng.sample(category.features, 3);
  const shipsFrom = `${shop.city}, ${shop.province}`;
  const en = describe('en', name.en, category, features, brand, sku, shipsFrom);
  const id = describe('id', name.id, category, features, brand, sku, shipsFrom);
  const ar = describe('ar', name.ar, category, features, brand, sku, shipsFrom);
  const subIds = type.subs.map((s) => {
    const subId = ctx.subIds.get(s);
    if (!subId) throw new Error(`Missing subcategory ${s}`);
    return subId;
  });

  return {
    row: {
      shopId: shop.id,
      name: name.en,
      slug: `${slugify(name.en)}-${index + 1}`,
      sku,
      mediaId: gallery[0] as number,
      brandId: ctx.brandIds.get(brand) ?? null,
      unitId: ctx.unitIds.get(type.unit) ?? null,
      price: priceRupiah * 100,
      discountPrice: discountRupiah * 100,
      stock,
      minOrderQuantity: 1,
      shortDescription: en.short,
      description: en.html,
      isActive: true,
      isApproved: true,
      isFeatured: rng.chance(0.08),
      isDigital: false,
      ratingAvg,
      reviewsCount: reviewRows.length,
      soldCount: Math.floor(rng.next() ** 3 * 2500),
      metaTitle: name.en,
      metaDescription: en.short,
      createdAt,
      updatedAt: createdAt,
    },
    translations: [
      { locale: 'en', name: name.en, shortDescription: en.short, description: en.html },
      { locale: 'id', name: name.id, shortDescription: id.short, description: id.html },
      { locale: 'ar', name: name.ar, shortDescription: ar.short, description: ar.html },
    ],
    gallery,
    categoryIds: [ctx.categoryIds.get(category.slug) as number],
    subIds,
    colors: productColorsRows,
    sizes: sizeRows,
    reviews: reviewRows,
  };
}

async function insertChunked<TTable extends PgTable>(
  db: Database,
  table: TTable,
  rows: Array<TTable['$inferInsert']>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += MAX_ROWS_PER_INSERT) {
    // The generic table hides the row type from drizzle's overloads; callers pass matching rows.
    await db.insert(table).values(rows.slice(i, i + MAX_ROWS_PER_INSERT) as never);
  }
}

/**
 * Inserts demo products [from, to) in batches, each batch in one transaction with multi-row
 * INSERTs, so a 100k catalogue costs a few thousand statements rather than millions. With
 * `concurrency` > 1 (PostgreSQL only: it needs a pool) batches overlap, so building the next
 * batch's SQL in Node runs while the server writes the previous one; ids then interleave by batch.
 */
export async function insertProducts(
  db: Database,
  ctx: CatalogContext,
  from: number,
  to: number,
  onProgress?: (done: number, total: number) => void,
  concurrency = 1,
): Promise<void> {
  const total = to - from;
  let nextStart = from;
  let done = 0;
  const worker = async () => {
    while (nextStart < to) {
      const start = nextStart;
      const end = Math.min(to, start + BATCH);
      nextStart = end;
      await insertBatch(db, ctx, start, end);
      done += end - start;
      onProgress?.(done, total);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
}

async function insertBatch(db: Database, ctx: CatalogContext, start: number, end: number): Promise<void> {
  const generated: GeneratedProduct[] = [];
  for (let i = start; i < end; i++) generated.push(generateProduct(i, ctx));
  await transaction(db, async (tx) => {
    const ids = await tx
      .insert(products)
      .values(generated.map((g) => g.row))
      .returning({ id: products.id });
    const withId = <R>(make: (g: GeneratedProduct, productId: number) => R[]) =>
      generated.flatMap((g, i) => make(g, (ids[i] as { id: number }).id));
    await insertChunked(
      tx,
      productTranslations,
      withId((g, productId) => g.translations.map((t) => ({ ...t, productId }))),
    );
    await insertChunked(
      tx,
      productImages,
      withId((g, productId) => g.gallery.map((mediaId, position) => ({ productId, mediaId, position }))),
    );
    await insertChunked(
      tx,
      productCategories,
      withId((g, productId) => g.categoryIds.map((categoryId) => ({ productId, categoryId }))),
    );
    await insertChunked(
      tx,
      productSubCategories,
      withId((g, productId) => g.subIds.map((subCategoryId) => ({ productId, subCategoryId }))),
    );
    await insertChunked(
      tx,
      productColors,
      withId((g, productId) => g.colors.map((c) => ({ ...c, productId }))),
    );
    await insertChunked(
      tx,
      productSizes,
      withId((g, productId) => g.sizes.map((s) => ({ ...s, productId }))),
    );
    await insertChunked(
      tx,
      reviews,
      withId((g, productId) => g.reviews.map((r) => ({ ...r, productId, shopId: g.row.shopId, isActive: true }))),
    );
  });
}

/** Shops' rating and review count follow their products' reviews (the listing sorts on them). */
export async function refreshShopRatings(db: Database): Promise<void> {
  await db.execute(sql`
    UPDATE ${shops} SET
      rating_avg = COALESCE(r.avg, 0),
      reviews_count = COALESCE(r.cnt, 0)
    FROM (SELECT s.id, ROUND(AVG(rv.rating)::numeric, 2)::real AS avg, COUNT(rv.id)::int AS cnt
          FROM ${shops} s LEFT JOIN ${reviews} rv ON rv.shop_id = s.id AND rv.is_active
          GROUP BY s.id) r
    WHERE ${shops.id} = r.id`);
}

export async function countDemoProducts(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .where(like(products.sku, `${DEMO_SKU_PREFIX}%`));
  return Number(row?.n ?? 0);
}

/** Every product picture the generator may point at, as (icon, palette, style) triples. */
export function productImageKeys(): Array<{ icon: ProductIcon; palette: number; style: number }> {
  const icons = new Set<ProductIcon>(CATEGORIES.flatMap((c) => c.types.map((t) => t.icon)));
  const keys: Array<{ icon: ProductIcon; palette: number; style: number }> = [];
  for (const icon of icons) {
    for (let palette = 0; palette < PALETTES.length; palette++) {
      for (let style = 0; style < 3; style++) keys.push({ icon, palette, style });
    }
  }
  return keys;
}
