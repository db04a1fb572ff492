import type { SellerDashboard } from '@shop/contracts/sellers';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { sellerQueryKey } from './seller-keys';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const sellerContracts = () => import('@shop/contracts/sellers');

/** GET /api/seller/dashboard: the shop's figures and latest orders (403 while it waits for approval). */
export function sellerDashboardQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'dashboard'] as const,
    queryFn: async ({ signal }): Promise<SellerDashboard> =>
      (
        await api.request('/api/seller/dashboard', {
          schema: () => sellerContracts().then((c) => c.sellerDashboardReplySchema),
          signal,
        })
      ).data,
    retry: false,
  });
}
