import { type OperatorProduct, REASON_MAX_LENGTH } from '@shop/contracts/operator-back-office';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { operatorWaitingProductsQueryOptions, useBackOfficeAction } from '../api/back-office';
import { useOperatorMoney } from '../format';
import { useBackOfficeList } from './back-office-list';
import { FilterBar, PageHeading, SearchFilter } from './table-filters';
import { TextActionDialog } from './text-action-dialog';

export const reasonSchema = z
  .string()
  .trim()
  .min(1, 'The reason field is required.')
  .max(REASON_MAX_LENGTH, `The reason may not be greater than ${REASON_MAX_LENGTH} characters.`);

const column = createColumnHelper<OperatorProduct>();

/** /operator/products: what sellers published that waits for approval; approve (also in bulk) or refuse. */
export function ProductApprovalsPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const money = useOperatorMoney();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(operatorWaitingProductsQueryOptions(api, query));
  const action = useBackOfficeAction();
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [refusing, setRefusing] = useState<OperatorProduct | null>(null);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const selectedIds = Object.keys(selected)
    .filter((id) => selected[id])
    .map(Number);

  const act = async (path: string, body: object = {}) => {
    try {
      notifySuccess((await action.mutateAsync({ path, body })).message);
      setSelected({});
    } catch (error) {
      notifyError(error instanceof Error ? error.message : t('Something went wrong'));
    }
  };

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: t('Product'),
        cell: (c) => (
          <div className="flex min-w-0 items-center gap-3">
            {c.row.original.thumbnail && (
              <img src={c.row.original.thumbnail} alt="" className="size-10 shrink-0 rounded object-cover" />
            )}
            <span className="font-medium text-slate-900">{c.getValue()}</span>
          </div>
        ),
      }),
      column.accessor((p) => p.shop.name, { id: 'shop', header: t('Shop') }),
      column.accessor('price', { header: t('Price'), meta: { align: 'end' }, cell: (c) => money.format(c.getValue()) }),
      column.accessor('stock', { header: t('Stock'), meta: { align: 'end', hideOnPhone: true } }),
      column.accessor('created_at', {
        header: t('Created'),
        meta: { hideOnPhone: true },
        cell: (c) => dates.format(new Date(c.getValue())),
      }),
    ],
    [t, dates, money],
  );

  return (
    <div className="space-y-5">
      <PageHeading
        title={t('Product approvals')}
        hint={t('Products their sellers published that wait for your approval.')}
      />
      <FilterBar>
        <SearchFilter
          label={t('Search products')}
          value={params.filters.q ?? ''}
          onChange={(q) => update({ filters: { q } })}
        />
        <Button
          disabled={selectedIds.length === 0 || action.isPending}
          onClick={() => void act('/api/operator/products/approve', { ids: selectedIds })}
        >
          {t('Approve selected ({{count}})', { count: selectedIds.length })}
        </Button>
      </FilterBar>
      <DataTable
        label={t('Products waiting for approval')}
        columns={columns}
        rows={list.data?.products}
        {...tableProps(list)}
        sortable={['name', 'price', 'created_at']}
        getRowId={(p: OperatorProduct) => String(p.id)}
        emptyTitle={t('No product is waiting.')}
        selection={{ selected, onChange: setSelected }}
        actions={(product: OperatorProduct) => (
          <>
            <Button
              size="sm"
              onClick={() => void act(`/api/operator/products/${product.id}/approve`)}
              aria-label={t('Approve {{product}}', { product: product.name })}
            >
              {t('Approve')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setRefusing(product)}
              aria-label={t('Refuse {{product}}', { product: product.name })}
            >
              {t('Refuse')}
            </Button>
          </>
        )}
      />
      <TextActionDialog
        open={refusing !== null}
        onClose={() => setRefusing(null)}
        title={t('Refuse {{product}}', { product: refusing?.name ?? '' })}
        subject={t('It goes back to its seller as a draft; the seller reads your reason.')}
        field="reason"
        label={t('Reason')}
        submitLabel={t('Refuse')}
        schema={reasonSchema}
        onSubmit={(reason) =>
          action.mutateAsync({ path: `/api/operator/products/${refusing?.id}/refuse`, body: { reason } })
        }
      />
    </div>
  );
}
