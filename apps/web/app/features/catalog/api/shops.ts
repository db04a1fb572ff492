import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const shopsContracts = () => import('@shop/contracts/shops');

/** Shops per page of the search page's Shops tab. */
export const SHOP_RESULTS_PER_PAGE = 12;

/** GET /api/shops?search=: the Shops tab of /search. */
export function shopSearchQueryOptions(api: ApiClient, search: string, page: number) {
  return queryOptions({
    queryKey: ['shops', 'search', { search, page }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/shops', {
          schema: () => shopsContracts().then((c) => c.shopsReplySchema),
          query: { search, page, per_page: SHOP_RESULTS_PER_PAGE },
          signal,
        })
      ).data,
  });
}
