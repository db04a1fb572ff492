import { REVIEWS_PER_PAGE } from '@shop/contracts/constants';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const productsContracts = () => import('@shop/contracts/products');

/** Whose reviews: a product's or a shop's (the API takes exactly one). */
export type ReviewsOf = { product_id: number } | { shop_id: number };

/** GET /api/reviews: one page of 6 with the rating summary. */
export function reviewsQueryOptions(api: ApiClient, of: ReviewsOf, page: number) {
  return queryOptions({
    queryKey: ['reviews', of, { page, per_page: REVIEWS_PER_PAGE }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/reviews', {
          schema: () => productsContracts().then((c) => c.reviewsReplySchema),
          query: { ...of, page, per_page: REVIEWS_PER_PAGE },
          signal,
        })
      ).data,
    // The summary and the list stay on screen while the next page loads.
    placeholderData: keepPreviousData,
  });
}
