import { TOAST } from '@shop/contracts/constants';
import type { SupportTicketSummary, TicketTab } from '@shop/contracts/support';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Skeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { paths } from '../../../lib/paths';
import { supportTicketsQueryOptions } from '../api/support';
import { CreateTicketDialog } from './create-ticket-dialog';
import { TicketStatusBadge } from './ticket-status';

/** The reference's tabs; `running` holds pending and confirmed tickets. */
const TABS: { key: TicketTab; label: string }[] = [
  { key: 'running', label: 'Running' },
  { key: 'completed', label: 'Completed' },
  { key: 'cancel', label: 'Cancel' },
];
const PER_PAGE = 10;

/** /support-tickets: the shopper's tickets by tab, with counts, and the Create Ticket modal. */
export function SupportTicketsPage({
  tab,
  page,
  onChange,
  email,
  phone,
}: {
  tab: TicketTab;
  page: number;
  onChange: (tab: TicketTab, page: number) => void;
  email?: string | null;
  phone?: string | null;
}) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const query = useQuery({ ...supportTicketsQueryOptions(api, tab, page), placeholderData: keepPreviousData });
  const data = query.data;

  return (
    <section aria-labelledby="tickets-title" className="flex flex-col gap-5">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="tickets-title" className="text-xl font-bold text-slate-900">
          {t('Support Ticket')}
        </h1>
        <Button onClick={() => setCreating(true)}>
          <span aria-hidden="true">+</span>
          {t('Create Ticket')}
        </Button>
      </header>

      <nav aria-label={t('Ticket status')} className="flex gap-2 overflow-x-auto pb-1">
        {TABS.map((item) => {
          const count = data?.[item.key];
          const current = item.key === tab;
          return (
            <button
              key={item.key}
              type="button"
              aria-pressed={current}
              onClick={() => onChange(item.key, 1)}
              className={`inline-flex shrink-0 items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium ${
                current
                  ? 'border-primary-700 bg-primary-700 text-white'
                  : 'border-slate-200 bg-white text-slate-700 hover:border-primary-300'
              }`}
            >
              {t(item.label)}
              <span
                className={`rounded-full px-2 text-xs ${current ? 'bg-white/20 text-white' : 'bg-slate-100 text-slate-700'}`}
              >
                {count ?? '–'}
              </span>
            </button>
          );
        })}
      </nav>

      {query.isPending ? (
        <ul aria-busy="true" aria-label={t('Loading')} className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <li key={i} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-4 w-2/3" />
            </li>
          ))}
        </ul>
      ) : query.isError ? (
        <ErrorState title={t('We could not load your tickets')} onRetry={() => void query.refetch()} />
      ) : query.data.support_tickets.length === 0 ? (
        <EmptyState
          icon="lifebuoy"
          title={t('No tickets here')}
          hint={t('Open a ticket and our support team will answer you here.')}
        />
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {query.data.support_tickets.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} />
            ))}
          </ul>
          {query.data.total > PER_PAGE && (
            <Pagination
              totalItems={query.data.total}
              itemsPerPage={PER_PAGE}
              modelValue={page}
              dir={i18n.dir(i18n.language)}
              locale={i18n.language === 'ar' ? 'ar' : 'en'}
              onUpdate={(next) => onChange(tab, next)}
            />
          )}
        </>
      )}

      <CreateTicketDialog
        open={creating}
        onClose={() => setCreating(false)}
        defaultEmail={email}
        defaultPhone={phone}
        onCreated={(ticketNumber, message) => {
          setCreating(false);
          toast.success(message || t('Ticket created successfully'), { autoClose: TOAST.successMs });
          void navigate(paths.supportTicket(ticketNumber));
        }}
      />
    </section>
  );
}

function TicketCard({ ticket }: { ticket: SupportTicketSummary }) {
  const time = useMarketTime();
  const t = useT();
  return (
    <li>
      <Link
        to={paths.supportTicket(ticket.ticket_no)}
        className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 hover:border-primary-300 focus-visible:outline-2 focus-visible:outline-primary-600"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="text-sm font-semibold text-slate-900">
            {t('Ticket')} #{ticket.ticket_no}
          </span>
          <TicketStatusBadge status={ticket.status} />
        </div>
        <p dir="auto" className="break-words text-sm text-slate-800 rtl:text-right">
          {ticket.subject || ticket.issue_type}
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          <span>{ticket.issue_type}</span>
          {ticket.order_number && (
            <span>
              {t('Order')} {ticket.order_number}
            </span>
          )}
          <time dateTime={ticket.created_at}>{time.format(ticket.created_at, 'dateTime')}</time>
        </p>
      </Link>
    </li>
  );
}
