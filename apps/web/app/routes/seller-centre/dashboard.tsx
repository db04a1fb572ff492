import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerDashboardQueryOptions } from '../../features/seller-centre/api/seller-dashboard';
import { SellerDashboardPage } from '../../features/seller-centre/components/seller-dashboard-page';
import { useSellerShop } from '../../layouts/seller-centre-layout';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  // A shop waiting for approval answers 403 here: the page then shows that it waits.
  const dehydratedState = await prefetchQueries((client) => client.prefetchQuery(sellerDashboardQueryOptions(api)));
  return { dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Seller Center'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShopDashboard() {
  return <SellerDashboardPage shop={useSellerShop()} />;
}
