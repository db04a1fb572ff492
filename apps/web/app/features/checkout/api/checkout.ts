import type { Payment, PlaceOrderInput } from '@shop/contracts/cart';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cartQueryKey } from '../../../entities/cart/api/cart';
import type { ApiClient } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useIdempotencyKey } from '../../../lib/idempotency-key';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const cartContracts = () => import('@shop/contracts/cart');

export const paymentQueryKey = (id: string) => ['payment', id] as const;

/** GET /api/payments/{uuid}: the payment, its shop orders and its state (404 for another's). */
export function paymentQueryOptions(api: ApiClient, id: string) {
  return queryOptions({
    queryKey: paymentQueryKey(id),
    queryFn: async ({ signal }): Promise<Payment> =>
      (
        await api.request(`/api/payments/${encodeURIComponent(id)}`, {
          schema: () => cartContracts().then((c) => c.paymentReplySchema),
          signal,
        })
      ).data.payment,
    // A missing or foreign payment stays missing: no retries of a 404 or a 401.
    retry: false,
  });
}

/**
 * POST /api/place-order: one order per selected shop and one payment for them all. The same
 * Idempotency-Key goes with every try until the server has answered, so a double tap or a retry
 * after a lost reply places the orders once. The cart (and every preview) is
 * fetched again afterwards: the ordered lines are gone from it.
 */
export function usePlaceOrder() {
  const api = useApi();
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: (input: PlaceOrderInput) =>
      api.request('/api/place-order', {
        method: 'POST',
        body: input,
        schema: () => cartContracts().then((c) => c.placeOrderReplySchema),
        headers: idempotency.headers(),
      }),
    onSettled: (_data, error) => idempotency.settled(error),
    // Not awaited: the placement's caller shows its outcome first. Awaited, the preview of the
    // shops just ordered came back empty before that and showed "No shop is selected" a moment.
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: cartQueryKey });
    },
  });
}

export type SandboxAction = 'pay' | 'cancel';

/**
 * POST /api/payments/{uuid}/sandbox/pay or /cancel: the built-in test gateway settles the payment
 * on the server. The reply's payment replaces the cached one.
 */
export function useSandboxPayment(id: string) {
  const api = useApi();
  const client = useQueryClient();
  const idempotency = useIdempotencyKey();
  return useMutation({
    mutationFn: async (action: SandboxAction) =>
      (
        await api.request(`/api/payments/${encodeURIComponent(id)}/sandbox/${action}`, {
          method: 'POST',
          schema: () => cartContracts().then((c) => c.paymentReplySchema),
          headers: idempotency.headers(),
        })
      ).data.payment,
    onSettled: (_data, error) => idempotency.settled(error),
    onSuccess: (payment) => client.setQueryData(paymentQueryKey(id), payment),
  });
}
