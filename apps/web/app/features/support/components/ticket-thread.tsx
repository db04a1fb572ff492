import { TICKET_MESSAGE_MAX } from '@shop/contracts/support';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/states';
import { FieldError, fieldInputClass } from '../../../components/ui/text-field';
import { TicketAttachments } from '../../../entities/ticket/components/ticket-attachments';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { paths } from '../../../lib/paths';
import { supportTicketQueryOptions, useSendTicketMessage } from '../api/support';
import { TicketStatusBadge } from './ticket-status';

/** /support-ticket/{ticketNumber}: the ticket, its files, the thread and, when allowed, the reply box. */
export function TicketThread({ ticketNumber }: { ticketNumber: string }) {
  const t = useT();
  const time = useMarketTime();
  const api = useApi();
  const query = useQuery(supportTicketQueryOptions(api, ticketNumber));
  const send = useSendTicketMessage();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const replyId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) {
      setError(t('Please write your message'));
      return;
    }
    setError(null);
    send.mutate(
      { ticket_number: ticketNumber, message },
      {
        onSuccess: () => setText(''),
        onError: (e) => setError(serverFieldErrors(e).message ?? e.message),
      },
    );
  };

  const back = (
    <Link to={paths.supportTickets} className="text-sm font-medium text-primary-700 hover:underline">
      <span aria-hidden="true" className="rtl:hidden">
        ←{' '}
      </span>
      <span aria-hidden="true" className="ltr:hidden">
        →{' '}
      </span>
      {t('Back to tickets')}
    </Link>
  );

  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t('Loading')} className="flex flex-col gap-3">
        <Skeleton className="h-6 w-1/2" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="flex flex-col gap-4">
        {back}
        {missing ? (
          <p role="alert" className="rounded-2xl bg-white p-6 text-center text-sm text-slate-700 shadow-sm">
            {t('Ticket not found.')}
          </p>
        ) : (
          <ErrorState title={t('We could not load this ticket')} onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }

  const ticket = query.data;
  const closed = ticket.status === 'completed' || ticket.status === 'cancel';
  return (
    <section aria-labelledby="ticket-title" className="flex flex-col gap-5">
      {back}
      <header className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="ticket-title" className="text-lg font-bold text-slate-900">
            {t('Ticket')} #{ticket.ticket_no}
          </h1>
          <TicketStatusBadge status={ticket.status} />
        </div>
        {ticket.subject && (
          <p dir="auto" className="break-words font-medium text-slate-800 rtl:text-right">
            {ticket.subject}
          </p>
        )}
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm text-slate-600 sm:grid-cols-2">
          <div className="flex gap-2">
            <dt>{t('Issue Type')}:</dt>
            <dd className="text-slate-800">{ticket.issue_type}</dd>
          </div>
          {ticket.order_number && (
            <div className="flex gap-2">
              <dt>{t('Order')}:</dt>
              <dd className="text-slate-800">{ticket.order_number}</dd>
            </div>
          )}
          <div className="flex gap-2">
            <dt>{t('Email')}:</dt>
            <dd className="break-all text-slate-800">{ticket.email}</dd>
          </div>
          <div className="flex gap-2">
            <dt>{t('Created')}:</dt>
            <dd className="text-slate-800">
              <time dateTime={ticket.created_at}>{time.format(ticket.created_at, 'dateTime')}</time>
            </dd>
          </div>
        </dl>
        <TicketAttachments files={ticket.attachments} />
      </header>

      <ol aria-label={t('Messages')} className="flex flex-col gap-3">
        {ticket.messages.map((message) => (
          <li
            key={message.id}
            className={`flex max-w-[85%] flex-col gap-1 rounded-2xl p-3 text-sm ${
              message.is_mine
                ? 'ms-auto bg-primary-50 text-slate-900'
                : 'me-auto border border-slate-200 bg-white text-slate-900'
            } ${message.is_highlighted ? 'ring-2 ring-amber-300' : ''}`}
          >
            <span className="text-xs font-semibold text-slate-700">
              {message.is_mine ? t('You') : message.sender_name}
            </span>
            <p dir="auto" className="whitespace-pre-wrap break-words">
              {message.message}
            </p>
            <time dateTime={message.created_at} className="text-xs text-slate-600">
              {time.format(message.created_at, 'dateTime')}
            </time>
          </li>
        ))}
      </ol>

      {ticket.can_reply ? (
        <form onSubmit={submit} noValidate className="flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm">
          <label htmlFor={replyId} className="text-sm font-medium text-slate-700">
            {t('Your reply')}
          </label>
          <textarea
            id={replyId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={3}
            maxLength={TICKET_MESSAGE_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${replyId}-error` : undefined}
            className={`${fieldInputClass} h-auto py-2`}
          />
          <FieldError id={`${replyId}-error`} message={error ?? undefined} />
          <div className="flex items-center justify-between gap-3">
            <span className="text-xs text-slate-600">
              {text.length}/{TICKET_MESSAGE_MAX}
            </span>
            <Button type="submit" loading={send.isPending}>
              {t('Send')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="rounded-2xl bg-slate-50 p-4 text-center text-sm text-slate-700">
          {closed
            ? t('This ticket is closed: no more messages can be sent.')
            : t('You can reply once the support team has opened the chat for this ticket.')}
        </p>
      )}
    </section>
  );
}
