import { FLASH_SALE_PER_PAGE } from '@shop/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const shopsContracts = () => import('@shop/contracts/shops');

/** GET /api/flash-sale/{id}/details: the sale, its category chips and one page of 18 products. */
export function flashSaleQueryOptions(api: ApiClient, id: string, page: number, categoryId: number | undefined) {
  return queryOptions({
    queryKey: ['flash-sale', id, { page, categoryId: categoryId ?? null }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request(`/api/flash-sale/${encodeURIComponent(id)}/details`, {
          schema: () => shopsContracts().then((c) => c.flashSaleDetailsReplySchema),
          query: { page, per_page: FLASH_SALE_PER_PAGE, category_id: categoryId },
          signal,
        })
      ).data,
  });
}
