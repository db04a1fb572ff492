import type { ProductsQueryInput } from '@shop/contracts/products';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const productsContracts = () => import('@shop/contracts/products');

/** GET /api/products: one page of a listing, a search or a shop's products (one cache entry per query). */
export function productsQueryOptions(api: ApiClient, query: ProductsQueryInput) {
  return queryOptions({
    queryKey: ['products', 'list', query] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/products', {
          schema: () => productsContracts().then((c) => c.productsReplySchema),
          query: query as Record<string, string | number | boolean | undefined>,
          signal,
        })
      ).data,
  });
}
