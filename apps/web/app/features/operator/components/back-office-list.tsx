import { type ReactNode, useState } from 'react';
import { type SortDirection, useTableParams } from '../../../components/data-table/use-table-params';
import { Button, buttonClass } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { BACK_OFFICE_PER_PAGE } from '../api/back-office';

/**
 * The pieces of a back-office list page (orders, shops, the catalogue, the content…): its state
 * in the URL, the query it sends, the table's paging and states, the rows' dialogs and buttons.
 */

/** What the table needs of a list's query: the count of rows and its loading and error states. */
interface ListQuery {
  data?: { total: number } | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A list's paging, sorting and filters, kept in the URL. `own` names the search params the page
 * reads itself (a tab, a placement), left out of the filters and of the query sent.
 */
export function useBackOfficeList(own: readonly string[] = []) {
  const { params, update } = useTableParams();
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries(params.filters)) if (!own.includes(key)) filters[key] = value;
  const query = {
    ...filters,
    page: params.page,
    sort: params.sort ?? undefined,
    direction: params.direction ?? undefined,
  };
  /** The DataTable's count, paging, sorting, loading and error states, for this list's query. */
  const tableProps = (list: ListQuery) => ({
    total: list.data?.total ?? 0,
    perPage: BACK_OFFICE_PER_PAGE,
    params,
    onPage: (page: number) => update({ page }),
    onSort: (sort: { id: string; direction: SortDirection } | null) => update({ sort }),
    loading: list.isPending,
    error: list.isError,
    onRetry: () => void list.refetch(),
  });
  return { params, update, filters, query, tableProps };
}

/**
 * A list the server sends whole (a handful of rows): one page, no sorting. Gives the DataTable's
 * count, paging, loading and error states for the list's query and its rows.
 */
export function useWholeList() {
  const { params } = useTableParams();
  const whole = { ...params, page: 1, sort: null, direction: null };
  return (list: Omit<ListQuery, 'data'>, rows: readonly unknown[] | undefined) => ({
    total: rows?.length ?? 0,
    perPage: 1000,
    params: whole,
    sortable: [] as readonly string[],
    onPage: () => {},
    onSort: () => {},
    loading: list.isPending,
    error: list.isError,
    onRetry: () => void list.refetch(),
  });
}

/** The row being edited, whether a new one is being made, and the row whose delete is asked. */
export function useRowDialogs<T>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    editing,
    edit: (row: T) => setEditing(row),
    create: () => setCreating(true),
    /** The form's dialog is open: for a new row, or for the one being edited. */
    formOpen: creating || editing !== null,
    closeForm: () => {
      setCreating(false);
      setEditing(null);
    },
    deleting,
    remove: (row: T) => setDeleting(row),
    closeDelete: () => setDeleting(null),
  };
}

/** The list's heading (and its hint) with the button that makes a new row at its end. */
export function ListHeader({
  children,
  newLabel,
  onNew,
}: {
  children: ReactNode;
  newLabel: string;
  onNew: () => void;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      {children}
      <Button onClick={onNew}>{newLabel}</Button>
    </div>
  );
}

/** A row's Edit button, named after the row for screen readers. */
export function EditRowButton({ name, onClick }: { name: string; onClick: () => void }) {
  const t = useT();
  return (
    <Button size="sm" variant="outline" onClick={onClick} aria-label={t('Edit {{name}}', { name })}>
      {t('Edit')}
    </Button>
  );
}

/** A row's Delete button, named after the row for screen readers. */
export function DeleteRowButton({ name, onClick }: { name: string; onClick: () => void }) {
  const t = useT();
  return (
    <Button size="sm" variant="outline" onClick={onClick} aria-label={t('Delete {{name}}', { name })}>
      {t('Delete')}
    </Button>
  );
}

/** A row's View link: its page on the storefront, in a new tab, named after the row. */
export function ViewRowLink({ href, name }: { href: string; name: string }) {
  const t = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={buttonClass('ghost', 'sm')}
      aria-label={t('View {{name}} on the storefront', { name })}
    >
      {t('View')}
    </a>
  );
}

/** A list cell's text with an address under it (a page's path, a sender's e-mail), read left to right. */
export function TextWithAddress({ text, address }: { text: ReactNode; address: ReactNode }) {
  return (
    <span>
      {text}
      <span className="block text-xs text-slate-500" dir="ltr">
        {address}
      </span>
    </span>
  );
}
