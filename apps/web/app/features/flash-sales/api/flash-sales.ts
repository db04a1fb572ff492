import { FLASH_SALE_PER_PAGE } from '@shop/contracts/constants';
import { flashSaleDetailsReplySchema } from '@shop/contracts/shops';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

/** GET /api/flash-sale/{id}/details: the sale, its category chips and one page of 18 products. */
export function flashSaleQueryOptions(api: ApiClient, id: string, page: number, categoryId: number | undefined) {
  return queryOptions({
    queryKey: ['flash-sale', id, { page, categoryId: categoryId ?? null }] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request(`/api/flash-sale/${encodeURIComponent(id)}/details`, {
          schema: flashSaleDetailsReplySchema,
          query: { page, per_page: FLASH_SALE_PER_PAGE, category_id: categoryId },
          signal,
        })
      ).data,
  });
}
