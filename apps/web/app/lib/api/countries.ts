import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const settingsContracts = () => import('@shop/contracts/settings');

/** GET /api/countries: the country and dial-code choices of every phone field. */
export function countriesQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['countries'] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/countries', {
          schema: () => settingsContracts().then((c) => c.countriesReplySchema),
          signal,
        })
      ).data.countries,
    staleTime: 60 * 60_000,
  });
}
