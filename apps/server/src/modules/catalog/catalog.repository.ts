import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Database, preparedPerDatabase } from '../../db/client';
import {
  LISTED_COUNTS_OF_ACTIVE_SHOPS,
  listedProduct,
  priceVariants,
  shopHasListedProduct,
} from '../../db/queries/listed-products';
import { brands, categories, categorySubCategories, subCategories, units } from '../../db/schema/catalog';
import { media } from '../../db/schema/common';
import { ads, banners, flashSales } from '../../db/schema/marketing';
import { products, productTranslations } from '../../db/schema/products';
import { provinces } from '../../db/schema/settings';
import { shops } from '../../db/schema/shops';
import { rowsOf } from '../../lib/sql';

// ---------------------------------------------------------------------------------------------
// Product cards

const shopLogo = alias(media, 'shop_logo');

/**
 * Everything a product card shows, for the given ids, in one query: names in `locale`, the image,
 * brand, unit, shop, a running flash sale at `now`, and the sizes and colours with their extra
 * prices. Unlisted ids are left out; the order of the result is not the order of `ids`.
 */
export async function findProductCardRows(db: Database, ids: readonly number[], locale: string, now: Date) {
  if (ids.length === 0) return [];
  return productCardQuery(db).execute({ ids: [...ids], locale, at: now.toISOString() });
}

const productCardQuery = preparedPerDatabase((db) => {
  // The image and the shop's logo are looked up by id for each product found, never joined as
  // whole tables: the plan is built once for any number of ids (a generic plan assumes ten), and
  // with plain joins it hashed every media row, twice, to price a cart of three.
  const image = db
    .select({ path: media.path, width: media.width, height: media.height })
    .from(media)
    .where(eq(media.id, products.mediaId))
    .limit(1)
    .as('card_image');
  const logo = db
    .select({ path: shopLogo.path })
    .from(shopLogo)
    .where(eq(shopLogo.id, shops.logoId))
    .limit(1)
    .as('card_logo');
  return db
    .select({
      id: products.id,
      slug: products.slug,
      isDigital: products.isDigital,
      name: products.name,
      translatedName: productTranslations.name,
      thumbnail: image.path,
      thumbnailWidth: image.width,
      thumbnailHeight: image.height,
      price: products.price,
      discountPrice: products.discountPrice,
      stock: products.stock,
      ratingAvg: products.ratingAvg,
      reviewsCount: products.reviewsCount,
      soldCount: products.soldCount,
      brandName: brands.name,
      brandTranslations: brands.translations,
      unitId: units.id,
      unitName: units.name,
      unitTranslations: units.translations,
      shopId: shops.id,
      shopSlug: shops.slug,
      shopName: shops.name,
      /** The shop's order code prefix (a placement names its orders with it). */
      shopPrefix: shops.prefix,
      shopLogo: logo.path,
      shopRatingAvg: shops.ratingAvg,
      shopReviewsCount: shops.reviewsCount,
      shopEstimatedDeliveryTime: shops.estimatedDeliveryTime,
      shopEstimatedDeliveryTimeTranslations: shops.estimatedDeliveryTimeTranslations,
      shopDeliveryCharge: shops.deliveryCharge,
      shopLastOnlineAt: shops.lastOnlineAt,
      /** Closed for now by its seller: nothing of it can be bought. */
      shopClosed: shops.isClosed,
      ...priceVariants(),
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoinLateral(image, sql`true`)
    .leftJoinLateral(logo, sql`true`)
    .leftJoin(brands, and(eq(brands.id, products.brandId), eq(brands.isActive, true)))
    .leftJoin(units, and(eq(units.id, products.unitId), eq(units.isActive, true)))
    .leftJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.locale, sql.placeholder('locale'))),
    )
    .where(and(sql`${products.id} = any(${sql.placeholder('ids')}::int[])`, listedProduct()))
    .prepare('product_cards');
});
export type ProductCardRow = Awaited<ReturnType<typeof findProductCardRows>>[number];

/** Whether shoppers may see the product. */
export async function isListedProduct(db: Database, productId: number) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(products.id, productId), listedProduct()));
  return row !== undefined;
}

/** Listed products, newest first. */
export async function findNewestProductIds(db: Database, limit: number, offset: number) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(listedProduct())
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

/** Best rated first, then best selling. */
export async function findPopularProductIds(db: Database, limit: number) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(listedProduct())
    .orderBy(desc(products.ratingAvg), desc(products.soldCount), desc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** How many products shoppers may see, from the counts kept per shop (migration 0039). */
export async function countListedProducts(db: Database) {
  const [row] = await rowsOf<{ total: number }>(
    await db.execute(sql`select coalesce(sum(c.products), 0)::integer as total
      from ${LISTED_COUNTS_OF_ACTIVE_SHOPS} c where c.category_id = 0`),
  );
  return Number(row?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Categories

export type CategoryOrder = 'position' | 'products_count';

/** Each category's count of listed products (summed over active shops), for categories that have any. */
function categoryCounts(db: Database) {
  return db
    .select({
      categoryId: sql<number>`c.category_id`.as('category_id'),
      products: sql<number>`sum(c.products)::integer`.mapWith(Number).as('products'),
    })
    .from(sql`${LISTED_COUNTS_OF_ACTIVE_SHOPS} c`)
    .where(sql`c.category_id <> 0`)
    .groupBy(sql`c.category_id`)
    .as('category_counts');
}

/**
 * Active categories with at least one listed product, with that count (kept as products change,
 * migration 0039). `position` is the order the shop owner set; `products_count` puts the biggest
 * first (the home page row).
 */
export async function findCategoryRows(db: Database, options: { order: CategoryOrder; limit: number; offset: number }) {
  const counts = categoryCounts(db);
  const order =
    options.order === 'products_count'
      ? [desc(counts.products), asc(categories.position), asc(categories.id)]
      : [asc(categories.position), asc(categories.id)];
  return db
    .select({
      id: categories.id,
      name: categories.name,
      translations: categories.translations,
      slug: categories.slug,
      thumbnail: media.path,
      productsCount: counts.products,
    })
    .from(categories)
    .innerJoin(counts, eq(counts.categoryId, categories.id))
    .leftJoin(media, eq(media.id, categories.mediaId))
    .where(eq(categories.isActive, true))
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
}

export async function countListedCategories(db: Database) {
  const counts = categoryCounts(db);
  const [row] = await db
    .select({ total: count() })
    .from(categories)
    .innerJoin(counts, eq(counts.categoryId, categories.id))
    .where(eq(categories.isActive, true));
  return row?.total ?? 0;
}

/** Active subcategories of the given categories, in the order set on each category. */
export async function findSubCategoryRows(db: Database, categoryIds: readonly number[]) {
  if (categoryIds.length === 0) return [];
  return db
    .select({
      categoryId: categorySubCategories.categoryId,
      id: subCategories.id,
      name: subCategories.name,
      translations: subCategories.translations,
      slug: subCategories.slug,
      thumbnail: media.path,
    })
    .from(categorySubCategories)
    .innerJoin(subCategories, eq(subCategories.id, categorySubCategories.subCategoryId))
    .leftJoin(media, eq(media.id, subCategories.mediaId))
    .where(and(inArray(categorySubCategories.categoryId, [...categoryIds]), eq(subCategories.isActive, true)))
    .orderBy(asc(categorySubCategories.position), asc(subCategories.id));
}

// ---------------------------------------------------------------------------------------------
// Shop cards

const shopBanner = alias(media, 'shop_banner');

/** Active shops with at least one listed product, best rated first, then most orders. */
export async function findTopShopIds(db: Database, limit: number) {
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.isActive, true), shopHasListedProduct()))
    .orderBy(desc(shops.ratingAvg), desc(shops.ordersCount), asc(shops.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** What a shop card shows, for active shops among `ids`; the result is in no particular order. */
export async function findShopCardRows(db: Database, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: shops.id,
      slug: shops.slug,
      name: shops.name,
      logo: shopLogo.path,
      banner: shopBanner.path,
      ratingAvg: shops.ratingAvg,
      reviewsCount: shops.reviewsCount,
      openingTime: shops.openingTime,
      closingTime: shops.closingTime,
      offDay: shops.offDay,
      estimatedDeliveryTime: shops.estimatedDeliveryTime,
      estimatedDeliveryTimeTranslations: shops.estimatedDeliveryTimeTranslations,
      provinceId: provinces.id,
      provinceName: provinces.name,
      shortDescription: shops.shortDescription,
      isClosed: shops.isClosed,
      // Kept as products change (migration 0039): category 0 is the whole shop.
      totalProducts: sql<number>`coalesce((select lc.products from listed_product_counts lc
        where lc.shop_id = ${shops.id} and lc.category_id = 0), 0)`.mapWith(Number),
      totalCategories: sql<number>`(select count(*) from listed_product_counts lc
        where lc.shop_id = ${shops.id} and lc.category_id <> 0 and lc.products > 0)`.mapWith(Number),
    })
    .from(shops)
    .leftJoin(shopLogo, eq(shopLogo.id, shops.logoId))
    .leftJoin(shopBanner, eq(shopBanner.id, shops.bannerId))
    .leftJoin(provinces, eq(provinces.id, shops.provinceId))
    .where(and(inArray(shops.id, [...ids]), eq(shops.isActive, true)));
}
export type ShopCardRow = Awaited<ReturnType<typeof findShopCardRows>>[number];

// ---------------------------------------------------------------------------------------------
// Catalogue changes

/**
 * Where the catalogue stands: the sequence every write to it moves (migration 0009), and the next
 * start or end of an active flash sale after `now` (prices change then without a write).
 */
export async function findCatalogState(db: Database, now: Date) {
  const at = now.toISOString();
  const [row] = await db
    .select({
      version: sql<string>`(select last_value::text || (case when is_called then '+' else '' end) from catalogue_version)`,
      nextBoundary: sql<string | null>`(select min(t) from (
          select starts_at as t from ${flashSales} where is_active and starts_at > ${at}::timestamptz
          union all
          select ends_at from ${flashSales} where is_active and ends_at > ${at}::timestamptz
          union all
          select starts_at from ${banners} where is_active and starts_at > ${at}::timestamptz
          union all
          select ends_at from ${banners} where is_active and ends_at > ${at}::timestamptz
          union all
          select starts_at from ${ads} where is_active and starts_at > ${at}::timestamptz
          union all
          select ends_at from ${ads} where is_active and ends_at > ${at}::timestamptz) b)`,
    })
    .from(sql`(select 1) as one`);
  return {
    version: row?.version ?? '',
    nextBoundary: row?.nextBoundary ? new Date(row.nextBoundary) : null,
  };
}

/** The running flash sales' prices (the listings' rule, db/queries/listed-products.ts). */
export { type FlashPrice, findRunningFlashPriceList } from '../../db/queries/listed-products';

/** A logged write to products (migration 0038): their ids (null: the whole catalogue). */
export interface CatalogueChangeRow {
  id: string;
  productIds: number[] | null;
  placement: boolean;
  /** What suggestions and searches match (names, publication) changed. */
  text: boolean;
  /** For a placement: the shops, brands, categories and prices (minor units) the products had and have. */
  shops: number[] | null;
  brands: number[] | null;
  categories: number[] | null;
  prices: number[] | null;
}

/**
 * The product writes logged after `afterId`, and those logged in the last `windowMs` (a write
 * with a lower id may commit after one with a higher id): each is read at least once.
 */
export async function findRecentCatalogueChanges(
  db: Database,
  windowMs: number,
  afterId: string,
): Promise<CatalogueChangeRow[]> {
  const rows = rowsOf<{
    id: string;
    product_ids: number[] | null;
    placement: boolean;
    text: boolean;
    shops: number[] | null;
    brands: number[] | null;
    categories: number[] | null;
    prices: string[] | null;
  }>(
    await db.execute(sql`select id::text as id, product_ids, placement, text, shops, brands, categories,
      prices::text[] as prices from catalogue_changes
      where id > ${afterId}::bigint or at > clock_timestamp() - make_interval(secs => ${windowMs / 1000})
      order by catalogue_changes.id`),
  );
  return rows.map((r) => ({
    id: r.id,
    productIds: r.product_ids,
    placement: r.placement,
    text: r.text,
    shops: r.shops,
    brands: r.brands,
    categories: r.categories,
    prices: r.prices?.map(Number) ?? null,
  }));
}

/** Removes the logged product writes older than `olderThanMs`: every process has read them. */
export async function deleteOldCatalogueChanges(db: Database, olderThanMs: number): Promise<void> {
  await db.execute(
    sql`delete from catalogue_changes where at < clock_timestamp() - make_interval(secs => ${olderThanMs / 1000})`,
  );
}

/** A shop's products on sale (not digital) with at most `threshold` in stock, fewest first. */
export async function findLowStockProducts(db: Database, shopId: number, threshold: number, limit: number) {
  return db
    .select({ id: products.id, name: products.name, thumbnail: media.path, stock: products.stock })
    .from(products)
    .leftJoin(media, eq(media.id, products.mediaId))
    .where(
      and(
        eq(products.shopId, shopId),
        eq(products.isActive, true),
        eq(products.isDigital, false),
        sql`${products.stock} <= ${threshold}`,
      ),
    )
    .orderBy(asc(products.stock), asc(products.id))
    .limit(limit);
}
