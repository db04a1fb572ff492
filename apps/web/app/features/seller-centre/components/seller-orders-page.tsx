import { ORDER_STATUSES, type OrderStatus } from '@shop/contracts/cart';
import type { SellerOrdersReply } from '@shop/contracts/sellers';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { sellerOrdersQueryOptions } from '../api/seller-orders';
import { useSellerMoney } from '../format';
import { StatusBadge } from './status-badge';
import { type ListColumn, RecordLinkCell, StatusTabList } from './status-tab-list';

type SellerOrderRow = SellerOrdersReply['data']['orders'][number];

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

/** /shop/orders: the shop's orders by status tab, newest first. */
export function SellerOrdersPage({ status, page }: { status: OrderStatus | null; page: number }) {
  const t = useT();
  const money = useSellerMoney();
  const api = useApi();
  const orders = useQuery(sellerOrdersQueryOptions(api, status, page));
  const counts = orders.data?.status_wise_orders;
  const columns: ListColumn<SellerOrderRow>[] = [
    {
      label: t('Order'),
      cell: (order) => <RecordLinkCell to={`/shop/orders/${order.id}`} code={order.order_code} at={order.created_at} />,
    },
    { label: t('Customer'), cell: (order) => order.customer_name },
    {
      label: t('Products'),
      cell: (order) =>
        order.products.map((p) => (
          <div key={p.id} className="max-w-xs truncate">
            {p.name} × {p.order_qty}
          </div>
        )),
    },
    { label: t('Amount'), numeric: true, cell: (order) => money.format(order.amount) },
    {
      label: t('Status'),
      cell: (order) => (
        <>
          <StatusBadge status={order.order_status} />
          <div className="mt-1 text-xs text-slate-500">{t(order.payment_status === 'Paid' ? 'Paid' : 'Unpaid')}</div>
        </>
      ),
    },
  ];
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
      columns={columns}
    />
  );
}
