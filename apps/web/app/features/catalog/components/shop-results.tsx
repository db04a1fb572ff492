import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { Pagination } from '../../../components/ui/pagination';
import { usePaginationLook } from '../../../components/ui/pagination-look';
import { TileGridSkeleton } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { shopsQueryOptions } from '../../../entities/shop/api/shops';
import { ShopGrid } from '../../../entities/shop/components/shop-card';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { pageLinkTemplate, readPageParam } from '../../../lib/page-loading';
import { SHOP_RESULTS_PER_PAGE } from '../search-params';

/** The Shops tab of /search: shops whose name matches, paged. */
export function ShopResults({ q }: { q: string }) {
  const t = useT();
  const api = useApi();
  const location = useLocation();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const look = usePaginationLook();
  const page = readPageParam(params);
  const query = useQuery(shopsQueryOptions(api, { search: q, page, per_page: SHOP_RESULTS_PER_PAGE }));
  const transitioning = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;

  if (query.isError && !query.data) {
    return <ErrorState title={t('We could not load the shops')} onRetry={() => void query.refetch()} />;
  }
  if (!query.data || transitioning) return <TileGridSkeleton count={8} />;
  if (query.data.shops.length === 0) {
    return <EmptyState title={t('No shops found')} hint={t('Try a different keyword.')} />;
  }
  return (
    <>
      <p className="mb-3 text-sm text-slate-500" aria-live="polite">
        {t('{{total}} shops', { total: query.data.total })}
      </p>
      <ShopGrid shops={query.data.shops} />
      <Pagination
        className="mt-6"
        type="link"
        totalItems={query.data.total}
        itemsPerPage={SHOP_RESULTS_PER_PAGE}
        modelValue={page}
        urlTemplate={pageLinkTemplate(location.pathname, params)}
        dir={look.dir}
        locale={look.locale}
        ariaLabel={t('Pages of shop results')}
      />
    </>
  );
}
