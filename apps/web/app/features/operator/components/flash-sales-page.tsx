import { FLASH_SALE_STATES, type OperatorFlashSale } from '@shop/contracts/operator-promotions';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { useBackOfficeAction } from '../api/back-office';
import { operatorFlashSalesQueryOptions } from '../api/promotions';
import { EditRowButton, ListHeader, useBackOfficeList, useRowDialogs } from './back-office-list';
import { ConfirmDialog } from './confirm-dialog';
import { FlashSaleFormDialog } from './flash-sale-form';
import { FilterBar, PageHeading, SearchFilter, StatusFilter } from './table-filters';

const STATE_LABELS = { running: 'On now', upcoming: 'Upcoming', ended: 'Ended' } as const;
const column = createColumnHelper<OperatorFlashSale>();

/** /operator/flash-sales: the sales, which shops may join them; make, edit and end them. */
export function FlashSalesPage() {
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(operatorFlashSalesQueryOptions(api, query));
  const action = useBackOfficeAction();
  const dialogs = useRowDialogs<OperatorFlashSale>();
  const [ending, setEnding] = useState<OperatorFlashSale | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('name', { header: t('Title') }),
      column.accessor('state', { header: t('State'), cell: (c) => t(STATE_LABELS[c.getValue()]) }),
      column.accessor('starts_at', {
        header: t('Window'),
        cell: (c) => (
          <span className="text-sm">
            {time.format(c.getValue(), 'dateTime')}
            <span className="block text-xs text-slate-500">{time.format(c.row.original.ends_at, 'dateTime')}</span>
          </span>
        ),
      }),
      column.accessor((s) => (s.all_shops ? '' : s.shops.map((shop) => shop.name).join(', ')), {
        id: 'shops',
        header: t('Shops'),
        meta: { hideOnPhone: true },
        cell: (c) => c.getValue() || t('All shops'),
      }),
      column.accessor('products', { header: t('Products'), meta: { align: 'end', hideOnPhone: true } }),
    ],
    [t, time],
  );

  return (
    <div className="space-y-5">
      <ListHeader newLabel={t('New flash sale')} onNew={dialogs.create}>
        <PageHeading title={t('Flash sales')} hint={t('Sellers enter their products in running and upcoming sales.')} />
      </ListHeader>
      <FilterBar>
        <SearchFilter value={params.filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
        <StatusFilter
          label={t('State')}
          value={params.filters.state ?? ''}
          onChange={(state) => update({ filters: { state } })}
          options={FLASH_SALE_STATES.map((value) => ({ value, label: t(STATE_LABELS[value]) }))}
        />
      </FilterBar>
      <DataTable
        label={t('Flash sales')}
        columns={columns}
        rows={list.data?.flash_sales}
        {...tableProps(list)}
        sortable={['name', 'starts_at']}
        getRowId={(s: OperatorFlashSale) => String(s.id)}
        emptyTitle={t('No flash sale matches.')}
        actions={(s: OperatorFlashSale) =>
          s.state === 'ended' ? null : (
            <>
              <EditRowButton name={s.name} onClick={() => dialogs.edit(s)} />
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEnding(s)}
                aria-label={t('End {{name}}', { name: s.name })}
              >
                {t('End')}
              </Button>
            </>
          )
        }
      />
      <FlashSaleFormDialog open={dialogs.formOpen} sale={dialogs.editing} onClose={dialogs.closeForm} />
      <ConfirmDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={t('End the flash sale')}
        text={t('{{name}} leaves the storefront now and its prices stop.', { name: ending?.name ?? '' })}
        confirmLabel={t('End')}
        busy={action.isPending}
        onConfirm={() =>
          void action
            .mutateAsync({ path: `/api/operator/flash-sales/${ending?.id}/end` })
            .then((reply) => notifySuccess(reply.message))
            .finally(() => setEnding(null))
        }
      />
    </div>
  );
}
