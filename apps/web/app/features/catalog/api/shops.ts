import { shopsReplySchema } from '@shop/contracts/shops';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

/** Shops per page of the search page's Shops tab. */
export const SHOP_RESULTS_PER_PAGE = 12;

/** GET /api/shops?search=: the Shops tab of /search. */
export function shopSearchQueryOptions(api: ApiClient, search: string, page: number) {
  return queryOptions({
    queryKey: ['shops', 'search', { search, page }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/shops', {
          schema: shopsReplySchema,
          query: { search, page, per_page: SHOP_RESULTS_PER_PAGE },
          signal,
        })
      ).data,
  });
}
