import { and, asc, count, desc, eq, exists, ilike, inArray, ne, notExists, notInArray, sql } from 'drizzle-orm';
import { categories, categorySubCategories, subCategories } from '../../db/schema/catalog';
import { media } from '../../db/schema/common';
import { productCategories, productSubCategories } from '../../db/schema/products';
import type { Executor } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

const productCount = sql<number>`(select count(*)::int from ${productCategories} where ${productCategories.categoryId} = ${categories.id})`;
/**
 * The stored path of a row's picture, or null. Written out in full: inside a select's column list
 * Drizzle leaves a column unqualified, and a bare "id" would mean the subquery's own table.
 */
const imagePath = (table: 'categories' | 'sub_categories') =>
  sql<string | null>`(select m.path from ${media} m where m.id = ${sql.raw(`"${table}"."media_id"`)})`;

const columns = {
  id: categories.id,
  name: categories.name,
  translations: categories.translations,
  slug: categories.slug,
  position: categories.position,
  is_active: categories.isActive,
  products: productCount,
  image_path: imagePath('categories'),
};

/** A category as the repository reads it: the picture is a stored path, not yet an address. */
export interface AdminCategoryRow {
  id: number;
  name: string;
  translations: Record<string, string>;
  slug: string;
  position: number;
  is_active: boolean;
  products: number;
  image_path: string | null;
}

export interface CategoryValues {
  name: string;
  translations: Record<string, string>;
  slug?: string;
  position: number;
  isActive: boolean;
}

/** A page of the categories (searched by name), with how many products each holds. */
export async function findAdminCategories(
  db: Executor,
  query: { q?: string | undefined; sort: 'position' | 'name' | 'products'; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
) {
  const where = query.q ? ilike(categories.name, containsPattern(query.q)) : undefined;
  const dir = query.direction === 'desc' ? desc : asc;
  const order =
    query.sort === 'name'
      ? dir(categories.name)
      : query.sort === 'products'
        ? dir(productCount)
        : dir(categories.position);
  const [rows, [total]] = await Promise.all([
    db.select(columns).from(categories).where(where).orderBy(order, asc(categories.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(categories).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows as AdminCategoryRow[] };
}

export async function findAdminCategory(db: Executor, id: number): Promise<AdminCategoryRow | undefined> {
  const [row] = await db.select(columns).from(categories).where(eq(categories.id, id));
  return row as AdminCategoryRow | undefined;
}

/** Which of these ids are categories. */
export async function existingCategoryIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function isCategorySlugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(exceptId ? and(eq(categories.slug, slug), ne(categories.id, exceptId)) : eq(categories.slug, slug));
  return taken !== undefined;
}

export async function insertCategory(db: Executor, values: CategoryValues & { slug: string }): Promise<number> {
  const [row] = await db.insert(categories).values(values).returning({ id: categories.id });
  if (!row) throw new Error('category insert returned no row');
  return row.id;
}

export async function updateCategory(db: Executor, id: number, values: CategoryValues) {
  await db.update(categories).set(values).where(eq(categories.id, id));
}

/** Moves a category's products to another (a product already in both keeps one link), then unlinks the rest. */
export async function moveCategoryProducts(db: Executor, from: number, to: number) {
  await db
    .update(productCategories)
    .set({ categoryId: to })
    .where(
      and(
        eq(productCategories.categoryId, from),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sql`product_categories pc2`)
            .where(sql`pc2.product_id = ${productCategories.productId} and pc2.category_id = ${to}`),
        ),
      ),
    );
  await db.delete(productCategories).where(eq(productCategories.categoryId, from));
}

export async function deleteCategory(db: Executor, id: number) {
  await db.delete(categories).where(eq(categories.id, id));
}

export async function setCategoryImage(db: Executor, id: number, mediaId: number | null) {
  await db.update(categories).set({ mediaId }).where(eq(categories.id, id));
}

/** A stored picture (its file is already written under the uploads folder). */
export async function insertMedia(
  db: Executor,
  values: { path: string; width: number; height: number; alt: string },
): Promise<number> {
  const [row] = await db.insert(media).values(values).returning({ id: media.id });
  if (!row) throw new Error('media insert returned no row');
  return row.id;
}

// Subcategories

const subProductCount = sql<number>`(select count(*)::int from ${productSubCategories} ps where ps.sub_category_id = "sub_categories"."id")`;
/** Its place: the smallest of its links' positions (every link is saved with the same one). */
const subPosition = sql<number>`coalesce((select min(l.position)::int from ${categorySubCategories} l where l.sub_category_id = "sub_categories"."id"), 0)`;
const subCategoryNames = sql<{ id: number; name: string }[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name, c.id)
  from ${categorySubCategories} l join ${categories} c on c.id = l.category_id
  where l.sub_category_id = "sub_categories"."id"), '[]'::json)`;

const subColumns = {
  id: subCategories.id,
  name: subCategories.name,
  translations: subCategories.translations,
  slug: subCategories.slug,
  position: subPosition,
  is_active: subCategories.isActive,
  products: subProductCount,
  image_path: imagePath('sub_categories'),
  categories: subCategoryNames,
};

export interface AdminSubCategoryRow {
  id: number;
  name: string;
  translations: Record<string, string>;
  slug: string;
  position: number;
  is_active: boolean;
  products: number;
  image_path: string | null;
  categories: { id: number; name: string }[];
}

export interface SubCategoryValues {
  name: string;
  translations: Record<string, string>;
  slug?: string;
  isActive: boolean;
}

/** A page of the subcategories (searched by name, of one category or all). */
export async function findAdminSubCategories(
  db: Executor,
  query: {
    q?: string | undefined;
    categoryId?: number | undefined;
    sort: 'position' | 'name' | 'products';
    direction: 'asc' | 'desc';
  },
  limit: number,
  offset: number,
) {
  const where = and(
    query.q ? ilike(subCategories.name, containsPattern(query.q)) : undefined,
    query.categoryId
      ? exists(
          db
            .select({ one: sql`1` })
            .from(categorySubCategories)
            .where(
              and(
                eq(categorySubCategories.subCategoryId, subCategories.id),
                eq(categorySubCategories.categoryId, query.categoryId),
              ),
            ),
        )
      : undefined,
  );
  const dir = query.direction === 'desc' ? desc : asc;
  const order =
    query.sort === 'name'
      ? dir(subCategories.name)
      : query.sort === 'products'
        ? dir(subProductCount)
        : dir(subPosition);
  const [rows, [total]] = await Promise.all([
    db
      .select(subColumns)
      .from(subCategories)
      .where(where)
      .orderBy(order, asc(subCategories.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(subCategories).where(where),
  ]);
  return { total: total?.n ?? 0, rows: rows as AdminSubCategoryRow[] };
}

export async function findAdminSubCategory(db: Executor, id: number): Promise<AdminSubCategoryRow | undefined> {
  const [row] = await db.select(subColumns).from(subCategories).where(eq(subCategories.id, id));
  return row as AdminSubCategoryRow | undefined;
}

export async function isSubCategorySlugTaken(db: Executor, slug: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: subCategories.id })
    .from(subCategories)
    .where(exceptId ? and(eq(subCategories.slug, slug), ne(subCategories.id, exceptId)) : eq(subCategories.slug, slug));
  return taken !== undefined;
}

export async function insertSubCategory(db: Executor, values: SubCategoryValues & { slug: string }): Promise<number> {
  const [row] = await db.insert(subCategories).values(values).returning({ id: subCategories.id });
  if (!row) throw new Error('sub category insert returned no row');
  return row.id;
}

export async function updateSubCategory(db: Executor, id: number, values: SubCategoryValues) {
  await db.update(subCategories).set(values).where(eq(subCategories.id, id));
}

/** The subcategory shows under exactly these categories, each at `position`. */
export async function setSubCategoryLinks(db: Executor, id: number, categoryIds: readonly number[], position: number) {
  await db
    .delete(categorySubCategories)
    .where(
      and(eq(categorySubCategories.subCategoryId, id), notInArray(categorySubCategories.categoryId, [...categoryIds])),
    );
  await db
    .insert(categorySubCategories)
    .values(categoryIds.map((categoryId) => ({ categoryId, subCategoryId: id, position })))
    .onConflictDoUpdate({
      target: [categorySubCategories.categoryId, categorySubCategories.subCategoryId],
      set: { position },
    });
}

export async function setSubCategoryImage(db: Executor, id: number, mediaId: number | null) {
  await db.update(subCategories).set({ mediaId }).where(eq(subCategories.id, id));
}

/** Moves a subcategory's products to another (a product already in both keeps one link). */
export async function moveSubCategoryProducts(db: Executor, from: number, to: number) {
  await db
    .update(productSubCategories)
    .set({ subCategoryId: to })
    .where(
      and(
        eq(productSubCategories.subCategoryId, from),
        notExists(
          db
            .select({ one: sql`1` })
            .from(sql`product_sub_categories ps2`)
            .where(sql`ps2.product_id = ${productSubCategories.productId} and ps2.sub_category_id = ${to}`),
        ),
      ),
    );
  await db.delete(productSubCategories).where(eq(productSubCategories.subCategoryId, from));
}

export async function deleteSubCategory(db: Executor, id: number) {
  await db.delete(subCategories).where(eq(subCategories.id, id));
}
