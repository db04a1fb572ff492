import type { Home } from '@shop/contracts/catalog';
import { useInfiniteQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/ui/states';
import { ProductGrid } from '../../../entities/product/components/product-grid';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { justForYouInfiniteQueryOptions } from '../api/home-query-options';
import { Section } from './section-shell';

export interface JustForYouProps {
  /** Page 1, already part of the home reply (so the first 12 render on the server). */
  firstPage: Home['just_for_you'];
  /** When page 1 was fetched, so it is not fetched again right away. */
  firstPageUpdatedAt: number;
}

/** Section 7 of the home page: 12 products per page, "Load More" appends the next page. */
export function JustForYou({ firstPage, firstPageUpdatedAt }: JustForYouProps) {
  const t = useT();
  const api = useApi();
  const query = useInfiniteQuery({
    ...justForYouInfiniteQueryOptions(api),
    initialData: { pages: [firstPage], pageParams: [1] },
    initialDataUpdatedAt: firstPageUpdatedAt,
  });
  const pages = query.data?.pages ?? [firstPage];
  // A product added while paging can shift later pages by one; never show it twice.
  const seen = new Set<number>();
  const products = pages.flatMap((page) => page.products).filter((p) => !seen.has(p.id) && seen.add(p.id));
  const total = pages[pages.length - 1]?.total ?? firstPage.total;

  return (
    <Section id="home-just-for-you" title={t('Just For You')}>
      {products.length === 0 ? (
        <EmptyState icon="storefront" title={t('No products yet, new arrivals are on their way')} />
      ) : (
        <>
          <ProductGrid products={products} />
          <div className="mt-6 flex flex-col items-center gap-2">
            {query.isFetchNextPageError && (
              <p role="alert" className="text-sm text-rose-600">
                {t('More products could not be loaded')}
              </p>
            )}
            {query.hasNextPage && (
              <button
                type="button"
                onClick={() => void query.fetchNextPage()}
                disabled={query.isFetchingNextPage}
                aria-busy={query.isFetchingNextPage}
                className="inline-flex min-w-48 items-center justify-center gap-2 rounded-full border border-primary-600 px-6 py-2.5 text-sm font-semibold text-primary-700 transition hover:bg-primary-700 hover:text-white disabled:cursor-wait disabled:opacity-70 disabled:hover:bg-transparent disabled:hover:text-primary-700"
              >
                {query.isFetchingNextPage && (
                  <svg className="size-4 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
                    <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
                    <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
                  </svg>
                )}
                {query.isFetchingNextPage
                  ? t('Loading...')
                  : query.isFetchNextPageError
                    ? t('Try again')
                    : t('Load More Products')}
              </button>
            )}
            <p className="text-xs text-slate-500">
              {t('Showing {{shown}} of {{total}} products', {
                shown: products.length,
                total: Math.max(total, products.length),
              })}
            </p>
          </div>
        </>
      )}
    </Section>
  );
}
