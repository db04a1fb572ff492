import { and, asc, count, countDistinct, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isListedProductId, productInCategory } from '../../db/queries/listed-products';
import { categories } from '../../db/schema/catalog';
import { media } from '../../db/schema/common';
import { flashSaleProducts, flashSales } from '../../db/schema/marketing';
import { productCategories } from '../../db/schema/products';

const flashSaleColumns = {
  id: flashSales.id,
  name: flashSales.name,
  thumbnail: media.path,
  discount: flashSales.discount,
  startsAt: flashSales.startsAt,
  endsAt: flashSales.endsAt,
};

/** An active flash sale, whatever its window. */
export async function findActiveFlashSale(db: Database, id: number) {
  const [row] = await db
    .select(flashSaleColumns)
    .from(flashSales)
    .leftJoin(media, eq(media.id, flashSales.mediaId))
    .where(and(eq(flashSales.id, id), eq(flashSales.isActive, true)))
    .limit(1);
  return row ?? null;
}

export interface FlashSaleProductFilter {
  flashSaleId: number;
  categoryId?: number;
  /** While a sale runs, sold-out allocations are no longer on sale and are left out. */
  inStockOnly: boolean;
}

function saleProductCondition(filter: FlashSaleProductFilter): SQL {
  const conditions: SQL[] = [
    eq(flashSaleProducts.flashSaleId, filter.flashSaleId),
    isListedProductId(flashSaleProducts.productId),
  ];
  if (filter.inStockOnly) conditions.push(sql`${flashSaleProducts.quantity} > ${flashSaleProducts.soldQuantity}`);
  if (filter.categoryId !== undefined) {
    conditions.push(productInCategory(flashSaleProducts.productId, filter.categoryId));
  }
  return and(...conditions) as SQL;
}

/** Best sellers of the sale first. */
export async function findSaleProductIds(db: Database, filter: FlashSaleProductFilter, limit: number, offset: number) {
  const rows = await db
    .select({ id: flashSaleProducts.productId })
    .from(flashSaleProducts)
    .where(saleProductCondition(filter))
    .orderBy(desc(flashSaleProducts.soldQuantity), asc(flashSaleProducts.productId))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => r.id);
}

export async function countSaleProducts(db: Database, filter: FlashSaleProductFilter) {
  const [row] = await db.select({ total: count() }).from(flashSaleProducts).where(saleProductCondition(filter));
  return row?.total ?? 0;
}

/** Active categories of the sale's listed products (the page's filter chips), biggest first. */
export async function findSaleCategoryRows(db: Database, filter: Omit<FlashSaleProductFilter, 'categoryId'>) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      translations: categories.translations,
      slug: categories.slug,
    })
    .from(flashSaleProducts)
    .innerJoin(productCategories, eq(productCategories.productId, flashSaleProducts.productId))
    .innerJoin(categories, eq(categories.id, productCategories.categoryId))
    .where(and(saleProductCondition(filter), eq(categories.isActive, true)))
    .groupBy(categories.id)
    .orderBy(desc(countDistinct(flashSaleProducts.productId)), asc(categories.position), asc(categories.id));
}

/** The sale running at `now` that ends first (its countdown is the most urgent). */
export async function findRunningFlashSale(db: Database, now: Date) {
  const [row] = await db
    .select(flashSaleColumns)
    .from(flashSales)
    .leftJoin(media, eq(media.id, flashSales.mediaId))
    .where(and(eq(flashSales.isActive, true), lte(flashSales.startsAt, now), gt(flashSales.endsAt, now)))
    .orderBy(asc(flashSales.endsAt), asc(flashSales.id))
    .limit(1);
  return row ?? null;
}

/** The next sale to start after `now`. */
export async function findIncomingFlashSale(db: Database, now: Date) {
  const [row] = await db
    .select(flashSaleColumns)
    .from(flashSales)
    .leftJoin(media, eq(media.id, flashSales.mediaId))
    .where(and(eq(flashSales.isActive, true), gt(flashSales.startsAt, now)))
    .orderBy(asc(flashSales.startsAt), asc(flashSales.id))
    .limit(1);
  return row ?? null;
}
