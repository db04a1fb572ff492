import type { OrderDetails } from '@shop/contracts/orders';
import { RETURNS_PER_PAGE, type ReturnDetails } from '@shop/contracts/returns';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const returnsContracts = () => import('@shop/contracts/returns');
const ordersContracts = () => import('@shop/contracts/orders');

export const returnsQueryKey = ['return-orders'] as const;

/** GET /api/return-orders: a page of the shopper's returns, newest first. */
export function returnsQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...returnsQueryKey, 'list', page],
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/return-orders', {
          schema: () => returnsContracts().then((c) => c.returnsReplySchema),
          query: { page, per_page: RETURNS_PER_PAGE },
          signal,
        })
      ).data,
  });
}

/** GET /api/return-order-details/{id}. */
export function returnDetailsQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: [...returnsQueryKey, 'details', id],
    queryFn: async ({ signal }): Promise<ReturnDetails> =>
      (
        await api.request(`/api/return-order-details/${id}`, {
          schema: () => returnsContracts().then((c) => c.returnDetailsReplySchema),
          signal,
        })
      ).data.return_order,
  });
}

/** GET /api/order-details: the order whose lines the return form offers. */
export function returnableOrderQueryOptions(api: ApiClient, orderId: number) {
  return queryOptions({
    queryKey: ['order-details', orderId],
    queryFn: async ({ signal }): Promise<OrderDetails> =>
      (
        await api.request('/api/order-details', {
          schema: () => ordersContracts().then((c) => c.orderDetailsReplySchema),
          query: { order_id: orderId },
          signal,
        })
      ).data.order,
  });
}

export interface ReturnRequest {
  orderId: number;
  /** Order line ids (products[].id of the order details). */
  lineIds: number[];
  reason: string;
  bankAccountNumber: string;
  bankName: string;
  returnAddress: string;
}

/** The multipart form of POST /api/return-order (the reference sends one). */
export function returnFormData(input: ReturnRequest): FormData {
  const form = new FormData();
  form.append('order_id', String(input.orderId));
  for (const id of input.lineIds) form.append('product_ids[]', String(id));
  form.append('reason', input.reason);
  form.append('bank_account_number', input.bankAccountNumber);
  if (input.bankName.trim() !== '') form.append('bank_name', input.bankName);
  form.append('return_address', input.returnAddress);
  return form;
}

/** POST /api/return-order; the order's lines and the return list are read again afterwards. */
export function useRequestReturn() {
  const api = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ReturnRequest) =>
      api.request('/api/return-order', {
        method: 'POST',
        body: returnFormData(input),
        schema: () => returnsContracts().then((c) => c.returnDetailsReplySchema),
      }),
    onSuccess: (_reply, input) =>
      Promise.all([
        client.invalidateQueries({ queryKey: returnsQueryKey }),
        client.invalidateQueries({ queryKey: ['order-details', input.orderId] }),
      ]),
  });
}
