import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { StatusBadge } from './status-badge';

/**
 * A Seller Centre record's page (an order, a return): not found (404) with a way back to its list,
 * an error to retry, a spinner while it loads; then the way back, the heading with its status and
 * date, and what `children` draws of the record.
 */
export function RecordPage<Data extends { created_at: string }>({
  query,
  back,
  notFoundTitle,
  errorTitle,
  heading,
  status,
  children,
}: {
  query: UseQueryResult<Data>;
  back: { to: string; label: string };
  notFoundTitle: string;
  errorTitle: string;
  heading: (record: Data) => ReactNode;
  status: (record: Data) => string;
  children: (record: Data) => ReactNode;
}) {
  const t = useT();
  const time = useMarketTime();
  if (query.error instanceof ApiError && query.error.status === 404) {
    return <EmptyState title={notFoundTitle} action={<Link to={back.to}>{back.label}</Link>} />;
  }
  if (query.isError) return <ErrorState title={errorTitle} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spinner className="size-8 text-primary-600" label={t('Loading')} />;
  const record = query.data;
  return (
    <div className="space-y-6">
      <Link to={back.to} className="text-sm font-medium text-primary-700 hover:underline">
        {back.label}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{heading(record)}</h1>
        <StatusBadge status={status(record)} />
        <span className="text-sm text-slate-500">{time.format(record.created_at, 'dateTime')}</span>
      </div>
      {children(record)}
    </div>
  );
}

/** A card of a record's page, named by its heading. */
export function RecordSection({
  id,
  title,
  headingGap = 'mb-2',
  children,
}: {
  id: string;
  title: string;
  /** The space under the heading: more above a control or a list. */
  headingGap?: 'mb-2' | 'mb-3';
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm" aria-labelledby={id}>
      <h2 id={id} className={`${headingGap} text-lg font-semibold text-slate-900`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
