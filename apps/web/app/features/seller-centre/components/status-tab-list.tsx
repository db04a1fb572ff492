import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { IconName } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { SELLER_PER_PAGE } from '../api/seller-keys';
import { PageLinks } from './page-links';

/** A Seller Centre list's address for a status tab (none: all) and page. */
export function listHref(path: string, status: string | null, page = 1) {
  return `${path}?${new URLSearchParams({ ...(status ? { status } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;
}

/**
 * A Seller Centre list (orders, returns): its heading, the status tabs (All first, with a count
 * when `count` gives one), the loading, error and empty states, the table `children` draws and
 * the page links.
 */
export function StatusTabList<Status extends string, Data>({
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
  children,
}: {
  path: string;
  title: string;
  tabsLabel: string;
  statuses: readonly Status[];
  status: Status | null;
  page: number;
  count?: (status: Status | null) => number | undefined;
  query: UseQueryResult<Data>;
  rows: (data: Data) => readonly unknown[];
  total: (data: Data) => number;
  errorTitle: string;
  emptyTitle: string;
  emptyIcon: IconName;
  children: (data: Data) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
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
                  {s ? t(s) : t('All')}
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
          {children(query.data)}
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
