import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { IconName } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { SELLER_PER_PAGE } from '../api/seller-keys';
import { PageLinks } from './page-links';

/** The status a list's `?status=` names, or null (all) for none or one the list does not have. */
function statusFrom<Status extends string>(statuses: readonly Status[], value: string | null): Status | null {
  return (statuses as readonly string[]).includes(value ?? '') ? (value as Status) : null;
}

/** The tab and page a list's address asks for (`?status=&page=`); a page out of range is the first. */
export function listPlace<Status extends string>(url: string, statuses: readonly Status[]) {
  const params = new URL(url).searchParams;
  const page = Math.max(1, Math.min(1_000_000, Number.parseInt(params.get('page') ?? '', 10) || 1));
  return { status: statusFrom(statuses, params.get('status')), page };
}

/** A Seller Centre list's address for a status tab (none: all) and page. */
export function listHref(path: string, status: string | null, page = 1) {
  return `${path}?${new URLSearchParams({ ...(status ? { status } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;
}

/** A column of a list's table: its heading and what each row shows in it. */
export interface ListColumn<Row> {
  label: string;
  /** Amounts line up at the end. */
  numeric?: boolean;
  className?: string;
  cell: (row: Row) => ReactNode;
}

/** The first cell of a row: the order's code, linking to the record, and when it was made. */
export function RecordLinkCell({ to, code, at }: { to: string; code: string; at: string }) {
  const time = useMarketTime();
  return (
    <>
      <Link to={to} className="font-semibold text-primary-700 hover:underline">
        <bdi>{code}</bdi>
      </Link>
      <div className="text-xs text-slate-500">{time.format(at, 'dateTime')}</div>
    </>
  );
}

const cellClass = (column: { numeric?: boolean; className?: string }) =>
  ['px-4 py-3', column.numeric ? 'text-end tabular-nums' : '', column.className ?? ''].filter(Boolean).join(' ');

/**
 * A Seller Centre list (orders, returns): its heading, the status tabs (All first, with a count
 * when `count` gives one), the loading, error and empty states, the table of `columns` and the
 * page links.
 */
export function StatusTabList<Status extends string, Data, Row extends { id: number }>({
  path,
  title,
  tabsLabel,
  statuses,
  status,
  page,
  count,
  query,
  rows,
  total,
  errorTitle,
  emptyTitle,
  emptyIcon,
  columns,
  tabLabel = (s) => s,
  actions,
}: {
  path: string;
  title: string;
  tabsLabel: string;
  statuses: readonly Status[];
  status: Status | null;
  page: number;
  count?: (status: Status | null) => number | undefined;
  query: UseQueryResult<Data>;
  rows: (data: Data) => readonly Row[];
  total: (data: Data) => number;
  errorTitle: string;
  emptyTitle: string;
  emptyIcon: IconName;
  columns: readonly ListColumn<Row>[];
  /** A tab's English label (a key of the translations); the status itself by default. */
  tabLabel?: (status: Status) => string;
  /** Beside the heading: what the list lets the seller start (a new voucher). */
  actions?: ReactNode;
}) {
  const t = useT();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        {actions}
      </div>
      <nav aria-label={tabsLabel} className="-mx-1 overflow-x-auto">
        <ul className="flex gap-2 px-1 pb-1">
          {[null, ...statuses].map((s) => {
            const current = s === status;
            const n = count?.(s);
            return (
              <li key={s ?? 'all'}>
                <Link
                  to={listHref(path, s)}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${
                    current ? 'bg-primary-700 text-white' : 'bg-white text-slate-700 shadow-sm hover:bg-primary-50'
                  }`}
                >
                  {s ? t(tabLabel(s)) : t('All')}
                  {n !== undefined && <span className="text-xs">({n})</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {query.isError ? (
        <ErrorState title={errorTitle} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Spinner className="size-8 text-primary-600" label={t('Loading')} />
      ) : rows(query.data).length === 0 ? (
        <EmptyState title={emptyTitle} icon={emptyIcon} />
      ) : (
        <>
          {/* Positioned: the cells' visually hidden text (absolute) stays inside the scrolling box. */}
          <div className="relative overflow-x-auto rounded-2xl bg-white shadow-sm">
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  {columns.map((column) => (
                    <th
                      key={column.label}
                      scope="col"
                      className={`px-4 py-3 ${column.numeric ? 'text-end' : 'text-start'}`}
                    >
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows(query.data).map((row) => (
                  <tr key={row.id}>
                    {columns.map((column) => (
                      <td key={column.label} className={cellClass(column)}>
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageLinks
            page={page}
            total={total(query.data)}
            perPage={SELLER_PER_PAGE}
            href={(p) => listHref(path, status, p)}
          />
        </>
      )}
    </div>
  );
}
