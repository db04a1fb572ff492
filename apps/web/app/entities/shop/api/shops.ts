import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const shopsContracts = () => import('@shop/contracts/shops');

export interface ShopsQuery {
  page: number;
  per_page: number;
  /** The search page's Shops tab; the /shops list has none. */
  search?: string;
}

/** GET /api/shops: one page of shops, best rated first. */
export function shopsQueryOptions(api: ApiClient, query: ShopsQuery) {
  return queryOptions({
    queryKey: ['shops', 'list', query] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/shops', {
          schema: () => shopsContracts().then((c) => c.shopsReplySchema),
          query: { ...query },
          signal,
        })
      ).data,
  });
}
