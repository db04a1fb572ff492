import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isListedProductId, listedProduct, shopHasListedProduct } from '../../db/queries/listed-products';
import { blogs } from '../../db/schema/blogs';
import { categories, categorySubCategories, subCategories } from '../../db/schema/catalog';
import { products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';

/** The id just before a page of listed products (by id), so each page starts with a keyset seek. */
export async function findListedProductIdBefore(db: Database, offset: number): Promise<number> {
  if (offset <= 0) return 0;
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(listedProduct())
    .orderBy(asc(products.id))
    .limit(1)
    .offset(offset - 1);
  return row?.id ?? Number.MAX_SAFE_INTEGER;
}

/** One chunk of listed products after an id, in id order: only slug and last change. */
export async function findListedProductSlugs(db: Database, afterId: number, limit: number) {
  return db
    .select({ id: products.id, slug: products.slug, updatedAt: products.updatedAt })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(listedProduct(), gt(products.id, afterId)))
    .orderBy(asc(products.id))
    .limit(limit);
}

/** Active categories with at least one listed product. */
export async function findSitemapCategories(db: Database) {
  return db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(
      and(
        eq(categories.isActive, true),
        sql`exists (select 1 from product_categories pc where pc.category_id = ${categories.id}
          and ${isListedProductId(sql`pc.product_id`)})`,
      ),
    )
    .orderBy(asc(categories.id));
}

/** Active subcategories under those categories, as category-subcategory slug pairs. */
export async function findSitemapSubCategories(db: Database) {
  return db
    .select({ categorySlug: categories.slug, slug: subCategories.slug })
    .from(categorySubCategories)
    .innerJoin(categories, eq(categories.id, categorySubCategories.categoryId))
    .innerJoin(subCategories, eq(subCategories.id, categorySubCategories.subCategoryId))
    .where(
      and(
        eq(categories.isActive, true),
        eq(subCategories.isActive, true),
        sql`exists (select 1 from product_sub_categories psc where psc.sub_category_id = ${subCategories.id}
          and ${isListedProductId(sql`psc.product_id`)})`,
      ),
    )
    .orderBy(asc(categories.id), asc(categorySubCategories.position), asc(subCategories.id));
}

/** Active shops with at least one listed product (those the shop list shows). */
export async function findSitemapShops(db: Database) {
  return db
    .select({ slug: shops.slug })
    .from(shops)
    .where(and(eq(shops.isActive, true), shopHasListedProduct()))
    .orderBy(asc(shops.id));
}

export async function findSitemapBlogs(db: Database) {
  return db
    .select({ slug: blogs.slug, createdAt: blogs.createdAt })
    .from(blogs)
    .where(eq(blogs.isActive, true))
    .orderBy(asc(blogs.id));
}
