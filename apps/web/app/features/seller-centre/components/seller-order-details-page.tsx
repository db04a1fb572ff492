import { useQuery } from '@tanstack/react-query';
import { OrderMoneySummary } from '../../../entities/order/components/order-money-summary';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { sellerOrderQueryOptions } from '../api/seller-orders';
import { useSellerMoney } from '../format';
import { OrderStatusControl } from './order-status-control';
import { RecordPage, RecordSection } from './record-page';

/** /shop/orders/:id: one order of the shop with its customer, lines and the status control. */
export function SellerOrderDetailsPage({ id }: { id: number }) {
  const t = useT();
  const money = useSellerMoney();
  const time = useMarketTime();
  const api = useApi();
  const order = useQuery(sellerOrderQueryOptions(api, id));
  return (
    <RecordPage
      query={order}
      back={{ to: '/shop/orders', label: t('Back to orders') }}
      notFoundTitle={t('Order not found.')}
      errorTitle={t('We could not load the order')}
      heading={(o) => <bdi>{o.order_code}</bdi>}
      status={(o) => o.order_status}
    >
      {(o) => (
        <>
          <RecordSection id="order-status-heading" title={t('Status')} headingGap="mb-3">
            <OrderStatusControl orderId={o.id} next={o.next_statuses} />
            <ol className="mt-4 space-y-1 text-sm text-slate-600">
              {o.timeline.map((step) => (
                <li key={`${step.status}-${step.at}`}>
                  {t(step.status)} · {time.format(step.at, 'dateTime')}
                </li>
              ))}
            </ol>
          </RecordSection>
          <div className="grid gap-4 lg:grid-cols-2">
            <RecordSection id="customer-heading" title={t('Customer')}>
              <p className="font-medium text-slate-900">{o.customer.name}</p>
              {o.customer.email && <p className="text-sm text-slate-600">{o.customer.email}</p>}
              {o.customer.phone && (
                <p className="text-sm text-slate-600" dir="ltr">
                  {o.customer.phone}
                </p>
              )}
              <p className="mt-2 whitespace-pre-line wrap-anywhere text-sm text-slate-600">{o.address}</p>
              {o.note && <p className="mt-2 text-sm text-slate-600">{o.note}</p>}
            </RecordSection>
            <RecordSection id="payment-heading" title={t('Payment')}>
              <dl className="grid grid-cols-2 gap-y-1 text-sm">
                <dt className="text-slate-500">{t('Payment method')}</dt>
                <dd className="text-end">{o.payment_method_title}</dd>
                <dt className="text-slate-500">{t('Payment status')}</dt>
                <dd className="text-end">{t(o.payment_status === 'Paid' ? 'Paid' : 'Unpaid')}</dd>
              </dl>
              <OrderMoneySummary
                order={o}
                format={money.format}
                className="mt-3 flex flex-col gap-1 border-t border-slate-100 pt-3 text-sm"
              />
            </RecordSection>
          </div>
          <RecordSection id="products-heading" title={t('Products')} headingGap="mb-3">
            <ul className="divide-y divide-slate-100">
              {o.products.map((line) => (
                <li key={line.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">{line.name}</span>
                    <span className="text-slate-500">
                      {[line.color, line.size].filter(Boolean).join(' · ')} × {line.order_qty}
                    </span>
                  </span>
                  <span className="tabular-nums">{money.format(line.subtotal)}</span>
                </li>
              ))}
            </ul>
          </RecordSection>
        </>
      )}
    </RecordPage>
  );
}
