import { RETURN_STATUSES, type ReturnStatus } from '@shop/contracts/returns';
import type { SellerReturnsReply } from '@shop/contracts/sellers';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { sellerReturnsQueryOptions } from '../api/seller-returns';
import { useSellerMoney } from '../format';
import { StatusBadge } from './status-badge';
import { type ListColumn, RecordLinkCell, StatusTabList } from './status-tab-list';

type SellerReturnRow = SellerReturnsReply['data']['return_orders'][number];

/** /shop/returns: the shop's returns, optionally of one status, newest first. */
export function SellerReturnsPage({ status, page }: { status: ReturnStatus | null; page: number }) {
  const t = useT();
  const money = useSellerMoney();
  const api = useApi();
  const returns = useQuery(sellerReturnsQueryOptions(api, status, page));
  const columns: ListColumn<SellerReturnRow>[] = [
    {
      label: t('Order'),
      cell: (r) => <RecordLinkCell to={`/shop/returns/${r.id}`} code={r.order_code} at={r.created_at} />,
    },
    { label: t('Customer'), cell: (r) => r.customer_name },
    { label: t('Reason'), className: 'max-w-xs truncate', cell: (r) => r.reason },
    { label: t('Amount'), numeric: true, cell: (r) => money.format(r.amount) },
    { label: t('Status'), cell: (r) => <StatusBadge status={r.status} /> },
  ];
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
      columns={columns}
    />
  );
}
