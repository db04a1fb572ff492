import { ORDER_STATUSES, PAYMENT_STATUSES } from '@shop/contracts/cart';
import { REASON_MAX_LENGTH } from '@shop/contracts/operator-back-office';
import type { OperatorOrderRow } from '@shop/contracts/operator-promotions';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { useBackOfficeAction } from '../api/back-office';
import { operatorOrderQueryOptions, operatorOrdersQueryOptions } from '../api/promotions';
import { useOperatorMoney } from '../format';
import { useBackOfficeList } from './back-office-list';
import { FilterBar, PageHeading, SearchFilter, StatusFilter } from './table-filters';
import { TextActionDialog } from './text-action-dialog';

const CANCELLABLE = ['Pending', 'Confirm', 'Processing'];
const reasonSchema = z
  .string()
  .trim()
  .min(1, 'The reason field is required.')
  .max(REASON_MAX_LENGTH, `The reason may not be greater than ${REASON_MAX_LENGTH} characters.`);
const column = createColumnHelper<OperatorOrderRow>();

/** One order's details: lines, money, the shopper, the reason it was cancelled. */
function OrderDetailsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT();
  const api = useApi();
  const money = useOperatorMoney();
  const order = useQuery({ ...operatorOrderQueryOptions(api, id ?? 0), enabled: id !== null });
  const o = order.data?.order;
  return (
    <AppDialog
      open={id !== null}
      onClose={onClose}
      title={o ? t('Order {{code}}', { code: o.order_code }) : t('Order')}
    >
      {order.isPending && <p className="text-sm text-slate-500">{t('Loading…')}</p>}
      {order.isError && (
        <p role="alert" className="text-sm text-rose-600">
          {t('The order could not be loaded.')}
        </p>
      )}
      {o && (
        <div className="space-y-3 text-sm">
          <p>
            {o.shop.name} · {t(o.order_status)} · {t(o.payment_status)}
          </p>
          <p>
            {o.customer.name}{' '}
            <span dir="ltr" className="text-slate-500">
              {o.customer.email ?? o.customer.phone}
            </span>
          </p>
          <p className="text-slate-600">{o.address}</p>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {o.products.map((line) => (
              <li key={line.id} className="flex justify-between gap-3 p-2">
                <span>
                  {line.name} × {line.order_qty}
                </span>
                <span>{money.format(line.price * line.order_qty)}</span>
              </li>
            ))}
          </ul>
          <dl className="grid grid-cols-2 gap-1">
            <dt>{t('Delivery charge')}</dt>
            <dd className="text-end">{money.format(o.delivery_charge)}</dd>
            <dt>{t('Voucher discount')}</dt>
            <dd className="text-end">{money.format(o.coupon_discount)}</dd>
            <dt>{t('Tax')}</dt>
            <dd className="text-end">{money.format(o.tax_amount)}</dd>
            <dt className="font-semibold">{t('Total')}</dt>
            <dd className="text-end font-semibold">{money.format(o.payable_amount)}</dd>
          </dl>
          {o.cancel_reason && (
            <p className="rounded-lg bg-rose-50 p-2 text-rose-800">
              {t('Cancelled by the marketplace: {{reason}}', { reason: o.cancel_reason })}
            </p>
          )}
        </div>
      )}
    </AppDialog>
  );
}

/** /operator/orders: every order across shops; details; cancel with a reason the shopper sees. */
export function OrdersPage() {
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const money = useOperatorMoney();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(operatorOrdersQueryOptions(api, query));
  const action = useBackOfficeAction();
  const [viewing, setViewing] = useState<number | null>(null);
  const [cancelling, setCancelling] = useState<OperatorOrderRow | null>(null);

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
      column.accessor((o) => o.customer.name, { id: 'customer', header: t('Shopper'), meta: { hideOnPhone: true } }),
      column.accessor('amount', {
        header: t('Amount'),
        meta: { align: 'end' },
        cell: (c) => money.format(c.getValue()),
      }),
      column.accessor('order_status', {
        header: t('Status'),
        cell: (c) => (
          <span>
            {t(c.getValue())}
            <span className="block text-xs text-slate-500">{t(c.row.original.payment_status)}</span>
          </span>
        ),
      }),
      column.accessor('created_at', {
        header: t('Placed'),
        meta: { hideOnPhone: true },
        cell: (c) => time.format(c.getValue(), 'dateTime'),
      }),
    ],
    [t, time, money],
  );

  return (
    <div className="space-y-5">
      <PageHeading title={t('Orders')} hint={t('Every order of every shop.')} />
      <FilterBar>
        <SearchFilter
          label={t('Order code or shopper')}
          value={params.filters.q ?? ''}
          onChange={(q) => update({ filters: { q } })}
        />
        <StatusFilter
          value={params.filters.status ?? ''}
          onChange={(status) => update({ filters: { status } })}
          options={ORDER_STATUSES.map((value) => ({ value, label: t(value) }))}
        />
        <StatusFilter
          label={t('Payment')}
          value={params.filters.payment_status ?? ''}
          onChange={(payment_status) => update({ filters: { payment_status } })}
          options={PAYMENT_STATUSES.map((value) => ({ value, label: t(value) }))}
        />
      </FilterBar>
      <FilterBar>
        <TextField
          type="date"
          label={t('From date')}
          value={params.filters.from ?? ''}
          onChange={(event) => update({ filters: { from: event.target.value } })}
        />
        <TextField
          type="date"
          label={t('To date')}
          value={params.filters.to ?? ''}
          onChange={(event) => update({ filters: { to: event.target.value } })}
        />
        {params.filters.shop_id && (
          <Button variant="outline" onClick={() => update({ filters: { shop_id: '' } })}>
            {t('All shops')}
          </Button>
        )}
      </FilterBar>
      <DataTable
        label={t('Orders')}
        columns={columns}
        rows={list.data?.orders}
        {...tableProps(list)}
        sortable={['amount', 'created_at']}
        getRowId={(o: OperatorOrderRow) => String(o.id)}
        emptyTitle={t('No order matches.')}
        actions={(o: OperatorOrderRow) => (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setViewing(o.id)}
              aria-label={t('Details of {{code}}', { code: o.order_code })}
            >
              {t('Details')}
            </Button>
            {CANCELLABLE.includes(o.order_status) && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setCancelling(o)}
                aria-label={t('Cancel order {{code}}', { code: o.order_code })}
              >
                {t('Cancel order')}
              </Button>
            )}
          </>
        )}
      />
      <OrderDetailsDialog id={viewing} onClose={() => setViewing(null)} />
      <TextActionDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t('Cancel the order')}
        subject={cancelling ? `${cancelling.order_code} · ${cancelling.shop.name} · ${cancelling.customer.name}` : ''}
        field="reason"
        label={t('Reason (the shopper sees it)')}
        submitLabel={t('Cancel order')}
        schema={reasonSchema}
        onSubmit={(reason) =>
          action.mutateAsync({ path: `/api/operator/orders/${cancelling?.id}/cancel`, body: { reason } })
        }
      />
    </div>
  );
}
