import type { ReturnStatus } from '@shop/contracts/returns';
import type { SellerReturnDetails, SellerReturnStatus, SellerReturnsReply } from '@shop/contracts/sellers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { SELLER_PER_PAGE, sellerQueryKey, useSellerChanged } from './seller-keys';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const sellerContracts = () => import('@shop/contracts/sellers');

const sellerReturnQueryKey = (id: number) => [...sellerQueryKey, 'return', id] as const;

/** GET /api/seller/returns: a page of the shop's returns, of one status or all. */
export function sellerReturnsQueryOptions(api: ApiClient, status: ReturnStatus | null, page: number) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'returns', status ?? 'all', page] as const,
    queryFn: async ({ signal }): Promise<SellerReturnsReply['data']> =>
      (
        await api.request('/api/seller/returns', {
          schema: () => sellerContracts().then((c) => c.sellerReturnsReplySchema),
          query: { status: status ?? undefined, page, per_page: SELLER_PER_PAGE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/seller/returns/{id}: one return of the shop (404 for another shop's). */
export function sellerReturnQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: sellerReturnQueryKey(id),
    queryFn: async ({ signal }): Promise<SellerReturnDetails> =>
      (
        await api.request(`/api/seller/returns/${id}`, {
          schema: () => sellerContracts().then((c) => c.sellerReturnDetailsReplySchema),
          signal,
        })
      ).data.return_order,
    retry: false,
  });
}

/**
 * A change of a return (`action` is the path after /api/seller/returns/{id}/): the reply is the
 * return as it now is, shown at once, and every seller view is read again.
 */
function useReturnChange<Input>(id: number, action: 'status' | 'refund', body: (input: Input) => object) {
  const api = useApi();
  const client = useQueryClient();
  const changed = useSellerChanged();
  return useMutation({
    mutationFn: async (input: Input) =>
      api.request(`/api/seller/returns/${id}/${action}`, {
        method: 'POST',
        body: body(input),
        schema: () => sellerContracts().then((c) => c.sellerReturnDetailsReplySchema),
      }),
    onSuccess: (reply) => {
      client.setQueryData(sellerReturnQueryKey(id), reply.data.return_order);
      changed();
    },
  });
}

/** POST /api/seller/returns/{id}/status: Approved, Damaged or Mismatch. */
export function useSetReturnStatus(id: number) {
  return useReturnChange(id, 'status', (status: SellerReturnStatus) => ({ status }));
}

/** POST /api/seller/returns/{id}/refund: marks an approved return refunded (final). */
export function useRefundReturn(id: number) {
  return useReturnChange<void>(id, 'refund', () => ({}));
}
