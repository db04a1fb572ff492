import type { OperatorReturn } from '@shop/contracts/operator-back-office';
import { RETURN_STATUSES } from '@shop/contracts/returns';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { operatorReturnsQueryOptions, useBackOfficeAction } from '../api/back-office';
import { useOperatorMoney } from '../format';
import { useBackOfficeList } from './back-office-list';
import { ConfirmDialog } from './confirm-dialog';
import { reasonSchema } from './product-approvals-page';
import { FilterBar, PageHeading, SearchFilter, StatusFilter } from './table-filters';
import { TextActionDialog } from './text-action-dialog';

const column = createColumnHelper<OperatorReturn>();

/**
 * /operator/returns: every shop's returns. The operator refunds one the shop left open (the shop's
 * balance pays it) or refuses it with a reason the shopper is told.
 */
export function ReturnsPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const money = useOperatorMoney();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(operatorReturnsQueryOptions(api, query));
  const action = useBackOfficeAction();
  const [refunding, setRefunding] = useState<OperatorReturn | null>(null);
  const [refusing, setRefusing] = useState<OperatorReturn | null>(null);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const describe = (r: OperatorReturn | null) =>
    r ? `${r.order_code} · ${r.shop.name} · ${r.customer_name} · ${money.format(r.amount)}` : '';

  const refund = async (r: OperatorReturn) => {
    try {
      notifySuccess((await action.mutateAsync({ path: `/api/operator/returns/${r.id}/refund` })).message);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : t('Something went wrong'));
    }
  };

  const columns = useMemo(
    () => [
      column.accessor('order_code', {
        header: t('Order'),
        cell: (c) => (
          <span>
            <span dir="ltr">{c.getValue()}</span>
            <span className="block text-xs text-slate-500">{c.row.original.shop.name}</span>
          </span>
        ),
      }),
      column.accessor('customer_name', { header: t('Shopper'), meta: { hideOnPhone: true } }),
      column.accessor('amount', {
        header: t('Amount'),
        meta: { align: 'end' },
        cell: (c) => money.format(c.getValue()),
      }),
      column.accessor('status', {
        header: t('Status'),
        cell: (c) => (
          <span>
            {t(c.getValue())}
            {c.row.original.reject_note && (
              <span className="block text-xs text-slate-500">{c.row.original.reject_note}</span>
            )}
          </span>
        ),
      }),
      column.accessor('reason', {
        header: t('Reason'),
        meta: { hideOnPhone: true },
        cell: (c) => <span className="line-clamp-2 max-w-xs">{c.getValue()}</span>,
      }),
      column.accessor('created_at', { header: t('Requested'), cell: (c) => dates.format(new Date(c.getValue())) }),
    ],
    [t, dates, money],
  );

  return (
    <div className="space-y-5">
      <PageHeading
        title={t('Returns')}
        hint={t('Refund a return a shop left open (its balance pays it), or refuse it with a reason the shopper sees.')}
      />
      <FilterBar>
        <SearchFilter
          value={params.filters.q ?? ''}
          onChange={(q) => update({ filters: { q } })}
          label={t('Order code or shopper')}
        />
        <StatusFilter
          value={params.filters.status ?? ''}
          onChange={(status) => update({ filters: { status } })}
          options={RETURN_STATUSES.map((value) => ({ value, label: t(value) }))}
        />
        {params.filters.shop_id && (
          <Button variant="outline" onClick={() => update({ filters: { shop_id: '' } })}>
            {t('All shops')}
          </Button>
        )}
      </FilterBar>
      <DataTable
        label={t('Returns')}
        columns={columns}
        rows={list.data?.return_orders}
        {...tableProps(list)}
        sortable={['amount', 'created_at']}
        getRowId={(r: OperatorReturn) => String(r.id)}
        emptyTitle={t('No return matches.')}
        actions={(r: OperatorReturn) =>
          r.open ? (
            <>
              <Button
                size="sm"
                onClick={() => setRefunding(r)}
                aria-label={t('Refund the return of {{order}}', { order: r.order_code })}
              >
                {t('Refund')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setRefusing(r)}
                aria-label={t('Refuse the return of {{order}}', { order: r.order_code })}
              >
                {t('Refuse')}
              </Button>
            </>
          ) : null
        }
      />
      <ConfirmDialog
        open={refunding !== null}
        onClose={() => setRefunding(null)}
        title={t('Refund the return')}
        text={`${describe(refunding)}. ${t('The amount is taken from the shop’s balance, less the commission it paid, and the shopper is told.')}`}
        confirmLabel={t('Refund')}
        busy={action.isPending}
        onConfirm={() => {
          if (refunding) void refund(refunding);
          setRefunding(null);
        }}
      />
      <TextActionDialog
        open={refusing !== null}
        onClose={() => setRefusing(null)}
        title={t('Refuse the return')}
        subject={describe(refusing)}
        field="reason"
        label={t('Reason')}
        submitLabel={t('Refuse')}
        schema={reasonSchema}
        onSubmit={(reason) =>
          action.mutateAsync({ path: `/api/operator/returns/${refusing?.id}/refuse`, body: { reason } })
        }
      />
    </div>
  );
}
