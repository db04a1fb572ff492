import { RETURNS_PER_PAGE } from '@shop/contracts/returns';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { Price } from '../../../components/ui/price';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useMarketTime } from '../../../lib/market-time';
import { paths } from '../../../lib/paths';
import { returnsQueryOptions } from '../api/returns';
import { PaymentStatusBadge, ReturnStatusBadge } from './return-status';

/** /returned-order-history: the shopper's returns, newest first, with their status and refund. */
export function ReturnList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const query = useQuery(returnsQueryOptions(api, page));
  const time = useMarketTime();
  const rtl = i18n.dir(i18n.language) === 'rtl';

  return (
    <section aria-labelledby="returns-title" className="flex flex-col gap-5">
      <h1 id="returns-title" className="text-xl font-bold text-slate-900">
        {t('Return Orders')}
      </h1>
      {query.isPending ? (
        <ul aria-busy="true" aria-label={t('Loading')} className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5">
              <Skeleton className="h-5 w-1/3" />
              <Skeleton className="h-4 w-2/3" />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <ErrorState title={t('We could not load your returns')} onRetry={() => void query.refetch()} />
      ) : query.data.total === 0 ? (
        <EmptyState icon="returns" title={t('No returns yet')} hint={t('Products you return will show here.')} />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {query.data.return_orders.map((r) => (
              <li key={r.id}>
                <Link
                  to={paths.returnDetails(r.id)}
                  className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 hover:border-primary-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-300 sm:p-5"
                >
                  <div className="flex min-w-0 flex-col gap-1">
                    <span className="font-semibold text-slate-900">
                      {t('Order')} <span dir="ltr">{r.order_code}</span>
                    </span>
                    <span className="text-sm text-slate-500">
                      {time.format(r.created_at, 'dateTime')} · {t('Qty: {{count}}', { count: r.quantity })}
                    </span>
                    <span className="line-clamp-1 text-sm text-slate-600">{r.reason}</span>
                  </div>
                  <div className="flex flex-col items-end gap-1.5">
                    <Price amount={r.amount} decimals={2} className="font-bold text-slate-900" />
                    <div className="flex gap-1.5">
                      <ReturnStatusBadge status={r.status} />
                      <PaymentStatusBadge status={r.payment_status} />
                    </div>
                  </div>
                </Link>
              </li>
            ))}
          </ul>
          {query.data.total > RETURNS_PER_PAGE && (
            <Pagination
              totalItems={query.data.total}
              itemsPerPage={RETURNS_PER_PAGE}
              modelValue={page}
              dir={rtl ? 'rtl' : 'ltr'}
              labels={{ prev: t('Previous'), next: t('Next') }}
              ariaLabel={t('Pages')}
              onUpdate={onPage}
            />
          )}
        </>
      )}
    </section>
  );
}
