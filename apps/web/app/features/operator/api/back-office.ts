import type { OperatorDashboardReply } from '@shop/contracts/operator-back-office';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useStepUp } from '../../../entities/security/components/step-up';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { operatorQueryKey } from './operator';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const contracts = () => import('@shop/contracts/operator-back-office');

export const BACK_OFFICE_PER_PAGE = 20;
type Query = Record<string, string | number | undefined>;

export function operatorDashboardQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...operatorQueryKey, 'dashboard'] as const,
    queryFn: async ({ signal }): Promise<OperatorDashboardReply['data']> =>
      (
        await api.request('/api/operator/dashboard', {
          schema: () => contracts().then((c) => c.operatorDashboardReplySchema),
          signal,
        })
      ).data,
    retry: false,
  });
}

/** One list of the back office: the query is the table's URL params. */
function listOptions<S extends z.ZodType<{ data: unknown }>>(
  api: ApiClient,
  name: string,
  path: string,
  query: Query,
  schema: () => Promise<S>,
) {
  return queryOptions({
    queryKey: [...operatorQueryKey, name, query] as const,
    queryFn: async ({ signal }): Promise<z.infer<S>['data']> =>
      (await api.request(path, { schema, query: { per_page: BACK_OFFICE_PER_PAGE, ...query }, signal })).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const operatorShopListQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'shop-list', '/api/operator/shop-list', query, () =>
    contracts().then((c) => c.operatorShopListReplySchema),
  );
export const operatorWaitingProductsQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'products', '/api/operator/products/waiting', query, () =>
    contracts().then((c) => c.operatorProductsReplySchema),
  );
export const operatorWithdrawalsQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'withdrawals', '/api/operator/withdrawals', query, () =>
    contracts().then((c) => c.operatorWithdrawalsReplySchema),
  );
export const operatorBalancesQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'balances', '/api/operator/balances', query, () =>
    contracts().then((c) => c.operatorBalancesReplySchema),
  );

export const operatorReturnsQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'returns', '/api/operator/returns', query, () =>
    contracts().then((c) => c.operatorReturnsReplySchema),
  );

/** Every write of the back office: a path, a method and a body; every operator list is read again. */
export function useBackOfficeAction() {
  const api = useApi();
  const client = useQueryClient();
  // Paying a withdrawal (and later changing payment keys) may ask for a fresh two-step code first.
  const withStepUp = useStepUp();
  return useMutation({
    mutationFn: async ({
      path,
      method = 'POST',
      body = {},
    }: {
      path: string;
      method?: 'POST' | 'PUT' | 'DELETE';
      body?: object;
    }) =>
      withStepUp(() =>
        api.request(path, {
          method,
          body,
          schema: () => contracts().then((c) => c.operatorActionReplySchema),
        }),
      ),
    onSuccess: () => void client.invalidateQueries({ queryKey: operatorQueryKey }),
  });
}
