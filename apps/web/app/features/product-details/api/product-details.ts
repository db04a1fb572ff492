import { REVIEWS_PER_PAGE } from '@shop/contracts/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
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

/** GET /api/reviews of a product, one page of 6 (reference section 5). */
export function productReviewsQueryOptions(api: ApiClient, productId: number, page: number) {
  return queryOptions({
    queryKey: ['reviews', 'product', productId, { page, per_page: REVIEWS_PER_PAGE }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/reviews', {
          schema: () => productsContracts().then((c) => c.reviewsReplySchema),
          query: { product_id: productId, page, per_page: REVIEWS_PER_PAGE },
          signal,
        })
      ).data,
    // The histogram and the list stay on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
}
