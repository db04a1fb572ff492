import { PRODUCTS_PER_PAGE } from '@shop/contracts/constants';
import type { ProductsQueryInput } from '@shop/contracts/products';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const shopsContracts = () => import('@shop/contracts/shops');

/** Shops per page of /shops (four rows of the widest grid). */
export const SHOPS_PAGE_SIZE = 12;

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

/** GET /api/products of the shop's All Products tab, with its own search, newest first. */
export function shopProductsQuery(shopId: number, page: number, search: string): ProductsQueryInput {
  return { shop_id: shopId, page, per_page: PRODUCTS_PER_PAGE, search, sort_type: 'newest' };
}
