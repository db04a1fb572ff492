import type { Category } from '@shop/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const catalogContracts = () => import('@shop/contracts/catalog');

export const categoriesQueryKey = ['categories', 'menu'] as const;

/** GET /api/categories: every active category with its subcategories, for the mega-menu. */
export function categoriesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/categories', {
          schema: () => catalogContracts().then((c) => c.categoriesReplySchema),
          signal,
        })
      ).data.categories,
    staleTime: 5 * 60_000,
  });
}

export type CategoriesStatus = 'pending' | 'error' | 'success';

export function useMenuCategories(): { categories: Category[]; status: CategoriesStatus; refetch: () => void } {
  const api = useApi();
  const query = useQuery(categoriesQueryOptions(api));
  return { categories: query.data ?? [], status: query.status, refetch: () => void query.refetch() };
}
