import { and, asc, count, countDistinct, desc, eq, gt, ilike, inArray, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isListedProductId, productInCategory } from '../../db/queries/listed-products';
import { categories } from '../../db/schema/catalog';
import { media } from '../../db/schema/common';
import { flashSaleProducts, flashSaleShops, flashSales } from '../../db/schema/marketing';
import { productCategories, products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import type { Executor } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

const flashSaleColumns = {
  id: flashSales.id,
  name: flashSales.name,
  translations: flashSales.translations,
  thumbnail: media.path,
  discount: flashSales.discount,
  startsAt: flashSales.startsAt,
  endsAt: flashSales.endsAt,
};

/** An active flash sale, whatever its window. */
export async function findActiveFlashSale(db: Executor, id: number) {
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

// ---------------------------------------------------------------------------------------------
// A shop's entries (the Seller Centre)

/** The sale is open to every shop, or to this one among the chosen. */
const openToShop = (shopId: number): SQL =>
  sql`(${flashSales.allShops} or exists (select 1 from ${flashSaleShops} fs
    where fs.flash_sale_id = "flash_sales"."id" and fs.shop_id = ${shopId}))`;

/** Whether the shop may enter products in the sale. */
export async function saleOpenToShop(db: Executor, saleId: number, shopId: number) {
  const [row] = await db
    .select({ id: flashSales.id })
    .from(flashSales)
    .where(and(eq(flashSales.id, saleId), openToShop(shopId)));
  return row !== undefined;
}

/** The active sales not ended at `now` (running and upcoming) the shop may join, soonest to start first. */
export async function findOpenFlashSales(db: Executor, now: Date, shopId: number) {
  return db
    .select(flashSaleColumns)
    .from(flashSales)
    .leftJoin(media, eq(media.id, flashSales.mediaId))
    .where(and(eq(flashSales.isActive, true), gt(flashSales.endsAt, now), openToShop(shopId)))
    .orderBy(asc(flashSales.startsAt), asc(flashSales.id))
    .limit(100);
}

const entryColumns = {
  id: flashSaleProducts.id,
  flashSaleId: flashSaleProducts.flashSaleId,
  productId: flashSaleProducts.productId,
  productName: products.name,
  thumbnail: media.path,
  regularPrice: products.price,
  price: flashSaleProducts.price,
  discount: flashSaleProducts.discount,
  quantity: flashSaleProducts.quantity,
  sold: flashSaleProducts.soldQuantity,
  startsAt: flashSales.startsAt,
};

/**
 * The shop's entries in the given sales (or one entry by id), with their products. With `lock`,
 * the entries' rows stay locked (FOR UPDATE) until the transaction `db` ends.
 */
export async function findShopEntries(
  db: Executor,
  shopId: number,
  filter: { saleIds?: number[]; entryId?: number; lock?: boolean },
) {
  if (filter.saleIds && filter.saleIds.length === 0) return [];
  const query = db
    .select(entryColumns)
    .from(flashSaleProducts)
    .innerJoin(products, eq(products.id, flashSaleProducts.productId))
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
    .leftJoin(media, eq(media.id, products.mediaId))
    .where(
      and(
        eq(products.shopId, shopId),
        filter.saleIds ? inArray(flashSaleProducts.flashSaleId, filter.saleIds) : undefined,
        filter.entryId !== undefined ? eq(flashSaleProducts.id, filter.entryId) : undefined,
      ),
    )
    .orderBy(asc(flashSaleProducts.flashSaleId), asc(flashSaleProducts.id));
  return filter.lock ? query.for('update', { of: flashSaleProducts }) : query;
}
export type ShopEntryRow = Awaited<ReturnType<typeof findShopEntries>>[number];

/** One of the shop's products as an entry needs it; undefined for another shop's. */
export async function findShopProduct(db: Executor, shopId: number, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      price: products.price,
      stock: products.stock,
      published: sql<boolean>`${products.isActive} and ${products.isApproved}`,
    })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.shopId, shopId)));
  return row;
}

/** Another active sale whose time overlaps [startsAt, endsAt) and already has the product. */
export async function findOverlappingEntry(
  db: Executor,
  productId: number,
  sale: { id: number; startsAt: Date; endsAt: Date },
) {
  const [row] = await db
    .select({ id: flashSales.id, name: flashSales.name })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
    .where(
      and(
        eq(flashSaleProducts.productId, productId),
        ne(flashSales.id, sale.id),
        eq(flashSales.isActive, true),
        lt(flashSales.startsAt, sale.endsAt),
        gt(flashSales.endsAt, sale.startsAt),
      ),
    )
    .limit(1);
  return row;
}

/** A product in a sale; undefined when it was there already (the primary key decides, even in a race). */
export async function insertEntry(
  db: Executor,
  values: { flashSaleId: number; productId: number; price: number; discount: number; quantity: number },
) {
  const [row] = await db
    .insert(flashSaleProducts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: flashSaleProducts.id });
  return row?.id;
}

/** Changes an entry whose sale has not started at `now` and sold nothing; false otherwise. */
export async function updateEntry(
  db: Executor,
  entryId: number,
  values: { price: number; discount: number; quantity: number },
  now: Date,
) {
  const rows = await db
    .update(flashSaleProducts)
    .set(values)
    .where(and(eq(flashSaleProducts.id, entryId), eq(flashSaleProducts.soldQuantity, 0), notStarted(now)))
    .returning({ id: flashSaleProducts.id });
  return rows.length > 0;
}

/** Withdraws an entry whose sale has not started at `now` and sold nothing; false otherwise. */
export async function deleteEntry(db: Executor, entryId: number, now: Date) {
  const rows = await db
    .delete(flashSaleProducts)
    .where(and(eq(flashSaleProducts.id, entryId), eq(flashSaleProducts.soldQuantity, 0), notStarted(now)))
    .returning({ id: flashSaleProducts.id });
  return rows.length > 0;
}

const notStarted = (now: Date): SQL =>
  sql`exists (select 1 from ${flashSales} s where s.id = ${flashSaleProducts.flashSaleId}
    and s.starts_at > ${now.toISOString()}::timestamptz)`;

// ---------------------------------------------------------------------------------------------
// The operator's sales

export type SaleState = 'running' | 'upcoming' | 'ended';

function saleStateCondition(state: SaleState, now: Date): SQL {
  const at = now.toISOString();
  if (state === 'ended') return sql`(not ${flashSales.isActive} or ${flashSales.endsAt} <= ${at}::timestamptz)`;
  if (state === 'upcoming') return sql`(${flashSales.isActive} and ${flashSales.startsAt} > ${at}::timestamptz)`;
  return sql`(${flashSales.isActive} and ${flashSales.startsAt} <= ${at}::timestamptz and ${flashSales.endsAt} > ${at}::timestamptz)`;
}

export interface OperatorSaleFilter {
  q?: string | undefined;
  state?: SaleState | undefined;
  now: Date;
}

function operatorSaleWhere(filter: OperatorSaleFilter) {
  return and(
    filter.q ? ilike(flashSales.name, containsPattern(filter.q)) : undefined,
    filter.state ? saleStateCondition(filter.state, filter.now) : undefined,
  );
}

const operatorSaleColumns = {
  id: flashSales.id,
  name: flashSales.name,
  translations: flashSales.translations,
  discount: flashSales.discount,
  startsAt: flashSales.startsAt,
  endsAt: flashSales.endsAt,
  isActive: flashSales.isActive,
  allShops: flashSales.allShops,
  products:
    sql<number>`(select count(*)::int from ${flashSaleProducts} p where p.flash_sale_id = "flash_sales"."id")`.mapWith(
      Number,
    ),
};
export type OperatorSaleRow = Awaited<ReturnType<typeof findOperatorSales>>[number];

export async function findOperatorSales(
  db: Executor,
  filter: OperatorSaleFilter & { sort: 'starts_at' | 'name'; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  const column = filter.sort === 'name' ? flashSales.name : flashSales.startsAt;
  const dir = filter.direction === 'asc' ? asc : desc;
  return db
    .select(operatorSaleColumns)
    .from(flashSales)
    .where(operatorSaleWhere(filter))
    .orderBy(dir(column), dir(flashSales.id))
    .limit(limit)
    .offset(offset);
}

export async function countOperatorSales(db: Executor, filter: OperatorSaleFilter) {
  const [row] = await db.select({ total: count() }).from(flashSales).where(operatorSaleWhere(filter));
  return row?.total ?? 0;
}

/** One sale as the operator sees it; with `lock`, its row stays locked (FOR UPDATE) until the transaction `db` ends. */
export async function findOperatorSale(db: Executor, id: number, lock = false) {
  const query = db.select(operatorSaleColumns).from(flashSales).where(eq(flashSales.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The chosen shops of these sales, by sale. */
export async function findSaleShops(db: Executor, saleIds: readonly number[]) {
  if (saleIds.length === 0) return new Map<number, { id: number; name: string }[]>();
  const rows = await db
    .select({ saleId: flashSaleShops.flashSaleId, id: shops.id, name: shops.name })
    .from(flashSaleShops)
    .innerJoin(shops, eq(shops.id, flashSaleShops.shopId))
    .where(inArray(flashSaleShops.flashSaleId, [...saleIds]))
    .orderBy(asc(shops.name), asc(shops.id));
  const bySale = new Map<number, { id: number; name: string }[]>();
  for (const r of rows) bySale.set(r.saleId, [...(bySale.get(r.saleId) ?? []), { id: r.id, name: r.name }]);
  return bySale;
}

/** The ids among these that are shops. */
export async function findExistingShopIds(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: shops.id })
    .from(shops)
    .where(inArray(shops.id, [...ids]));
  return rows.map((r) => r.id);
}

export interface SaleValues {
  name: string;
  translations: Record<string, string>;
  discount: number;
  startsAt: Date;
  endsAt: Date;
  allShops: boolean;
}

export async function insertSale(db: Executor, values: SaleValues, now: Date) {
  const [row] = await db
    .insert(flashSales)
    .values({ ...values, createdAt: now })
    .returning({ id: flashSales.id });
  if (!row) throw new Error('flash sale insert returned no row');
  return row.id;
}

/** Changes an active sale; false when it has been ended. */
export async function updateSale(db: Executor, id: number, values: SaleValues) {
  const rows = await db
    .update(flashSales)
    .set(values)
    .where(and(eq(flashSales.id, id), eq(flashSales.isActive, true)))
    .returning({ id: flashSales.id });
  return rows.length > 0;
}

export async function replaceSaleShops(db: Executor, saleId: number, shopIds: readonly number[]) {
  await db.delete(flashSaleShops).where(eq(flashSaleShops.flashSaleId, saleId));
  if (shopIds.length > 0) {
    await db.insert(flashSaleShops).values(shopIds.map((shopId) => ({ flashSaleId: saleId, shopId })));
  }
}

/** Ends an active sale now (its end brought forward); false when already ended. */
export async function endSale(db: Executor, id: number, now: Date) {
  const at = now.toISOString();
  const rows = await db
    .update(flashSales)
    .set({
      isActive: false,
      endsAt: sql`greatest(${flashSales.startsAt} + interval '1 second', least(${flashSales.endsAt}, ${at}::timestamptz))`,
    })
    .where(and(eq(flashSales.id, id), eq(flashSales.isActive, true), sql`${flashSales.endsAt} > ${at}::timestamptz`))
    .returning({ id: flashSales.id });
  return rows.length > 0;
}
