import { and, asc, count, countDistinct, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { listedProduct, productInCategory, shopHasListedProduct } from '../../db/queries/listed-products';
import { sellerShopIdOf } from '../../db/queries/seller-shop';
import { categories } from '../../db/schema/catalog';
import { media } from '../../db/schema/common';
import { banners } from '../../db/schema/marketing';
import { productCategories, products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { executeRows } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

export interface ShopFilter {
  search?: string;
  provinceId?: number;
}

/**
 * Shops a shopper can browse: active, with at least one listed product (the rule of the home
 * page's top shops), optionally by name and province.
 */
function browsableShop(filter: ShopFilter): SQL {
  const conditions: SQL[] = [eq(shops.isActive, true), shopHasListedProduct()];
  if (filter.search) conditions.push(ilike(shops.name, containsPattern(filter.search)));
  if (filter.provinceId !== undefined) conditions.push(eq(shops.provinceId, filter.provinceId));
  return and(...conditions) as SQL;
}

/** Best rated first, then most orders. */
export async function findShopIds(db: Database, filter: ShopFilter, limit: number, offset: number) {
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(browsableShop(filter))
    .orderBy(desc(shops.ratingAvg), desc(shops.ordersCount), asc(shops.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

export async function countShops(db: Database, filter: ShopFilter) {
  const [row] = await db.select({ total: count() }).from(shops).where(browsableShop(filter));
  return row?.total ?? 0;
}

/** An active shop by slug, or by id when the key is a number (a slug match wins). */
export async function findActiveShop(db: Database, slugOrId: string) {
  const id = /^\d{1,9}$/.test(slugOrId) ? Number(slugOrId) : null;
  const key = id === null ? eq(shops.slug, slugOrId) : or(eq(shops.slug, slugOrId), eq(shops.id, id));
  const [row] = await db
    .select({
      id: shops.id,
      description: shops.description,
      address: shops.address,
      openingTime: shops.openingTime,
      closingTime: shops.closingTime,
    })
    .from(shops)
    .where(and(eq(shops.isActive, true), key))
    .orderBy(desc(sql`${shops.slug} = ${slugOrId}`))
    .limit(1);
  return row ?? null;
}

/** The active shop a user runs as its seller (the Seller Centre's shop), or null. */
export async function findSellerShopId(db: Database, userId: number): Promise<number | null> {
  const [row] = await executeRows<{ id: number | null }>(db, sql`select ${sellerShopIdOf(sql`${userId}::int`)} as id`);
  return row?.id ?? null;
}

/** Whether the user owns the shop, whatever its state (waiting, refused, closed). */
export async function isShopOwner(db: Database, shopId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The shop page's own slider. */
export async function findShopBanners(db: Database, shopId: number) {
  return db
    .select({ id: banners.id, title: banners.title, thumbnail: media.path, url: banners.url })
    .from(banners)
    .innerJoin(media, eq(media.id, banners.mediaId))
    .where(and(eq(banners.shopId, shopId), eq(banners.isActive, true)))
    .orderBy(asc(banners.position), asc(banners.id));
}

function shopCategoryCondition(shopId: number): SQL {
  return and(eq(categories.isActive, true), eq(products.shopId, shopId), listedProduct()) as SQL;
}

/** Active categories the shop has listed products in, with that shop's product count, in the owner's order. */
export async function findShopCategoryRows(db: Database, shopId: number, limit: number, offset: number) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      translations: categories.translations,
      slug: categories.slug,
      thumbnail: media.path,
      productsCount: countDistinct(products.id),
    })
    .from(categories)
    .innerJoin(productCategories, eq(productCategories.categoryId, categories.id))
    .innerJoin(products, eq(products.id, productCategories.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .leftJoin(media, eq(media.id, categories.mediaId))
    .where(shopCategoryCondition(shopId))
    .groupBy(categories.id, media.path)
    .orderBy(asc(categories.position), asc(categories.id))
    .limit(limit)
    .offset(offset);
}

export async function countShopCategories(db: Database, shopId: number) {
  const [row] = await db
    .select({ total: countDistinct(categories.id) })
    .from(categories)
    .innerJoin(productCategories, eq(productCategories.categoryId, categories.id))
    .innerJoin(products, eq(products.id, productCategories.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(shopCategoryCondition(shopId));
  return row?.total ?? 0;
}

export interface ShopProductFilter {
  shopIds: SQL | readonly number[];
  search?: string;
  categoryId?: number;
}

function shopProductCondition(filter: ShopProductFilter): SQL {
  const conditions: SQL[] = [
    listedProduct(),
    Array.isArray(filter.shopIds)
      ? inArray(products.shopId, [...filter.shopIds])
      : sql`${products.shopId} in (${filter.shopIds as SQL})`,
  ];
  if (filter.search) conditions.push(ilike(products.name, containsPattern(filter.search)));
  if (filter.categoryId !== undefined) {
    conditions.push(productInCategory(products.id, filter.categoryId));
  }
  return and(...conditions) as SQL;
}

/** Listed products of the given shops, newest first. */
export async function findShopProductIds(db: Database, filter: ShopProductFilter, limit: number, offset: number) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(shopProductCondition(filter))
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

export async function countShopProducts(db: Database, filter: ShopProductFilter) {
  const [row] = await db
    .select({ total: count() })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(shopProductCondition(filter));
  return row?.total ?? 0;
}

/** The ids of a province's active shops, as a subquery. */
export const provinceShopIds = (provinceId: number): SQL =>
  sql`select ${shops.id} from ${shops} where ${shops.provinceId} = ${provinceId} and ${shops.isActive}`;
