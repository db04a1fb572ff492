import { CONTACT_MESSAGE_SORTS, CONTACT_MESSAGE_STATUSES, type ContactMessage } from '@shop/contracts/operator-content';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { useBackOfficeAction } from '../api/back-office';
import { contactMessagesQueryOptions } from '../api/content';
import { TextWithAddress, useBackOfficeList } from './back-office-list';
import { FilterBar, PageHeading, SearchFilter, StatusFilter } from './table-filters';

const STATUS_LABELS = { unread: 'Unread', open: 'Open', handled: 'Handled' } as const;
const column = createColumnHelper<ContactMessage>();

/** The message's state as a short word: handled, read or unread. */
function stateLabel(m: ContactMessage): string {
  if (m.handled_at) return 'Handled';
  return m.read_at ? 'Read' : 'Unread';
}

/** /operator/messages: what visitors sent through the contact and support forms; read, mark handled. */
export function MessagesPage() {
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(contactMessagesQueryOptions(api, query));
  const action = useBackOfficeAction();
  const [openId, setOpenId] = useState<number | null>(null);
  const opened = list.data?.messages.find((m) => m.id === openId) ?? null;

  const mark = (m: ContactMessage, what: 'read' | 'handled', value: boolean, quiet = false) =>
    action
      .mutateAsync({ path: `/api/operator/contact-messages/${m.id}/${what}`, body: { [what]: value } })
      .then((reply) => {
        if (!quiet) notifySuccess(reply.message);
      })
      .catch((error: Error) => notifyError(error.message));

  const open = (m: ContactMessage) => {
    setOpenId(m.id);
    // Opening an unread message reads it.
    if (!m.read_at) void mark(m, 'read', true, true);
  };

  const columns = useMemo(
    () => [
      column.accessor('created_at', {
        header: t('Received'),
        cell: (c) => <span className="whitespace-nowrap text-sm">{time.format(c.getValue(), 'dateTime')}</span>,
      }),
      column.accessor('name', {
        header: t('From'),
        cell: (c) => (
          <TextWithAddress
            text={c.getValue() ?? t('No name given')}
            address={c.row.original.email ?? c.row.original.phone}
          />
        ),
      }),
      column.accessor('subject', {
        header: t('Subject'),
        cell: (c) => (
          <span className={c.row.original.read_at ? '' : 'font-semibold'}>
            {c.getValue()}
            <span className="block max-w-md truncate text-xs font-normal text-slate-500">{c.row.original.message}</span>
          </span>
        ),
      }),
      column.display({
        id: 'state',
        header: t('Status'),
        meta: { hideOnPhone: true },
        cell: (c) => t(stateLabel(c.row.original)),
      }),
    ],
    [t, time],
  );

  return (
    <div className="space-y-5">
      <PageHeading
        title={t('Contact messages')}
        hint={
          list.data
            ? t('{{number}} unread. What visitors send from the contact and support forms.', {
                number: list.data.unread,
              })
            : t('What visitors send from the contact and support forms.')
        }
      />
      <FilterBar>
        <SearchFilter value={params.filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
        <StatusFilter
          value={params.filters.status ?? ''}
          onChange={(status) => update({ filters: { status } })}
          options={CONTACT_MESSAGE_STATUSES.map((value) => ({ value, label: t(STATUS_LABELS[value]) }))}
        />
      </FilterBar>
      <DataTable
        label={t('Contact messages')}
        columns={columns}
        rows={list.data?.messages}
        {...tableProps(list)}
        sortable={CONTACT_MESSAGE_SORTS}
        getRowId={(m: ContactMessage) => String(m.id)}
        emptyTitle={params.filters.q || params.filters.status ? t('No message matches.') : t('No message yet.')}
        actions={(m: ContactMessage) => (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => open(m)}
              aria-label={t('Open {{name}}', { name: m.subject })}
            >
              {t('Open')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={action.isPending}
              onClick={() => void mark(m, 'handled', !m.handled_at)}
              aria-label={
                m.handled_at
                  ? t('Reopen {{name}}', { name: m.subject })
                  : t('Mark {{name}} as handled', { name: m.subject })
              }
            >
              {m.handled_at ? t('Reopen') : t('Handled')}
            </Button>
          </>
        )}
      />
      <AppDialog
        open={opened !== null}
        onClose={() => setOpenId(null)}
        title={opened?.subject ?? ''}
        className="max-w-2xl"
      >
        {opened && (
          <div className="space-y-4 p-5">
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-medium text-slate-600">{t('From')}</dt>
              <dd>{opened.name ?? t('No name given')}</dd>
              {opened.email && (
                <>
                  <dt className="font-medium text-slate-600">{t('Email')}</dt>
                  <dd dir="ltr" className="text-start">
                    <a className="text-primary-700 underline" href={`mailto:${opened.email}`}>
                      {opened.email}
                    </a>
                  </dd>
                </>
              )}
              {opened.phone && (
                <>
                  <dt className="font-medium text-slate-600">{t('Phone')}</dt>
                  <dd dir="ltr" className="text-start">
                    {opened.phone}
                  </dd>
                </>
              )}
              <dt className="font-medium text-slate-600">{t('Received')}</dt>
              <dd>{time.format(opened.created_at, 'dateTime')}</dd>
              <dt className="font-medium text-slate-600">{t('Status')}</dt>
              <dd>{t(stateLabel(opened))}</dd>
            </dl>
            <p className="max-h-80 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
              {opened.message}
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              {opened.read_at && !opened.handled_at && (
                <Button variant="ghost" disabled={action.isPending} onClick={() => void mark(opened, 'read', false)}>
                  {t('Mark as unread')}
                </Button>
              )}
              <Button
                variant={opened.handled_at ? 'outline' : 'primary'}
                disabled={action.isPending}
                onClick={() => void mark(opened, 'handled', !opened.handled_at)}
              >
                {opened.handled_at ? t('Reopen') : t('Mark as handled')}
              </Button>
            </div>
          </div>
        )}
      </AppDialog>
    </div>
  );
}
