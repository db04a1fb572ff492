import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { FlashPrice } from '../../db/queries/listed-products';
import { listedProduct } from '../../db/queries/listed-products';
import { brands, categories, colors, sizes } from '../../db/schema/catalog';
import type { NameTranslations } from '../../db/schema/common';
import { productCategories, products } from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { basePrice, flashIdList, listingPrice } from './listing.repository';

export interface FacetScope {
  shopId?: number;
  isDigital?: boolean;
}

function scopeConditions(scope: FacetScope): SQL[] {
  const conditions: SQL[] = [listedProduct()];
  if (scope.shopId !== undefined) conditions.push(eq(products.shopId, scope.shopId));
  if (scope.isDigital !== undefined) conditions.push(eq(products.isDigital, scope.isDigital));
  return conditions;
}

export type VariantKind = 'size' | 'color';

const variantTables = {
  size: { options: sizes, links: 'product_sizes', optionId: 'size_id', order: [asc(sizes.position), asc(sizes.id)] },
  color: { options: colors, links: 'product_colors', optionId: 'color_id', order: [asc(colors.id)] },
} as const;

/**
 * Active sizes or colours used by listed products in scope, each with the smallest extra price
 * charged for it. Per option, the (option, extra price) index is read in price order up to the
 * first listed product, so the cost follows the number of options, not of products.
 */
export interface VariantFacet {
  id: number;
  name: string;
  translations: NameTranslations | null;
  /** Minor units. */
  price: number;
}
export function findVariantFacets(db: Database, kind: 'size', scope: FacetScope): Promise<VariantFacet[]>;
export function findVariantFacets(
  db: Database,
  kind: 'color',
  scope: FacetScope,
): Promise<(VariantFacet & { colorCode: string })[]>;
export async function findVariantFacets(
  db: Database,
  kind: VariantKind,
  scope: FacetScope,
): Promise<(VariantFacet & { colorCode?: string })[]> {
  const { options, links, optionId, order } = variantTables[kind];
  // Written out with aliases: drizzle leaves columns unqualified inside a one-table select.
  const price = sql<number | null>`(select v.extra_price from ${sql.raw(links)} v
    join ${products} lp on lp.id = v.product_id join ${shops} ls on ls.id = lp.shop_id
    where v.${sql.raw(optionId)} = ${options}.id and ${scopedListing(scope)}
    order by v.extra_price limit 1)`.mapWith(Number);
  const rows = await db
    .select({
      id: options.id,
      name: options.name,
      translations: options.translations,
      // Sizes have no code; the column is left out of their rows below.
      colorCode: kind === 'color' ? colors.colorCode : sql<null>`null`,
      price,
    })
    .from(options)
    .where(eq(options.isActive, true))
    .orderBy(...order);
  // Options no listed product in scope uses have no price: they are not offered as filters.
  return rows.flatMap(({ colorCode, price, ...r }) =>
    price === null ? [] : [kind === 'color' ? { ...r, colorCode: colorCode as string, price } : { ...r, price }],
  );
}

/** `lp`/`ls` (a product and its shop) are listed and in scope; for the hand-written subqueries below. */
function scopedListing(scope: FacetScope): SQL {
  const conditions = [sql`lp.is_active and lp.is_approved and ls.is_active`];
  if (scope.shopId !== undefined) conditions.push(sql`lp.shop_id = ${scope.shopId}`);
  if (scope.isDigital !== undefined) conditions.push(sql`lp.is_digital = ${scope.isDigital}`);
  return and(...conditions) as SQL;
}

/** Active brands of at least one listed product in scope; each stops at its first such product. */
export async function findBrandFacets(db: Database, scope: FacetScope) {
  return db
    .select({ id: brands.id, name: brands.name, translations: brands.translations })
    .from(brands)
    .where(
      and(
        eq(brands.isActive, true),
        // A scalar LIMIT 1 plans for the first row (index scan); EXISTS here got a full bitmap per brand.
        sql`(select true from ${products} lp join ${shops} ls on ls.id = lp.shop_id
          where lp.brand_id = ${brands}.id and ${scopedListing(scope)} limit 1)`,
      ),
    )
    .orderBy(asc(brands.name), asc(brands.id));
}

/** Active categories of at least one listed product in scope; each stops at its first such product. */
export async function findCategoryFacets(db: Database, scope: FacetScope) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      translations: categories.translations,
      slug: categories.slug,
      position: categories.position,
    })
    .from(categories)
    .where(
      and(
        eq(categories.isActive, true),
        sql`exists (select 1 from ${productCategories} pc join ${products} lp on lp.id = pc.product_id
          join ${shops} ls on ls.id = lp.shop_id
          where pc.category_id = ${categories}.id and ${scopedListing(scope)})`,
      ),
    )
    .orderBy(asc(categories.position), asc(categories.id));
}

/**
 * The cheapest and dearest price a shopper pays in a scope. Products outside running sales come
 * from both ends of the base-price index (migration 0007) instead of a pass over the catalogue;
 * the few in a running sale are read by id.
 */
export async function findPriceBounds(db: Database, scope: FacetScope, flash: readonly FlashPrice[]) {
  const inSale = flash.length > 0 ? sql`${products.id} = any(${flashIdList(flash)})` : undefined;
  const base = basePrice(products);
  const edge = (direction: typeof asc) =>
    db
      .select({ price: sql<number>`${base}`.mapWith(Number) })
      .from(products)
      .innerJoin(shops, eq(shops.id, products.shopId))
      .where(and(...scopeConditions(scope), inSale ? sql`not (${inSale})` : undefined))
      .orderBy(direction(base))
      .limit(1);
  const price = listingPrice(products, flash);
  const [[low], [high], [sale]] = await Promise.all([
    edge(asc),
    edge(desc),
    inSale
      ? db
          .select({
            min: sql<number | null>`min(${price})`.mapWith(Number),
            max: sql<number | null>`max(${price})`.mapWith(Number),
          })
          .from(products)
          .innerJoin(shops, eq(shops.id, products.shopId))
          .where(and(...scopeConditions(scope), inSale))
      : Promise.resolve([undefined]),
  ]);
  const lows = [low?.price, sale?.min].filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
  const highs = [high?.price, sale?.max].filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
  return { min: lows.length ? Math.min(...lows) : 0, max: highs.length ? Math.max(...highs) : 0 };
}

// ---------------------------------------------------------------------------------------------
