import type { AuditEntry } from '@shop/contracts/audit';
import { AUDIT_PAGE_SIZE } from '@shop/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { AUDIT_FILTER_NAMES, type AuditLogFilters, auditLogQueryOptions, csvHref, filtersFrom } from '../api/audit-log';

const shown = (value: unknown): string =>
  value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return <span className="text-slate-400">—</span>;
  return (
    <dl className="space-y-1">
      {fields.map(([field, change]) => (
        <div key={field} className="break-words">
          <dt className="inline font-medium text-slate-700">{field}: </dt>
          <dd className="inline text-slate-600">
            <bdi>{shown(change.before)}</bdi> → <bdi>{shown(change.after)}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function pageHref(filters: AuditLogFilters, page: number): string {
  const search = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) if (filters[name]) search.set(name, filters[name]);
  if (page > 1) search.set('page', String(page));
  const text = search.toString();
  return text ? `?${text}` : '?';
}

/**
 * /operator/audit-log: every write by a seller or the operator, newest first, filtered by person,
 * shop, kind and time (the filters live in the address, so a view can be shared and paged), with
 * the same view as a CSV download.
 */
export function AuditLogPage() {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const [search] = useSearchParams();
  const filters = filtersFrom(search);
  const log = useQuery(auditLogQueryOptions(api, filters, AUDIT_PAGE_SIZE));
  const id = useId();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / AUDIT_PAGE_SIZE)) : 1;
  const input =
    'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-primary-600 focus:outline-none';

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('Audit log')}</h1>
        <a
          href={csvHref(filters)}
          download
          className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t('Export CSV')}
        </a>
      </div>

      <Form
        method="get"
        role="search"
        aria-label={t('Filter the audit log')}
        className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-6"
      >
        <label className="text-sm text-slate-700" htmlFor={`${id}-actor`}>
          {t('Person (user id)')}
          <input id={`${id}-actor`} name="actor" inputMode="numeric" defaultValue={filters.actor} className={input} />
        </label>
        <label className="text-sm text-slate-700" htmlFor={`${id}-shop`}>
          {t('Shop (id)')}
          <input id={`${id}-shop`} name="shop" inputMode="numeric" defaultValue={filters.shop} className={input} />
        </label>
        <label className="text-sm text-slate-700" htmlFor={`${id}-kind`}>
          {t('Kind')}
          <select id={`${id}-kind`} name="kind" defaultValue={filters.kind} className={input}>
            <option value="">{t('All kinds')}</option>
            {[...new Set([...(log.data?.kinds ?? []), ...(filters.kind ? [filters.kind] : [])])].map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm text-slate-700" htmlFor={`${id}-from`}>
          {t('Since')}
          <input id={`${id}-from`} name="from" type="datetime-local" defaultValue={filters.from} className={input} />
        </label>
        <label className="text-sm text-slate-700" htmlFor={`${id}-to`}>
          {t('Until')}
          <input id={`${id}-to`} name="to" type="datetime-local" defaultValue={filters.to} className={input} />
        </label>
        <div className="flex items-end gap-2">
          <button
            type="submit"
            className="rounded-lg bg-primary-700 px-4 py-2 text-sm font-semibold text-white hover:bg-primary-800"
          >
            {t('Filter')}
          </button>
          <Link to="?" className="px-2 py-2 text-sm text-slate-600 underline">
            {t('Clear')}
          </Link>
        </div>
      </Form>

      {log.isError ? (
        <ErrorState title={t('We could not load the audit log')} onRetry={() => void log.refetch()} />
      ) : !log.data ? (
        <Spinner className="size-6 text-primary-600" label={t('Loading')} />
      ) : log.data.entries.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-sm text-slate-600 shadow-sm">
          {t('No entry matches these filters.')}
        </p>
      ) : (
        <>
          {/* A table wider than a phone scrolls inside its box: a region the keyboard can reach and scroll. */}
          <section
            className="overflow-x-auto rounded-2xl bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-primary-600"
            aria-label={t('Audit log')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take the focus to be scrolled by keys.
            tabIndex={0}
          >
            <table className="min-w-full text-start text-sm">
              <caption className="sr-only">{t('{{count}} audit entries', { count: log.data.total })}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  {[
                    t('Time'),
                    t('Person'),
                    t('Shop'),
                    t('Kind'),
                    t('Record'),
                    t('Action'),
                    t('Changes'),
                    t('IP address'),
                    t('Browser'),
                  ].map((label) => (
                    <th key={label} scope="col" className="px-3 py-2 text-start font-semibold">
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 align-top">
                {log.data.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="whitespace-nowrap px-3 py-2">
                      <time dateTime={entry.created_at}>{time.format(new Date(entry.created_at))}</time>
                    </td>
                    <td className="px-3 py-2">
                      {entry.actor.name}{' '}
                      <span className="text-slate-500">
                        #{entry.actor.id} · {entry.actor.role}
                      </span>
                    </td>
                    <td className="px-3 py-2">{entry.shop ? `${entry.shop.name} #${entry.shop.id}` : '—'}</td>
                    <td className="px-3 py-2">{entry.kind}</td>
                    <td className="px-3 py-2">{entry.record_id ?? '—'}</td>
                    <td className="px-3 py-2">{entry.action}</td>
                    <td className="max-w-md px-3 py-2">
                      <Changes changes={entry.changes} />
                    </td>
                    <td className="px-3 py-2" dir="ltr">
                      {entry.ip}
                    </td>
                    <td className="max-w-xs truncate px-3 py-2" title={entry.user_agent} dir="ltr">
                      {entry.user_agent}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <nav aria-label={t('Pages')} className="flex items-center justify-between text-sm">
            {filters.page > 1 ? (
              <Link to={pageHref(filters, filters.page - 1)} rel="prev" className="underline">
                {t('Previous page')}
              </Link>
            ) : (
              <span />
            )}
            <span aria-current="page">{t('Page {{page}} of {{pages}}', { page: filters.page, pages })}</span>
            {filters.page < pages ? (
              <Link to={pageHref(filters, filters.page + 1)} rel="next" className="underline">
                {t('Next page')}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        </>
      )}
    </div>
  );
}
