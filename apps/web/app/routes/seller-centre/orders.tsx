import { ORDER_STATUSES } from '@shop/contracts/cart';
import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerOrdersQueryOptions } from '../../features/seller-centre/api/seller-orders';
import { SellerOrdersPage } from '../../features/seller-centre/components/seller-orders-page';
import { listPlace } from '../../features/seller-centre/components/status-tab-list';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/orders';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { status, page } = listPlace(request.url, ORDER_STATUSES);
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(sellerOrdersQueryOptions(api, status, page)),
  );
  return { status, page, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Orders'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function ShopOrders({ loaderData }: Route.ComponentProps) {
  return <SellerOrdersPage status={loaderData.status} page={loaderData.page} />;
}
