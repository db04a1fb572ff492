import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { OrderMoneySummary } from '../../../entities/order/components/order-money-summary';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useMarketTime } from '../../../lib/market-time';
import { sellerOrderQueryOptions } from '../api/seller-orders';
import { formatAmount } from '../format';
import { OrderStatusControl } from './order-status-control';
import { StatusBadge } from './status-badge';

/** /shop/orders/:id: one order of the shop with its customer, lines and the status control. */
export function SellerOrderDetailsPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const time = useMarketTime();
  const api = useApi();
  const order = useQuery(sellerOrderQueryOptions(api, id));
  if (order.error instanceof ApiError && order.error.status === 404) {
    return <EmptyState title={t('Order not found.')} action={<Link to="/shop/orders">{t('Back to orders')}</Link>} />;
  }
  if (order.isError)
    return <ErrorState title={t('We could not load the order')} onRetry={() => void order.refetch()} />;
  if (!order.data) return <Spinner className="size-8 text-primary-600" label={t('Loading')} />;
  const o = order.data;
  return (
    <div className="space-y-6">
      <Link to="/shop/orders" className="text-sm font-medium text-primary-700 hover:underline">
        {t('Back to orders')}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          <bdi>{o.order_code}</bdi>
        </h1>
        <StatusBadge status={o.order_status} />
        <span className="text-sm text-slate-500">{time.format(o.created_at, 'dateTime')}</span>
      </div>
      <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="order-status-heading">
        <h2 id="order-status-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t('Status')}
        </h2>
        <OrderStatusControl orderId={o.id} next={o.next_statuses} />
        <ol className="mt-4 space-y-1 text-sm text-slate-600">
          {o.timeline.map((step) => (
            <li key={`${step.status}-${step.at}`}>
              {t(step.status)} · {time.format(step.at, 'dateTime')}
            </li>
          ))}
        </ol>
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="customer-heading">
          <h2 id="customer-heading" className="mb-2 text-lg font-semibold text-slate-900">
            {t('Customer')}
          </h2>
          <p className="font-medium text-slate-900">{o.customer.name}</p>
          {o.customer.email && <p className="text-sm text-slate-600">{o.customer.email}</p>}
          {o.customer.phone && (
            <p className="text-sm text-slate-600" dir="ltr">
              {o.customer.phone}
            </p>
          )}
          <p className="mt-2 whitespace-pre-line wrap-anywhere text-sm text-slate-600">{o.address}</p>
          {o.note && <p className="mt-2 text-sm text-slate-600">{o.note}</p>}
        </section>
        <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="payment-heading">
          <h2 id="payment-heading" className="mb-2 text-lg font-semibold text-slate-900">
            {t('Payment')}
          </h2>
          <dl className="grid grid-cols-2 gap-y-1 text-sm">
            <dt className="text-slate-500">{t('Payment method')}</dt>
            <dd className="text-end">{o.payment_method_title}</dd>
            <dt className="text-slate-500">{t('Payment status')}</dt>
            <dd className="text-end">{t(o.payment_status === 'Paid' ? 'Paid' : 'Unpaid')}</dd>
          </dl>
          <OrderMoneySummary
            order={o}
            format={formatAmount}
            className="mt-3 flex flex-col gap-1 border-t border-slate-100 pt-3 text-sm"
          />
        </section>
      </div>
      <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="products-heading">
        <h2 id="products-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t('Products')}
        </h2>
        <ul className="divide-y divide-slate-100">
          {o.products.map((line) => (
            <li key={line.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{line.name}</span>
                <span className="text-slate-500">
                  {[line.color, line.size].filter(Boolean).join(' · ')} × {line.order_qty}
                </span>
              </span>
              <span className="tabular-nums">{formatAmount(line.subtotal)}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
