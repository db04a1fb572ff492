import { PRODUCTS_PER_PAGE } from '@shop/contracts/constants';
import type { ProductSortType, ProductsQueryInput } from '@shop/contracts/products';
import { readPageParam } from '../../lib/page-loading';

/** The sort options of the products page, in the reference's order (section 5 "Products page"). */
export const LISTING_SORTS = ['default', 'high_to_low', 'low_to_high', 'top_selling', 'newest'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** English labels (translated where shown). */
export const SORT_LABELS: Record<ListingSort, string> = {
  default: 'Default',
  high_to_low: 'High to Low',
  low_to_high: 'Low to High',
  top_selling: 'Most Selling',
  newest: 'New Product',
};

/**
 * Every filter of a listing as it lives in the URL (shareable, kept on reload, Back works). Prices
 * are in the shop's default currency, as the API takes them, whatever currency the shopper shows.
 */
export interface ListingFilters {
  page: number;
  sort: ListingSort;
  search?: string;
  category?: number;
  brand?: number;
  color?: number;
  size?: number;
  rating?: number;
  minPrice?: number;
  maxPrice?: number;
}

/** URL parameter of each filter. */
export const PARAM = {
  page: 'page',
  sort: 'sort',
  search: 'search',
  category: 'category',
  brand: 'brand',
  color: 'color',
  size: 'size',
  rating: 'rating',
  minPrice: 'min_price',
  maxPrice: 'max_price',
} as const satisfies Record<keyof ListingFilters, string>;

const MAX_ID = 2_147_483_647;

function positiveInt(value: string | null, max = MAX_ID): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= max ? n : undefined;
}

function money(value: string | null): number | undefined {
  if (!value || !/^\d{1,13}(\.\d{1,2})?$/.test(value)) return undefined;
  return Number(value);
}

/**
 * Reads the filters from the URL. A hand-edited or stale value (a word for an id, an unknown sort)
 * is dropped rather than sent, so a bad link shows the unfiltered list instead of an error.
 */
export function readListing(params: URLSearchParams): ListingFilters {
  const sort = params.get(PARAM.sort);
  const search = params.get(PARAM.search)?.trim().slice(0, 200);
  let minPrice = money(params.get(PARAM.minPrice));
  let maxPrice = money(params.get(PARAM.maxPrice));
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice)
    [minPrice, maxPrice] = [maxPrice, minPrice];
  return {
    page: readPageParam(params, PARAM.page),
    sort: (LISTING_SORTS as readonly string[]).includes(sort ?? '') ? (sort as ListingSort) : 'default',
    search: search || undefined,
    category: positiveInt(params.get(PARAM.category)),
    brand: positiveInt(params.get(PARAM.brand)),
    color: positiveInt(params.get(PARAM.color)),
    size: positiveInt(params.get(PARAM.size)),
    rating: positiveInt(params.get(PARAM.rating), 5),
    minPrice,
    maxPrice,
  };
}

/** What a page fixes for its whole list (a category page's category, /best-deal's sort). */
export interface ListingScope {
  /** The search page's query (its own `q` parameter). */
  search?: string;
  categoryId?: number;
  subCategoryId?: number;
  sort?: ProductSortType;
}

/** The GET /api/products query of a listing: the URL's filters within the page's scope. */
export function productsQueryFor(filters: ListingFilters, scope: ListingScope = {}): ProductsQueryInput {
  const query: ProductsQueryInput = {
    page: filters.page,
    per_page: PRODUCTS_PER_PAGE,
    sort_type: scope.sort ?? filters.sort,
    search: scope.search ?? filters.search,
    category_id: scope.categoryId ?? filters.category,
    sub_category_id: scope.subCategoryId,
    brand_id: filters.brand,
    color_id: filters.color,
    size_id: filters.size,
    rating: filters.rating,
    min_price: filters.minPrice,
    max_price: filters.maxPrice,
  };
  // Undefined entries would still be keys; the query key and the URL are cleaner without them.
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as ProductsQueryInput;
}

export type FilterChanges = Partial<Record<Exclude<keyof ListingFilters, 'page'>, string | number | undefined | null>>;

/**
 * The URL parameters after changing some filters: a value sets it, undefined/null/'' removes it,
 * and the page goes back to 1 (the old page number means nothing in the new list). Parameters this
 * module does not know (tab, q, utm_*) are kept.
 */
export function withFilters(params: URLSearchParams, changes: FilterChanges): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes) as [keyof typeof PARAM, unknown][]) {
    const name = PARAM[key];
    if (value === undefined || value === null || value === '' || (key === 'sort' && value === 'default')) {
      next.delete(name);
    } else {
      next.set(name, String(value));
    }
  }
  next.delete(PARAM.page);
  return next;
}

/** The filters the shopper chose (sort and paging aside), for "Clear all" and the count badge. */
export function activeFilterCount(filters: ListingFilters): number {
  const chosen = [
    filters.category,
    filters.brand,
    filters.color,
    filters.size,
    filters.rating,
    filters.minPrice ?? filters.maxPrice,
  ];
  return chosen.filter((v) => v !== undefined).length;
}

/** URL parameters without any filter (sort, search and unrelated parameters stay). */
export function clearedFilters(params: URLSearchParams): URLSearchParams {
  return withFilters(params, {
    category: undefined,
    brand: undefined,
    color: undefined,
    size: undefined,
    rating: undefined,
    minPrice: undefined,
    maxPrice: undefined,
  });
}

/** Display-currency amount -> default-currency amount for the API (2 decimals, never negative). */
export function toDefaultCurrency(displayAmount: number, rate: number): number {
  const safeRate = rate > 0 ? rate : 1;
  return Math.max(0, Math.round((displayAmount / safeRate) * 100) / 100);
}

/** Default-currency amount -> a whole display-currency amount for a price input. */
export function toDisplayCurrency(amount: number, rate: number, round: 'down' | 'up' = 'down'): number {
  const value = Number((amount * (rate > 0 ? rate : 1)).toPrecision(12));
  return round === 'up' ? Math.ceil(value) : Math.floor(value);
}
