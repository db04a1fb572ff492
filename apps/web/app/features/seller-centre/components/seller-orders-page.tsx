import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts/cart';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../../lib/api-context';
import { useMarketTime } from '../../../lib/market-time';
import { sellerOrdersQueryOptions } from '../api/seller-orders';
import { formatAmount } from '../format';
import { StatusBadge } from './status-badge';
import { StatusTabList } from './status-tab-list';

const TAB_KEYS: Record<OrderStatus | 'all', string> = {
  all: 'all',
  Pending: 'pending',
  Confirm: 'confirm',
  Processing: 'processing',
  Pickup: 'pickup',
  'On The Way': 'on_the_way',
  Delivered: 'delivered',
  Cancelled: 'cancelled',
};

export function orderStatusOf(value: string | null): OrderStatus | null {
  return (ORDER_STATUSES as readonly string[]).includes(value ?? '') ? (value as OrderStatus) : null;
}

/** /shop/orders: the shop's orders by status tab, newest first. */
export function SellerOrdersPage({ status, page }: { status: OrderStatus | null; page: number }) {
  const { t } = useTranslation();
  const time = useMarketTime();
  const api = useApi();
  const orders = useQuery(sellerOrdersQueryOptions(api, status, page));
  const counts = orders.data?.status_wise_orders;
  return (
    <StatusTabList
      path="/shop/orders"
      title={t('Orders')}
      tabsLabel={t('Order status')}
      statuses={ORDER_STATUSES}
      status={status}
      page={page}
      count={(s) => counts?.[TAB_KEYS[s ?? 'all'] as keyof typeof counts]}
      query={orders}
      rows={(data) => data.orders}
      total={(data) => data.total}
      errorTitle={t('We could not load the orders')}
      emptyTitle={t('No orders here yet')}
      emptyIcon="bag"
    >
      {(data) => (
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-start text-sm">
            <thead className="bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3 text-start">
                  {t('Order')}
                </th>
                <th scope="col" className="px-4 py-3 text-start">
                  {t('Customer')}
                </th>
                <th scope="col" className="px-4 py-3 text-start">
                  {t('Products')}
                </th>
                <th scope="col" className="px-4 py-3 text-end">
                  {t('Amount')}
                </th>
                <th scope="col" className="px-4 py-3 text-start">
                  {t('Status')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.orders.map((order) => (
                <tr key={order.id}>
                  <td className="px-4 py-3">
                    <Link to={`/shop/orders/${order.id}`} className="font-semibold text-primary-700 hover:underline">
                      <bdi>{order.order_code}</bdi>
                    </Link>
                    <div className="text-xs text-slate-500">{time.format(order.created_at, 'dateTime')}</div>
                  </td>
                  <td className="px-4 py-3">{order.customer_name}</td>
                  <td className="px-4 py-3">
                    {order.products.map((p) => (
                      <div key={p.id} className="max-w-xs truncate">
                        {p.name} × {p.order_qty}
                      </div>
                    ))}
                  </td>
                  <td className="px-4 py-3 text-end tabular-nums">{formatAmount(order.amount)}</td>
                  <td className="px-4 py-3">
                    <StatusBadge status={order.order_status} />
                    <div className="mt-1 text-xs text-slate-500">
                      {t(order.payment_status === 'Paid' ? 'Paid' : 'Unpaid')}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </StatusTabList>
  );
}
