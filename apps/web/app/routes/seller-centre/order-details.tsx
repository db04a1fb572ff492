import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerOrderQueryOptions } from '../../features/seller-centre/api/seller-orders';
import { SellerOrderDetailsPage } from '../../features/seller-centre/components/seller-order-details-page';
import { apiFromRequest } from '../../lib/api-context';
import { idParam } from '../../lib/page-loading';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/order-details';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, 9) ?? 0;
  const api = apiFromRequest(request, context);
  const dehydratedState =
    id > 0 ? await prefetchQueries((client) => client.prefetchQuery(sellerOrderQueryOptions(api, id))) : undefined;
  return { id, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Order details'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShopOrderDetails({ loaderData }: Route.ComponentProps) {
  return <SellerOrderDetailsPage id={loaderData.id} />;
}
