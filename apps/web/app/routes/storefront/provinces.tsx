import { useQuery } from '@tanstack/react-query';
import { TileGridSkeleton } from '../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../components/ui/states';
import { metaTranslator } from '../../features/catalog/meta-text';
import { provincesQueryOptions } from '../../features/provinces/api/provinces';
import { ProvinceList } from '../../features/provinces/components/province-list';
import { PageShell } from '../../features/shops/components/states';
import { apiFromRequest, useApi } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/provinces';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) => client.prefetchQuery(provincesQueryOptions(api)));
  return { dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  return seoMeta({
    title: t('Provinces'),
    description: t('Find shops near you on {{app}}, province by province.', { app: appName }),
    path: paths.provinces,
    appName,
    publicUrl,
  });
}

export default function ProvincesPage() {
  const t = useT();
  const query = useQuery(provincesQueryOptions(useApi()));
  return (
    <PageShell title={t('Provinces')} subtitle={t('Find shops near you, province by province.')}>
      {query.isPending ? (
        <TileGridSkeleton
          count={12}
          className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3"
          tileClassName="h-16"
        />
      ) : query.isError ? (
        <ErrorState title={t('We could not load the provinces')} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState icon="storefront" title={t('There are no provinces yet')} />
      ) : (
        <ProvinceList provinces={query.data} />
      )}
    </PageShell>
  );
}
