import type { SellerProductFigures, SellerProductRow } from '@shop/contracts/seller-products';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { PAGE_PLACEHOLDER, Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { notifySuccess } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { sellerProductsQueryOptions, useSaveFigures } from '../api/seller-products';
import { listHref, listQuery, type ProductListParams } from '../list-params';
import { useShopMoney } from '../shop-money';
import {
  baseText,
  cellProblem,
  changedColumns,
  GRID_COLUMNS,
  type GridColumn,
  type GridEdits,
  type RepliedFigures,
  rowBase,
  stockRow,
} from '../stock-grid';
import { ProductStatusBadge } from './product-status-badge';
import { useUnsavedChangesGuard } from './unsaved-changes';

const PATH = '/shop/products/stock';
/** Rows a page of the grid shows (a save may send up to 100). */
export const STOCK_GRID_PAGE_SIZE = 50;

const COLUMN_LABELS: Record<GridColumn, string> = {
  stock: 'Stock',
  price: 'Price',
  discount_price: 'Discount price',
};
const CELL_LABELS: Record<GridColumn, string> = {
  stock: 'Stock of {{name}}',
  price: 'Price of {{name}}',
  discount_price: 'Discount price of {{name}}',
};

const cellKey = (id: number, column: GridColumn) => `${id}.${column}`;
const cellDomId = (base: string, row: number, column: number) => `${base}-${row}-${column}`;

/**
 * /shop/products/stock: the shop's products with stock, price and discount price editable in
 * place (Tab goes along, Enter down and Shift+Enter up a column, Escape puts a cell back), saved
 * together in one transaction. A row a sale or another save changed meanwhile is not saved: it is
 * marked with the figures it has now, the seller's own kept to save again. Nothing that is not a
 * figure of 0 or more is sent.
 */
export function StockGridPage({ place }: { place: ProductListParams }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const money = useShopMoney();
  const root = useRouteLoaderData('root') as { dir?: string } | undefined;
  const ids = useId();
  const query = useQuery(sellerProductsQueryOptions(api, listQuery(place, STOCK_GRID_PAGE_SIZE)));
  const save = useSaveFigures();
  const [edits, setEdits] = useState<Record<number, GridEdits>>({});
  const [replies, setReplies] = useState<Record<number, RepliedFigures>>({});
  const [conflicts, setConflicts] = useState<Record<number, SellerProductFigures>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [search, setSearch] = useState(place.search);

  // Another page or search of the grid starts afresh (leaving with changes asks first).
  const here = listHref(PATH, place);
  const [shown, setShown] = useState(here);
  if (shown !== here) {
    setShown(here);
    setEdits({});
    setErrors({});
    setConflicts({});
    setSearch(place.search);
  }

  const rows = query.data?.products ?? [];
  const baseOf = (row: SellerProductRow) => rowBase(row, replies[row.id], query.dataUpdatedAt);
  const changes = rows
    .map((row) => ({ row, base: baseOf(row), changed: changedColumns(baseOf(row), edits[row.id]) }))
    .filter((entry) => entry.changed.length > 0);
  const guard = useUnsavedChangesGuard(changes.length > 0, { whole: true });

  const edit = (id: number, column: GridColumn, value: string | undefined) => {
    setEdits((all) => {
      const row = { ...all[id] };
      if (value === undefined) delete row[column];
      else row[column] = value;
      return { ...all, [id]: row };
    });
    setErrors((all) => {
      if (!(cellKey(id, column) in all)) return all;
      const next = { ...all };
      delete next[cellKey(id, column)];
      return next;
    });
  };

  const focusCell = (row: number, column: number) => {
    const cell = document.getElementById(cellDomId(ids, row, column)) as HTMLInputElement | null;
    cell?.focus();
    cell?.select();
    return cell !== null;
  };

  const onCellKey = (event: KeyboardEvent<HTMLInputElement>, row: SellerProductRow, index: number, column: number) => {
    const name = GRID_COLUMNS[column] as GridColumn;
    if (event.key === 'Enter') {
      event.preventDefault();
      const next = index + (event.shiftKey ? -1 : 1);
      if (!focusCell(next, column) && !event.shiftKey) document.getElementById(`${ids}-save`)?.focus();
    } else if (event.key === 'Escape' && edits[row.id]?.[name] !== undefined) {
      event.preventDefault();
      edit(row.id, name, undefined);
    }
  };

  const problemText = (column: GridColumn, problem: 'format' | 'max' | 'required') => {
    if (problem === 'required') return t('Enter a figure.');
    if (problem === 'max') return t('This figure is too large.');
    return column === 'stock'
      ? t('Enter a whole number of 0 or more.')
      : t('Enter an amount of 0 or more, with at most 2 decimals.');
  };

  const submit = () => {
    setFormError(null);
    const found: Record<string, string> = {};
    let first: { row: number; column: number } | null = null;
    for (const { row, changed } of changes) {
      for (const column of changed) {
        const problem = cellProblem(column, edits[row.id]?.[column] ?? '');
        if (!problem) continue;
        found[cellKey(row.id, column)] = problemText(column, problem);
        first ??= { row: rows.indexOf(row), column: GRID_COLUMNS.indexOf(column) };
      }
    }
    setErrors(found);
    if (first) {
      focusCell(first.row, first.column);
      return;
    }
    if (changes.length === 0) return;
    const sent = changes.map(({ row, base, changed }) => stockRow(row.id, base, edits[row.id] ?? {}, changed));
    save.mutate(
      { rows: sent },
      {
        onSuccess: (reply) => {
          const { saved, conflicts: changedMeanwhile } = reply.data;
          setReplies((all) => {
            const next = { ...all };
            const at = Date.now();
            for (const figures of [...saved, ...changedMeanwhile]) next[figures.id] = { figures, at };
            return next;
          });
          setEdits((all) => {
            const next = { ...all };
            for (const figures of saved) delete next[figures.id];
            return next;
          });
          setConflicts(Object.fromEntries(changedMeanwhile.map((figures) => [figures.id, figures])));
          if (saved.length > 0) notifySuccess(t('Products saved: {{count}}', { count: saved.length }));
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          const placed: Record<string, string> = {};
          const rest: string[] = [];
          for (const [field, message] of Object.entries(fields)) {
            const match = /^rows\.(\d+)\.(stock|price|discount_price)$/.exec(field);
            const id = match ? changes[Number(match[1])]?.row.id : undefined;
            if (match && id !== undefined) placed[cellKey(id, match[2] as GridColumn)] = message;
            else rest.push(message);
          }
          setErrors(placed);
          if (rest.length > 0 || Object.keys(placed).length === 0) {
            setFormError(
              rest.join(' ') ||
                (error instanceof ApiError ? error.message : t('Something went wrong. Please try again.')),
            );
          }
          const firstPlaced = rows.findIndex((row) => GRID_COLUMNS.some((c) => placed[cellKey(row.id, c)]));
          if (firstPlaced >= 0) {
            const row = rows[firstPlaced] as SellerProductRow;
            focusCell(
              firstPlaced,
              GRID_COLUMNS.findIndex((c) => placed[cellKey(row.id, c)]),
            );
          }
        },
      },
    );
  };

  const discard = () => {
    setEdits({});
    setErrors({});
    setFormError(null);
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    navigate(listHref(PATH, { ...place, search: search.trim(), page: 1 }));
  };

  const conflictCount = rows.filter((row) => conflicts[row.id]).length;
  const data = query.data;
  const first = listHref(PATH, { ...place, page: 1 });

  return (
    <div className="space-y-4 pb-24">
      <div className="space-y-2">
        <Link to="/shop/products" className="text-sm font-medium text-primary-700 hover:underline">
          {t('Back to products')}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{t('Stock & prices')}</h1>
        <p className="text-sm text-slate-600">
          {t('Change the figures in place, then save them together. Enter moves down a column, Escape undoes a cell.')}
        </p>
      </div>

      {/* biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark (the <search> element is too new for older readers). */}
      <form role="search" onSubmit={submitSearch} action={PATH} className="flex max-w-md items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${ids}-search`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('Search products')}
          </label>
          <input
            id={`${ids}-search`}
            type="search"
            name="search"
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('Name or SKU')}
            className="block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200"
          />
        </div>
        <Button type="submit" variant="subtle" aria-label={t('Search')}>
          <Icon name="search" className="size-4" />
        </Button>
      </form>

      {conflictCount > 0 && (
        <p role="alert" className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          {t(
            'Some products changed while you edited ({{count}}): they were not saved. Check the marked rows and save again.',
            {
              count: conflictCount,
            },
          )}
        </p>
      )}
      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {formError}
        </p>
      )}

      {query.isError && !data ? (
        <ErrorState title={t('We could not load your products')} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Spinner className="size-8 text-primary-600" label={t('Loading')} />
      ) : rows.length === 0 ? (
        <EmptyState icon="squares" title={place.search ? t('No products match') : t('Your shop has no products yet')} />
      ) : (
        <div className="overflow-x-auto rounded-2xl bg-white shadow-sm">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('Stock & prices')}</caption>
            <thead className="bg-slate-50 text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="sticky start-0 z-[1] bg-slate-50 px-3 py-3 text-start">
                  {t('Product')}
                </th>
                {GRID_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="px-3 py-3 text-end">
                    {t(COLUMN_LABELS[column])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row, index) => {
                const base = baseOf(row);
                const changed = changedColumns(base, edits[row.id]);
                const conflict = conflicts[row.id];
                const name = row.name || t('Untitled product');
                const noteId = `${ids}-conflict-${row.id}`;
                return (
                  <tr key={row.id} className={conflict ? 'bg-amber-50' : undefined}>
                    {/* The product stays in sight while a phone scrolls the figures sideways. */}
                    <th
                      scope="row"
                      className={`sticky start-0 z-[1] px-3 py-2 text-start align-top font-normal ${conflict ? 'bg-amber-50' : 'bg-white'}`}
                    >
                      <div className="w-32 sm:w-auto sm:min-w-40 sm:max-w-xs">
                        <Link
                          to={`/shop/products/${row.id}`}
                          className="line-clamp-2 font-medium text-slate-900 hover:underline"
                          dir="auto"
                        >
                          {name}
                        </Link>
                        <div className="mt-0.5 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                          {row.sku && <span dir="auto">{row.sku}</span>}
                          <ProductStatusBadge status={conflict?.status ?? row.status} />
                        </div>
                        {conflict && (
                          <p id={noteId} className="mt-1 text-xs font-medium text-amber-900">
                            {t(
                              'Changed meanwhile. Now: stock {{stock}}, price {{price}}, discount price {{discount}}.',
                              {
                                stock: conflict.stock,
                                price: money(conflict.price),
                                discount: conflict.discount_price > 0 ? money(conflict.discount_price) : '—',
                              },
                            )}
                          </p>
                        )}
                      </div>
                    </th>
                    {GRID_COLUMNS.map((column, c) => {
                      const key = cellKey(row.id, column);
                      const error = errors[key];
                      const value = edits[row.id]?.[column] ?? baseText(base, column);
                      const isChanged = changed.includes(column);
                      const id = cellDomId(ids, index, c);
                      const describedBy = [error ? `${id}-error` : '', conflict ? noteId : '']
                        .filter(Boolean)
                        .join(' ');
                      return (
                        <td key={column} className="px-2 py-2 align-top sm:px-3">
                          <input
                            id={id}
                            value={value}
                            inputMode={column === 'stock' ? 'numeric' : 'decimal'}
                            dir="ltr"
                            autoComplete="off"
                            aria-label={t(CELL_LABELS[column], { name })}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={describedBy || undefined}
                            placeholder={column === 'discount_price' ? '—' : undefined}
                            onChange={(event) => edit(row.id, column, event.target.value)}
                            onKeyDown={(event) => onCellKey(event, row, index, c)}
                            onFocus={(event) => event.target.select()}
                            className={`ms-auto block h-9 w-24 rounded-md border px-2 text-end text-sm tabular-nums sm:w-28 focus:outline-none focus:ring-2 focus:ring-primary-200 ${
                              error
                                ? 'border-rose-500 bg-rose-50'
                                : isChanged
                                  ? 'border-primary-400 bg-primary-50'
                                  : 'border-slate-300 bg-white'
                            }`}
                          />
                          {error && (
                            <p id={`${id}-error`} className="ms-auto mt-1 w-24 text-xs text-rose-600 sm:w-28">
                              {error}
                            </p>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {data && data.total > STOCK_GRID_PAGE_SIZE && (
        <Pagination
          type="link"
          totalItems={data.total}
          itemsPerPage={STOCK_GRID_PAGE_SIZE}
          modelValue={place.page}
          urlTemplate={`${first}${first.includes('?') ? '&' : '?'}page=${PAGE_PLACEHOLDER}`}
          dir={root?.dir === 'rtl' ? 'rtl' : 'ltr'}
          locale={i18n.language === 'ar' ? 'ar' : 'en'}
          ariaLabel={t('Pages of products')}
        />
      )}

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm">
        <span className="me-auto text-sm text-slate-600" aria-live="polite">
          {changes.length > 0 ? t('Changed products: {{count}}', { count: changes.length }) : t('No changes')}
        </span>
        <Button variant="ghost" onClick={discard} disabled={changes.length === 0 || save.isPending}>
          {t('Discard changes')}
        </Button>
        <Button id={`${ids}-save`} onClick={submit} loading={save.isPending} disabled={changes.length === 0}>
          {t('Save changes')}
        </Button>
      </div>
      {guard.dialog}
    </div>
  );
}
