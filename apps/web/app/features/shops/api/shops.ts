import { PRODUCTS_PER_PAGE, REVIEWS_PER_PAGE } from '@shop/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const productsContracts = () => import('@shop/contracts/products');
const shopsContracts = () => import('@shop/contracts/shops');

/** Shops per page of /shops (four rows of the widest grid). */
export const SHOPS_PAGE_SIZE = 12;

/** GET /api/shops: one page of the shop list, best rated first. */
export function shopsQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: ['shops', 'list', { page, per_page: SHOPS_PAGE_SIZE }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/shops', {
          schema: () => shopsContracts().then((c) => c.shopsReplySchema),
          query: { page, per_page: SHOPS_PAGE_SIZE },
          signal,
        })
      ).data,
  });
}

/** GET /api/shops/{slug}: the shop page header. */
export function shopQueryOptions(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: ['shops', 'details', slug] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request(`/api/shops/${encodeURIComponent(slug)}`, {
          schema: () => shopsContracts().then((c) => c.shopReplySchema),
          signal,
        })
      ).data.shop,
  });
}

/** GET /api/products?shop_id=: the shop's All Products tab, with its own search. */
export function shopProductsQueryOptions(api: ApiClient, shopId: number, page: number, search: string) {
  return queryOptions({
    queryKey: ['shops', 'products', shopId, { page, search }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/products', {
          schema: () => productsContracts().then((c) => c.productsReplySchema),
          query: { shop_id: shopId, page, per_page: PRODUCTS_PER_PAGE, search, sort_type: 'newest' },
          signal,
        })
      ).data,
  });
}

/** GET /api/reviews?shop_id=: the shop's Reviews tab. */
export function shopReviewsQueryOptions(api: ApiClient, shopId: number, page: number) {
  return queryOptions({
    queryKey: ['shops', 'reviews', shopId, { page }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/reviews', {
          schema: () => productsContracts().then((c) => c.reviewsReplySchema),
          query: { shop_id: shopId, page, per_page: REVIEWS_PER_PAGE },
          signal,
        })
      ).data,
  });
}
