import { and, asc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import type { NameTranslations } from '../schema/common';
import { flashSaleProducts, flashSales } from '../schema/marketing';
import { productCategories, products } from '../schema/products';
import { shops } from '../schema/shops';

/*
 * Conditions several modules' repositories share: which products shoppers may see and what
 * prices a product. They live below the modules so each module's repository uses the same rule
 * without importing another module's repository.
 */

/**
 * A product shoppers may see: active, approved, in an active shop. Every listing uses this one
 * condition, so a product hidden in one place is hidden everywhere. `is_active` is the seller's
 * "published": a draft is not active, and the database keeps a deleted product inactive
 * (products_deleted_unpublished), so neither is ever listed. The query must join `shops`.
 */
export function listedProduct(): SQL {
  return and(eq(products.isActive, true), eq(products.isApproved, true), eq(shops.isActive, true)) as SQL;
}

/**
 * Listed products counted as they change (migration 0039): rows of `listed_product_counts` for
 * active shops, `products` being how many of the shop's products are active and approved, in the
 * category `category_id` (0: in the shop). Summed over shops this is the count of listed products
 * the same rule above gives, without reading them.
 */
export const LISTED_COUNTS_OF_ACTIVE_SHOPS = sql`(select lc.category_id, lc.shop_id, lc.products
  from listed_product_counts lc join ${shops} cs on cs.id = lc.shop_id
  where cs.is_active and lc.products > 0)`;

/** The same rule as a correlated subquery on a product id column, for queries without the joins. */
export function isListedProductId(productId: SQL | AnyPgColumn): SQL {
  return sql`exists (select 1 from ${products} lp join ${shops} ls on ls.id = lp.shop_id
    where lp.id = ${productId} and lp.is_active and lp.is_approved and ls.is_active)`;
}

/**
 * The shop (the query's `shops` row) has a product on sale: active and approved. Shop lists,
 * counts and the sitemap show only such shops; whether the shop itself is active is theirs to add.
 * Read from the counts kept as products change (migration 0039).
 */
export function shopHasListedProduct(): SQL {
  return sql`exists (select 1 from listed_product_counts lc where lc.shop_id = ${shops.id}
    and lc.category_id = 0 and lc.products > 0)`;
}

/** The product (a product id column of the query) is in the category. */
export function productInCategory(productId: SQL | AnyPgColumn, categoryId: number): SQL {
  return sql`exists (select 1 from ${productCategories}
    where ${productCategories.productId} = ${productId}
    and ${productCategories.categoryId} = ${categoryId})`;
}

export interface CardVariantRow {
  id: number;
  name: string;
  translations: NameTranslations | null;
  price: number;
  color_code?: string;
}

export interface CardFlashRow {
  flash_sale_id: number;
  /** Minor units. */
  price: number;
  discount: number;
  remaining: number;
}

/**
 * What prices a product besides its own columns, for a query over `products` with an `at`
 * placeholder: the running flash sale (with several, the one ending first wins: its price is the
 * one that expires) and the active sizes and colours with their extra prices. The product card
 * query and the placement's pricing read both use it.
 */
export function priceVariants() {
  return {
    flash: sql<CardFlashRow | null>`(
        select json_build_object('flash_sale_id', fs.id, 'price', fsp.price, 'discount', fsp.discount,
          'remaining', fsp.quantity - fsp.sold_quantity)
        from flash_sale_products fsp join flash_sales fs on fs.id = fsp.flash_sale_id
        where fsp.product_id = ${products.id} and fs.is_active
          and fs.starts_at <= ${sql.placeholder('at')}::timestamptz and fs.ends_at > ${sql.placeholder('at')}::timestamptz
          and fsp.quantity > fsp.sold_quantity
        order by fs.ends_at, fs.id limit 1)`,
    sizes: sql<CardVariantRow[]>`coalesce((
        select json_agg(json_build_object('id', s.id, 'name', s.name, 'translations', s.translations,
          'price', ps.extra_price) order by s.position, s.id)
        from product_sizes ps join sizes s on s.id = ps.size_id
        where ps.product_id = ${products.id} and s.is_active), '[]'::json)`,
    colors: sql<CardVariantRow[]>`coalesce((
        select json_agg(json_build_object('id', c.id, 'name', c.name, 'translations', c.translations,
          'color_code', c.color_code, 'price', pc.extra_price) order by c.id)
        from product_colors pc join colors c on c.id = pc.color_id
        where pc.product_id = ${products.id} and c.is_active), '[]'::json)`,
  };
}

/**
 * The flash price of each product in a running sale with stock left at `now` (the sale ending
 * first wins, as on the card).
 */
function runningFlashPrices(db: Database, now: Date) {
  return db
    .selectDistinctOn([flashSaleProducts.productId], {
      productId: flashSaleProducts.productId,
      price: flashSaleProducts.price,
    })
    .from(flashSaleProducts)
    .innerJoin(flashSales, eq(flashSales.id, flashSaleProducts.flashSaleId))
    .where(
      and(
        eq(flashSales.isActive, true),
        lte(flashSales.startsAt, now),
        gt(flashSales.endsAt, now),
        sql`${flashSaleProducts.quantity} > ${flashSaleProducts.soldQuantity}`,
      ),
    )
    .orderBy(flashSaleProducts.productId, asc(flashSales.endsAt), asc(flashSales.id))
    .as('running_flash');
}

/** A running sale's price of one product, in minor units. */
export interface FlashPrice {
  productId: number;
  price: number;
}

/** The flash prices of `now`, read once per listing (a handful of rows) instead of joined per product. */
export function findRunningFlashPriceList(db: Database, now: Date): Promise<FlashPrice[]> {
  const flash = runningFlashPrices(db, now);
  return db.select({ productId: flash.productId, price: flash.price }).from(flash);
}
