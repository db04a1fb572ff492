import type { AdminCategory } from '@shop/contracts/catalog-admin';
import { and, asc, count, desc, eq, ilike, ne, notExists, sql } from 'drizzle-orm';
import { categories } from '../../db/schema/catalog';
import { productCategories } from '../../db/schema/products';
import type { Executor } from '../../db/transaction';
import { containsPattern } from '../../lib/sql';

const productCount = sql<number>`(select count(*)::int from ${productCategories} where ${productCategories.categoryId} = ${categories.id})`;

const columns = {
  id: categories.id,
  name: categories.name,
  translations: categories.translations,
  slug: categories.slug,
  position: categories.position,
  is_active: categories.isActive,
  products: productCount,
};

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
  return { total: total?.n ?? 0, rows: rows as AdminCategory[] };
}

export async function findAdminCategory(db: Executor, id: number): Promise<AdminCategory | undefined> {
  const [row] = await db.select(columns).from(categories).where(eq(categories.id, id));
  return row as AdminCategory | undefined;
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
