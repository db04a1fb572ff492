import { OPERATOR_SHOP_FILTERS, type OperatorShopRow } from '@shop/contracts/operator-back-office';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { operatorShopListQueryOptions, useBackOfficeAction } from '../api/back-office';
import { useBackOfficeList } from './back-office-list';
import { ConfirmDialog } from './confirm-dialog';
import { FilterBar, PageHeading, SearchFilter, StatusFilter } from './table-filters';
import { TextActionDialog } from './text-action-dialog';

const STATUS_LABELS: Record<(typeof OPERATOR_SHOP_FILTERS)[number], string> = {
  pending: 'Waiting',
  approved: 'Approved',
  rejected: 'Refused',
  suspended: 'Suspended',
};
const STATUS_STYLES: Record<(typeof OPERATOR_SHOP_FILTERS)[number], string> = {
  pending: 'bg-amber-100 text-amber-800',
  approved: 'bg-emerald-100 text-emerald-800',
  rejected: 'bg-slate-200 text-slate-700',
  suspended: 'bg-rose-100 text-rose-800',
};

export const shopState = (shop: OperatorShopRow) => (shop.suspended_at ? 'suspended' : shop.status);

/** A percent with up to 2 decimals between 0 and 100, or empty for the marketplace's default. */
const commissionSchema = z
  .string()
  .trim()
  .refine((v) => v === '' || (/^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100), {
    message: 'Enter a percentage from 0 to 100 with at most 2 decimals, or leave it empty for the default.',
  });

const column = createColumnHelper<OperatorShopRow>();

/** /operator/shops: every shop, its state and commission; approve, refuse, suspend, reactivate. */
export function ShopsPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(operatorShopListQueryOptions(api, query));
  const action = useBackOfficeAction();
  const [suspending, setSuspending] = useState<OperatorShopRow | null>(null);
  const [commission, setCommission] = useState<OperatorShopRow | null>(null);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const defaultRate = list.data?.default_commission_rate;

  const act = async (path: string) => {
    try {
      notifySuccess((await action.mutateAsync({ path })).message);
    } catch (error) {
      notifyError(error instanceof Error ? error.message : t('Something went wrong'));
    }
  };

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: t('Shop'),
        cell: (c) => (
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{c.getValue()}</p>
            <p className="text-xs text-slate-500" dir="ltr">
              {c.row.original.slug}
            </p>
          </div>
        ),
      }),
      column.accessor((s) => s.owner.name, {
        id: 'owner',
        header: t('Owner'),
        meta: { hideOnPhone: true },
        cell: (c) => (
          <div>
            <p>{c.getValue()}</p>
            <p className="text-xs text-slate-500 break-all">{c.row.original.owner.email}</p>
          </div>
        ),
      }),
      column.accessor(shopState, {
        id: 'status',
        header: t('Status'),
        cell: (c) => (
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[c.getValue()]}`}>
            {t(STATUS_LABELS[c.getValue()])}
          </span>
        ),
      }),
      column.accessor('commission_rate', {
        header: t('Commission'),
        meta: { align: 'end' },
        cell: (c) =>
          c.getValue() === null ? (
            <span className="text-slate-500">{t('Default ({{rate}}%)', { rate: defaultRate ?? '' })}</span>
          ) : (
            `${c.getValue()}%`
          ),
      }),
      column.accessor('created_at', {
        header: t('Registered'),
        meta: { hideOnPhone: true },
        cell: (c) => dates.format(new Date(c.getValue())),
      }),
    ],
    [t, dates, defaultRate],
  );

  return (
    <div className="space-y-5">
      <PageHeading
        title={t('Shops')}
        hint={t('Every shop of the marketplace: approve, suspend and set its commission.')}
      />
      <FilterBar>
        <SearchFilter
          label={t('Search shops')}
          value={params.filters.q ?? ''}
          onChange={(q) => update({ filters: { q } })}
        />
        <StatusFilter
          value={params.filters.status ?? ''}
          onChange={(status) => update({ filters: { status } })}
          options={OPERATOR_SHOP_FILTERS.map((value) => ({ value, label: t(STATUS_LABELS[value]) }))}
        />
      </FilterBar>
      <DataTable
        label={t('Shops')}
        columns={columns}
        rows={list.data?.shops}
        {...tableProps(list)}
        sortable={['name', 'created_at']}
        getRowId={(s: OperatorShopRow) => String(s.id)}
        emptyTitle={t('No shop matches.')}
        actions={(shop: OperatorShopRow) => {
          const state = shopState(shop);
          return (
            <>
              {state === 'pending' && (
                <>
                  <Button
                    size="sm"
                    onClick={() => void act(`/api/operator/shops/${shop.id}/approve`)}
                    aria-label={t('Approve {{shop}}', { shop: shop.name })}
                  >
                    {t('Approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => void act(`/api/operator/shops/${shop.id}/reject`)}
                    aria-label={t('Reject {{shop}}', { shop: shop.name })}
                  >
                    {t('Reject')}
                  </Button>
                </>
              )}
              {state === 'approved' && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setSuspending(shop)}
                  aria-label={t('Suspend {{shop}}', { shop: shop.name })}
                >
                  {t('Suspend')}
                </Button>
              )}
              {state === 'suspended' && (
                <Button
                  size="sm"
                  onClick={() => void act(`/api/operator/shops/${shop.id}/reactivate`)}
                  aria-label={t('Reactivate {{shop}}', { shop: shop.name })}
                >
                  {t('Reactivate')}
                </Button>
              )}
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setCommission(shop)}
                aria-label={t('Commission of {{shop}}', { shop: shop.name })}
              >
                {t('Commission')}
              </Button>
            </>
          );
        }}
      />
      <ConfirmDialog
        open={suspending !== null}
        onClose={() => setSuspending(null)}
        title={t('Suspend {{shop}}', { shop: suspending?.name ?? '' })}
        text={t(
          'Its products leave the storefront at once and nobody can order from it. Its seller can still move the open orders.',
        )}
        confirmLabel={t('Suspend')}
        busy={action.isPending}
        onConfirm={() => {
          if (suspending) void act(`/api/operator/shops/${suspending.id}/suspend`);
          setSuspending(null);
        }}
      />
      <TextActionDialog
        open={commission !== null}
        onClose={() => setCommission(null)}
        title={t('Commission of {{shop}}', { shop: commission?.name ?? '' })}
        subject={t('Leave it empty to charge the default ({{rate}}%).', { rate: defaultRate ?? '' })}
        field="commission_rate"
        label={t('Commission (%)')}
        submitLabel={t('Save')}
        inputMode="decimal"
        schema={commissionSchema}
        initial={commission?.commission_rate === null || !commission ? '' : String(commission.commission_rate)}
        onSubmit={(value) =>
          action.mutateAsync({
            path: `/api/operator/shops/${commission?.id}/commission`,
            method: 'PUT',
            body: { commission_rate: value === '' ? null : Number(value) },
          })
        }
      />
    </div>
  );
}
