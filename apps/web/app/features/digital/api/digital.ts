import type {
  DigitalOperator,
  DigitalOrder,
  DigitalOrderCreate,
  DigitalProductsReply,
  PlnCustomer,
} from '@shop/contracts/digital';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useIdempotencyKey } from '../../../lib/idempotency-key';
import { DIGITAL_ORDERS_PER_PAGE, POLL_INTERVAL_MS } from '../digital-rules';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const digitalContracts = () => import('@shop/contracts/digital');
const cartContracts = () => import('@shop/contracts/cart');

export const digitalQueryKey = ['digital'] as const;
export const digitalOrderQueryKey = (id: number) => [...digitalQueryKey, 'order', id] as const;

/** GET /api/digital/products?operator=: the operator and its denominations. */
export function digitalProductsQueryOptions(api: ApiClient, operator: DigitalOperator) {
  return queryOptions({
    queryKey: [...digitalQueryKey, 'products', operator] as const,
    queryFn: async ({ signal }): Promise<DigitalProductsReply['data']> =>
      (
        await api.request('/api/digital/products', {
          schema: () => digitalContracts().then((c) => c.digitalProductsReplySchema),
          query: { operator },
          signal,
        })
      ).data,
  });
}

/** POST /api/digital/pln/inquiry: the customer of a meter number or customer id (404/422 when none). */
export function usePlnInquiry() {
  const api = useApi();
  return useMutation({
    mutationFn: async (customerNumber: string): Promise<PlnCustomer> =>
      (
        await api.request('/api/digital/pln/inquiry', {
          method: 'POST',
          body: { customer_number: customerNumber },
          schema: () => digitalContracts().then((c) => c.plnInquiryReplySchema),
        })
      ).data.customer,
  });
}

/**
 * POST /api/digital/orders. The same Idempotency-Key goes with every try until the server has
 * answered (a double tap or a lost reply makes one order); after an answer the next Buy is new.
 */
export function useCreateDigitalOrder() {
  const api = useApi();
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: async (input: DigitalOrderCreate): Promise<DigitalOrder> =>
      (
        await api.request('/api/digital/orders', {
          method: 'POST',
          body: input,
          schema: () => digitalContracts().then((c) => c.digitalOrderReplySchema),
          headers: idempotency.headers(),
        })
      ).data.order,
    onSettled: (_data, error) => idempotency.settled(error),
    onSuccess: (order) => {
      client.setQueryData(digitalOrderQueryKey(order.id), order);
      void client.invalidateQueries({ queryKey: [...digitalQueryKey, 'orders'] });
    },
  });
}

/**
 * Whether the page keeps asking: the order is paid and the provider has not answered yet (or the
 * payment is confirmed and the order is about to move to processing).
 */
export function isWaiting(order: DigitalOrder | undefined): boolean {
  if (!order) return false;
  return order.status === 'processing' || (order.status === 'awaiting_payment' && order.payment.status === 'paid');
}

/** GET /api/digital/orders/{id}: the shopper's own order (404 for another's); polled while processing. */
export function digitalOrderQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: digitalOrderQueryKey(id),
    queryFn: async ({ signal }): Promise<DigitalOrder> =>
      (
        await api.request(`/api/digital/orders/${encodeURIComponent(id)}`, {
          schema: () => digitalContracts().then((c) => c.digitalOrderReplySchema),
          signal,
        })
      ).data.order,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => (isWaiting(query.state.data) ? POLL_INTERVAL_MS : false),
  });
}

/** GET /api/digital/orders?page=: a page of the shopper's digital orders, newest first. */
export function digitalOrdersQueryOptions(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: [...digitalQueryKey, 'orders', page] as const,
    queryFn: async ({ signal }) =>
      (
        await api.request('/api/digital/orders', {
          schema: () => digitalContracts().then((c) => c.digitalOrdersReplySchema),
          query: { page, per_page: DIGITAL_ORDERS_PER_PAGE },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** After a change the order is asked again, and the history with it. */
function useOrderChanged(id: number) {
  const client = useQueryClient();
  return (order?: DigitalOrder) => {
    if (order) client.setQueryData(digitalOrderQueryKey(id), order);
    else void client.invalidateQueries({ queryKey: digitalOrderQueryKey(id) });
    void client.invalidateQueries({ queryKey: [...digitalQueryKey, 'orders'] });
  };
}

/** POST /api/digital/orders/{id}/check: the server asks the provider again; the reply is the order. */
export function useCheckDigitalOrder(id: number) {
  const api = useApi();
  const changed = useOrderChanged(id);
  return useMutation({
    mutationFn: async (): Promise<DigitalOrder> =>
      (
        await api.request(`/api/digital/orders/${encodeURIComponent(id)}/check`, {
          method: 'POST',
          schema: () => digitalContracts().then((c) => c.digitalOrderReplySchema),
        })
      ).data.order,
    onSuccess: (order) => changed(order),
  });
}

export type SandboxAction = 'pay' | 'cancel';

/**
 * POST /api/payments/{uuid}/sandbox/pay or /cancel: the built-in test gateway settles the order's
 * payment on the server (as /payment/{uuid} does); the order is read again afterwards, its
 * fulfilment having started on the server.
 */
export function useDigitalSandboxPayment(orderId: number, paymentId: string) {
  const api = useApi();
  const changed = useOrderChanged(orderId);
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (action: SandboxAction) =>
      api.request(`/api/payments/${encodeURIComponent(paymentId)}/sandbox/${action}`, {
        method: 'POST',
        schema: () => cartContracts().then((c) => c.paymentReplySchema),
        headers: idempotency.headers(),
      }),
    onSettled: (_data, error) => {
      idempotency.settled(error);
      changed();
    },
  });
}
