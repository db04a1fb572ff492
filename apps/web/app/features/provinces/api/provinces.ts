import { PRODUCTS_PER_PAGE } from '@shop/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const shopsContracts = () => import('@shop/contracts/shops');

export const PROVINCE_SHOPS_PER_PAGE = 8;

/** GET /api/provinces: all 38 with their shop counts. */
export function provincesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['provinces'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/provinces', {
          schema: () => shopsContracts().then((c) => c.provincesReplySchema),
          signal,
        })
      ).data.provinces,
  });
}

/** GET /api/provinces/{id}: the province and one page of its shops. */
export function provinceQueryOptions(api: ApiClient, id: string, page: number) {
  return queryOptions({
    queryKey: ['provinces', id, 'shops', { page }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request(`/api/provinces/${encodeURIComponent(id)}`, {
          schema: () => shopsContracts().then((c) => c.provinceReplySchema),
          query: { page, per_page: PROVINCE_SHOPS_PER_PAGE },
          signal,
        })
      ).data,
  });
}

/** GET /api/provinces/{id}/products: one page of the province's products, newest first. */
export function provinceProductsQueryOptions(api: ApiClient, id: string, page: number) {
  return queryOptions({
    queryKey: ['provinces', id, 'products', { page }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request(`/api/provinces/${encodeURIComponent(id)}/products`, {
          schema: () => shopsContracts().then((c) => c.productsPageReplySchema),
          query: { page, per_page: PRODUCTS_PER_PAGE },
          signal,
        })
      ).data,
  });
}
