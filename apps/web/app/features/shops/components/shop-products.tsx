import { PRODUCTS_PER_PAGE } from '@shop/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Form, useLocation, useSearchParams } from 'react-router';
import { Icon } from '../../../components/ui/icons';
import { Pagination, type PaginationDir, type PaginationLocale } from '../../../components/ui/pagination';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { useApi } from '../../../lib/api-context';
import { ProductCard } from '../../products/components/product-card';
import { shopProductsQueryOptions } from '../api/shops';
import { pageLinkTemplate, readPageParam } from '../page-loading';
import { PRODUCT_GRID, ProductGridSkeleton } from './states';

/** The All Products tab: a search box scoped to the shop and its products, 12 a page. */
export function ShopProducts({
  shopId,
  look,
}: {
  shopId: number;
  look: { dir: PaginationDir; locale: PaginationLocale };
}) {
  const { t } = useTranslation();
  const api = useApi();
  const location = useLocation();
  const [params] = useSearchParams();
  const page = readPageParam(params);
  const search = params.get('q')?.trim() ?? '';
  const query = useQuery(shopProductsQueryOptions(api, shopId, page, search));

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
          <ul className={PRODUCT_GRID}>
            {query.data.products.map((product, index) => (
              <li key={product.id}>
                <ProductCard product={product} priority={index < 6} />
              </li>
            ))}
          </ul>
          <Pagination
            type="link"
            urlTemplate={pageLinkTemplate(location.pathname, params)}
            totalItems={query.data.total}
            itemsPerPage={PRODUCTS_PER_PAGE}
            modelValue={page}
            dir={look.dir}
            locale={look.locale}
            className="pt-2"
          />
        </>
      )}
    </div>
  );
}
