import type { Voucher } from '@shop/contracts/cart';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

// Reply contracts load with the first reply, not with the page (lib/api-client.ts).
const cartContracts = () => import('@shop/contracts/cart');

export const vouchersQueryKey = (shopId: number) => ['vouchers', shopId] as const;

/** GET /api/get-vouchers?shop_id: the shop's vouchers that are valid now, each saying whether it is collected. */
export function vouchersQueryOptions(api: ApiClient, shopId: number) {
  return queryOptions({
    queryKey: vouchersQueryKey(shopId),
    queryFn: async ({ signal }): Promise<Voucher[]> =>
      (
        await api.request('/api/get-vouchers', {
          schema: () => cartContracts().then((c) => c.vouchersReplySchema),
          query: { shop_id: shopId },
          signal,
        })
      ).data.coupons,
    // Collected flags and validity change on the server: the modal shows them fresh each time it opens.
    staleTime: 0,
  });
}

/** POST /vouchers-collect: the shopper keeps the voucher; it then applies at checkout by itself. */
export function collectVoucher(api: ApiClient, couponId: number) {
  return api.request('/vouchers-collect', {
    method: 'POST',
    body: { coupon_id: couponId },
    schema: () => cartContracts().then((c) => c.voucherCollectReplySchema),
  });
}
