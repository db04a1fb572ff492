import { RETURN_STATUSES, type ReturnStatus } from '@shop/contracts/returns';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { SELLER_PER_PAGE, sellerReturnsQueryOptions } from '../api/seller-centre';
import { formatAmount, formatDate } from '../format';
import { PageLinks } from './page-links';
import { StatusBadge } from './status-badge';

export function returnStatusOf(value: string | null): ReturnStatus | null {
  return (RETURN_STATUSES as readonly string[]).includes(value ?? '') ? (value as ReturnStatus) : null;
}

/** /shop/returns: the shop's returns, optionally of one status, newest first. */
export function SellerReturnsPage({ status, page }: { status: ReturnStatus | null; page: number }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const returns = useQuery(sellerReturnsQueryOptions(api, status, page));
  const href = (s: ReturnStatus | null, p = 1) =>
    `/shop/returns?${new URLSearchParams({ ...(s ? { status: s } : {}), ...(p > 1 ? { page: String(p) } : {}) })}`;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('Returns')}</h1>
      <nav aria-label={t('Return status')} className="-mx-1 overflow-x-auto">
        <ul className="flex gap-2 px-1 pb-1">
          {([null, ...RETURN_STATUSES] as const).map((s) => (
            <li key={s ?? 'all'}>
              <Link
                to={href(s)}
                aria-current={s === status ? 'page' : undefined}
                className={`inline-flex whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${
                  s === status ? 'bg-primary-700 text-white' : 'bg-white text-slate-700 shadow-sm hover:bg-primary-50'
                }`}
              >
                {s ? t(s) : t('All')}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {returns.isError ? (
        <ErrorState title={t('We could not load the returns')} onRetry={() => void returns.refetch()} />
      ) : !returns.data ? (
        <Spinner className="size-8 text-primary-600" label={t('Loading')} />
      ) : returns.data.return_orders.length === 0 ? (
        <EmptyState title={t('No returns here yet')} icon="returns" />
      ) : (
        <>
          <div className="overflow-x-auto rounded-2xl bg-white shadow-sm">
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('Order')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('Customer')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('Reason')}
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
                {returns.data.return_orders.map((r) => (
                  <tr key={r.id}>
                    <td className="px-4 py-3">
                      <Link to={`/shop/returns/${r.id}`} className="font-semibold text-primary-700 hover:underline">
                        <bdi>{r.order_code}</bdi>
                      </Link>
                      <div className="text-xs text-slate-500">{formatDate(r.created_at, i18n.language)}</div>
                    </td>
                    <td className="px-4 py-3">{r.customer_name}</td>
                    <td className="max-w-xs truncate px-4 py-3">{r.reason}</td>
                    <td className="px-4 py-3 text-end tabular-nums">{formatAmount(r.amount)}</td>
                    <td className="px-4 py-3">
                      <StatusBadge status={r.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageLinks page={page} total={returns.data.total} perPage={SELLER_PER_PAGE} href={(p) => href(status, p)} />
        </>
      )}
    </div>
  );
}
