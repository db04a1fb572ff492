import { RETURN_STATUSES, type ReturnStatus } from '@shop/contracts/returns';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../../lib/api-context';
import { useMarketTime } from '../../../lib/market-time';
import { sellerReturnsQueryOptions } from '../api/seller-returns';
import { formatAmount } from '../format';
import { StatusBadge } from './status-badge';
import { StatusTabList } from './status-tab-list';

export function returnStatusOf(value: string | null): ReturnStatus | null {
  return (RETURN_STATUSES as readonly string[]).includes(value ?? '') ? (value as ReturnStatus) : null;
}

/** /shop/returns: the shop's returns, optionally of one status, newest first. */
export function SellerReturnsPage({ status, page }: { status: ReturnStatus | null; page: number }) {
  const { t } = useTranslation();
  const time = useMarketTime();
  const api = useApi();
  const returns = useQuery(sellerReturnsQueryOptions(api, status, page));
  return (
    <StatusTabList
      path="/shop/returns"
      title={t('Returns')}
      tabsLabel={t('Return status')}
      statuses={RETURN_STATUSES}
      status={status}
      page={page}
      query={returns}
      rows={(data) => data.return_orders}
      total={(data) => data.total}
      errorTitle={t('We could not load the returns')}
      emptyTitle={t('No returns here yet')}
      emptyIcon="returns"
    >
      {(data) => (
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
              {data.return_orders.map((r) => (
                <tr key={r.id}>
                  <td className="px-4 py-3">
                    <Link to={`/shop/returns/${r.id}`} className="font-semibold text-primary-700 hover:underline">
                      <bdi>{r.order_code}</bdi>
                    </Link>
                    <div className="text-xs text-slate-500">{time.format(r.created_at, 'dateTime')}</div>
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
      )}
    </StatusTabList>
  );
}
