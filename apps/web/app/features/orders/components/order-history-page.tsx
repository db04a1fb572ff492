import type { OrderSummary } from '@shop/contracts/orders';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Img } from '../../../components/ui/img';
import { PAGE_PLACEHOLDER, Pagination } from '../../../components/ui/pagination';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { paths } from '../../../lib/paths';
import { ordersQueryOptions } from '../api/orders';
import {
  HISTORY_TABS,
  type HistoryTab,
  ORDER_TABS,
  type OrderTab,
  orderHistoryHref,
  paymentBadgeClass,
  STATUS_LABEL,
  statusBadgeClass,
} from '../order-tabs';

const PER_PAGE = 10;

export interface OrderHistoryPageProps {
  tab: HistoryTab;
  page: number;
  /** The Digital tab's list (the route passes the digital feature's), shown in place of the orders. */
  digital?: ReactNode;
}

/**
 * /order-history?status=..&page=..: the status tabs with their counts and a page of orders; the
 * Digital tab shows the shopper's top-ups instead (the counts then come from the All tab's call).
 */
export function OrderHistoryPage({ tab, page, digital }: OrderHistoryPageProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const root = useRouteLoaderData('root') as { dir?: string } | undefined;
  const isDigital = tab.key === 'digital';
  const query = useQuery(
    isDigital ? ordersQueryOptions(api, ORDER_TABS[0] as OrderTab, 1) : ordersQueryOptions(api, tab, page),
  );
  const data = query.data;
  const tabsRef = useRef<HTMLElement>(null);
  // On a phone the tabs scroll sideways: the current one (Digital is last) is brought into view.
  useEffect(() => {
    const nav = tabsRef.current;
    const current = nav?.querySelector<HTMLElement>(`a[href="${orderHistoryHref(tab.key)}"]`);
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    const navBox = nav.getBoundingClientRect();
    const box = current.getBoundingClientRect();
    if (box.left < navBox.left || box.right > navBox.right) {
      nav.scrollLeft += box.left + box.width / 2 - (navBox.left + navBox.width / 2);
    }
  }, [tab.key]);
  const language = (i18n.language ?? 'en').split('-')[0] ?? 'en';

  return (
    <section aria-labelledby="order-history-title" className="flex flex-col gap-5">
      <h1 id="order-history-title" className="text-xl font-bold text-slate-900">
        {t('Order History')}
      </h1>

      <nav ref={tabsRef} aria-label={t('Order statuses')} className="-mx-1 overflow-x-auto px-1 pb-1">
        <ul className="flex gap-2">
          {HISTORY_TABS.map((item) => {
            const current = item.key === tab.key;
            const count = item.key === 'digital' ? undefined : data?.status_wise_orders[item.key];
            return (
              <li key={item.key} className="shrink-0">
                <Link
                  to={orderHistoryHref(item.key)}
                  aria-current={current ? 'page' : undefined}
                  preventScrollReset
                  className={`inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-500 ${
                    current
                      ? 'bg-primary-700 text-white shadow-sm'
                      : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50'
                  }`}
                >
                  <span>{t(item.label)}</span>
                  {count !== undefined && (
                    <span
                      data-testid={`count-${item.key}`}
                      className={`rounded-full px-2 text-xs font-semibold ${current ? 'bg-white/20' : 'bg-slate-100 text-slate-700'}`}
                    >
                      {count}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {isDigital ? (
        digital
      ) : !data && query.isPending ? (
        <OrderListSkeleton />
      ) : !data || (query.isError && !query.isPlaceholderData) ? (
        <ErrorState title={t('We could not load your orders')} onRetry={() => void query.refetch()} />
      ) : data.orders.length === 0 ? (
        <EmptyState
          icon="clipboard"
          title={tab.status ? t('No orders with this status') : t('You have not ordered anything yet')}
          hint={t('Orders you place appear here with their status.')}
          action={
            <Link to={paths.products} className={buttonClass('primary', 'md')}>
              {t('Browse products')}
            </Link>
          }
        />
      ) : (
        <>
          <ul
            aria-busy={query.isPlaceholderData || undefined}
            className={`flex flex-col gap-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.orders.map((order) => (
              <li key={order.id}>
                <OrderRow order={order} />
              </li>
            ))}
          </ul>
          {data.total > PER_PAGE && (
            <Pagination
              type="link"
              totalItems={data.total}
              itemsPerPage={PER_PAGE}
              modelValue={page}
              urlTemplate={orderHistoryHref(tab.key, PAGE_PLACEHOLDER)}
              dir={root?.dir === 'rtl' ? 'rtl' : 'ltr'}
              locale={language === 'ar' ? 'ar' : 'en'}
              ariaLabel={t('Pages of orders')}
            />
          )}
        </>
      )}
    </section>
  );
}

/** OrderHistoryOrderItem: code, date, shop, the first thumbnails, amount and both statuses. */
function OrderRow({ order }: { order: OrderSummary }) {
  const t = useT();
  const time = useMarketTime();
  const more = order.quantity - order.products.reduce((sum, p) => sum + p.order_qty, 0);
  return (
    <article className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="text-base font-semibold text-slate-900">
          <Link
            to={paths.orderDetails(order.id)}
            className="hover:text-primary-700 focus-visible:underline focus-visible:outline-none"
            aria-label={t('Order {{code}}', { code: order.order_code })}
          >
            <bdi dir="ltr">{order.order_code}</bdi>
          </Link>
        </h2>
        <p className="text-xs text-slate-500">
          <time dateTime={order.created_at}>{time.format(order.created_at, 'dateTime')}</time>
          <span aria-hidden="true"> · </span>
          <span>{order.shop.name}</span>
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-2">
          <span className={statusBadgeClass(order.order_status)}>{t(STATUS_LABEL[order.order_status])}</span>
          <span className={paymentBadgeClass(order.payment_status)}>
            {order.payment_status === 'Paid' ? t('Paid') : t('Unpaid')}
          </span>
        </div>
      </div>
      <ul className="flex items-center gap-2" aria-label={t('Products')}>
        {order.products.map((product) => (
          <li key={product.id}>
            <Img
              src={product.thumbnail}
              width={48}
              height={48}
              alt={product.name}
              className="size-12 rounded-lg border border-slate-100 object-cover"
            />
          </li>
        ))}
        {more > 0 && <li className="text-xs font-medium text-slate-500">{t('+{{count}} more', { count: more })}</li>}
      </ul>
      <div className="flex items-center justify-between gap-3 sm:flex-col sm:items-end">
        <span className="flex flex-col sm:items-end">
          <span className="text-xs text-slate-500">
            {t('Qty')}: {order.quantity}
          </span>
          <Price amount={order.amount} decimals={2} className="text-base font-bold text-slate-900" />
        </span>
        <Link
          to={paths.orderDetails(order.id)}
          className={buttonClass('outline', 'sm')}
          tabIndex={-1}
          aria-hidden="true"
        >
          {t('Details')}
        </Link>
      </div>
    </article>
  );
}

function OrderListSkeleton() {
  const t = useT();
  return (
    <ul aria-busy="true" aria-label={t('Loading')} className="flex flex-col gap-3">
      {Array.from({ length: 4 }, (_, i) => (
        <li key={i} className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4">
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-48" />
            <Skeleton className="h-5 w-24" />
          </div>
          <Skeleton className="size-12 rounded-lg" />
          <Skeleton className="h-5 w-20" />
        </li>
      ))}
    </ul>
  );
}
