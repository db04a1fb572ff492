import type { OrderStatus } from '@shop/contracts/cart';
import type { SellerOrderDetails, SellerOrdersReply } from '@shop/contracts/sellers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { SELLER_PER_PAGE, sellerQueryKey, useSellerChanged } from './seller-keys';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const sellerContracts = () => import('@shop/contracts/sellers');

const sellerOrderQueryKey = (id: number) => [...sellerQueryKey, 'order', id] as const;

/** GET /api/seller/orders: a page of the shop's orders, of one status or all, with the count of each. */
export function sellerOrdersQueryOptions(api: ApiClient, status: OrderStatus | null, page: number) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'orders', status ?? 'all', page] as const,
    queryFn: async ({ signal }): Promise<SellerOrdersReply['data']> =>
      (
        await api.request('/api/seller/orders', {
          schema: () => sellerContracts().then((c) => c.sellerOrdersReplySchema),
          query: { order_status: status ?? undefined, page, per_page: SELLER_PER_PAGE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/seller/orders/{id}: one order of the shop (404 for another shop's). */
export function sellerOrderQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: sellerOrderQueryKey(id),
    queryFn: async ({ signal }): Promise<SellerOrderDetails> =>
      (
        await api.request(`/api/seller/orders/${id}`, {
          schema: () => sellerContracts().then((c) => c.sellerOrderDetailsReplySchema),
          signal,
        })
      ).data.order,
    retry: false,
  });
}

/** POST /api/seller/orders/{id}/status: the next status; the order as it now is is shown at once. */
export function useSetOrderStatus(id: number) {
  const api = useApi();
  const client = useQueryClient();
  const changed = useSellerChanged();
  return useMutation({
    mutationFn: async (status: OrderStatus) =>
      api.request(`/api/seller/orders/${id}/status`, {
        method: 'POST',
        body: { status },
        schema: () => sellerContracts().then((c) => c.sellerOrderDetailsReplySchema),
      }),
    onSuccess: (reply) => {
      client.setQueryData(sellerOrderQueryKey(id), reply.data.order);
      changed();
    },
  });
}
