import {
  SELLER_PRODUCT_STATUSES,
  SELLER_PRODUCTS_PAGE_SIZE,
  type SellerProductBulkAction,
  type SellerProductBulkReply,
  type SellerProductRow,
  type SellerProductSort,
} from '@shop/contracts/seller-products';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useRouteLoaderData } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { PAGE_PLACEHOLDER, Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { notifySuccess } from '../../../components/ui/toaster';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { EXPORT_URL } from '../api/seller-imports';
import { sellerProductOptionsQueryOptions, sellerProductsQueryOptions, useBulkAction } from '../api/seller-products';
import { DEFAULT_ORDER, listHref, listQuery, type ProductListParams, type SortOrder } from '../list-params';
import { useShopMoney } from '../shop-money';
import { PRODUCT_STATUS_LABELS, ProductStatusBadge } from './product-status-badge';

const PATH = '/shop/products';

/** The sort menu: each column with the order it reads best in first, then the other way round. */
const SORT_CHOICES: { sort: SellerProductSort; order: SortOrder; label: string }[] = [
  { sort: 'newest', order: 'desc', label: 'Newest first' },
  { sort: 'newest', order: 'asc', label: 'Oldest first' },
  { sort: 'name', order: 'asc', label: 'Name (A to Z)' },
  { sort: 'name', order: 'desc', label: 'Name (Z to A)' },
  { sort: 'price', order: 'asc', label: 'Price (low to high)' },
  { sort: 'price', order: 'desc', label: 'Price (high to low)' },
  { sort: 'stock', order: 'asc', label: 'Stock (low to high)' },
  { sort: 'stock', order: 'desc', label: 'Stock (high to low)' },
  { sort: 'sold', order: 'desc', label: 'Best selling' },
  { sort: 'sold', order: 'asc', label: 'Least sold' },
];

/** A product's price: the discount price with the price struck through when it has one. */
function PriceCell({ row, inline = false }: { row: SellerProductRow; inline?: boolean }) {
  const t = useT();
  const money = useShopMoney();
  if (row.discount_price > 0 && inline) {
    return (
      <>
        <span className="font-medium text-slate-900">{money(row.discount_price)}</span>{' '}
        <span className="sr-only">{t('Price')}: </span>
        <s className="text-slate-500">{money(row.price)}</s>
      </>
    );
  }
  if (row.discount_price > 0) {
    return (
      <>
        <div className="font-medium text-slate-900">{money(row.discount_price)}</div>
        <div className="text-xs text-slate-500">
          <span className="sr-only">{t('Price')}: </span>
          <s>{money(row.price)}</s>
        </div>
      </>
    );
  }
  return <span className="font-medium text-slate-900">{money(row.price)}</span>;
}

/** What a bulk publish could not do: each product with what it lacks, in the seller's language. */
function FailedPublishes({
  failed,
  onClose,
}: {
  failed: SellerProductBulkReply['data']['failed'];
  onClose: () => void;
}) {
  const t = useT();
  return (
    <div role="alert" className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">{t('These products could not be published:')}</p>
        <button
          type="button"
          onClick={onClose}
          className="-me-1 -mt-1 rounded-full p-1 hover:bg-amber-100"
          aria-label={t('Close')}
        >
          <Icon name="close" className="size-4" />
        </button>
      </div>
      <ul className="mt-2 space-y-2">
        {failed.map((product) => (
          <li key={product.id}>
            <Link to={`${PATH}/${product.id}`} className="font-medium underline">
              <bdi>{product.name || t('Untitled product')}</bdi>
            </Link>
            <ul className="ms-5 list-disc">
              {Object.entries(product.errors).map(([field, messages]) => (
                <li key={field}>{messages[0]}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /shop/products: the shop's products with search, category, status tabs (with counts), sort and
 * pages, all in the address (so the server renders any place of the list), row selection and
 * bulk publish, unpublish and delete.
 */
export function SellerProductsPage({ place }: { place: ProductListParams }) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const root = useRouteLoaderData('root') as { dir?: string } | undefined;
  const searchId = useId();
  const query = useQuery(sellerProductsQueryOptions(api, listQuery(place)));
  const options = useQuery(sellerProductOptionsQueryOptions(api));
  const bulk = useBulkAction();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [failed, setFailed] = useState<SellerProductBulkReply['data']['failed']>([]);
  const [bulkError, setBulkError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [search, setSearch] = useState(place.search);
  const here = listHref(PATH, place);

  // Another place of the list starts with nothing selected and the search box showing its search
  // (set while rendering, so the old place's selection is never drawn beside the new rows).
  const [shown, setShown] = useState(here);
  if (shown !== here) {
    setShown(here);
    setSelected(new Set());
    setSearch(place.search);
  }

  const go = (change: Partial<ProductListParams>) => navigate(listHref(PATH, { ...place, page: 1, ...change }));
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ search: search.trim() });
  };

  const data = query.data;
  const rows = data?.products ?? [];
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allOnPage ? new Set() : new Set(rows.map((row) => row.id)));

  const run = (action: SellerProductBulkAction) => {
    setBulkError(null);
    setFailed([]);
    bulk.mutate(
      { action, ids: [...selected] },
      {
        onSuccess: (reply) => {
          setConfirmDelete(false);
          if (reply.data.done.length > 0) {
            notifySuccess(t('Products updated: {{count}}', { count: reply.data.done.length }));
          }
          setFailed(reply.data.failed);
          // The products that failed stay selected, to fix and try again.
          setSelected(new Set(reply.data.failed.map((f) => f.id)));
        },
        onError: (error) => {
          setConfirmDelete(false);
          setBulkError(error instanceof ApiError ? error.message : t('Something went wrong. Please try again.'));
        },
      },
    );
  };

  const counts = data?.status_counts;
  const sortValue = `${place.sort}:${place.order}`;
  const categories = options.data?.categories ?? [];
  const filtered = Boolean(place.search || place.categoryId || place.status);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{t('Products')}</h1>
        <div className="flex flex-wrap gap-2">
          <Link to={`${PATH}/new`} className={buttonClass('primary', 'md')}>
            <Icon name="plus" className="size-4" />
            {t('New product')}
          </Link>
          <Link to={`${PATH}/stock`} className={buttonClass('outline', 'md')}>
            {t('Stock & prices')}
          </Link>
          <Link to={`${PATH}/import`} className={buttonClass('outline', 'md')}>
            {t('Import')}
          </Link>
          {/* A plain download: the server sends the catalogue as a CSV file. */}
          <a href={EXPORT_URL} download className={buttonClass('outline', 'md')}>
            <Icon name="download" className="size-4" />
            {t('Export')}
          </a>
        </div>
      </div>

      <div className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end">
        {/* biome-ignore lint/a11y/useSemanticElements: the form itself is the search landmark (the <search> element is too new for older readers). */}
        <form role="search" onSubmit={submitSearch} action={PATH} className="flex min-w-0 flex-1 items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('Search products')}
            </label>
            <input
              id={searchId}
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
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <div>
            <label htmlFor={`${searchId}-category`} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('Category')}
            </label>
            <select
              id={`${searchId}-category`}
              value={place.categoryId ?? ''}
              onChange={(event) => go({ categoryId: event.target.value ? Number(event.target.value) : null })}
              className="block h-10 w-full rounded-lg border border-slate-300 bg-white pe-8 ps-3 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 sm:w-44"
            >
              <option value="">{t('All categories')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${searchId}-sort`} className="mb-1.5 block text-sm font-medium text-slate-700">
              {t('Sort by')}
            </label>
            <select
              id={`${searchId}-sort`}
              value={sortValue}
              onChange={(event) => {
                const [sort, order] = event.target.value.split(':') as [SellerProductSort, SortOrder];
                go({ sort, order: order ?? DEFAULT_ORDER[sort] });
              }}
              className="block h-10 w-full rounded-lg border border-slate-300 bg-white pe-8 ps-3 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 sm:w-48"
            >
              {SORT_CHOICES.map((choice) => (
                <option key={`${choice.sort}:${choice.order}`} value={`${choice.sort}:${choice.order}`}>
                  {t(choice.label)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      <nav aria-label={t('Product status')} className="-mx-1 overflow-x-auto">
        <ul className="flex gap-2 px-1 pb-1">
          {[null, ...SELLER_PRODUCT_STATUSES].map((status) => {
            const current = status === place.status;
            const count = counts?.[status ?? 'all'];
            return (
              <li key={status ?? 'all'}>
                <Link
                  to={listHref(PATH, { ...place, status, page: 1 })}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${
                    current ? 'bg-primary-700 text-white' : 'bg-white text-slate-700 shadow-sm hover:bg-primary-50'
                  }`}
                >
                  {status ? t(PRODUCT_STATUS_LABELS[status]) : t('All')}
                  {count !== undefined && <span className="text-xs">({count})</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {failed.length > 0 && <FailedPublishes failed={failed} onClose={() => setFailed([])} />}
      {bulkError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {bulkError}
        </p>
      )}

      {selected.size > 0 && (
        <div
          role="toolbar"
          aria-label={t('Selected products')}
          className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-2xl bg-primary-50 p-3 shadow-sm"
        >
          <span className="me-auto text-sm font-medium text-primary-900" aria-live="polite">
            {t('{{count}} selected', { count: selected.size })}
          </span>
          <Button
            size="sm"
            onClick={() => run('publish')}
            loading={bulk.isPending && bulk.variables?.action === 'publish'}
          >
            {t('Publish')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => run('unpublish')}
            loading={bulk.isPending && bulk.variables?.action === 'unpublish'}
          >
            {t('Unpublish')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="border-rose-600! text-rose-700!"
            onClick={() => setConfirmDelete(true)}
          >
            <Icon name="trash" className="size-4" />
            {t('Delete')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            {t('Clear selection')}
          </Button>
        </div>
      )}

      {query.isError && !data ? (
        <ErrorState title={t('We could not load your products')} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Spinner className="size-8 text-primary-600" label={t('Loading')} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon="squares"
          title={filtered ? t('No products match') : t('Your shop has no products yet')}
          hint={filtered ? t('Try another search, category or status.') : t('Add your first product to start selling.')}
          action={
            filtered ? (
              <Link to={PATH} className={buttonClass('outline', 'md')}>
                {t('Show all products')}
              </Link>
            ) : (
              <Link to={`${PATH}/new`} className={buttonClass('primary', 'md')}>
                {t('New product')}
              </Link>
            )
          }
        />
      ) : (
        <>
          <div
            className={`overflow-x-auto rounded-2xl bg-white shadow-sm ${query.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={query.isPlaceholderData || undefined}
          >
            <table className="w-full text-sm">
              <caption className="sr-only">{t('Products')}</caption>
              <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="w-10 px-3 py-3 text-start">
                    <input
                      type="checkbox"
                      checked={allOnPage}
                      onChange={toggleAll}
                      aria-label={t('Select all products on this page')}
                      className="size-4 accent-primary-700"
                    />
                  </th>
                  <th scope="col" className="px-3 py-3 text-start">
                    {t('Product')}
                  </th>
                  <th scope="col" className="hidden px-3 py-3 text-start md:table-cell">
                    {t('SKU')}
                  </th>
                  <th scope="col" className="hidden px-3 py-3 text-end sm:table-cell">
                    {t('Price')}
                  </th>
                  <th scope="col" className="px-3 py-3 text-end">
                    {t('Stock')}
                  </th>
                  <th scope="col" className="hidden px-3 py-3 text-end sm:table-cell">
                    {t('Sold')}
                  </th>
                  <th scope="col" className="px-3 py-3 text-start">
                    {t('Status')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => {
                  const name = row.name || t('Untitled product');
                  return (
                    <tr key={row.id} className={selected.has(row.id) ? 'bg-primary-50/50' : undefined}>
                      <td className="px-3 py-3">
                        <input
                          type="checkbox"
                          checked={selected.has(row.id)}
                          onChange={() => toggle(row.id)}
                          aria-label={t('Select {{name}}', { name })}
                          className="size-4 accent-primary-700"
                        />
                      </td>
                      <td className="px-3 py-3">
                        <div className="flex min-w-36 items-center gap-3 sm:min-w-48">
                          {row.cover ? (
                            <Img
                              src={row.cover}
                              width={48}
                              height={48}
                              alt=""
                              className="size-12 shrink-0 rounded-lg bg-slate-100 object-cover"
                            />
                          ) : (
                            <span className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
                              <Icon name="squares" className="size-5" />
                            </span>
                          )}
                          <div className="min-w-0">
                            <Link
                              to={`${PATH}/${row.id}`}
                              className="line-clamp-2 font-medium text-slate-900 hover:text-primary-700 hover:underline"
                              dir="auto"
                            >
                              {name}
                            </Link>
                            {row.sku && (
                              <div className="hidden text-xs text-slate-500 sm:block md:hidden">
                                {t('SKU')}: <bdi>{row.sku}</bdi>
                              </div>
                            )}
                            {/* A phone has no room for the price column: the price goes under the name. */}
                            <div className="text-xs tabular-nums text-slate-600 sm:hidden">
                              <PriceCell row={row} inline />
                            </div>
                          </div>
                        </div>
                      </td>
                      <td className="hidden px-3 py-3 text-slate-600 md:table-cell" dir="auto">
                        {row.sku || '—'}
                      </td>
                      <td className="hidden px-3 py-3 text-end tabular-nums sm:table-cell">
                        <PriceCell row={row} />
                      </td>
                      <td
                        className={`px-3 py-3 text-end tabular-nums ${row.stock === 0 ? 'font-semibold text-rose-700' : ''}`}
                      >
                        {row.stock}
                      </td>
                      <td className="hidden px-3 py-3 text-end tabular-nums sm:table-cell">{row.sold}</td>
                      <td className="px-3 py-3">
                        <ProductStatusBadge status={row.status} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {data.total > SELLER_PRODUCTS_PAGE_SIZE && (
            <Pagination
              type="link"
              totalItems={data.total}
              itemsPerPage={SELLER_PRODUCTS_PAGE_SIZE}
              modelValue={place.page}
              urlTemplate={pageLinkTemplate(place)}
              dir={root?.dir === 'rtl' ? 'rtl' : 'ltr'}
              locale={i18n.language === 'ar' ? 'ar' : 'en'}
              ariaLabel={t('Pages of products')}
            />
          )}
          <p className="text-sm text-slate-500">{t('Products found: {{count}}', { count: data.total })}</p>
        </>
      )}

      <AppDialog
        open={confirmDelete}
        onClose={() => (bulk.isPending ? undefined : setConfirmDelete(false))}
        title={t('Delete the selected products ({{count}})?', { count: selected.size })}
      >
        <div className="space-y-4 p-5">
          <p className="text-sm text-slate-600">
            {t('They leave the storefront at once. Orders that hold them keep them.')}
          </p>
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => setConfirmDelete(false)} disabled={bulk.isPending}>
              {t('Cancel')}
            </Button>
            <Button
              className="bg-rose-600! hover:bg-rose-700!"
              onClick={() => run('delete')}
              loading={bulk.isPending && bulk.variables?.action === 'delete'}
            >
              {t('Delete')}
            </Button>
          </div>
        </div>
      </AppDialog>
    </div>
  );
}

/** The pages' link template: this place of the list with the page number's placeholder last. */
function pageLinkTemplate(place: ProductListParams): string {
  const first = listHref(PATH, { ...place, page: 1 });
  return `${first}${first.includes('?') ? '&' : '?'}page=${PAGE_PLACEHOLDER}`;
}
