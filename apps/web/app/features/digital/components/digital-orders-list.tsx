import type { DigitalOrder } from '@shop/contracts/digital';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useRouteLoaderData } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { paths } from '../../../lib/paths';
import { digitalOrdersQueryOptions } from '../api/digital';
import { DIGITAL_ORDERS_PER_PAGE, orderStatusLook } from '../digital-rules';
import { OperatorLogo } from './operator-logo';

export interface DigitalOrdersListProps {
  page: number;
  /** The link of a page of this list, with the pagination's "[page]" placeholder. */
  urlTemplate: string;
}

/** The "Digital" tab of /order-history: a page of the shopper's top-ups, each leading to its payment page. */
export function DigitalOrdersList({ page, urlTemplate }: DigitalOrdersListProps) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const root = useRouteLoaderData('root') as { dir?: string } | undefined;
  const query = useQuery(digitalOrdersQueryOptions(api, page));
  const data = query.data;
  const language = (i18n.language ?? 'en').split('-')[0] ?? 'en';

  if (!data && query.isPending) {
    return (
      <ul aria-busy="true" aria-label={t('Loading')} className="flex flex-col gap-3">
        {Array.from({ length: 3 }, (_, i) => (
          <li key={i} className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4">
            <Skeleton className="h-8 w-28" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-3 w-28" />
            </div>
            <Skeleton className="h-5 w-20" />
          </li>
        ))}
      </ul>
    );
  }
  if (!data || (query.isError && !query.isPlaceholderData)) {
    return <ErrorState title={t('We could not load your top-ups')} onRetry={() => void query.refetch()} />;
  }
  if (data.orders.length === 0) {
    return (
      <EmptyState
        icon="phone"
        title={t('You have not bought any top-ups yet')}
        hint={t('Mobile credit and PLN tokens you buy appear here.')}
        action={
          <Link to={paths.pulsa('telkomsel')} className={buttonClass('primary', 'md')}>
            {t('Buy mobile credit')}
          </Link>
        }
      />
    );
  }
  return (
    <>
      <ul
        aria-busy={query.isPlaceholderData || undefined}
        className={`flex flex-col gap-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
        data-testid="digital-orders"
      >
        {data.orders.map((order) => (
          <li key={order.id}>
            <DigitalOrderRow order={order} />
          </li>
        ))}
      </ul>
      {data.total > DIGITAL_ORDERS_PER_PAGE && (
        <Pagination
          type="link"
          totalItems={data.total}
          itemsPerPage={DIGITAL_ORDERS_PER_PAGE}
          modelValue={page}
          urlTemplate={urlTemplate}
          dir={root?.dir === 'rtl' ? 'rtl' : 'ltr'}
          locale={language === 'ar' ? 'ar' : 'en'}
          ariaLabel={t('Pages of orders')}
        />
      )}
    </>
  );
}

function DigitalOrderRow({ order }: { order: DigitalOrder }) {
  const t = useT();
  const time = useMarketTime();
  const status = orderStatusLook(order);
  return (
    <article className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center">
      <OperatorLogo operator={order.operator.key} className="h-8 w-28" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="text-base font-semibold text-slate-900">
          <Link
            to={paths.digitalPayment(order.id)}
            className="hover:text-primary-700 focus-visible:underline focus-visible:outline-none"
          >
            {order.product.name}
          </Link>
        </h2>
        <p className="text-xs text-slate-500">
          <bdi dir="ltr">{order.customer_number}</bdi>
          <span aria-hidden="true"> · </span>
          <bdi dir="ltr">{order.order_code}</bdi>
          <span aria-hidden="true"> · </span>
          <time dateTime={order.created_at}>{time.format(order.created_at, 'dateTime')}</time>
        </p>
        <span
          className={`mt-1 inline-flex items-center self-start rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${status.className}`}
        >
          {t(status.label)}
        </span>
      </div>
      <Price amount={order.price} decimals={2} className="text-base font-bold text-slate-900" />
    </article>
  );
}
