import type { Master } from '@shop/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';
import { useApi } from '../api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const settingsContracts = () => import('@shop/contracts/settings');

export const masterQueryKey = ['master'] as const;

/**
 * GET /api/master. When it fails the page renders without currency, currencies,
 * menus, footers and categories; callers read `data` as possibly undefined and never throw.
 */
export function masterQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: masterQueryKey,
    queryFn: async ({ signal }) =>
      (await api.request('/api/master', { schema: () => settingsContracts().then((c) => c.masterReplySchema), signal }))
        .data,
    staleTime: 5 * 60_000,
  });
}

/** The site settings; `master` is undefined while loading or after a failure (silent). */
export function useMaster(): { master: Master | undefined; isPending: boolean; isError: boolean } {
  const api = useApi();
  const query = useQuery(masterQueryOptions(api));
  return { master: query.data, isPending: query.isPending, isError: query.isError };
}
