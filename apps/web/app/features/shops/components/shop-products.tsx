import { PRODUCTS_PER_PAGE } from '@shop/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Form, useLocation, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { ProductGridSkeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { productsQueryOptions } from '../../../entities/product/api/products';
import { PagedProductGrid } from '../../../entities/product/components/product-grid';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { pageLinkTemplate, readPageParam } from '../../../lib/page-loading';
import { shopProductsQuery } from '../api/shops';

/** The All Products tab: a search box scoped to the shop and its products, 12 a page. */
export function ShopProducts({ shopId }: { shopId: number }) {
  const t = useT();
  const api = useApi();
  const location = useLocation();
  const [params] = useSearchParams();
  const page = readPageParam(params);
  const search = params.get('q')?.trim() ?? '';
  const query = useQuery(productsQueryOptions(api, shopProductsQuery(shopId, page, search)));

  return (
    <div className="space-y-4">
      <Form method="get" role="search" className="flex max-w-md items-center gap-2">
        <label className="relative flex-1">
          <span className="sr-only">{t('Search in this shop')}</span>
          <Icon
            name="search"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            type="search"
            name="q"
            defaultValue={search}
            placeholder={t('Search in this shop')}
            className="w-full rounded-lg border border-slate-300 bg-white py-2 pe-3 ps-9 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200"
          />
        </label>
        <button
          type="submit"
          className="rounded-lg bg-primary-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-primary-800"
        >
          {t('Search')}
        </button>
      </Form>
      {query.isPending ? (
        <ProductGridSkeleton count={PRODUCTS_PER_PAGE} />
      ) : query.isError ? (
        <ErrorState title={t('We could not load the products')} onRetry={() => void query.refetch()} />
      ) : query.data.products.length === 0 ? (
        <EmptyState
          icon="storefront"
          title={search ? t('No products match "{{search}}"', { search }) : t('This shop has no products yet')}
          hint={search ? t('Try a different word') : undefined}
        />
      ) : (
        <>
          <p className="text-sm text-slate-500">{t('{{count}} Products', { count: query.data.total })}</p>
          <PagedProductGrid
            products={query.data.products}
            eager={6}
            total={query.data.total}
            perPage={PRODUCTS_PER_PAGE}
            page={page}
            urlTemplate={pageLinkTemplate(location.pathname, params)}
          />
        </>
      )}
    </div>
  );
}
