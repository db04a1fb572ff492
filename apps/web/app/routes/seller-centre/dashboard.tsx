import { useRouteLoaderData } from 'react-router';
import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerDashboardQueryOptions } from '../../features/seller-centre/api/seller-dashboard';
import { sellerSalesQueryOptions } from '../../features/seller-centre/api/seller-sales';
import { salesPeriodOf } from '../../features/seller-centre/components/sales-panel';
import { SellerDashboardPage } from '../../features/seller-centre/components/seller-dashboard-page';
import { useSellerShop } from '../../layouts/seller-centre-layout';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const days = salesPeriodOf(request.url);
  // A shop waiting for approval answers 403 here: the page then shows that it waits.
  const dehydratedState = await prefetchQueries((client) =>
    Promise.all([
      client.prefetchQuery(sellerDashboardQueryOptions(api)),
      client.prefetchQuery(sellerSalesQueryOptions(api, days)),
    ]),
  );
  return { days, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Seller Center'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShopDashboard({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData('root') as { dir?: string } | undefined;
  return <SellerDashboardPage shop={useSellerShop()} days={loaderData.days} rtl={root?.dir === 'rtl'} />;
}
