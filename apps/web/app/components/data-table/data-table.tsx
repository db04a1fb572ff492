import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type RowData,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons';
import { Pagination } from '../ui/pagination';
import { Skeleton } from '../ui/skeleton';
import { EmptyState, ErrorState } from '../ui/states';
import type { SortDirection, TableParams } from './use-table-params';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Left out of the phone's cards (a detail the row's other columns already say). */
    hideOnPhone?: boolean;
    /** The cell's alignment: numbers at the end. */
    align?: 'start' | 'end';
  }
}

export interface DataTableProps<T> {
  /** Names the table for assistive technology. */
  label: string;
  // biome-ignore lint/suspicious/noExplicitAny: each column has its own value type (TanStack's own advice).
  columns: ColumnDef<T, any>[];
  rows: readonly T[] | undefined;
  total: number;
  perPage: number;
  params: TableParams;
  /** Column ids the server can sort by. */
  sortable: readonly string[];
  onPage: (page: number) => void;
  onSort: (sort: { id: string; direction: SortDirection } | null) => void;
  getRowId: (row: T) => string;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  emptyTitle: string;
  emptyHint?: string;
  /** Rows that need the reader's attention (a balance that disagrees with its ledger). */
  warnRow?: (row: T) => boolean;
  /** With selection: a checkbox per row and for the page. */
  selection?: { selected: RowSelectionState; onChange: (next: RowSelectionState) => void };
  /** Actions of a row, shown in the last column and at the foot of its phone card. */
  actions?: (row: T) => ReactNode;
}

/**
 * The back office's list: the server sorts, filters and pages (the URL holds the state); on a
 * phone each row becomes a card of label and value, so nothing scrolls sideways. Loading, empty
 * and error states are the table's own.
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  total,
  perPage,
  params,
  sortable,
  onPage,
  onSort,
  getRowId,
  loading,
  error,
  onRetry,
  emptyTitle,
  emptyHint,
  warnRow,
  selection,
  actions,
}: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const captionId = useId();
  const sorting: SortingState = params.sort ? [{ id: params.sort, desc: params.direction === 'desc' }] : [];
  const table = useReactTable<T>({
    data: (rows ?? []) as T[],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableMultiSort: false,
    rowCount: total,
    enableRowSelection: selection !== undefined,
    state: { sorting, rowSelection: selection?.selected ?? {} },
    onRowSelectionChange: (updater) => {
      if (!selection) return;
      selection.onChange(typeof updater === 'function' ? updater(selection.selected) : updater);
    },
  });

  const sortOf = (id: string): SortDirection | null => (params.sort === id ? (params.direction ?? 'asc') : null);
  const toggleSort = (id: string) => {
    const now = sortOf(id);
    onSort(now === null ? { id, direction: 'asc' } : now === 'asc' ? { id, direction: 'desc' } : null);
  };
  const headerText = (id: string) => {
    const header = table.getFlatHeaders().find((h) => h.column.id === id);
    return header ? flexRender(header.column.columnDef.header, header.getContext()) : null;
  };

  if (error && !rows) return <ErrorState title={t('This list could not be loaded.')} onRetry={onRetry} />;
  const dataColumns = table.getVisibleLeafColumns();
  const bodyRows = table.getRowModel().rows;
  const showSkeleton = loading && !rows;

  return (
    <div className="space-y-4">
      {/* Phone: one card per row. */}
      <div className="md:hidden">
        {sortable.length > 0 && (
          <label className="mb-3 flex items-center gap-2 text-sm text-slate-700">
            <span>{t('Sort by')}</span>
            <select
              className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-sm"
              value={params.sort ? `${params.sort}:${params.direction ?? 'asc'}` : ''}
              onChange={(event) => {
                const [id, direction] = event.target.value.split(':');
                onSort(id ? { id, direction: direction === 'desc' ? 'desc' : 'asc' } : null);
              }}
            >
              <option value="">{t('Default order')}</option>
              {sortable.flatMap((id) =>
                (['asc', 'desc'] as const).map((direction) => (
                  <option key={`${id}:${direction}`} value={`${id}:${direction}`}>
                    {`${textOf(headerText(id))} ${direction === 'asc' ? '↑' : '↓'}`}
                  </option>
                )),
              )}
            </select>
          </label>
        )}
        {showSkeleton ? (
          <div className="space-y-3" aria-busy="true">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28 w-full rounded-xl" />
            ))}
          </div>
        ) : (
          <ul aria-label={label} className="space-y-3">
            {bodyRows.map((row) => (
              <li
                key={row.id}
                className={`rounded-xl border bg-white p-4 shadow-sm ${
                  warnRow?.(row.original) ? 'border-amber-400 bg-amber-50' : 'border-slate-200'
                }`}
              >
                {selection && (
                  <label className="mb-2 flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      checked={row.getIsSelected()}
                      onChange={row.getToggleSelectedHandler()}
                      className="size-4"
                    />
                    {t('Select')}
                  </label>
                )}
                <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1.5 text-sm">
                  {row
                    .getVisibleCells()
                    .filter((cell) => !cell.column.columnDef.meta?.hideOnPhone)
                    .map((cell) => (
                      <div key={cell.id} className="contents">
                        <dt className="text-slate-500">{headerText(cell.column.id)}</dt>
                        <dd className="min-w-0 break-words text-slate-900">
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </dd>
                      </div>
                    ))}
                </dl>
                {actions && <div className="mt-3 flex flex-wrap gap-2">{actions(row.original)}</div>}
              </li>
            ))}
          </ul>
        )}
      </div>

      {/* Wider screens: the table. */}
      <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm md:block">
        <table className="w-full text-sm" aria-describedby={captionId} aria-busy={loading || undefined}>
          <caption id={captionId} className="sr-only">
            {label}
          </caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {selection && (
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={t('Select all on this page')}
                    checked={table.getIsAllPageRowsSelected()}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                    className="size-4"
                  />
                </th>
              )}
              {dataColumns.map((column) => {
                const direction = sortOf(column.id);
                const canSort = sortable.includes(column.id);
                const align = column.columnDef.meta?.align === 'end' ? 'text-end' : 'text-start';
                return (
                  <th
                    key={column.id}
                    scope="col"
                    aria-sort={direction === null ? undefined : direction === 'asc' ? 'ascending' : 'descending'}
                    className={`px-3 py-2 font-medium ${align}`}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        onClick={() => toggleSort(column.id)}
                        className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-primary-600"
                      >
                        {headerText(column.id)}
                        <span aria-hidden="true">{direction === 'asc' ? '↑' : direction === 'desc' ? '↓' : '↕'}</span>
                      </button>
                    ) : (
                      headerText(column.id)
                    )}
                  </th>
                );
              })}
              {actions && (
                <th scope="col" className="px-3 py-2 text-end font-medium">
                  {t('Actions')}
                </th>
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {showSkeleton
              ? [0, 1, 2, 3, 4].map((i) => (
                  <tr key={i}>
                    <td colSpan={dataColumns.length + (actions ? 1 : 0) + (selection ? 1 : 0)} className="px-3 py-3">
                      <Skeleton className="h-5 w-full" />
                    </td>
                  </tr>
                ))
              : bodyRows.map((row) => (
                  <tr key={row.id} className={warnRow?.(row.original) ? 'bg-amber-50' : undefined}>
                    {selection && (
                      <td className="px-3 py-2">
                        <input
                          type="checkbox"
                          aria-label={t('Select')}
                          checked={row.getIsSelected()}
                          onChange={row.getToggleSelectedHandler()}
                          className="size-4"
                        />
                      </td>
                    )}
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={`px-3 py-2 align-top ${cell.column.columnDef.meta?.align === 'end' ? 'text-end' : ''}`}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                    {actions && (
                      <td className="px-3 py-2">
                        <div className="flex flex-wrap justify-end gap-2">{actions(row.original)}</div>
                      </td>
                    )}
                  </tr>
                ))}
          </tbody>
        </table>
      </div>

      {!showSkeleton && bodyRows.length === 0 && <EmptyState title={emptyTitle} hint={emptyHint} icon="clipboard" />}
      {error && rows && (
        <p role="alert" className="flex items-center gap-2 text-sm text-rose-700">
          <Icon name="warning" className="size-4" />
          {t('This list could not be loaded.')}
        </p>
      )}
      {total > perPage && (
        <Pagination
          totalItems={total}
          itemsPerPage={perPage}
          modelValue={params.page}
          onUpdate={onPage}
          dir={i18n.dir?.() === 'rtl' ? 'rtl' : 'ltr'}
          labels={{ prev: t('Previous'), next: t('Next') }}
          ariaLabel={t('Pages of {{list}}', { list: label })}
        />
      )}
    </div>
  );
}

/** A header rendered as text (for the phone's sort choices). */
function textOf(node: ReactNode): string {
  return typeof node === 'string' || typeof node === 'number' ? String(node) : '';
}
