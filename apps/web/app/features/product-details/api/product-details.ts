import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const productsContracts = () => import('@shop/contracts/products');

/** GET /api/product-details by slug: the product, related products and more from its shop. */
export function productDetailsQueryOptions(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: ['products', 'details', slug] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/product-details', {
          schema: () => productsContracts().then((c) => c.productDetailsReplySchema),
          query: { slug },
          signal,
        })
      ).data,
  });
}
