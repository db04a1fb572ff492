import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts/cart';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { SELLER_PER_PAGE, sellerOrdersQueryOptions } from '../api/seller-centre';
import { formatAmount, formatDate } from '../format';
import { PageLinks } from './page-links';
import { StatusBadge } from './status-badge';

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
  const { t, i18n } = useTranslation();
  const api = useApi();
  const orders = useQuery(sellerOrdersQueryOptions(api, status, page));
  const href = (s: OrderStatus | null, p = 1) =>
    `/shop/orders?${new URLSearchParams({ ...(s ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  const counts = orders.data?.status_wise_orders;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('Orders')}</h1>
      <nav aria-label={t('Order status')} className="-mx-1 overflow-x-auto">
        <ul className="flex gap-2 px-1 pb-1">
          {(['all', ...ORDER_STATUSES] as const).map((s) => {
            const value = s === 'all' ? null : s;
            const current = value === status;
            const count = counts?.[TAB_KEYS[s] as keyof typeof counts];
            return (
              <li key={s}>
                <Link
                  to={href(value)}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${
                    current ? 'bg-primary-700 text-white' : 'bg-white text-slate-700 shadow-sm hover:bg-primary-50'
                  }`}
                >
                  {s === 'all' ? t('All') : t(s)}
                  {count !== undefined && <span className="text-xs">({count})</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {orders.isError ? (
        <ErrorState title={t('We could not load the orders')} onRetry={() => void orders.refetch()} />
      ) : !orders.data ? (
        <Spinner className="size-8 text-primary-600" label={t('Loading')} />
      ) : orders.data.orders.length === 0 ? (
        <EmptyState title={t('No orders here yet')} icon="bag" />
      ) : (
        <>
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
                {orders.data.orders.map((order) => (
                  <tr key={order.id}>
                    <td className="px-4 py-3">
                      <Link to={`/shop/orders/${order.id}`} className="font-semibold text-primary-700 hover:underline">
                        <bdi>{order.order_code}</bdi>
                      </Link>
                      <div className="text-xs text-slate-500">{formatDate(order.created_at, i18n.language)}</div>
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
          <PageLinks page={page} total={orders.data.total} perPage={SELLER_PER_PAGE} href={(p) => href(status, p)} />
        </>
      )}
    </div>
  );
}
