import { PRODUCTS_PER_PAGE } from '@shop/contracts/constants';
import type { ProductFilters } from '@shop/contracts/products';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link, useLocation, useNavigation, useSearchParams } from 'react-router';
import { AppDialog } from '../../../components/ui/dialog';
import { PRODUCT_GRID, PRODUCT_GRID_BESIDE_PANEL } from '../../../components/ui/grid';
import { Icon } from '../../../components/ui/icons';
import { PAGE_PLACEHOLDER } from '../../../components/ui/pagination';
import { Price } from '../../../components/ui/price';
import { ProductGridSkeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { productsQueryOptions } from '../../../entities/product/api/products';
import { PagedProductGrid } from '../../../entities/product/components/product-grid';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { pageLinkTemplate } from '../../../lib/page-loading';
import {
  activeFilterCount,
  clearedFilters,
  type FilterChanges,
  type ListingFilters,
  type ListingScope,
  productsQueryFor,
  readListing,
  withFilters,
} from '../listing-params';
import { FilterPanel, SortSelect } from './filter-panel';

export interface ProductListingProps {
  /** The page's main heading. */
  title: string;
  /** Shown above the heading (breadcrumbs). */
  above?: ReactNode;
  /** Shown between the heading and the list (subcategory chips). */
  below?: ReactNode;
  /** What the page fixes for the whole list (category, subcategory, sort). */
  scope?: ListingScope;
  /** The filter panel (desktop side panel, phone drawer); off for fixed lists like /best-deal. */
  showFilters?: boolean;
  showSort?: boolean;
  /** A category page fixes the category, so it offers no category choice. */
  showCategoryFilter?: boolean;
  emptyTitle?: string;
  emptyHint?: string;
}

/** Removable chips naming each chosen filter, from the facets' names. */
function ActiveFilters({
  filters,
  facets,
  onChange,
  onClear,
}: {
  filters: ListingFilters;
  facets: ProductFilters | undefined;
  onChange: (changes: FilterChanges) => void;
  onClear: () => void;
}) {
  const t = useT();
  const chips: { key: string; label: ReactNode; clear: FilterChanges }[] = [];
  // The facets named by id: the chip shows the facet's name, or the filter's own name before it loads.
  const named: [
    key: 'category' | 'brand' | 'color' | 'size',
    list: { id: number; name: string }[] | undefined,
    fallback: string,
  ][] = [
    ['category', facets?.categories, t('Category')],
    ['brand', facets?.brands, t('Brand')],
    ['color', facets?.colors, t('Color')],
    ['size', facets?.sizes, t('Size')],
  ];
  for (const [key, list, fallback] of named) {
    const id = filters[key];
    if (id === undefined) continue;
    chips.push({ key, label: list?.find((x) => x.id === id)?.name ?? fallback, clear: { [key]: undefined } });
  }
  if (filters.rating !== undefined) {
    chips.push({
      key: 'rating',
      label: t('{{rating}} stars', { rating: filters.rating }),
      clear: { rating: undefined },
    });
  }
  if (filters.minPrice !== undefined || filters.maxPrice !== undefined) {
    chips.push({
      key: 'price',
      label: (
        <>
          {filters.minPrice !== undefined ? <Price amount={filters.minPrice} /> : '…'}
          {' – '}
          {filters.maxPrice !== undefined ? <Price amount={filters.maxPrice} /> : '…'}
        </>
      ),
      clear: { minPrice: undefined, maxPrice: undefined },
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul className="mb-4 flex flex-wrap items-center gap-2" aria-label={t('Active filters')}>
      {chips.map((chip) => (
        <li key={chip.key}>
          <button
            type="button"
            onClick={() => onChange(chip.clear)}
            className="inline-flex h-8 items-center gap-1.5 rounded-full border border-primary-200 bg-primary-50 ps-3 pe-2 text-sm text-primary-800 hover:bg-primary-100"
          >
            <span>{chip.label}</span>
            <Icon name="close" className="size-4" />
            <span className="sr-only">{t('Remove filter')}</span>
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={onClear}
          className="h-8 rounded-full px-2 text-sm font-medium text-slate-600 underline-offset-2 hover:underline"
        >
          {t('Clear all')}
        </button>
      </li>
    </ul>
  );
}

/**
 * A paged product list whose filters, sort and page all live in the URL: the loader reads the same
 * URL and prefetches the same query for server rendering, and every change is a navigation (so
 * reload keeps it and Back undoes it). Used by /products, the category pages, /most-popular,
 * /best-deal and the search page's Products tab.
 */
export function ProductListing({
  title,
  above,
  below,
  scope = {},
  showFilters = true,
  showSort = true,
  showCategoryFilter = true,
  emptyTitle,
  emptyHint,
}: ProductListingProps) {
  const t = useT();
  const api = useApi();
  const location = useLocation();
  const navigation = useNavigation();
  const [params, setParams] = useSearchParams();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const headingId = useId();

  // The next URL of this same page is loading (a filter, the sort or the page changed).
  const transitioning = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  // The controls show the URL being loaded, so a click shows at once and quick clicks add up.
  const shownParams = transitioning && navigation.location ? new URLSearchParams(navigation.location.search) : params;
  const filters = readListing(shownParams);
  const result = useQuery({
    ...productsQueryOptions(api, productsQueryFor(readListing(params), scope)),
    // Facets and bounds stay on screen while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
  const data = result.data;
  const facets = data?.filters;

  const change = (changes: FilterChanges) => setParams(withFilters(shownParams, changes), { preventScrollReset: true });
  const clearAll = () => setParams(clearedFilters(shownParams), { preventScrollReset: true });
  const chosen = activeFilterCount(filters);
  const loading = transitioning || result.isPlaceholderData || (result.isPending && !data);
  // Fewer, wider cards beside the desktop filter panel.
  const columns = showFilters ? PRODUCT_GRID_BESIDE_PANEL : PRODUCT_GRID;

  const list = (() => {
    if (result.isError && (!data || result.isPlaceholderData)) {
      return <ErrorState title={t('We could not load the products')} onRetry={() => void result.refetch()} />;
    }
    if (loading || !data) return <ProductGridSkeleton count={PRODUCTS_PER_PAGE} className={columns} />;
    if (data.products.length === 0 && data.total > 0) {
      // A page number past the end (an old link): the list itself is not empty.
      return (
        <EmptyState
          title={t('There is nothing on this page')}
          action={
            <Link
              to={pageLinkTemplate(location.pathname, params).replace(PAGE_PLACEHOLDER, '1')}
              className="rounded-lg border border-primary-600 px-4 py-2 text-sm font-semibold text-primary-700 hover:bg-primary-50"
            >
              {t('Go to the first page')}
            </Link>
          }
        />
      );
    }
    if (data.products.length === 0) {
      return (
        <EmptyState
          title={emptyTitle ?? t('No products found')}
          hint={emptyHint ?? (chosen > 0 ? t('Try removing some filters.') : undefined)}
          action={
            chosen > 0 ? (
              <button
                type="button"
                onClick={clearAll}
                className="rounded-lg border border-primary-600 px-4 py-2 text-sm font-semibold text-primary-700 hover:bg-primary-50"
              >
                {t('Clear all filters')}
              </button>
            ) : undefined
          }
        />
      );
    }
    return (
      <PagedProductGrid
        products={data.products}
        className={columns}
        eager={4}
        total={data.total}
        perPage={PRODUCTS_PER_PAGE}
        page={readListing(params).page}
        urlTemplate={pageLinkTemplate(location.pathname, params)}
        ariaLabel={t('Pages of {{title}}', { title })}
      />
    );
  })();

  return (
    <div className="mx-auto max-w-7xl px-3 py-4 sm:py-6 lg:px-6">
      {above}
      <div className="mb-4 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 id={headingId} className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
          {title}
        </h1>
        {data && !result.isPlaceholderData && (
          <p className="text-sm text-slate-500" aria-live="polite">
            {data.more
              ? t('More than {{total}} products', { total: data.total })
              : t('{{total}} products', { total: data.total })}
          </p>
        )}
      </div>
      {below}
      <div className={showFilters ? 'lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-6' : ''}>
        {showFilters && (
          <aside
            aria-label={t('Filters')}
            className="scrollbar-thin hidden self-start rounded-2xl bg-white p-4 shadow-sm lg:sticky lg:top-36 lg:block lg:max-h-[calc(100dvh-10rem)] lg:overflow-y-auto"
          >
            <div className="mb-3 flex items-center justify-between">
              <h2 className="text-base font-semibold text-slate-900">{t('Filters')}</h2>
              {chosen > 0 && (
                <button
                  type="button"
                  onClick={clearAll}
                  className="text-sm font-medium text-primary-700 hover:underline"
                >
                  {t('Clear all')}
                </button>
              )}
            </div>
            <FilterPanel filters={filters} facets={facets} onChange={change} showCategories={showCategoryFilter} />
          </aside>
        )}
        <section aria-labelledby={headingId} aria-busy={loading || undefined} className="min-w-0">
          {(showFilters || showSort) && (
            <div className="mb-4 flex items-center justify-between gap-3">
              {showFilters && (
                <button
                  type="button"
                  onClick={() => setDrawerOpen(true)}
                  aria-haspopup="dialog"
                  className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-700 hover:bg-slate-50 lg:hidden"
                >
                  <Icon name="adjustments" />
                  {t('Filters')}
                  {chosen > 0 && (
                    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary-700 px-1.5 text-xs text-white">
                      {chosen}
                    </span>
                  )}
                </button>
              )}
              {showSort && (
                <SortSelect
                  value={filters.sort}
                  onChange={(sort) => change({ sort })}
                  className={`ms-auto w-full max-w-64 ${showFilters ? 'hidden lg:flex' : ''}`}
                />
              )}
            </div>
          )}
          {showFilters && <ActiveFilters filters={filters} facets={facets} onChange={change} onClear={clearAll} />}
          {list}
        </section>
      </div>

      {showFilters && (
        <AppDialog open={drawerOpen} onClose={() => setDrawerOpen(false)} title={t('Filters')} placement="start">
          <div className="flex h-[calc(100%-4.25rem)] flex-col">
            <div className="flex-1 overflow-y-auto px-5 py-4">
              <FilterPanel
                filters={filters}
                facets={facets}
                onChange={change}
                showSort={showSort}
                showCategories={showCategoryFilter}
              />
            </div>
            <div className="flex gap-2 border-t border-slate-100 px-5 py-3">
              <button
                type="button"
                onClick={clearAll}
                disabled={chosen === 0}
                className="h-11 flex-1 rounded-lg border border-slate-300 text-sm font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50"
              >
                {t('Clear all')}
              </button>
              <button
                type="button"
                onClick={() => setDrawerOpen(false)}
                className="h-11 flex-1 rounded-lg bg-primary-700 text-sm font-semibold text-white hover:bg-primary-800"
              >
                {data && !loading
                  ? data.more
                    ? t('Show more than {{total}} products', { total: data.total })
                    : t('Show {{total}} products', { total: data.total })
                  : t('Show products')}
              </button>
            </div>
          </div>
        </AppDialog>
      )}
    </div>
  );
}
