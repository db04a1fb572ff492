import { useQuery } from '@tanstack/react-query';
import { ProductCard } from '../../entities/product/components/product-card';
import { profileQueryOptions } from '../../entities/profile/api/profile';
import { dashboardQueryOptions } from '../../features/account/api/account';
import { DashboardPage } from '../../features/account/components/dashboard-page';
import { AddressSummary } from '../../features/addresses/components/address-summary';
import { metaTranslator } from '../../features/catalog/meta-text';
import { apiFromRequest, useApi } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  return { dehydratedState: await prefetchQueries((client) => client.prefetchQuery(dashboardQueryOptions(api))) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Dashboard'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function Dashboard() {
  const api = useApi();
  // The account layout has loaded the profile before any of its pages render.
  const user = useQuery(profileQueryOptions(api)).data;
  return (
    <DashboardPage
      userName={user?.name ?? ''}
      renderProduct={(product) => <ProductCard product={product} />}
      renderAddress={(address) => <AddressSummary address={address} />}
    />
  );
}
