import {
  EARNINGS_PAGE_SIZE,
  type LedgerReply,
  type WithdrawalRequest,
  type WithdrawalsReply,
} from '@shop/contracts/earnings';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { sellerQueryKey, useSellerChanged } from './seller-keys';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const earningsContracts = () => import('@shop/contracts/earnings');

/** GET /api/seller/ledger: a page of the shop's ledger, newest first, with the balance now. */
export function sellerLedgerQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'ledger', page] as const,
    queryFn: async ({ signal }): Promise<LedgerReply['data']> =>
      (
        await api.request('/api/seller/ledger', {
          schema: () => earningsContracts().then((c) => c.ledgerReplySchema),
          query: { page, per_page: EARNINGS_PAGE_SIZE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/seller/withdrawals: a page of the shop's withdrawal requests, newest first. */
export function sellerWithdrawalsQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'withdrawals', page] as const,
    queryFn: async ({ signal }): Promise<WithdrawalsReply['data']> =>
      (
        await api.request('/api/seller/withdrawals', {
          schema: () => earningsContracts().then((c) => c.withdrawalsReplySchema),
          query: { page, per_page: EARNINGS_PAGE_SIZE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** POST /api/seller/withdrawals: holds the amount until the operator pays or refuses it. */
export function useRequestWithdrawal() {
  const api = useApi();
  const changed = useSellerChanged();
  return useMutation({
    mutationFn: (body: WithdrawalRequest) =>
      api.request('/api/seller/withdrawals', {
        method: 'POST',
        body,
        schema: () => earningsContracts().then((c) => c.withdrawalReplySchema),
      }),
    // The balance, the ledger (its hold) and the dashboard's figures all moved.
    onSuccess: changed,
  });
}
