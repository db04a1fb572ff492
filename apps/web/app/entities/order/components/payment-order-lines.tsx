import type { Payment } from '@shop/contracts/cart';
import { ownDirection } from '../../../components/ui/own-direction';
import { Price } from '../../../components/ui/price';

/**
 * The orders a payment covers, one row each: the order's code, its shop (in the shop name's own
 * direction) and what it costs. `testIds` name the rows or the codes for the tests that read them.
 */
export function PaymentOrderLines({
  orders,
  testIds = {},
}: {
  orders: Payment['orders'];
  testIds?: { row?: string; code?: string };
}) {
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
      {orders.map((order) => (
        <li key={order.id} className="flex items-center justify-between gap-3 px-3 py-2.5" data-testid={testIds.row}>
          <span className="flex min-w-0 flex-col">
            <span className="font-semibold text-slate-900" dir="ltr" data-testid={testIds.code}>
              {order.order_code}
            </span>
            <span dir={ownDirection.dir} className={`truncate text-xs text-slate-500 ${ownDirection.className}`}>
              {order.shop_name}
            </span>
          </span>
          <Price amount={order.payable_amount} decimals={2} className="font-medium text-slate-900" />
        </li>
      ))}
    </ul>
  );
}
