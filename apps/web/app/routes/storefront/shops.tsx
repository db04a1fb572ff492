import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Pagination } from '../../components/ui/pagination';
import { usePaginationLook } from '../../components/ui/pagination-look';
import { TileGridSkeleton } from '../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { shopsQueryOptions } from '../../entities/shop/api/shops';
import { ShopGrid } from '../../entities/shop/components/shop-card';
import { metaTranslator } from '../../features/catalog/meta-text';
import { SHOPS_PAGE_SIZE } from '../../features/shops/api/shops';
import { PageShell } from '../../features/shops/components/states';
import { apiFromRequest, useApi } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { pagedPath, pageLinkTemplate, readPageParam } from '../../lib/page-loading';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/shops';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const page = readPageParam(new URL(request.url).searchParams);
  // A failed prefetch is not fatal: the page renders its error state with "Try again".
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(shopsQueryOptions(api, { page, per_page: SHOPS_PAGE_SIZE })),
  );
  return { dehydratedState, page };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  return seoMeta({
    title: t('Shops'),
    description: t('Browse every shop on {{app}}: ratings, products and opening hours.', { app: appName }),
    path: pagedPath(paths.shops, loaderData?.page ?? 1),
    appName,
    publicUrl,
  });
}

export default function ShopsPage() {
  const t = useT();
  const api = useApi();
  const look = usePaginationLook();
  const location = useLocation();
  const [params] = useSearchParams();
  const page = readPageParam(params);
  const query = useQuery(shopsQueryOptions(api, { page, per_page: SHOPS_PAGE_SIZE }));

  return (
    <PageShell
      title={t('Shops')}
      subtitle={
        query.data
          ? query.data.total === 1
            ? t('1 shop')
            : t('{{count}} shops', { count: query.data.total })
          : undefined
      }
    >
      {query.isPending ? (
        <TileGridSkeleton count={SHOPS_PAGE_SIZE} />
      ) : query.isError ? (
        <ErrorState title={t('We could not load the shops')} onRetry={() => void query.refetch()} />
      ) : query.data.shops.length === 0 ? (
        <EmptyState
          icon="storefront"
          title={page > 1 ? t('There are no shops on this page') : t('There are no shops yet')}
          action={
            page > 1 ? (
              <Link to={paths.shops} className="text-sm font-semibold text-primary-700 hover:underline">
                {t('Go to the first page')}
              </Link>
            ) : undefined
          }
        />
      ) : (
        <div className="space-y-6">
          <ShopGrid shops={query.data.shops} />
          <Pagination
            type="link"
            urlTemplate={pageLinkTemplate(location.pathname, params)}
            totalItems={query.data.total}
            itemsPerPage={SHOPS_PAGE_SIZE}
            modelValue={page}
            dir={look.dir}
            locale={look.locale}
          />
        </div>
      )}
    </PageShell>
  );
}
