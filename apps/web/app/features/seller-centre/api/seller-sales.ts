import type { Sales, SalesPeriod } from '@shop/contracts/earnings';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { sellerQueryKey } from './seller-keys';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const earningsContracts = () => import('@shop/contracts/earnings');

/**
 * GET /api/seller/dashboard/sales: orders and takings per day of the marketplace's calendar over
 * the period, best sellers, low stock, the balance and pending withdrawals.
 */
export function sellerSalesQueryOptions(api: ApiClient, days: SalesPeriod) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'sales', days] as const,
    queryFn: async ({ signal }): Promise<Sales> =>
      (
        await api.request('/api/seller/dashboard/sales', {
          schema: () => earningsContracts().then((c) => c.salesReplySchema),
          query: { days },
          signal,
        })
      ).data,
    // The chart keeps the last period on screen while the next one loads.
    placeholderData: keepPreviousData,
    retry: false,
  });
}
