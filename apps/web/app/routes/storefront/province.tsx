import { PRODUCTS_PER_PAGE } from '@shop/contracts/constants';
import { dehydrate, useQuery } from '@tanstack/react-query';
import { Link, useLocation, useRevalidator, useSearchParams } from 'react-router';
import { Pagination } from '../../components/ui/pagination';
import { usePaginationLook } from '../../components/ui/pagination-look';
import { ProductGridSkeleton, TileGridSkeleton } from '../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { PagedProductGrid } from '../../entities/product/components/product-grid';
import { ShopGrid } from '../../entities/shop/components/shop-card';
import { metaTranslator } from '../../features/catalog/meta-text';
import {
  PROVINCE_SHOPS_PER_PAGE,
  provinceProductsQueryOptions,
  provinceQueryOptions,
} from '../../features/provinces/api/provinces';
import { PageShell } from '../../features/shops/components/states';
import { apiFromRequest, useApi } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { fetchOr404, pageLinkTemplate, readPageParam } from '../../lib/page-loading';
import { paths, withQuery } from '../../lib/paths';
import { makeServerQueryClient } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/province';

/** The shops and the products of the province page each have their own page number. */
const SHOPS_PAGE = 'page';
const PRODUCTS_PAGE = 'products_page';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const search = new URL(request.url).searchParams;
  const shopsPage = readPageParam(search, SHOPS_PAGE);
  const productsPage = readPageParam(search, PRODUCTS_PAGE);
  const client = makeServerQueryClient();
  const data = await fetchOr404(() => client.fetchQuery(provinceQueryOptions(api, params.id, shopsPage)));
  if (data) await client.prefetchQuery(provinceProductsQueryOptions(api, params.id, productsPage));
  return { province: data?.province ?? null, shopsPage, productsPage, dehydratedState: dehydrate(client) };
}

export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  const province = loaderData?.province;
  const keep = new URLSearchParams();
  if (loaderData && loaderData.shopsPage > 1) keep.set(SHOPS_PAGE, String(loaderData.shopsPage));
  if (loaderData && loaderData.productsPage > 1) keep.set(PRODUCTS_PAGE, String(loaderData.productsPage));
  return seoMeta({
    title: province ? t('Shops in {{province}}', { province: province.name }) : t('Provinces'),
    description: province
      ? t('{{count}} shops in {{province}} and their products on {{app}}.', {
          count: province.shops_count,
          province: province.name,
          app: appName,
        })
      : undefined,
    path: withQuery(paths.province(params.id), keep),
    appName,
    publicUrl,
  });
}

export default function ProvincePage({ loaderData, params }: Route.ComponentProps) {
  const t = useT();
  const api = useApi();
  const look = usePaginationLook();
  const location = useLocation();
  const revalidator = useRevalidator();
  const [search] = useSearchParams();
  const shopsPage = readPageParam(search, SHOPS_PAGE);
  const productsPage = readPageParam(search, PRODUCTS_PAGE);
  const shops = useQuery(provinceQueryOptions(api, params.id, shopsPage));
  const products = useQuery(provinceProductsQueryOptions(api, params.id, productsPage));
  const province = shops.data?.province ?? loaderData.province;

  if (!province) {
    return (
      <div className="mx-auto max-w-7xl px-3 py-6 lg:px-6">
        <ErrorState title={t('We could not load this province')} onRetry={() => void revalidator.revalidate()} />
      </div>
    );
  }

  return (
    <PageShell
      title={province.name}
      subtitle={
        <>
          <Link to={paths.provinces} className="text-primary-700 hover:underline">
            {t('Provinces')}
          </Link>
          {' · '}
          {province.shops_count === 1 ? t('1 shop') : t('{{count}} shops', { count: province.shops_count })}
        </>
      }
    >
      <div className="space-y-8">
        <section aria-labelledby="province-shops" className="space-y-4">
          <h2 id="province-shops" className="text-lg font-semibold text-slate-900">
            {t('Shops')}
          </h2>
          {shops.isPending ? (
            <TileGridSkeleton count={PROVINCE_SHOPS_PER_PAGE} />
          ) : shops.isError ? (
            <ErrorState title={t('We could not load the shops')} onRetry={() => void shops.refetch()} />
          ) : shops.data.shops.length === 0 ? (
            <EmptyState icon="storefront" title={t('There are no shops in this province yet')} />
          ) : (
            <>
              <ShopGrid shops={shops.data.shops} />
              <Pagination
                type="link"
                urlTemplate={pageLinkTemplate(location.pathname, search, SHOPS_PAGE)}
                totalItems={shops.data.total}
                itemsPerPage={PROVINCE_SHOPS_PER_PAGE}
                modelValue={shopsPage}
                dir={look.dir}
                locale={look.locale}
                ariaLabel={t('Pages of shops')}
              />
            </>
          )}
        </section>
        <section aria-labelledby="province-products" className="space-y-4">
          <h2 id="province-products" className="text-lg font-semibold text-slate-900">
            {t('Products')}
          </h2>
          {products.isPending ? (
            <ProductGridSkeleton count={PRODUCTS_PER_PAGE} />
          ) : products.isError ? (
            <ErrorState title={t('We could not load the products')} onRetry={() => void products.refetch()} />
          ) : products.data.products.length === 0 ? (
            <EmptyState icon="storefront" title={t('There are no products in this province yet')} />
          ) : (
            <PagedProductGrid
              products={products.data.products}
              total={products.data.total}
              perPage={PRODUCTS_PER_PAGE}
              page={productsPage}
              urlTemplate={pageLinkTemplate(location.pathname, search, PRODUCTS_PAGE)}
            />
          )}
        </section>
      </div>
    </PageShell>
  );
}
