import type { ProductSortType } from '@shop/contracts/products';
import { type AnyColumn, and, asc, desc, eq, gte, lt, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias, bigint, boolean, integer, pgTable, real, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { FlashPrice } from '../../db/queries/listed-products';
import {
  productCategories,
  productColors,
  productSizes,
  productSubCategories,
  products,
  productTranslations,
} from '../../db/schema/products';
import { shops } from '../../db/schema/shops';
import { rowsOf } from '../../lib/sql';
import { correctedTsQuery, findCorrections, queryWords } from './typos';

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
 * The words of `q` as a tsquery in which the last word may be a prefix ("watch chrono" finds
 * "Watch Chronograph" while it is typed): each word quoted (they are letters, digits and marks
 * only, queryWords), undefined when `q` has none.
 */
export function prefixTsQuery(q: string): string | undefined {
  const words = queryWords(q);
  if (words.length === 0) return undefined;
  return words.map((w, i) => `'${w}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

/**
 * What a translation in `lang` must match to be found: `q` as typed (full text, stemmed for
 * English, web search syntax), or every word with the last as a prefix, or with `corrected`
 * (typos.ts) the typo words' corrections. One tsquery, so one scan of the text index; a typo is
 * found through its corrections, not by comparing trigrams with every name.
 */
function matchQuery(lang: string, q: string, corrected: string | undefined): SQL {
  const config = sql`product_search_config(${lang})`;
  const prefix = prefixTsQuery(q);
  const queries = [sql`websearch_to_tsquery(${config}, ${q})`];
  if (prefix !== undefined) queries.push(sql`to_tsquery(${config}, ${prefix})`);
  if (corrected !== undefined) queries.push(sql`to_tsquery(${config}, ${corrected})`);
  return sql`(${sql.join(queries, sql` || `)})`;
}

/**
 * Translations of the shopper's language that match `q` (matchQuery). A product without a row in
 * that language is searched in English, the language its base name is in.
 *
 * The language is compared as `(pt.locale || '')`, which no index holds: given `pt.locale = 'en'`
 * the planner intersected the text index's matches with every row of the language read from the
 * primary key (100,000 entries, 20 of a search's 30 ms); this way the rows the text index finds
 * are checked one by one.
 */
function matchingTranslations(locale: string, q: string, corrected: string | undefined): SQL {
  const matches = (lang: string) =>
    sql`(pt.locale || '') = ${lang} and pt.search_vector @@ ${matchQuery(lang, q, corrected)}`;
  if (locale === 'en') return matches('en');
  // "offset 0" keeps the check a lookup of the primary key per English candidate; without it the
  // planner hashes every product id of the language first (~100,000 at the catalogue's size).
  return sql`((${matches(locale)})
    or (${matches('en')} and not exists (
      select 1 from ${productTranslations} own where own.product_id = pt.product_id and own.locale = ${locale}
      offset 0)))`;
}

/**
 * The text queries a search ranks with, made once per statement (the `query` row of
 * searchedPage) rather than for every candidate: as typed and, with typos, as corrected, in the
 * shopper's language and in English (a product without a translation is searched in English).
 */
function rankQueries(locale: string, q: string, corrected: string | undefined): SQL {
  const own = (lang: string) => sql`product_search_config(${lang})`;
  return sql`select websearch_to_tsquery(${own('en')}, ${q}) as typed_en,
    websearch_to_tsquery(${own(locale)}, ${q}) as typed_own,
    to_tsquery(${own('en')}, ${prefixTsQuery(q) ?? ''}) as prefix_en,
    to_tsquery(${own(locale)}, ${prefixTsQuery(q) ?? ''}) as prefix_own,
    to_tsquery(${own('en')}, ${corrected ?? ''}) as corrected_en,
    to_tsquery(${own(locale)}, ${corrected ?? ''}) as corrected_own`;
}

/**
 * How relevant a candidate row `pt` (a translation's name and text) is to `q`: the whole name
 * first, then a name starting with it, then by text rank. With typos (`corrected`): a row matching
 * the words as typed first, then one whose text matches a correction (the rank as typed is below
 * 5: at most 2 + a text rank below 1). The text queries are the `query` row's (rankQueries).
 */
function searchRank(q: string, corrected: string | undefined): SQL<number> {
  const typed = sql`(case when pt.locale = 'en' then query.typed_en else query.typed_own end)`;
  const exactRank = sql`(case when lower(pt.name) = lower(${q}) then 2
      when starts_with(lower(pt.name), lower(${q})) then 1 else 0 end + ts_rank(pt.search_vector, ${typed}))`;
  if (corrected === undefined) return sql<number>`${exactRank}`;
  const prefix = sql`(case when pt.locale = 'en' then query.prefix_en else query.prefix_own end)`;
  const correctedQuery = sql`(case when pt.locale = 'en' then query.corrected_en else query.corrected_own end)`;
  return sql<number>`(case
    when pt.search_vector @@ ${typed} or pt.search_vector @@ ${prefix} then 10 + ${exactRank}
    when pt.search_vector @@ ${correctedQuery} then 5 + ts_rank(pt.search_vector, ${correctedQuery})
    else ${exactRank} end)`;
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

/**
 * The price a shopper pays: the flash price, else the discount price when set, else the price
 * (minor units). The running flash prices are written into the statement: ids and prices are
 * numbers read from the database, so they are safe as literals, and an `= any` over a few of them
 * per product is far cheaper than a join the planner misjudges.
 */
export function listingPrice(src: ListingColumns, flash: readonly FlashPrice[]): SQL<number> {
  const base = basePrice(src);
  if (flash.length === 0) return sql<number>`${base}`.mapWith(Number);
  const ids = flashIdList(flash);
  const prices = sql.raw(`'{${flash.map((f) => Math.trunc(Number(f.price))).join(',')}}'::bigint[]`);
  return sql<number>`(case when ${src.id} = any(${ids})
    then (${prices})[array_position(${ids}, ${src.id})] else ${base} end)`.mapWith(Number);
}

/** The discount price when set, else the price; indexed on products as written here (migration 0007). */
export const basePrice = (src: ListingColumns) =>
  sql`(case when ${src.discountPrice} > 0 then ${src.discountPrice} else ${src.price} end)`;

export const flashIdList = (flash: readonly FlashPrice[]) =>
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
  // A search adds its text match to these (searchedPage).
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

/** Past this many matches a listing says "more than" it instead of counting them all. */
export const LISTING_COUNT_CAP = 1000;

/** A page of a listing: its product ids, and the number of matches (at most LISTING_COUNT_CAP). */
export interface ProductPage {
  ids: number[];
  total: number;
  /** More than `total` (LISTING_COUNT_CAP) products match. */
  more: boolean;
}

/**
 * One page of listed product ids in the chosen order, and the number of matches up to
 * LISTING_COUNT_CAP. A search is ranked over its matches (searchedPage); any other listing reads
 * its page from an index in the sort's order (migration 0037) and stops there, so its cost does
 * not grow with the catalogue: the products in a running flash sale (a handful, at their flash
 * price, which no index orders) are read apart and merged in. The count stops at the cap.
 */
export async function findProductPage(
  db: Database,
  options: {
    filter: ProductFilter;
    sort: ProductSortType;
    locale: string;
    /** The running flash prices (CatalogChanges.runningFlashPrices). */
    flash: readonly FlashPrice[];
    limit: number;
    offset: number;
  },
): Promise<ProductPage> {
  const { flash } = options;
  if (options.filter.search) return searchedPage(db, options, flash, options.filter.search);
  const { filter, sort } = options;
  const src = listingSource(filter);
  const inSale = flash.length > 0 ? flashIdList(flash) : undefined;
  // The products in a running sale at their flash price, the rest at their base price (indexed).
  const partOf = (saleItems: boolean) => {
    const price = saleItems ? listingPrice(src, flash) : sql<number>`${basePrice(src)}`.mapWith(Number);
    const conditions = filterConditions(filter, price, src);
    if (inSale) conditions.push(saleItems ? sql`${src.id} = any(${inSale})` : sql`${src.id} <> all(${inSale})`);
    return { price, conditions };
  };
  const part = (saleItems: boolean, limit: number) => {
    const { price, conditions } = partOf(saleItems);
    const columns = {
      id: src.id,
      price,
      isFeatured: src.isFeatured,
      createdAt: src.createdAt,
      soldCount: src.soldCount,
      ratingAvg: src.ratingAvg,
      rank: sql`0`,
    };
    return db
      .select({
        id: sql<number>`${src.id}`.as('id'),
        price: sql<number>`${price}`.as('price'),
        isFeatured: sql<boolean>`${src.isFeatured}`.as('is_featured'),
        createdAt: sql<Date>`${src.createdAt}`.as('created_at'),
        soldCount: sql<number>`${src.soldCount}`.as('sold_count'),
        ratingAvg: sql<number>`${src.ratingAvg}`.as('rating_avg'),
      })
      .from(src)
      .where(and(...conditions))
      .orderBy(...sortOrder(sort, false, columns))
      .limit(limit);
  };
  const counted = (saleItems: boolean) => {
    const { conditions } = partOf(saleItems);
    return db
      .select({ one: sql`1` })
      .from(src)
      .where(and(...conditions))
      .limit(LISTING_COUNT_CAP + 1);
  };
  const upTo = options.offset + options.limit;
  const matched = inSale ? sql`(${part(false, upTo)}) union all (${part(true, upTo)})` : sql`${part(false, upTo)}`;
  const countedRows = inSale ? sql`(${counted(false)}) union all (${counted(true)})` : sql`${counted(false)}`;
  const m = {
    id: sql.raw('m.id'),
    price: sql.raw('m.price'),
    isFeatured: sql.raw('m.is_featured'),
    createdAt: sql.raw('m.created_at'),
    soldCount: sql.raw('m.sold_count'),
    ratingAvg: sql.raw('m.rating_avg'),
    rank: sql.raw('0'),
  };
  return readPage(
    db,
    sql`select m.id, (select count(*) from (${countedRows}) c) as total
      from (${matched}) m order by ${sql.join(sortOrder(sort, false, m), sql`, `)}
      limit ${options.limit} offset ${options.offset}`,
    countedRows,
    options.offset,
  );
}

/**
 * Runs a page's statement (its rows carry the count of `counted` as `total`) and caps the count;
 * a page past the end has no row to carry it, so only then is it counted apart.
 */
async function readPage(db: Database, page: SQL, counted: SQL, offset: number): Promise<ProductPage> {
  const rows = rowsOf<{ id: number; total: number | string }>(await db.execute(page));
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    const [row] = rowsOf<{ total: number | string }>(
      await db.execute(sql`select count(*) as total from (${counted}) c`),
    );
    total = Number(row?.total ?? 0);
  }
  return {
    ids: rows.map((r) => Number(r.id)),
    ...(total > LISTING_COUNT_CAP ? { total: LISTING_COUNT_CAP, more: true } : { total, more: false }),
  };
}

/**
 * A search's page. The matching products (a translation in the shopper's language, or English,
 * matching the text or a typo's correction, and the listing's filters) are found first, at most
 * LISTING_COUNT_CAP + 1 of them: the page is sorted (by relevance in the default order) out of
 * those candidates and they are the count, so a common word costs no more than a rare one. Past
 * the cap, the candidates are the first matches the text index gives, not the best of all.
 */
async function searchedPage(
  db: Database,
  options: { filter: ProductFilter; sort: ProductSortType; locale: string; limit: number; offset: number },
  flash: readonly FlashPrice[],
  search: string,
): Promise<ProductPage> {
  const { filter, sort, locale } = options;
  const src = listingSource(filter);
  const price = listingPrice(src, flash);
  const corrections = await findCorrections(db, search, locale);
  const corrected = corrections.size > 0 ? correctedTsQuery(search, corrections) : undefined;
  const pt = alias(productTranslations, 'pt');
  const candidates = db
    .select({
      id: sql<number>`${src.id}`.as('id'),
      name: sql<string>`pt.name`.as('name'),
      locale: sql<string>`pt.locale`.as('locale'),
      searchVector: sql`pt.search_vector`.as('search_vector'),
      price: sql<number>`${price}`.as('price'),
      isFeatured: sql<boolean>`${src.isFeatured}`.as('is_featured'),
      createdAt: sql<Date>`${src.createdAt}`.as('created_at'),
      soldCount: sql<number>`${src.soldCount}`.as('sold_count'),
      ratingAvg: sql<number>`${src.ratingAvg}`.as('rating_avg'),
    })
    .from(pt)
    .innerJoin(src, eq(src.id, pt.productId))
    .where(and(matchingTranslations(locale, search, corrected), ...filterConditions(filter, price, src)))
    .limit(LISTING_COUNT_CAP + 1);
  const ranked = ranksSearch(sort);
  // The candidates are named `pt` below: searchRank reads their name, text and language.
  const columns = {
    id: sql.raw('pt.id'),
    price: sql.raw('pt.price'),
    isFeatured: sql.raw('pt.is_featured'),
    createdAt: sql.raw('pt.created_at'),
    soldCount: sql.raw('pt.sold_count'),
    ratingAvg: sql.raw('pt.rating_avg'),
    rank: ranked ? searchRank(search, corrected) : sql.raw('0'),
  };
  return readPage(
    db,
    sql`with candidates as materialized (${candidates}),
        query as materialized (${rankQueries(locale, search, corrected)})
      select pt.id, (select count(*) from candidates) as total from candidates pt, query
      order by ${sql.join(sortOrder(sort, ranked, columns), sql`, `)}
      limit ${options.limit} offset ${options.offset}`,
    sql`${candidates}`,
    options.offset,
  );
}

// ---------------------------------------------------------------------------------------------
// Filter facets
