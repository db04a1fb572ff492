import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const ordersContracts = () => import('@shop/contracts/orders');

/**
 * POST /api/order-payment/{orderId}/{gateway}: a new payment for the unpaid orders of the checkout
 * the order came from, and where to pay it. The order's "Make Payment" and the payment page's
 * "Pay again" after a cancelled payment both use it.
 */
export function useOrderPayment() {
  const api = useApi();
  return useMutation({
    mutationFn: async ({ orderId, gateway }: { orderId: number; gateway: string }) =>
      (
        await api.request(`/api/order-payment/${encodeURIComponent(orderId)}/${encodeURIComponent(gateway)}`, {
          method: 'POST',
          schema: () => ordersContracts().then((c) => c.orderPaymentReplySchema),
        })
      ).data,
  });
}
