import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortDirection = 'asc' | 'desc';

export interface TableParams {
  page: number;
  sort: string | null;
  direction: SortDirection | null;
  /** The other search params of the page (filters), as the URL has them. */
  filters: Record<string, string>;
}

const OWN = new Set(['page', 'sort', 'direction']);

/** Reads a table's state from URL search params (what a shared or reloaded link restores). */
export function tableParamsOf(search: URLSearchParams): TableParams {
  const page = Number(search.get('page'));
  const direction = search.get('direction');
  const filters: Record<string, string> = {};
  for (const [key, value] of search) if (!OWN.has(key) && value !== '') filters[key] = value;
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: search.get('sort') || null,
    direction: direction === 'asc' || direction === 'desc' ? direction : null,
    filters,
  };
}

/** The search params after a change; a new sort or filter starts again at page 1. */
export function nextSearchParams(
  search: URLSearchParams,
  change: { page?: number; sort?: { id: string; direction: SortDirection } | null; filters?: Record<string, string> },
): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if (change.sort !== undefined || change.filters !== undefined) next.delete('page');
  if (change.sort !== undefined) {
    set('sort', change.sort?.id ?? null);
    set('direction', change.sort?.direction ?? null);
  }
  for (const [key, value] of Object.entries(change.filters ?? {})) set(key, value);
  if (change.page !== undefined) set('page', change.page > 1 ? String(change.page) : null);
  return next;
}

/**
 * A server-side table's paging, sorting and filters, kept in the URL's search params so the
 * back button, a reload and a shared link show the same rows. The query for the API is built from
 * the same params.
 */
export function useTableParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => tableParamsOf(search), [search]);
  const update = useCallback(
    (change: Parameters<typeof nextSearchParams>[1]) =>
      setSearch((current) => nextSearchParams(current, change), { preventScrollReset: true }),
    [setSearch],
  );
  return { params, update };
}
