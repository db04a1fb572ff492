import { WITHDRAWAL_STATUSES } from '@shop/contracts/earnings';
import { type OperatorWithdrawal, PAYMENT_REFERENCE_MAX_LENGTH } from '@shop/contracts/operator-back-office';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { useApi } from '../../../lib/api-context';
import { operatorWithdrawalsQueryOptions, useBackOfficeAction } from '../api/back-office';
import { useOperatorMoney } from '../format';
import { useBackOfficeList } from './back-office-list';
import { reasonSchema } from './product-approvals-page';
import { FilterBar, PageHeading, StatusFilter } from './table-filters';
import { TextActionDialog } from './text-action-dialog';

const STATUS_LABELS = { pending: 'Pending', paid: 'Paid', refused: 'Refused' } as const;
const referenceSchema = z
  .string()
  .trim()
  .min(1, 'The reference field is required.')
  .max(
    PAYMENT_REFERENCE_MAX_LENGTH,
    `The reference may not be greater than ${PAYMENT_REFERENCE_MAX_LENGTH} characters.`,
  );

const column = createColumnHelper<OperatorWithdrawal>();

/** /operator/withdrawals: the sellers' requests; pay with the transfer's reference or refuse with a reason. */
export function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const money = useOperatorMoney();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(operatorWithdrawalsQueryOptions(api, query));
  const action = useBackOfficeAction();
  const [paying, setPaying] = useState<OperatorWithdrawal | null>(null);
  const [refusing, setRefusing] = useState<OperatorWithdrawal | null>(null);
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const describe = (w: OperatorWithdrawal | null) =>
    w
      ? `${w.shop.name} · ${money.format(w.amount)} · ${w.bank_name} ${w.bank_account_number} (${w.account_holder})`
      : '';

  const columns = useMemo(
    () => [
      column.accessor((w) => w.shop.name, { id: 'shop', header: t('Shop') }),
      column.accessor('amount', {
        header: t('Amount'),
        meta: { align: 'end' },
        cell: (c) => money.format(c.getValue()),
      }),
      column.accessor('status', {
        header: t('Status'),
        cell: (c) => (
          <span>
            {t(STATUS_LABELS[c.getValue()])}
            {c.row.original.reference && (
              <span className="block text-xs text-slate-500" dir="ltr">
                {c.row.original.reference}
              </span>
            )}
            {c.row.original.note && <span className="block text-xs text-slate-500">{c.row.original.note}</span>}
          </span>
        ),
      }),
      column.accessor((w) => `${w.bank_name} ${w.bank_account_number}`, {
        id: 'bank',
        header: t('Bank account'),
        meta: { hideOnPhone: true },
        cell: (c) => (
          <span>
            <span dir="ltr">{c.getValue()}</span>
            <span className="block text-xs text-slate-500">{c.row.original.account_holder}</span>
          </span>
        ),
      }),
      column.accessor('created_at', { header: t('Requested'), cell: (c) => dates.format(new Date(c.getValue())) }),
    ],
    [t, dates, money],
  );

  return (
    <div className="space-y-5">
      <PageHeading title={t('Withdrawals')} hint={t('Pay the sellers’ requests by bank transfer, or refuse them.')} />
      <FilterBar>
        <StatusFilter
          value={params.filters.status ?? ''}
          onChange={(status) => update({ filters: { status } })}
          options={WITHDRAWAL_STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value]) }))}
        />
        {params.filters.shop_id && (
          <Button variant="outline" onClick={() => update({ filters: { shop_id: '' } })}>
            {t('All shops')}
          </Button>
        )}
      </FilterBar>
      <DataTable
        label={t('Withdrawals')}
        columns={columns}
        rows={list.data?.withdrawals}
        {...tableProps(list)}
        sortable={['amount', 'created_at']}
        getRowId={(w: OperatorWithdrawal) => String(w.id)}
        emptyTitle={t('No withdrawal matches.')}
        actions={(w: OperatorWithdrawal) =>
          w.status === 'pending' ? (
            <>
              <Button
                size="sm"
                onClick={() => setPaying(w)}
                aria-label={t('Pay {{amount}} to {{shop}}', { amount: money.format(w.amount), shop: w.shop.name })}
              >
                {t('Pay')}
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setRefusing(w)}
                aria-label={t('Refuse the withdrawal of {{shop}}', { shop: w.shop.name })}
              >
                {t('Refuse')}
              </Button>
            </>
          ) : null
        }
      />
      <TextActionDialog
        open={paying !== null}
        onClose={() => setPaying(null)}
        title={t('Pay the withdrawal')}
        subject={describe(paying)}
        field="reference"
        label={t('Transfer reference')}
        submitLabel={t('Mark paid')}
        schema={referenceSchema}
        onSubmit={(reference) =>
          action.mutateAsync({ path: `/api/operator/withdrawals/${paying?.id}/pay`, body: { reference } })
        }
      />
      <TextActionDialog
        open={refusing !== null}
        onClose={() => setRefusing(null)}
        title={t('Refuse the withdrawal')}
        subject={describe(refusing)}
        field="reason"
        label={t('Reason')}
        submitLabel={t('Refuse')}
        schema={reasonSchema}
        onSubmit={(reason) =>
          action.mutateAsync({ path: `/api/operator/withdrawals/${refusing?.id}/refuse`, body: { reason } })
        }
      />
    </div>
  );
}
