import {
  SELLER_PRODUCT_SORTS,
  SELLER_PRODUCT_STATUSES,
  SELLER_PRODUCTS_PAGE_SIZE,
  type SellerProductSort,
  type SellerProductStatus,
} from '@shop/contracts/seller-products';
import { readPageParam } from '../../lib/page-loading';

export type SortOrder = 'asc' | 'desc';

/** What the products list's address asks for: `?search=&category_id=&status=&sort=&order=&page=`. */
export interface ProductListParams {
  search: string;
  categoryId: number | null;
  status: SellerProductStatus | null;
  sort: SellerProductSort;
  order: SortOrder;
  page: number;
}

/** The order each sort starts in (the server's defaults): newest and best-selling first, the others A to Z. */
export const DEFAULT_ORDER: Record<SellerProductSort, SortOrder> = {
  newest: 'desc',
  sold: 'desc',
  name: 'asc',
  price: 'asc',
  stock: 'asc',
};

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | null =>
  (list as readonly string[]).includes(value ?? '') ? (value as T) : null;

/**
 * The list's place from its address. Anything the list does not know (an unknown status, a sort
 * that is no column, a category that is no id) reads as its default, so an edited or old link
 * still opens the list rather than an error.
 */
export function readListParams(params: URLSearchParams): ProductListParams {
  const sort = oneOf(SELLER_PRODUCT_SORTS, params.get('sort')) ?? 'newest';
  const category = params.get('category_id') ?? '';
  return {
    search: (params.get('search') ?? '').trim().slice(0, 100),
    categoryId: /^[1-9]\d{0,8}$/.test(category) ? Number(category) : null,
    status: oneOf(SELLER_PRODUCT_STATUSES, params.get('status')),
    sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_ORDER[sort],
    page: readPageParam(params),
  };
}

/** GET /api/seller/products's query (sellerProductsQuerySchema), as the web sends it. */
export interface ProductListQuery {
  search?: string;
  category_id?: number;
  status?: SellerProductStatus;
  sort: SellerProductSort;
  order: SortOrder;
  page: number;
  per_page: number;
}

/** The API's query for a place of the list. */
export function listQuery(place: ProductListParams, perPage = SELLER_PRODUCTS_PAGE_SIZE): ProductListQuery {
  return {
    search: place.search || undefined,
    category_id: place.categoryId ?? undefined,
    status: place.status ?? undefined,
    sort: place.sort,
    order: place.order,
    page: place.page,
    per_page: perPage,
  };
}

/**
 * The address of a place of the list: only what differs from the defaults, so the plain list is
 * `/shop/products`. A change of filter goes back to page 1 (`page` left out).
 */
export function listHref(path: string, place: ProductListParams): string {
  const params = new URLSearchParams();
  if (place.search) params.set('search', place.search);
  if (place.categoryId) params.set('category_id', String(place.categoryId));
  if (place.status) params.set('status', place.status);
  if (place.sort !== 'newest') params.set('sort', place.sort);
  if (place.order !== DEFAULT_ORDER[place.sort]) params.set('order', place.order);
  if (place.page > 1) params.set('page', String(place.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
