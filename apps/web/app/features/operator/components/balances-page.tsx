import type { OperatorBalance } from '@shop/contracts/operator-back-office';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table/data-table';
import { Icon } from '../../../components/ui/icons';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { operatorBalancesQueryOptions } from '../api/back-office';
import { useOperatorMoney } from '../format';
import { useBackOfficeList } from './back-office-list';
import { FilterBar, PageHeading, SearchFilter } from './table-filters';

const column = createColumnHelper<OperatorBalance>();

/** /operator/balances: what the marketplace owes each shop, checked against the ledger's sources. */
export function BalancesPage() {
  const t = useT();
  const api = useApi();
  const money = useOperatorMoney();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(operatorBalancesQueryOptions(api, query));

  const columns = useMemo(
    () => [
      column.accessor((b) => b.shop.name, { id: 'name', header: t('Shop') }),
      column.accessor('available', {
        id: 'balance',
        header: t('Available'),
        meta: { align: 'end' },
        cell: (c) => money.format(c.getValue()),
      }),
      column.accessor('pending', {
        header: t('Held for withdrawals'),
        meta: { align: 'end' },
        cell: (c) => money.format(c.getValue()),
      }),
      column.accessor('consistent', {
        header: t('Ledger check'),
        cell: (c) =>
          c.getValue() ? (
            <span className="text-emerald-700">{t('Matches')}</span>
          ) : (
            <span role="alert" className="inline-flex items-center gap-1 font-semibold text-amber-800">
              <Icon name="warning" className="size-4" />
              {t('Differs: its sources add up to {{amount}}', { amount: money.format(c.row.original.expected) })}
            </span>
          ),
      }),
    ],
    [t, money],
  );

  return (
    <div className="space-y-5">
      <PageHeading
        title={t('Balances')}
        hint={t(
          'Each shop’s balance is the sum of its ledger; a row in amber disagrees with its orders, returns and withdrawals.',
        )}
      />
      <FilterBar>
        <SearchFilter
          label={t('Search shops')}
          value={params.filters.q ?? ''}
          onChange={(q) => update({ filters: { q } })}
        />
      </FilterBar>
      <DataTable
        label={t('Balances')}
        columns={columns}
        rows={list.data?.balances}
        {...tableProps(list)}
        sortable={['name', 'balance']}
        getRowId={(b: OperatorBalance) => String(b.shop.id)}
        emptyTitle={t('No shop matches.')}
        warnRow={(b: OperatorBalance) => !b.consistent}
        actions={(b: OperatorBalance) => (
          <Link
            to={`/operator/withdrawals?shop_id=${b.shop.id}`}
            className="text-sm font-medium text-primary-700 hover:underline"
          >
            {t('Withdrawals')}
          </Link>
        )}
      />
    </div>
  );
}
