import { TICKET_STATUSES, TICKET_TABS, type TicketStatus, type TicketTab } from '@shop/contracts/support';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { TicketAttachments } from '../../../entities/ticket/components/ticket-attachments';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { operatorTicketQueryOptions, operatorTicketsQueryOptions, useTicketAction } from '../api/operator';

const TAB_LABEL: Record<TicketTab, string> = { running: 'Running', completed: 'Completed', cancel: 'Cancelled' };
const STATUS_LABEL: Record<TicketStatus, string> = {
  pending: 'Pending',
  confirm: 'Confirmed',
  completed: 'Completed',
  cancel: 'Cancelled',
};

/** One ticket: who asked what, the thread, and the operator's tools. */
function TicketPanel({ ticketNumber }: { ticketNumber: string }) {
  const t = useT();
  const api = useApi();
  const ticket = useQuery(operatorTicketQueryOptions(api, ticketNumber));
  const action = useTicketAction(ticketNumber);
  const [reply, setReply] = useState('');
  const statusId = useId();
  const replyId = useId();
  const run = async (input: Parameters<typeof action.mutateAsync>[0]) => {
    try {
      notifySuccess((await action.mutateAsync(input)).message);
      return true;
    } catch (error) {
      notifyError(error instanceof Error ? error.message : t('Something went wrong'));
      return false;
    }
  };
  if (ticket.isError)
    return <ErrorState title={t('We could not load the ticket')} onRetry={() => void ticket.refetch()} />;
  if (!ticket.data) return <Spinner className="size-6 text-primary-600" label={t('Loading')} />;
  const tk = ticket.data;
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!reply.trim()) return;
    if (await run({ kind: 'reply', message: reply })) setReply('');
  };
  return (
    <article className="space-y-4 rounded-2xl bg-white p-5 shadow-sm" aria-labelledby="ticket-title">
      <header>
        <h3 id="ticket-title" className="text-lg font-semibold text-slate-900">
          #{tk.ticket_no} · {tk.subject}
        </h3>
        <p className="text-sm text-slate-600">
          {tk.customer_name} · {tk.email} · {tk.issue_type}
        </p>
      </header>
      <div className="flex flex-wrap items-end gap-4">
        <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={tk.user_chat}
            disabled={action.isPending}
            onChange={(e) => void run({ kind: 'user-chat', enabled: e.target.checked })}
          />
          {t('User chat')}
        </label>
        <div>
          <label htmlFor={statusId} className="mb-1 block text-sm font-medium text-slate-700">
            {t('Status')}
          </label>
          <select
            id={statusId}
            value={tk.status}
            disabled={action.isPending}
            onChange={(e) => void run({ kind: 'status', status: e.target.value as TicketStatus })}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
          >
            {TICKET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABEL[s])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3 text-sm text-slate-800">{tk.message}</p>
      <TicketAttachments files={tk.attachments} />
      <ol className="space-y-2" aria-label={t('Messages')}>
        {tk.messages.map((m) => (
          <li
            key={m.id}
            className={`max-w-[85%] rounded-xl px-3 py-2 text-sm ${m.is_mine ? 'ms-auto bg-primary-50' : 'me-auto bg-slate-100'}`}
          >
            <span className="block text-xs font-semibold text-slate-600">{m.sender_name}</span>
            <span className="whitespace-pre-line text-slate-900">{m.message}</span>
          </li>
        ))}
      </ol>
      <form onSubmit={send} className="space-y-2">
        <label htmlFor={replyId} className="block text-sm font-medium text-slate-700">
          {t('Reply')}
        </label>
        <textarea
          id={replyId}
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          rows={3}
          className="block w-full rounded-lg border border-slate-300 p-3 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200"
        />
        <Button type="submit" disabled={!reply.trim()} loading={action.isPending}>
          {t('Send reply')}
        </Button>
      </form>
    </article>
  );
}

/** The support tickets of every shopper by tab; choosing one opens its panel. */
export function OperatorTickets() {
  const t = useT();
  const api = useApi();
  const [tab, setTab] = useState<TicketTab>('running');
  const [open, setOpen] = useState<string | null>(null);
  const tickets = useQuery(operatorTicketsQueryOptions(api, tab));
  return (
    <section aria-labelledby="operator-tickets" className="space-y-3">
      <h2 id="operator-tickets" className="text-lg font-semibold text-slate-900">
        {t('Support tickets')}
      </h2>
      <div role="tablist" aria-label={t('Ticket status')} className="flex gap-2">
        {TICKET_TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            onClick={() => setTab(key)}
            className={`rounded-full px-3 py-1.5 text-sm font-medium ${
              tab === key ? 'bg-primary-700 text-white' : 'bg-white text-slate-700 shadow-sm hover:bg-primary-50'
            }`}
          >
            {t(TAB_LABEL[key])}
            {tickets.data && <span className="ms-1 text-xs">({tickets.data[key]})</span>}
          </button>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-[20rem_1fr]">
        <div>
          {tickets.isError ? (
            <ErrorState title={t('We could not load the tickets')} onRetry={() => void tickets.refetch()} />
          ) : !tickets.data ? (
            <Spinner className="size-6 text-primary-600" label={t('Loading')} />
          ) : tickets.data.support_tickets.length === 0 ? (
            <p className="rounded-2xl bg-white p-5 text-sm text-slate-600 shadow-sm">{t('No tickets here.')}</p>
          ) : (
            <ul className="space-y-2">
              {tickets.data.support_tickets.map((ticket) => (
                <li key={ticket.id}>
                  <button
                    type="button"
                    onClick={() => setOpen(ticket.ticket_no)}
                    aria-pressed={open === ticket.ticket_no}
                    className={`block w-full rounded-xl bg-white p-3 text-start shadow-sm hover:ring-2 hover:ring-primary-200 ${
                      open === ticket.ticket_no ? 'ring-2 ring-primary-400' : ''
                    }`}
                  >
                    <span className="block text-sm font-semibold text-slate-900">
                      #{ticket.ticket_no} · {ticket.subject}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {ticket.customer_name} · {ticket.issue_type}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        {open ? <TicketPanel key={open} ticketNumber={open} /> : null}
      </div>
    </section>
  );
}
