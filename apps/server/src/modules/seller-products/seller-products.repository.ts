import type { SellerProductSort, SellerProductStatus } from '@shop/contracts/seller-products';
import { type AnyColumn, and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
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
          where st.product_id = ${products.id} and st.name ilike ${pattern})`,
      ) as SQL,
    );
  }
  if (filter.categoryId) conditions.push(productInCategory(products.id, filter.categoryId));
  return conditions;
}

/** The product's name in `locale` (the column, English or a draft's only name, where none). */
const nameIn = (locale: string) => sql<string>`coalesce((select nullif(t.name, '') from ${productTranslations} t
  where t.product_id = ${products.id} and t.locale = ${locale}), ${products.name})`;

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
export type ProductListRow = Awaited<ReturnType<typeof findProductRows>>[number];

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
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  status: statusOf,
};

/** One of the shop's products that is not deleted; undefined for anything else. */
export async function findProduct(db: Executor, shopId: number, productId: number) {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .where(and(eq(products.id, productId), ownProducts(shopId)));
  return row;
}
export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

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

export interface ProductTextRow {
  productId: number;
  locale: string;
  name: string;
  shortDescription: string | null;
  description: string | null;
}

/** The products' texts in every language written. */
export async function findTexts(db: Executor, productIds: readonly number[]): Promise<ProductTextRow[]> {
  if (productIds.length === 0) return [];
  return db
    .select({
      productId: productTranslations.productId,
      locale: productTranslations.locale,
      name: productTranslations.name,
      shortDescription: productTranslations.shortDescription,
      description: productTranslations.description,
    })
    .from(productTranslations)
    .where(inArray(productTranslations.productId, [...productIds]))
    .orderBy(asc(productTranslations.productId), asc(productTranslations.locale));
}

/** The first category and subcategory of each product (a seller's product has at most one of each). */
export async function findCategoryLinks(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, { categoryId: number | null; subCategoryId: number | null }>();
  const ids = [...productIds];
  const cats = await db
    .select({ productId: productCategories.productId, id: sql<number>`min(${productCategories.categoryId})` })
    .from(productCategories)
    .where(inArray(productCategories.productId, ids))
    .groupBy(productCategories.productId);
  const subs = await db
    .select({ productId: productSubCategories.productId, id: sql<number>`min(${productSubCategories.subCategoryId})` })
    .from(productSubCategories)
    .where(inArray(productSubCategories.productId, ids))
    .groupBy(productSubCategories.productId);
  const links = new Map(
    ids.map((id) => [id, { categoryId: null as number | null, subCategoryId: null as number | null }]),
  );
  for (const c of cats) {
    const link = links.get(c.productId);
    if (link) link.categoryId = Number(c.id);
  }
  for (const s of subs) {
    const link = links.get(s.productId);
    if (link) link.subCategoryId = Number(s.id);
  }
  return links;
}

/** The product's colours and sizes with their extra prices (minor units). */
export async function findVariants(db: Executor, productId: number) {
  const colorRows = await db
    .select({ id: productColors.colorId, extraPrice: productColors.extraPrice })
    .from(productColors)
    .where(eq(productColors.productId, productId))
    .orderBy(asc(productColors.colorId));
  const sizeRows = await db
    .select({ id: productSizes.sizeId, extraPrice: productSizes.extraPrice })
    .from(productSizes)
    .leftJoin(sizes, eq(sizes.id, productSizes.sizeId))
    .where(eq(productSizes.productId, productId))
    .orderBy(asc(sizes.position), asc(productSizes.sizeId));
  return { colors: colorRows, sizes: sizeRows };
}

/** The product's photos in their order. */
export async function findPhotos(db: Executor, productId: number) {
  return db
    .select({
      id: productImages.id,
      mediaId: productImages.mediaId,
      position: productImages.position,
      path: media.path,
      width: media.width,
      height: media.height,
    })
    .from(productImages)
    .innerJoin(media, eq(media.id, productImages.mediaId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}
export type PhotoRow = Awaited<ReturnType<typeof findPhotos>>[number];

/** How many photos each product has. */
export async function countPhotos(db: Executor, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ productId: productImages.productId, count: sql<number>`count(*)`.mapWith(Number) })
    .from(productImages)
    .where(inArray(productImages.productId, [...productIds]))
    .groupBy(productImages.productId);
  return new Map(rows.map((r) => [r.productId, r.count]));
}

export interface ReferenceIds {
  categoryId: number | null;
  subCategoryId: number | null;
  brandId: number | null;
  unitId: number | null;
  colorIds: readonly number[];
  sizeIds: readonly number[];
}

/** The shop may use an option: active, and the platform's (no shop) or the shop's own. */
const usableBy = (table: typeof brands | typeof units | typeof colors | typeof sizes, shopId: number) =>
  and(eq(table.isActive, true), or(isNull(table.shopId), eq(table.shopId, shopId)));

/**
 * Which of the named references exist and the shop may use: an active category, an active
 * subcategory of that category, and brands, units, colours and sizes that are active and the
 * platform's or the shop's own.
 */
export async function findUsableReferences(db: Executor, shopId: number, ids: ReferenceIds) {
  const category = ids.categoryId
    ? (
        await db
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.id, ids.categoryId), eq(categories.isActive, true)))
      ).length > 0
    : false;
  const subCategory =
    ids.categoryId && ids.subCategoryId
      ? (
          await db
            .select({ id: subCategories.id })
            .from(subCategories)
            .innerJoin(categorySubCategories, eq(categorySubCategories.subCategoryId, subCategories.id))
            .where(
              and(
                eq(subCategories.id, ids.subCategoryId),
                eq(subCategories.isActive, true),
                eq(categorySubCategories.categoryId, ids.categoryId),
              ),
            )
        ).length > 0
      : false;
  const oneOf = async (table: typeof brands | typeof units, id: number | null) =>
    id
      ? (
          await db
            .select({ id: table.id })
            .from(table)
            .where(and(eq(table.id, id), usableBy(table, shopId)))
        ).length > 0
      : false;
  const someOf = async (table: typeof colors | typeof sizes, list: readonly number[]) =>
    list.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .select({ id: table.id })
              .from(table)
              .where(and(inArray(table.id, [...list]), usableBy(table, shopId)))
          ).map((r) => r.id),
        );
  return {
    category,
    subCategory,
    brand: await oneOf(brands, ids.brandId),
    unit: await oneOf(units, ids.unitId),
    colors: await someOf(colors, ids.colorIds),
    sizes: await someOf(sizes, ids.sizeIds),
  };
}

/** Another product of the shop (not deleted) has this SKU. */
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
}

export async function insertProduct(tx: Tx, shopId: number, values: ProductValues, now: Date) {
  const [row] = await tx
    .insert(products)
    .values({ ...values, shopId, mediaId: null, createdAt: now, updatedAt: now })
    .returning({ id: products.id });
  if (!row) throw new Error('product insert returned no row');
  return row.id;
}

/**
 * A new `updated_at` for a save: now, and later than the last one even when the clock says
 * otherwise, so a reader who saw the last one can always tell a save happened since.
 */
const nextUpdatedAt = (now: Date) =>
  sql`greatest(${now.toISOString()}::timestamptz, ${products.updatedAt} + interval '1 millisecond')`;

export async function updateProduct(tx: Tx, productId: number, values: ProductValues, now: Date) {
  await tx
    .update(products)
    .set({ ...values, updatedAt: nextUpdatedAt(now) })
    .where(eq(products.id, productId));
}

/** Writes the texts of each language given (null: that language's texts are removed). */
export async function saveTexts(
  tx: Tx,
  productId: number,
  texts: ReadonlyMap<string, { name: string; shortDescription: string | null; description: string | null } | null>,
) {
  const removed = [...texts].filter(([, t]) => t === null).map(([locale]) => locale);
  if (removed.length > 0) {
    await tx
      .delete(productTranslations)
      .where(and(eq(productTranslations.productId, productId), inArray(productTranslations.locale, removed)));
  }
  const kept = [...texts].flatMap(([locale, t]) => (t ? [{ productId, locale, ...t }] : []));
  if (kept.length > 0) {
    await tx
      .insert(productTranslations)
      .values(kept)
      .onConflictDoUpdate({
        target: [productTranslations.productId, productTranslations.locale],
        set: {
          name: sql`excluded.name`,
          shortDescription: sql`excluded.short_description`,
          description: sql`excluded.description`,
        },
      });
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
  const named = (table: typeof brands | typeof units): Promise<OptionRow[]> =>
    db
      .select({ id: table.id, name: table.name, translations: table.translations })
      .from(table)
      .where(usableBy(table, shopId))
      .orderBy(asc(table.name), asc(table.id));
  return {
    brands: await named(brands),
    units: await named(units),
    colors: await db
      .select({ id: colors.id, name: colors.name, translations: colors.translations, colorCode: colors.colorCode })
      .from(colors)
      .where(usableBy(colors, shopId))
      .orderBy(asc(colors.id)),
    sizes: await db
      .select({ id: sizes.id, name: sizes.name, translations: sizes.translations })
      .from(sizes)
      .where(usableBy(sizes, shopId))
      .orderBy(asc(sizes.position), asc(sizes.id)),
  };
}
