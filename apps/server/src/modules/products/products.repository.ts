import type { ProductSortType } from '@shop/contracts/products';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  lt,
  lte,
  notInArray,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias, bigint, boolean, integer, pgTable, real, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { type Database, preparedPerDatabase } from '../../db/client';
import { brands, categories, colors, sizes, subCategories } from '../../db/schema/catalog';
import { media, type NameTranslations } from '../../db/schema/common';
import { flashSaleProducts, flashSales } from '../../db/schema/marketing';
import {
  productCategories,
  productColors,
  productImages,
  productSizes,
  productSubCategories,
  products,
  productTranslations,
  reviews,
} from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { users } from '../../db/schema/users';
import { listedProduct } from '../catalog/catalog.repository';

/** What a listing filters on; money in minor units. */
export interface ProductFilter {
  shopId?: number;
  categoryId?: number;
  subCategoryId?: number;
  brandId?: number;
  colorId?: number;
  sizeId?: number;
  rating?: number;
  minPrice?: number;
  maxPrice?: number;
  isDigital?: boolean;
  search?: string;
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
/** `%` and `_` typed by a shopper are letters, not wildcards. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Translations of the shopper's language that match `q`: full text (stemmed for English), a typo
 * within a word (trigram word similarity), or a prefix of the name. A product without a row in
 * that language is searched in English, the language its base name is in.
 */
function matchingTranslations(locale: string, q: string): SQL {
  const like = `${escapeLike(q)}%`;
  const wordLike = `% ${escapeLike(q)}%`;
  const matches = (lang: string) =>
    sql`(pt.search_vector @@ websearch_to_tsquery(product_search_config(${lang}), ${q})
      or ${q} <% pt.name or pt.name ilike ${like} or pt.name ilike ${wordLike})`;
  if (locale === 'en') return sql`pt.locale = 'en' and ${matches('en')}`;
  // "offset 0" keeps the check a lookup of the primary key per English candidate; without it the
  // planner hashes every product id of the language first (~100,000 at the catalogue's size).
  return sql`((pt.locale = ${locale} and ${matches(locale)})
    or (pt.locale = 'en' and ${matches('en')} and not exists (
      select 1 from ${productTranslations} own where own.product_id = pt.product_id and own.locale = ${locale}
      offset 0)))`;
}

/**
 * The products matching `q`, once each, with their relevance when `ranked` (their best matching
 * row): the whole name first, then a name starting with it, then text rank plus how closely the
 * name matches. One grouped pass over the matching rows, joined to the listing, instead of
 * looking the rows up again per product to rank them.
 */
function searchedProducts(db: Database, locale: string, q: string, ranked: boolean) {
  const pt = alias(productTranslations, 'pt');
  const rank = ranked
    ? sql<number>`max(
      case when lower(pt.name) = lower(${q}) then 2 when pt.name ilike ${`${escapeLike(q)}%`} then 1 else 0 end
      + ts_rank(pt.search_vector, websearch_to_tsquery(product_search_config(pt.locale), ${q}))
      + word_similarity(${q}, pt.name) + similarity(pt.name, ${q}))`
    : sql<number>`0`;
  return db
    .select({ productId: pt.productId, rank: rank.as('search_rank') })
    .from(pt)
    .where(matchingTranslations(locale, q))
    .groupBy(pt.productId)
    .as('searched');
}

/**
 * What a listing reads of each product: the products table, or for one category the rows of
 * product_category_listing (migration 0007), the same columns kept beside the category id.
 */
interface ListingColumns {
  id: AnyColumn;
  shopId: AnyColumn;
  brandId: AnyColumn;
  isActive: AnyColumn;
  isApproved: AnyColumn;
  isFeatured: AnyColumn;
  isDigital: AnyColumn;
  price: AnyColumn;
  discountPrice: AnyColumn;
  ratingAvg: AnyColumn;
  soldCount: AnyColumn;
  createdAt: AnyColumn;
}

const categoryListing = pgTable('product_category_listing', {
  categoryId: integer('category_id').notNull(),
  id: integer('product_id').notNull(),
  shopId: integer('shop_id').notNull(),
  brandId: integer('brand_id'),
  isActive: boolean('is_active').notNull(),
  isApproved: boolean('is_approved').notNull(),
  isFeatured: boolean('is_featured').notNull(),
  isDigital: boolean('is_digital').notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  discountPrice: bigint('discount_price', { mode: 'number' }).notNull(),
  ratingAvg: real('rating_avg').notNull(),
  soldCount: integer('sold_count').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** A running sale's price of one product, in minor units. */
interface FlashPrice {
  productId: number;
  price: number;
}

/** The flash prices of `now`, read once per listing (a handful of rows) instead of joined per product. */
function findRunningFlashPriceList(db: Database, now: Date): Promise<FlashPrice[]> {
  const flash = runningFlashPrices(db, now);
  return db.select({ productId: flash.productId, price: flash.price }).from(flash);
}

/**
 * The price a shopper pays: the flash price, else the discount price when set, else the price
 * (minor units). The running flash prices are written into the statement: ids and prices are
 * numbers read from the database, so they are safe as literals, and an `= any` over a few of them
 * per product is far cheaper than a join the planner misjudges.
 */
function listingPrice(src: ListingColumns, flash: readonly FlashPrice[]): SQL<number> {
  const base = basePrice(src);
  if (flash.length === 0) return sql<number>`${base}`.mapWith(Number);
  const ids = flashIdList(flash);
  const prices = sql.raw(`'{${flash.map((f) => Math.trunc(Number(f.price))).join(',')}}'::bigint[]`);
  return sql<number>`(case when ${src.id} = any(${ids})
    then (${prices})[array_position(${ids}, ${src.id})] else ${base} end)`.mapWith(Number);
}

/** The discount price when set, else the price; indexed on products as written here (migration 0007). */
const basePrice = (src: ListingColumns) =>
  sql`(case when ${src.discountPrice} > 0 then ${src.discountPrice} else ${src.price} end)`;

const flashIdList = (flash: readonly FlashPrice[]) =>
  sql.raw(`'{${flash.map((f) => Math.trunc(Number(f.productId))).join(',')}}'::int[]`);

/**
 * The product's shop is active: its id among the active shops' ids, read once per statement (an
 * init plan over a dozen rows) instead of a join probed for every matching product.
 */
const inActiveShop = (src: ListingColumns) =>
  sql`${src.shopId} = any(array(select s.id from ${shops} s where s.is_active))`;

function filterConditions(filter: ProductFilter, price: SQL<number>, src: ListingColumns): SQL[] {
  const conditions: SQL[] = [eq(src.isActive, true), eq(src.isApproved, true), inActiveShop(src)];
  if (filter.shopId !== undefined) conditions.push(eq(src.shopId, filter.shopId));
  if (filter.brandId !== undefined) conditions.push(eq(src.brandId, filter.brandId));
  if (filter.isDigital !== undefined) conditions.push(eq(src.isDigital, filter.isDigital));
  if (filter.categoryId !== undefined) {
    conditions.push(
      src === categoryListing
        ? eq(categoryListing.categoryId, filter.categoryId)
        : sql`exists (select 1 from ${productCategories} x
      where x.product_id = ${src.id} and x.category_id = ${filter.categoryId})`,
    );
  }
  if (filter.subCategoryId !== undefined) {
    conditions.push(sql`exists (select 1 from ${productSubCategories} x
      where x.product_id = ${src.id} and x.sub_category_id = ${filter.subCategoryId})`);
  }
  if (filter.colorId !== undefined) {
    conditions.push(sql`exists (select 1 from ${productColors} x
      where x.product_id = ${src.id} and x.color_id = ${filter.colorId})`);
  }
  if (filter.sizeId !== undefined) {
    conditions.push(sql`exists (select 1 from ${productSizes} x
      where x.product_id = ${src.id} and x.size_id = ${filter.sizeId})`);
  }
  if (filter.rating !== undefined) {
    conditions.push(gte(src.ratingAvg, filter.rating), lt(src.ratingAvg, filter.rating + 1));
  }
  if (filter.minPrice !== undefined) conditions.push(sql`${price} >= ${filter.minPrice}`);
  if (filter.maxPrice !== undefined) conditions.push(sql`${price} <= ${filter.maxPrice}`);
  // A search is a join with searchedProducts (findProductPage, countProducts).
  return conditions;
}

/** A category's listing reads its own rows; any other listing reads the products table. */
const listingSource = (filter: ProductFilter) => (filter.categoryId !== undefined ? categoryListing : products);

/** The columns a page is ordered by, as the matching-rows subquery exposes them. */
interface SortColumns {
  id: SQLWrapper | AnyColumn;
  price: SQLWrapper | AnyColumn;
  isFeatured: SQLWrapper | AnyColumn;
  createdAt: SQLWrapper | AnyColumn;
  soldCount: SQLWrapper | AnyColumn;
  ratingAvg: SQLWrapper | AnyColumn;
  rank: SQLWrapper | AnyColumn;
}

function sortOrder(sort: ProductSortType, searching: boolean, c: SortColumns): SQL[] {
  switch (sort) {
    case 'high_to_low':
      return [desc(c.price), desc(c.id)];
    case 'low_to_high':
      return [asc(c.price), asc(c.id)];
    case 'top_selling':
      return [desc(c.soldCount), desc(c.id)];
    case 'popular_product':
      return [desc(c.ratingAvg), desc(c.soldCount), desc(c.id)];
    // Without a shopper's history, Just For You is the newest first, as on the home page.
    case 'newest':
    case 'just_for_you':
      return [desc(c.createdAt), desc(c.id)];
    default:
      // Best match first when searching; otherwise what the owner features, then the newest.
      return [...(searching ? [desc(c.rank)] : []), desc(c.isFeatured), desc(c.createdAt), desc(c.id)];
  }
}

/** Only the default order puts the best match first; every other sort ignores the rank. */
const ranksSearch = (sort: ProductSortType) => sort === 'default';

/**
 * One page of listed product ids in the chosen order and the exact number of matches. The
 * matching rows are found first, each carrying the count of all of them (a window); the page is
 * then sorted out of those. The window also keeps the planner from walking a sort-order index
 * (created_at, sold_count) over the whole catalogue's wide rows for a LIMIT it cannot use, as
 * every matching row is needed for the count anyway. A page past the end has no row to carry the
 * count, so only then is it counted separately.
 */
export async function findProductPage(
  db: Database,
  options: { filter: ProductFilter; sort: ProductSortType; locale: string; now: Date; limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const { filter, sort, locale, now } = options;
  const flash = await findRunningFlashPriceList(db, now);
  const src = listingSource(filter);
  const price = listingPrice(src, flash);
  const searching = filter.search !== undefined && ranksSearch(sort);
  const searched = filter.search ? searchedProducts(db, locale, filter.search, searching) : undefined;
  const matchedQuery = db
    .select({
      id: sql<number>`${src.id}`.as('id'),
      price: sql<number>`${price}`.as('price'),
      isFeatured: sql<boolean>`${src.isFeatured}`.as('is_featured'),
      createdAt: sql<Date>`${src.createdAt}`.as('created_at'),
      soldCount: sql<number>`${src.soldCount}`.as('sold_count'),
      ratingAvg: sql<number>`${src.ratingAvg}`.as('rating_avg'),
      rank: (searched ? sql<number>`${searched.rank}` : sql<number>`0`).as('rank'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(src)
    .$dynamic();
  const matched = (searched ? matchedQuery.innerJoin(searched, eq(searched.productId, src.id)) : matchedQuery)
    .where(and(...filterConditions(filter, price, src)))
    .as('matched');
  const rows = await db
    .select({ id: sql<number>`${matched.id}`.mapWith(Number), total: sql<number>`${matched.total}`.mapWith(Number) })
    .from(matched)
    .orderBy(...sortOrder(sort, searching, matched))
    .limit(options.limit)
    .offset(options.offset);
  const total = rows[0]?.total ?? (options.offset > 0 ? await countProducts(db, { filter, locale, flash }) : 0);
  return { ids: rows.map((r) => r.id), total };
}

/** The number of matches, for a page past the end; with the flash prices the page was read with. */
async function countProducts(
  db: Database,
  options: { filter: ProductFilter; locale: string; flash: readonly FlashPrice[] },
) {
  const { flash } = options;
  const src = listingSource(options.filter);
  const { search } = options.filter;
  const query = db.select({ total: count() }).from(src).$dynamic();
  const searched = search ? searchedProducts(db, options.locale, search, false) : undefined;
  const [row] = await (searched ? query.innerJoin(searched, eq(searched.productId, src.id)) : query).where(
    and(...filterConditions(options.filter, listingPrice(src, flash), src)),
  );
  return row?.total ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Filter facets

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
export async function findPriceBounds(db: Database, scope: FacetScope, now: Date) {
  const flash = await findRunningFlashPriceList(db, now);
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
// Product details

interface DetailsImage {
  id: number;
  path: string;
  width: number;
  height: number;
}
interface DetailsLink {
  id: number;
  name: string;
  translations: NameTranslations;
  slug: string;
}
interface DetailsFlashSale {
  id: number;
  name: string;
  /** JSON text of a timestamptz. */
  ends_at: string;
  /** Minor units. */
  price: number;
}

/**
 * The listed product with this id or slug and everything the details page adds to its card, in
 * one round trip: descriptions in `locale`, images (main first, then the gallery in order),
 * active categories and subcategories, the running flash sale at `now` (the one ending first, as
 * on the card), and the ids of up to `rowSize` related products (sharing a category, best rated
 * first) and of the shop's best sellers.
 */
export async function findProductDetailsRow(
  db: Database,
  key: { id?: number; slug?: string },
  locale: string,
  now: Date,
  rowSize: number,
) {
  const by = key.id !== undefined ? 'id' : 'slug';
  const [row] = await productDetailsQuery(db)(by, rowSize).execute({
    key: key.id ?? key.slug ?? '',
    locale,
    at: now.toISOString(),
  });
  if (!row) return null;
  // The gallery may repeat the main image; each image shows once.
  const seen = new Set<number>();
  return { ...row, images: row.images.filter((m) => !seen.has(m.id) && seen.add(m.id)) };
}

/** The details statement, built once per database, key column and row size. */
const productDetailsQuery = preparedPerDatabase((db) => {
  const built = new Map<string, ReturnType<typeof buildProductDetailsQuery>>();
  return (by: 'id' | 'slug', rowSize: number) => {
    const name = `product_details_${by}_${Math.trunc(rowSize)}`;
    let query = built.get(name);
    if (!query) {
      query = buildProductDetailsQuery(db, by, rowSize, name);
      built.set(name, query);
    }
    return query;
  };
});

function buildProductDetailsQuery(db: Database, by: 'id' | 'slug', rowSize: number, name: string) {
  const key = sql.placeholder('key');
  const locale = sql.placeholder('locale');
  const at = sql.placeholder('at');
  // A literal: with LIMIT as a parameter the planner prices the reusable (generic) plan as if the
  // rows had no limit and plans the statement again on every call (~1 ms each).
  const limit = sql.raw(String(Math.trunc(rowSize)));
  return db
    .select({
      id: products.id,
      sku: products.sku,
      shortDescription: products.shortDescription,
      description: products.description,
      translatedShort: sql<string | null>`(select t.short_description from ${productTranslations} t
        where t.product_id = ${products.id} and t.locale = ${locale})`,
      translatedDescription: sql<string | null>`(select t.description from ${productTranslations} t
        where t.product_id = ${products.id} and t.locale = ${locale})`,
      metaTitle: products.metaTitle,
      metaDescription: products.metaDescription,
      shopReviewsCount: shops.reviewsCount,
      images: sql<DetailsImage[]>`coalesce((select json_agg(json_build_object('id', m.id, 'path', m.path,
          'width', m.width, 'height', m.height) order by i.ord, i.position, i.id)
        from (select ${products.mediaId} as media_id, 0 as ord, 0 as position, 0 as id
              union all
              select pi.media_id, 1, pi.position, pi.id from ${productImages} pi where pi.product_id = ${products.id}) i
        join ${media} m on m.id = i.media_id), '[]'::json)`,
      categories: sql<DetailsLink[]>`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name,
          'translations', c.translations, 'slug', c.slug) order by c.position, c.id)
        from ${productCategories} pc join ${categories} c on c.id = pc.category_id
        where pc.product_id = ${products.id} and c.is_active), '[]'::json)`,
      subCategories: sql<DetailsLink[]>`coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name,
          'translations', c.translations, 'slug', c.slug) order by c.id)
        from ${productSubCategories} pc join ${subCategories} c on c.id = pc.sub_category_id
        where pc.product_id = ${products.id} and c.is_active), '[]'::json)`,
      flashSale: sql<DetailsFlashSale | null>`(select json_build_object('id', fs.id, 'name', fs.name,
          'ends_at', fs.ends_at, 'price', fsp.price)
        from ${flashSaleProducts} fsp join ${flashSales} fs on fs.id = fsp.flash_sale_id
        where fsp.product_id = ${products.id} and fs.is_active
          and fs.starts_at <= ${at}::timestamptz and fs.ends_at > ${at}::timestamptz
          and fsp.quantity > fsp.sold_quantity
        order by fs.ends_at, fs.id limit 1)`,
      relatedIds: sql<number[]>`array(select rp.id from ${products} rp join ${shops} rs on rs.id = rp.shop_id
        where rp.is_active and rp.is_approved and rs.is_active and rp.id <> ${products.id}
          and exists (select 1 from ${productCategories} mine join ${productCategories} theirs
            on theirs.category_id = mine.category_id
            where mine.product_id = ${products.id} and theirs.product_id = rp.id)
        order by rp.rating_avg desc, rp.sold_count desc, rp.id desc limit ${limit})`,
      popularIds: sql<number[]>`array(select pp.id from ${products} pp join ${shops} ps on ps.id = pp.shop_id
        where pp.is_active and pp.is_approved and ps.is_active and pp.id <> ${products.id}
          and pp.shop_id = ${products.shopId}
        order by pp.sold_count desc, pp.rating_avg desc, pp.id desc limit ${limit})`,
    })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(by === 'id' ? eq(products.id, key) : eq(products.slug, key), listedProduct()))
    .prepare(name);
}

/** Up to `limit` other listed products of the product's shop, best selling first. */
export async function findShopPopularProductIds(db: Database, productId: number, limit: number) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(
      and(
        listedProduct(),
        sql`${products.id} <> ${productId}`,
        sql`${products.shopId} = (select p.shop_id from ${products} p where p.id = ${productId})`,
      ),
    )
    .orderBy(desc(products.soldCount), desc(products.ratingAvg), desc(products.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function isListedProduct(db: Database, productId: number) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(shops, eq(shops.id, products.shopId))
    .where(and(eq(products.id, productId), listedProduct()));
  return row !== undefined;
}

export async function isActiveShop(db: Database, shopId: number) {
  const [row] = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(eq(shops.id, shopId), eq(shops.isActive, true)));
  return row !== undefined;
}

// ---------------------------------------------------------------------------------------------
// Reviews

export type ReviewTarget = { productId: number } | { shopId: number };

function reviewConditions(target: ReviewTarget): SQL {
  const of = 'productId' in target ? eq(reviews.productId, target.productId) : eq(reviews.shopId, target.shopId);
  return and(of, eq(reviews.isActive, true)) as SQL;
}

/** Count of active reviews per star. */
export async function findReviewHistogram(db: Database, target: ReviewTarget) {
  return db
    .select({ rating: reviews.rating, total: count() })
    .from(reviews)
    .where(reviewConditions(target))
    .groupBy(reviews.rating);
}

export async function findReviewRows(db: Database, target: ReviewTarget, limit: number, offset: number) {
  return db
    .select({
      id: reviews.id,
      customerName: users.name,
      customerPhoto: media.path,
      rating: reviews.rating,
      description: reviews.description,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.customerId))
    .leftJoin(media, eq(media.id, users.photoId))
    .where(reviewConditions(target))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit)
    .offset(offset);
}

// ---------------------------------------------------------------------------------------------
// Autocomplete

/**
 * Each translated name from each of its words to the end, lower case (migration 0006 keeps it in
 * step with product_translations by trigger). Not in the Drizzle schema: only the trigger writes it.
 */
const productNameSuffixes = pgTable('product_name_suffixes', {
  locale: varchar('locale', { length: 10 }).notNull(),
  suffix: text('suffix').notNull(),
  productId: integer('product_id').notNull(),
});

/** Typed text folded the way the suffixes are stored: lower case, one space between words. */
export const foldSuggestionText = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ');

interface Suggestion {
  id: number;
  slug: string;
  name: string;
  thumbnail: string;
}

/**
 * Listed products whose name in `names.locale` starts with `q` or has a word that does, in the
 * order of the matching words. The suffix index is read in that order and the scan stops once
 * `limit` products are found. With `untranslatedIn`, only products without a name in that
 * language (the English fallback).
 */
async function findPrefixSuggestions(
  db: Database,
  q: string,
  names: { locale: string; untranslatedIn?: string },
  limit: number,
  exclude: readonly number[],
): Promise<Suggestion[]> {
  const s = productNameSuffixes;
  const rows = await db
    .select({ id: products.id, slug: products.slug, name: productTranslations.name, thumbnail: media.path })
    .from(s)
    .innerJoin(products, eq(products.id, s.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(media, eq(media.id, products.mediaId))
    .innerJoin(
      productTranslations,
      and(eq(productTranslations.productId, s.productId), eq(productTranslations.locale, s.locale)),
    )
    .where(
      and(
        eq(s.locale, names.locale),
        // The range is what the index is read by; as a range (not only LIKE with a parameter)
        // PostgreSQL can keep one plan for the statement instead of planning each call (~2.5 ms).
        // Suffixes sort bytewise (COLLATE "C"): every text starting with q lies below q + U+10FFFF.
        gte(s.suffix, q),
        lt(s.suffix, `${q}\u{10FFFF}`),
        sql`${s.suffix} like ${`${escapeLike(q)}%`}`,
        listedProduct(),
        names.untranslatedIn === undefined
          ? undefined
          : sql`not exists (select 1 from ${productTranslations} own
              where own.product_id = ${s.productId} and own.locale = ${names.untranslatedIn})`,
        exclude.length > 0 ? notInArray(s.productId, [...exclude]) : undefined,
      ),
    )
    .orderBy(asc(s.suffix), asc(s.productId))
    // A name can have two words starting with `q`; the extra rows leave room to drop the repeat.
    .limit(limit * 2);
  return uniqueById(rows).slice(0, limit);
}

function uniqueById<T extends { id: number }>(rows: T[]): T[] {
  const seen = new Set<number>();
  return rows.filter((r) => !seen.has(r.id) && seen.add(r.id));
}

/**
 * Suggestions for the search box, best first, `limit` at most: names (or a word of them) starting
 * with `q` in the shopper's language, then in English for products not translated into it; only
 * when those are too few, names within a typo of `q` (trigram word similarity).
 */
export async function findAutocompleteProducts(db: Database, q: string, locale: string, limit: number) {
  const folded = foldSuggestionText(q);
  if (!folded) return [];
  const found = await findPrefixSuggestions(db, folded, { locale }, limit, []);
  if (found.length < limit && locale !== 'en') {
    const ids = found.map((f) => f.id);
    found.push(
      ...(await findPrefixSuggestions(db, folded, { locale: 'en', untranslatedIn: locale }, limit - found.length, ids)),
    );
  }
  // Fewer than three letters have no trigram to compare: a typo cannot be told from another word.
  if (found.length < limit && folded.length >= 3) {
    const ids = found.map((f) => f.id);
    found.push(...(await findSimilarSuggestions(db, folded, locale, limit - found.length, ids)));
  }
  return found;
}

/** Names within a typo of `q` in the shopper's language (English where untranslated), closest first. */
async function findSimilarSuggestions(
  db: Database,
  q: string,
  locale: string,
  limit: number,
  exclude: readonly number[],
): Promise<Suggestion[]> {
  const language =
    locale === 'en'
      ? sql`${productTranslations.locale} = 'en'`
      : sql`(${productTranslations.locale} = ${locale} or (${productTranslations.locale} = 'en' and not exists (
          select 1 from ${productTranslations} own
          where own.product_id = ${productTranslations.productId} and own.locale = ${locale})))`;
  const rows = await db
    .select({ id: products.id, slug: products.slug, name: productTranslations.name, thumbnail: media.path })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .innerJoin(shops, eq(shops.id, products.shopId))
    .innerJoin(media, eq(media.id, products.mediaId))
    .where(
      and(
        language,
        sql`${q} <% ${productTranslations.name}`,
        listedProduct(),
        exclude.length > 0 ? notInArray(products.id, [...exclude]) : undefined,
      ),
    )
    .orderBy(sql`word_similarity(${q}, ${productTranslations.name}) desc`, desc(products.soldCount), asc(products.id))
    .limit(limit);
  return rows;
}

export async function findAutocompleteShops(db: Database, q: string, limit: number) {
  if (limit <= 0) return [];
  const like = `${escapeLike(q)}%`;
  const wordLike = `% ${escapeLike(q)}%`;
  return db
    .select({ id: shops.id, slug: shops.slug, name: shops.name, logo: media.path })
    .from(shops)
    .leftJoin(media, eq(media.id, shops.logoId))
    .where(
      and(
        eq(shops.isActive, true),
        sql`(${shops.name} ilike ${like} or ${shops.name} ilike ${wordLike} or ${q} <% ${shops.name})`,
      ),
    )
    .orderBy(sql`(${shops.name} ilike ${like}) desc`, sql`word_similarity(${q}, ${shops.name}) desc`, asc(shops.id))
    .limit(limit);
}
