import {
  SELLER_VOUCHERS_PER_PAGE,
  type SellerVoucher,
  type SellerVoucherInput,
  type SellerVouchersReply,
  type VoucherState,
} from '@shop/contracts/seller-vouchers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { sellerQueryKey, useSellerChanged } from './seller-keys';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const voucherContracts = () => import('@shop/contracts/seller-vouchers');

const sellerVoucherQueryKey = (id: number) => [...sellerQueryKey, 'voucher', id] as const;

/** GET /api/seller/vouchers: a page of the shop's vouchers, of one state or all, newest first. */
export function sellerVouchersQueryOptions(api: ApiClient, state: VoucherState | null, page: number) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'vouchers', state ?? 'all', page] as const,
    queryFn: async ({ signal }): Promise<SellerVouchersReply['data']> =>
      (
        await api.request('/api/seller/vouchers', {
          schema: () => voucherContracts().then((c) => c.sellerVouchersReplySchema),
          query: { state: state ?? undefined, page, per_page: SELLER_VOUCHERS_PER_PAGE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/seller/vouchers/{id}: one of the shop's vouchers (404 for another shop's). */
export function sellerVoucherQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: sellerVoucherQueryKey(id),
    queryFn: async ({ signal }): Promise<SellerVoucher> =>
      (
        await api.request(`/api/seller/vouchers/${id}`, {
          schema: () => voucherContracts().then((c) => c.sellerVoucherReplySchema),
          signal,
        })
      ).data.voucher,
    retry: false,
  });
}

/** POST /api/seller/vouchers (a new one) or PUT /api/seller/vouchers/{id} (the whole voucher again). */
export function useSaveVoucher(id: number | null) {
  const api = useApi();
  const client = useQueryClient();
  const changed = useSellerChanged();
  return useMutation({
    mutationFn: (body: SellerVoucherInput) =>
      api.request(id === null ? '/api/seller/vouchers' : `/api/seller/vouchers/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
        schema: () => voucherContracts().then((c) => c.sellerVoucherReplySchema),
      }),
    onSuccess: (reply) => {
      client.setQueryData(sellerVoucherQueryKey(reply.data.voucher.id), reply.data.voucher);
      changed();
    },
  });
}

/** POST /api/seller/vouchers/{id}/end: no longer usable from now on. */
export function useEndVoucher() {
  const api = useApi();
  const client = useQueryClient();
  const changed = useSellerChanged();
  return useMutation({
    mutationFn: (id: number) =>
      api.request(`/api/seller/vouchers/${id}/end`, {
        method: 'POST',
        schema: () => voucherContracts().then((c) => c.sellerVoucherReplySchema),
      }),
    onSuccess: (reply) => {
      client.setQueryData(sellerVoucherQueryKey(reply.data.voucher.id), reply.data.voucher);
      changed();
    },
  });
}
