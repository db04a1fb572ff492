import { OPERATOR_USER_ROLES, OPERATOR_USER_STATES, type OperatorUser } from '@shop/contracts/operator-promotions';
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
import { operatorUsersQueryOptions } from '../api/promotions';
import { useBackOfficeList } from './back-office-list';
import { ConfirmDialog } from './confirm-dialog';
import { FilterBar, PageHeading, SearchFilter, StatusFilter } from './table-filters';

const ROLE_LABELS = { customer: 'Shopper', seller: 'Seller' } as const;
const STATUS_LABELS = { active: 'Active', blocked: 'Blocked' } as const;
const column = createColumnHelper<OperatorUser>();

/** /operator/users: every shopper and seller; block (their sessions end at once) and unblock. */
export function UsersPage() {
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(operatorUsersQueryOptions(api, query));
  const action = useBackOfficeAction();
  const [deciding, setDeciding] = useState<OperatorUser | null>(null);
  const blocking = deciding?.status === 'active';

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: t('Name'),
        cell: (c) => (
          <span>
            {c.getValue()}
            <span className="block text-xs text-slate-500" dir="ltr">
              {c.row.original.email ?? c.row.original.phone}
            </span>
          </span>
        ),
      }),
      column.accessor('role', {
        header: t('Role'),
        cell: (c) => (
          <span>
            {t(ROLE_LABELS[c.getValue()])}
            {c.row.original.shop && <span className="block text-xs text-slate-500">{c.row.original.shop.name}</span>}
          </span>
        ),
      }),
      column.accessor('status', {
        header: t('Status'),
        cell: (c) => (
          <span className={c.getValue() === 'blocked' ? 'font-medium text-rose-700' : undefined}>
            {t(STATUS_LABELS[c.getValue()])}
          </span>
        ),
      }),
      column.accessor('created_at', {
        header: t('Joined'),
        meta: { hideOnPhone: true },
        cell: (c) => time.format(c.getValue(), 'date'),
      }),
    ],
    [t, time],
  );

  return (
    <div className="space-y-5">
      <PageHeading title={t('Users')} hint={t('A blocked account is signed out at once and cannot sign in.')} />
      <FilterBar>
        <SearchFilter value={params.filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
        <StatusFilter
          label={t('Role')}
          value={params.filters.role ?? ''}
          onChange={(role) => update({ filters: { role } })}
          options={OPERATOR_USER_ROLES.map((value) => ({ value, label: t(ROLE_LABELS[value]) }))}
        />
        <StatusFilter
          value={params.filters.status ?? ''}
          onChange={(status) => update({ filters: { status } })}
          options={OPERATOR_USER_STATES.map((value) => ({ value, label: t(STATUS_LABELS[value]) }))}
        />
      </FilterBar>
      <DataTable
        label={t('Users')}
        columns={columns}
        rows={list.data?.users}
        {...tableProps(list)}
        sortable={['name', 'created_at']}
        getRowId={(u: OperatorUser) => String(u.id)}
        emptyTitle={t('No user matches.')}
        warnRow={(u: OperatorUser) => u.status === 'blocked'}
        actions={(u: OperatorUser) => (
          <Button
            size="sm"
            variant="outline"
            onClick={() => setDeciding(u)}
            aria-label={
              u.status === 'active' ? t('Block {{name}}', { name: u.name }) : t('Unblock {{name}}', { name: u.name })
            }
          >
            {u.status === 'active' ? t('Block') : t('Unblock')}
          </Button>
        )}
      />
      <ConfirmDialog
        open={deciding !== null}
        onClose={() => setDeciding(null)}
        title={blocking ? t('Block the account') : t('Unblock the account')}
        text={
          blocking
            ? t('{{name}} is signed out everywhere now and cannot sign in until unblocked.', {
                name: deciding?.name ?? '',
              })
            : t('{{name}} can sign in again.', { name: deciding?.name ?? '' })
        }
        confirmLabel={blocking ? t('Block') : t('Unblock')}
        busy={action.isPending}
        onConfirm={() =>
          void action
            .mutateAsync({ path: `/api/operator/users/${deciding?.id}/${blocking ? 'block' : 'unblock'}` })
            .then((reply) => notifySuccess(reply.message))
            .finally(() => setDeciding(null))
        }
      />
    </div>
  );
}
