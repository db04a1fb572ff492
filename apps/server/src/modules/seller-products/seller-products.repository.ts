import type { SellerProductSort, SellerProductStatus } from '@shop/contracts/seller-products';
import { type AnyColumn, and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../db/client';
import { productInCategory } from '../../db/queries/listed-products';
import {
  brands,
  categories,
  categorySubCategories,
  colors,
  sizes,
  subCategories,
  units,
} from '../../db/schema/catalog';
import { media, type NameTranslations } from '../../db/schema/common';
import {
  productCategories,
  productColors,
  productImages,
  productSizes,
  productSubCategories,
  products,
  productTranslations,
} from '../../db/schema/products';
import { type Executor, executeRows, type Tx } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

/** Uploaded product photos live here, under the uploads folder. */
export const PRODUCT_PHOTO_FOLDER = 'product-photos';

/**
 * The query's product id, qualified: Drizzle leaves columns unqualified in a one-table select, where
 * `id` inside a subquery would name the subquery's own table's.
 */
const productId = sql.raw('"products"."id"');

/** The seller's status of the query's product row (one of SELLER_PRODUCT_STATUSES). */
const statusOf = sql<SellerProductStatus>`case when not ${products.isActive} then 'draft'
  when not ${products.isApproved} then 'pending_approval'
  when ${products.stock} = 0 then 'sold_out' else 'published' end`;

const statusCondition: Record<SellerProductStatus, SQL> = {
  draft: sql`not ${products.isActive}`,
  pending_approval: sql`${products.isActive} and not ${products.isApproved}`,
  sold_out: sql`${products.isActive} and ${products.isApproved} and ${products.stock} = 0`,
  published: sql`${products.isActive} and ${products.isApproved} and ${products.stock} > 0`,
};

/** The shop's products its seller sees: every one not deleted. */
const ownProducts = (shopId: number) => and(eq(products.shopId, shopId), isNull(products.deletedAt)) as SQL;

export interface ProductListFilter {
  shopId: number;
  search?: string;
  categoryId?: number | null;
  status?: SellerProductStatus;
}

function listConditions(filter: ProductListFilter): SQL[] {
  const conditions = [ownProducts(filter.shopId)];
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        ilike(products.sku, pattern),
        ilike(products.name, pattern),
        sql`exists (select 1 from ${productTranslations} st
          where st.product_id = ${productId} and st.name ilike ${pattern})`,
      ) as SQL,
    );
  }
  if (filter.categoryId) conditions.push(productInCategory(products.id, filter.categoryId));
  return conditions;
}

/** The product's name in `locale` (the column, English or a draft's only name, where none). */
const nameIn = (locale: string) => sql<string>`coalesce((select nullif(t.name, '') from ${productTranslations} t
  where t.product_id = ${productId} and t.locale = ${locale}), ${products.name})`;

const SORTS: Record<SellerProductSort, { column: (locale: string) => SQL | AnyColumn; desc: boolean }> = {
  newest: { column: () => products.createdAt, desc: true },
  name: { column: (locale) => sql`lower(${nameIn(locale)})`, desc: false },
  price: { column: () => products.price, desc: false },
  stock: { column: () => products.stock, desc: false },
  sold: { column: () => products.soldCount, desc: true },
};

/** One page of the shop's products, with what the seller's list shows. */
export async function findProductRows(
  db: Executor,
  filter: ProductListFilter & {
    locale: string;
    sort: SellerProductSort;
    order: 'asc' | 'desc' | undefined;
    limit: number;
    offset: number;
  },
) {
  const conditions = listConditions(filter);
  if (filter.status) conditions.push(statusCondition[filter.status]);
  const sort = SORTS[filter.sort];
  const descending = filter.order ? filter.order === 'desc' : sort.desc;
  const direction = descending ? desc : asc;
  return db
    .select({
      id: products.id,
      name: nameIn(filter.locale),
      slug: products.slug,
      cover: media.path,
      sku: products.sku,
      price: products.price,
      discountPrice: products.discountPrice,
      stock: products.stock,
      sold: products.soldCount,
      status: statusOf,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .leftJoin(media, eq(media.id, products.mediaId))
    .where(and(...conditions))
    .orderBy(direction(sort.column(filter.locale)), direction(products.id))
    .limit(filter.limit)
    .offset(filter.offset);
}

/** How many of the shop's products (with the search and category) have each status. */
export async function countProductsByStatus(db: Executor, filter: ProductListFilter) {
  const rows = await db
    .select({ status: statusOf, count: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(and(...listConditions(filter)))
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.status, r.count]));
}

const productColumns = {
  id: products.id,
  shopId: products.shopId,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  mediaId: products.mediaId,
  brandId: products.brandId,
  unitId: products.unitId,
  price: products.price,
  discountPrice: products.discountPrice,
  stock: products.stock,
  soldCount: products.soldCount,
  shortDescription: products.shortDescription,
  description: products.description,
  isActive: products.isActive,
  isApproved: products.isApproved,
  approvalNote: products.approvalNote,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  status: statusOf,
};

/**
 * The shop's products among `ids` (not deleted), locked until the transaction ends, in id order
 * (the order placements lock products in, so the two never wait for each other in a circle).
 */
export async function lockProducts(tx: Tx, shopId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select(productColumns)
    .from(products)
    .where(and(inArray(products.id, [...ids]), ownProducts(shopId)))
    .orderBy(asc(products.id))
    .for('update', { of: products });
}
export type ProductRow = Awaited<ReturnType<typeof lockProducts>>[number];

export interface ProductTextRow {
  locale: string;
  name: string;
  shortDescription: string | null;
  description: string | null;
}

export interface PhotoRow {
  id: number;
  mediaId: number;
  position: number;
  path: string;
  width: number;
  height: number;
}

export interface VariantRow {
  id: number;
  /** Minor units. */
  extraPrice: number;
}

/**
 * What a product is made of besides its row, as subqueries of the query's product: its texts in
 * every language written, its first category and subcategory (a seller's product has at most one
 * of each), its colours and sizes with their extra prices, and its photos in their order. One
 * statement reads them all.
 */
const madeOf = {
  texts: sql<ProductTextRow[]>`coalesce((select json_agg(json_build_object('locale', t.locale, 'name', t.name,
      'shortDescription', t.short_description, 'description', t.description) order by t.locale)
    from ${productTranslations} t where t.product_id = ${productId}), '[]'::json)`,
  categoryId: sql<number | null>`(select min(pc.category_id) from ${productCategories} pc
    where pc.product_id = ${productId})`,
  subCategoryId: sql<number | null>`(select min(ps.sub_category_id) from ${productSubCategories} ps
    where ps.product_id = ${productId})`,
  colors: sql<VariantRow[]>`coalesce((select json_agg(json_build_object('id', v.color_id, 'extraPrice', v.extra_price)
      order by v.color_id)
    from ${productColors} v where v.product_id = ${productId}), '[]'::json)`,
  sizes: sql<VariantRow[]>`coalesce((select json_agg(json_build_object('id', v.size_id, 'extraPrice', v.extra_price)
      order by v.size_id)
    from ${productSizes} v where v.product_id = ${productId}), '[]'::json)`,
  photos: sql<PhotoRow[]>`coalesce((select json_agg(json_build_object('id', i.id, 'mediaId', i.media_id,
      'position', i.position, 'path', m.path, 'width', m.width, 'height', m.height) order by i.position, i.id)
    from ${productImages} i join ${media} m on m.id = i.media_id where i.product_id = ${productId}), '[]'::json)`,
};

/**
 * The shop's products among `ids` (not deleted) with their texts, category, colours, sizes and
 * photos, in id order (findLockedProductState reads one of them under a lock).
 */
export async function findProductStates(db: Executor, shopId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ ...productColumns, ...madeOf })
    .from(products)
    .where(and(inArray(products.id, [...ids]), ownProducts(shopId)))
    .orderBy(asc(products.id));
  return rows.map(stateOf);
}

/** A product state as read: json numbers of bigint columns and min() of int columns come back as they were typed in SQL. */
function stateOf<R extends { categoryId: unknown; subCategoryId: unknown; colors: VariantRow[]; sizes: VariantRow[] }>(
  r: R,
) {
  return {
    ...r,
    categoryId: r.categoryId === null ? null : Number(r.categoryId),
    subCategoryId: r.subCategoryId === null ? null : Number(r.subCategoryId),
    colors: r.colors.map((v) => ({ id: Number(v.id), extraPrice: Number(v.extraPrice) })),
    sizes: r.sizes.map((v) => ({ id: Number(v.id), extraPrice: Number(v.extraPrice) })),
  };
}
export type ProductState = Awaited<ReturnType<typeof findProductStates>>[number];

/** One of the shop's products (not deleted), locked until the transaction ends. */
const lockProductQuery = preparedPerDatabase((db) =>
  db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.id, sql.placeholder('id')),
        eq(products.shopId, sql.placeholder('shopId')),
        isNull(products.deletedAt),
      ),
    )
    .for('update')
    .prepare('seller_product_lock'),
);

/** What every save of a product reads: built once per database (a save is the editor's hot path). */
const productStateQuery = preparedPerDatabase((db) =>
  db
    .select({ ...productColumns, ...madeOf })
    .from(products)
    .where(
      and(
        eq(products.id, sql.placeholder('id')),
        eq(products.shopId, sql.placeholder('shopId')),
        isNull(products.deletedAt),
      ),
    )
    .prepare('seller_product_state'),
);

/**
 * One of the shop's products as findProductStates reads it, locked until the transaction ends.
 * Locked first and read after, in two statements: a statement that waited for the lock still sees
 * the texts, photos and variants as they were when it began (only the row itself is read again),
 * so a change that held the lock would be missed.
 */
export async function findLockedProductState(tx: Tx, shopId: number, id: number): Promise<ProductState | null> {
  const [locked] = await lockProductQuery(tx).execute({ id, shopId });
  if (!locked) return null;
  const [row] = await productStateQuery(tx).execute({ id, shopId });
  return row ? stateOf(row) : null;
}

export interface ReferenceIds {
  categoryId: number | null;
  subCategoryId: number | null;
  brandId: number | null;
  unitId: number | null;
  colorIds: readonly number[];
  sizeIds: readonly number[];
}

/** The shop may use an option of the query's `o` row: active, and the platform's (no shop) or the shop's own. */
const usableBy = (shopId: number) => sql`o.is_active and (o.shop_id is null or o.shop_id = ${shopId})`;

/**
 * Which of the named references exist and the shop may use, in one statement: an active
 * category, an active subcategory of that category, and brands, units, colours and sizes that
 * are active and the platform's or the shop's own.
 */
export async function findUsableReferences(db: Executor, shopId: number, ids: ReferenceIds) {
  const idArray = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;
  const [row] = await executeRows<{
    category: boolean;
    sub_category: boolean;
    brand: boolean;
    unit: boolean;
    colors: number[];
    sizes: number[];
  }>(
    db,
    sql`select
      exists (select 1 from ${categories} c where c.id = ${ids.categoryId ?? 0} and c.is_active) as category,
      exists (select 1 from ${subCategories} s
        join ${categorySubCategories} cs on cs.sub_category_id = s.id and cs.category_id = ${ids.categoryId ?? 0}
        where s.id = ${ids.subCategoryId ?? 0} and s.is_active) as sub_category,
      exists (select 1 from ${brands} o where o.id = ${ids.brandId ?? 0} and ${usableBy(shopId)}) as brand,
      exists (select 1 from ${units} o where o.id = ${ids.unitId ?? 0} and ${usableBy(shopId)}) as unit,
      array(select o.id from ${colors} o where o.id = any(${idArray(ids.colorIds)}) and ${usableBy(shopId)}) as colors,
      array(select o.id from ${sizes} o where o.id = any(${idArray(ids.sizeIds)}) and ${usableBy(shopId)}) as sizes`,
  );
  return {
    category: row?.category === true,
    subCategory: row?.sub_category === true,
    brand: row?.brand === true,
    unit: row?.unit === true,
    colors: new Set((row?.colors ?? []).map(Number)),
    sizes: new Set((row?.sizes ?? []).map(Number)),
  };
}

/** Another product of the shop (not deleted) has this SKU. */
/** Ids of the shop's products (not deleted), oldest first. */
export async function findAllIds(db: Executor, shopId: number): Promise<number[]> {
  const rows = await db.select({ id: products.id }).from(products).where(ownProducts(shopId)).orderBy(asc(products.id));
  return rows.map((r) => r.id);
}

/** The shop's products (not deleted) with these SKUs, by SKU. */
export async function findIdsBySku(
  db: Executor,
  shopId: number,
  skus: readonly string[],
): Promise<Map<string, number>> {
  if (skus.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, sku: products.sku })
    .from(products)
    .where(and(ownProducts(shopId), inArray(products.sku, [...skus])));
  return new Map(rows.map((r) => [r.sku, r.id]));
}

export async function isSkuTaken(db: Executor, shopId: number, sku: string, exceptId: number | null) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        ownProducts(shopId),
        eq(products.sku, sku),
        exceptId === null ? undefined : sql`${products.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function isSlugTaken(db: Executor, slug: string) {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1);
  return rows.length > 0;
}

/** The product columns a seller's save writes; money in minor units. */
export interface ProductValues {
  name: string;
  slug: string;
  sku: string;
  brandId: number | null;
  unitId: number | null;
  price: number;
  discountPrice: number;
  stock: number;
  shortDescription: string | null;
  description: string | null;
  isActive: boolean;
  isApproved: boolean;
  /** The operator's refusal reason; publishing again clears it (absent: kept as it is). */
  approvalNote?: string | null;
}

export async function insertProduct(tx: Tx, shopId: number, values: ProductValues, now: Date) {
  const [row] = await tx
    .insert(products)
    .values({ ...values, shopId, mediaId: null, createdAt: now, updatedAt: now })
    .returning({ id: products.id, createdAt: products.createdAt, updatedAt: products.updatedAt });
  if (!row) throw new Error('product insert returned no row');
  return row;
}

/**
 * A new `updated_at` for a save: now, and later than the last one even when the clock says
 * otherwise, so a reader who saw the last one can always tell a save happened since.
 */
const nextUpdatedAt = (now: Date) =>
  sql`greatest(${now.toISOString()}::timestamptz, ${products.updatedAt} + interval '1 millisecond')`;

/** Every column a save writes, as a statement built once per database (each save runs it). */
const updateProductQuery = preparedPerDatabase((db) => {
  // Update's set takes SQL, not a placeholder: the values are plain (text, numbers, booleans, null).
  const value = (name: keyof ProductValues) => sql`${sql.placeholder(name)}`;
  return db
    .update(products)
    .set({
      name: value('name'),
      slug: value('slug'),
      sku: value('sku'),
      brandId: value('brandId'),
      unitId: value('unitId'),
      price: value('price'),
      discountPrice: value('discountPrice'),
      stock: value('stock'),
      shortDescription: value('shortDescription'),
      description: value('description'),
      isActive: value('isActive'),
      isApproved: value('isApproved'),
      approvalNote: value('approvalNote'),
      updatedAt: sql`greatest(${sql.placeholder('now')}::timestamptz, ${products.updatedAt} + interval '1 millisecond')`,
    })
    .where(eq(products.id, sql.placeholder('id')))
    .returning({ updatedAt: products.updatedAt })
    .prepare('seller_product_update');
});

/** Writes the product's columns; its new `updated_at`. */
export async function updateProduct(
  tx: Tx,
  productId: number,
  values: ProductValues & { approvalNote: string | null },
  now: Date,
) {
  const [row] = await updateProductQuery(tx).execute({ ...values, id: productId, now: now.toISOString() });
  if (!row) throw new Error('product update returned no row');
  return row;
}

export interface TextsChange {
  before: ProductTextRow | undefined;
  /** Null: that language's texts are removed. */
  after: Omit<ProductTextRow, 'locale'> | null;
}

/**
 * Writes the texts of each language that changed. A language already written gets only its
 * changed columns: a name left as it was keeps its search suffixes (the trigger on a name
 * rebuilds them), a description left as it was keeps its place in the search index.
 */
export async function saveTexts(tx: Tx, productId: number, changes: ReadonlyMap<string, TextsChange>) {
  const removed = [...changes].filter(([, c]) => c.after === null && c.before).map(([locale]) => locale);
  if (removed.length > 0) {
    await tx
      .delete(productTranslations)
      .where(and(eq(productTranslations.productId, productId), inArray(productTranslations.locale, removed)));
  }
  const added = [...changes].flatMap(([locale, { before, after }]) =>
    after && !before ? [{ productId, locale, ...after }] : [],
  );
  if (added.length > 0) await tx.insert(productTranslations).values(added);
  for (const [locale, { before, after }] of changes) {
    if (!after || !before) continue;
    const set = {
      ...(after.name !== before.name ? { name: after.name } : {}),
      ...(after.shortDescription !== before.shortDescription ? { shortDescription: after.shortDescription } : {}),
      ...(after.description !== before.description ? { description: after.description } : {}),
    };
    if (Object.keys(set).length === 0) continue;
    await tx
      .update(productTranslations)
      .set(set)
      .where(and(eq(productTranslations.productId, productId), eq(productTranslations.locale, locale)));
  }
}

export async function replaceCategoryLinks(
  tx: Tx,
  productId: number,
  categoryId: number | null,
  subCategoryId: number | null,
) {
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.delete(productSubCategories).where(eq(productSubCategories.productId, productId));
  if (categoryId) await tx.insert(productCategories).values({ productId, categoryId });
  if (subCategoryId) await tx.insert(productSubCategories).values({ productId, subCategoryId });
}

export async function replaceColors(tx: Tx, productId: number, rows: readonly { id: number; extraPrice: number }[]) {
  await tx.delete(productColors).where(eq(productColors.productId, productId));
  if (rows.length > 0) {
    await tx.insert(productColors).values(rows.map((r) => ({ productId, colorId: r.id, extraPrice: r.extraPrice })));
  }
}

export async function replaceSizes(tx: Tx, productId: number, rows: readonly { id: number; extraPrice: number }[]) {
  await tx.delete(productSizes).where(eq(productSizes.productId, productId));
  if (rows.length > 0) {
    await tx.insert(productSizes).values(rows.map((r) => ({ productId, sizeId: r.id, extraPrice: r.extraPrice })));
  }
}

/** Publishes products: listed at once, or waiting for the operator (`approved` false). */
export async function publishProducts(tx: Tx, ids: readonly number[], approved: boolean, now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(products)
    .set({ isActive: true, isApproved: approved, updatedAt: nextUpdatedAt(now) })
    .where(and(inArray(products.id, [...ids]), eq(products.isActive, false)));
}

export async function unpublishProducts(tx: Tx, ids: readonly number[], now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(products)
    .set({ isActive: false, updatedAt: nextUpdatedAt(now) })
    .where(and(inArray(products.id, [...ids]), eq(products.isActive, true)));
}

/** Deleted: gone for shoppers and the seller; the row stays for the orders, returns and reviews that hold it. */
export async function deleteProducts(tx: Tx, ids: readonly number[], now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(products)
    .set({ isActive: false, deletedAt: now, updatedAt: nextUpdatedAt(now) })
    .where(inArray(products.id, [...ids]));
}

export interface FiguresChange {
  id: number;
  stock: number;
  price: number;
  discountPrice: number;
}

/** New stock and prices (minor units) of several products, in one statement. */
export async function updateFigures(tx: Tx, rows: readonly FiguresChange[], now: Date) {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r) => ({ id: r.id, stock: r.stock, price: r.price, discount: r.discountPrice })),
  );
  await tx.execute(sql`update ${products} set stock = r.stock, price = r.price, discount_price = r.discount,
      updated_at = greatest(${now.toISOString()}::timestamptz, ${products.updatedAt} + interval '1 millisecond')
    from jsonb_to_recordset(${json}::jsonb) as r(id int, stock int, price bigint, discount bigint)
    where ${products.id} = r.id`);
}

/** The figures of the shop's products among `ids` (for the reply of a stock and prices save). */
export async function findFigures(db: Executor, shopId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: products.id,
      stock: products.stock,
      price: products.price,
      discountPrice: products.discountPrice,
      status: statusOf,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .where(and(inArray(products.id, [...ids]), ownProducts(shopId)))
    .orderBy(asc(products.id));
}

// ---------------------------------------------------------------------------------------------
// Photos

/** Adds a stored photo after the product's others; the first photo of a product becomes its cover. */
export async function insertPhoto(
  tx: Tx,
  productId: number,
  photo: { path: string; width: number; height: number; alt: string },
  now: Date,
) {
  const [stored] = await tx.insert(media).values(photo).returning({ id: media.id });
  if (!stored) throw new Error('media insert returned no row');
  const [image] = await tx
    .insert(productImages)
    .values({
      productId,
      mediaId: stored.id,
      position: sql`coalesce((select max(${productImages.position}) + 1 from ${productImages}
        where ${productImages.productId} = ${productId}), 0)`,
    })
    .returning({ id: productImages.id });
  if (!image) throw new Error('product image insert returned no row');
  await tx
    .update(products)
    .set({ mediaId: sql`coalesce(${products.mediaId}, ${stored.id})`, updatedAt: nextUpdatedAt(now) })
    .where(eq(products.id, productId));
  return image.id;
}

export async function setPhotoPositions(tx: Tx, productId: number, photoIds: readonly number[], now: Date) {
  const json = JSON.stringify(photoIds.map((id, position) => ({ id, position })));
  await tx.execute(sql`update ${productImages} set position = r.position
    from jsonb_to_recordset(${json}::jsonb) as r(id int, position int)
    where ${productImages.id} = r.id and ${productImages.productId} = ${productId}`);
  await tx
    .update(products)
    .set({ updatedAt: nextUpdatedAt(now) })
    .where(eq(products.id, productId));
}

export async function setCover(tx: Tx, productId: number, mediaId: number, now: Date) {
  await tx
    .update(products)
    .set({ mediaId, updatedAt: nextUpdatedAt(now) })
    .where(eq(products.id, productId));
}

/**
 * Removes one photo of the product; the cover moves to `nextCover` when it was this one. The
 * stored image goes too when it was uploaded for this product and nothing else shows it: its
 * path is returned, for the file to be removed once the transaction committed.
 */
export async function deletePhoto(tx: Tx, productId: number, photo: PhotoRow, nextCover: number | null, now: Date) {
  await tx.delete(productImages).where(and(eq(productImages.id, photo.id), eq(productImages.productId, productId)));
  await tx
    .update(products)
    .set({
      mediaId: sql`case when ${products.mediaId} = ${photo.mediaId} then ${nextCover}::int else ${products.mediaId} end`,
      updatedAt: nextUpdatedAt(now),
    })
    .where(eq(products.id, productId));
  const removed = await executeRows<{ path: string }>(
    tx,
    sql`delete from ${media} where ${media.id} = ${photo.mediaId}
      and ${media.path} like ${`${PRODUCT_PHOTO_FOLDER}/%`}
      and not exists (select 1 from ${productImages} where ${productImages.mediaId} = ${photo.mediaId})
      and not exists (select 1 from ${products} where ${products.mediaId} = ${photo.mediaId})
      returning ${media.path} as path`,
  );
  return removed[0]?.path ?? null;
}

// ---------------------------------------------------------------------------------------------
// What a seller may pick

interface OptionRow {
  id: number;
  name: string;
  translations: NameTranslations;
}

/** Active categories with their active subcategories, in the storefront's order. */
export async function findCategoryOptions(db: Executor) {
  const cats = await db
    .select({ id: categories.id, name: categories.name, translations: categories.translations })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.position), asc(categories.id));
  const subs = await db
    .select({
      categoryId: categorySubCategories.categoryId,
      id: subCategories.id,
      name: subCategories.name,
      translations: subCategories.translations,
    })
    .from(categorySubCategories)
    .innerJoin(subCategories, eq(subCategories.id, categorySubCategories.subCategoryId))
    .where(eq(subCategories.isActive, true))
    .orderBy(asc(categorySubCategories.position), asc(subCategories.id));
  return { categories: cats, subCategories: subs };
}

/** The brands, units, colours and sizes the shop may use. */
export async function findVariantOptions(db: Executor, shopId: number) {
  const usable = (table: typeof brands | typeof units | typeof colors | typeof sizes) =>
    and(eq(table.isActive, true), or(isNull(table.shopId), eq(table.shopId, shopId)));
  const named = (table: typeof brands | typeof units): Promise<OptionRow[]> =>
    db
      .select({ id: table.id, name: table.name, translations: table.translations })
      .from(table)
      .where(usable(table))
      .orderBy(asc(table.name), asc(table.id));
  return {
    brands: await named(brands),
    units: await named(units),
    colors: await db
      .select({ id: colors.id, name: colors.name, translations: colors.translations, colorCode: colors.colorCode })
      .from(colors)
      .where(usable(colors))
      .orderBy(asc(colors.id)),
    sizes: await db
      .select({ id: sizes.id, name: sizes.name, translations: sizes.translations })
      .from(sizes)
      .where(usable(sizes))
      .orderBy(asc(sizes.position), asc(sizes.id)),
  };
}
