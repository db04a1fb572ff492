import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { BACK_OFFICE_PER_PAGE } from './back-office';
import { operatorQueryKey } from './operator';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const contracts = () => import('@shop/contracts/operator-promotions');

type Query = Record<string, string | number | undefined>;

function listOptions<S extends z.ZodType<{ data: unknown }>>(
  api: ApiClient,
  name: string,
  path: string,
  query: Query,
  schema: () => Promise<S>,
  paged = true,
) {
  return queryOptions({
    queryKey: [...operatorQueryKey, name, query] as const,
    queryFn: async ({ signal }): Promise<z.infer<S>['data']> =>
      (
        await api.request(path, {
          schema,
          query: paged ? { per_page: BACK_OFFICE_PER_PAGE, ...query } : query,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export const operatorFlashSalesQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'flash-sales', '/api/operator/flash-sales', query, () =>
    contracts().then((c) => c.operatorFlashSalesReplySchema),
  );
export const platformVouchersQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'vouchers', '/api/operator/vouchers', query, () =>
    contracts().then((c) => c.platformVouchersReplySchema),
  );
export const operatorOrdersQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'orders', '/api/operator/orders', query, () => contracts().then((c) => c.operatorOrdersReplySchema));
export const operatorOrderQueryOptions = (api: ApiClient, id: number) =>
  listOptions(
    api,
    'order',
    `/api/operator/orders/${id}`,
    {},
    () => contracts().then((c) => c.operatorOrderReplySchema),
    false,
  );
export const operatorUsersQueryOptions = (api: ApiClient, query: Query) =>
  listOptions(api, 'users', '/api/operator/users', query, () => contracts().then((c) => c.operatorUsersReplySchema));
export const deliveryTiersQueryOptions = (api: ApiClient) =>
  listOptions(
    api,
    'delivery-charges',
    '/api/operator/delivery-charges',
    {},
    () => contracts().then((c) => c.deliveryTiersReplySchema),
    false,
  );
export const vatRatesQueryOptions = (api: ApiClient) =>
  listOptions(api, 'vat', '/api/operator/vat', {}, () => contracts().then((c) => c.vatRatesReplySchema), false);
