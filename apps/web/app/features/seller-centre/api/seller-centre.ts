import type { AuthReply, LoginRequest } from '@shop/contracts/auth';
import type { OrderStatus } from '@shop/contracts/cart';
import type { ReturnStatus } from '@shop/contracts/returns';
import type {
  SellerDashboard,
  SellerOrderDetails,
  SellerOrdersReply,
  SellerReturnDetails,
  SellerReturnStatus,
  SellerReturnsReply,
  SellerShop,
  ShopRegistrationRequest,
} from '@shop/contracts/sellers';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const sellerContracts = () => import('@shop/contracts/sellers');
const authContracts = () => import('@shop/contracts/auth');

export const SELLER_PER_PAGE = 15;
export const sellerQueryKey = ['seller'] as const;

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

export function sellerDashboardQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'dashboard'] as const,
    queryFn: async ({ signal }): Promise<SellerDashboard> =>
      (
        await api.request('/api/seller/dashboard', {
          schema: () => sellerContracts().then((c) => c.sellerDashboardReplySchema),
          signal,
        })
      ).data,
    retry: false,
  });
}

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

export function sellerOrderQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'order', id] as const,
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

export function sellerReturnQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: [...sellerQueryKey, 'return', id] as const,
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

/** POST /api/shop/login: sellers only (422 for any other account). */
export function useSellerLogin() {
  const api = useApi();
  return useMutation({
    mutationFn: async (input: LoginRequest): Promise<AuthReply> =>
      api.request('/api/shop/login', {
        method: 'POST',
        body: input,
        schema: () => authContracts().then((c) => c.authReplySchema),
      }),
  });
}

/**
 * POST /api/shop/register: the account and the shop, which waits for the operator. With a logo
 * the form goes as multipart/form-data (the logo is a file part), else as JSON.
 */
export function useShopRegistration() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ logo, ...input }: ShopRegistrationRequest & { logo?: File | null }): Promise<AuthReply> => {
      let body: ShopRegistrationRequest | FormData = input;
      if (logo) {
        const form = new FormData();
        for (const [key, value] of Object.entries(input)) if (value != null) form.append(key, String(value));
        form.append('shop_logo', logo, logo.name);
        body = form;
      }
      return api.request('/api/shop/register', {
        method: 'POST',
        body,
        schema: () => authContracts().then((c) => c.authReplySchema),
      });
    },
  });
}

/** Every seller view is read again after a change (lists, counts, the dashboard). */
function useSellerChanged() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: sellerQueryKey });
}

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
      client.setQueryData([...sellerQueryKey, 'order', id], reply.data.order);
      changed();
    },
  });
}

export function useSetReturnStatus(id: number) {
  const api = useApi();
  const client = useQueryClient();
  const changed = useSellerChanged();
  return useMutation({
    mutationFn: async (status: SellerReturnStatus) =>
      api.request(`/api/seller/returns/${id}/status`, {
        method: 'POST',
        body: { status },
        schema: () => sellerContracts().then((c) => c.sellerReturnDetailsReplySchema),
      }),
    onSuccess: (reply) => {
      client.setQueryData([...sellerQueryKey, 'return', id], reply.data.return_order);
      changed();
    },
  });
}

export function useRefundReturn(id: number) {
  const api = useApi();
  const client = useQueryClient();
  const changed = useSellerChanged();
  return useMutation({
    mutationFn: async () =>
      api.request(`/api/seller/returns/${id}/refund`, {
        method: 'POST',
        body: {},
        schema: () => sellerContracts().then((c) => c.sellerReturnDetailsReplySchema),
      }),
    onSuccess: (reply) => {
      client.setQueryData([...sellerQueryKey, 'return', id], reply.data.return_order);
      changed();
    },
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
