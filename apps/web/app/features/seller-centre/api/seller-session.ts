import type { LoginRequest } from '@shop/contracts/auth';
import type { SellerShop } from '@shop/contracts/sellers';
import type { LoginReply } from '@shop/contracts/two-step';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { sellerQueryKey } from './seller-keys';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const sellerContracts = () => import('@shop/contracts/sellers');
const authContracts = () => import('@shop/contracts/auth');

/** GET /api/seller/shop: the seller's shop in any approval state (403 for other accounts). */
export function sellerShopQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'shop'] as const,
    queryFn: async ({ signal }): Promise<SellerShop> =>
      (
        await api.request('/api/seller/shop', {
          schema: () => sellerContracts().then((c) => c.sellerShopReplySchema),
          signal,
        })
      ).data.shop,
    retry: false,
  });
}

/** POST /api/shop/login: sellers only (422 for any other account). */
export function useSellerLogin() {
  const api = useApi();
  return useMutation({
    mutationFn: async (input: LoginRequest): Promise<LoginReply> =>
      api.request('/api/shop/login', {
        method: 'POST',
        body: input,
        schema: () => import('@shop/contracts/two-step').then((c) => c.loginReplySchema),
      }),
  });
}

/** POST /api/logout: ends the seller's session. */
export function useSellerLogout() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      api.request('/api/logout', { method: 'POST', schema: () => authContracts().then((c) => c.messageReplySchema) }),
    onSettled: () => client.removeQueries({ queryKey: sellerQueryKey }),
  });
}
