import { metaTranslator } from '../../features/catalog/meta-text';
import { orderDetailsQueryOptions } from '../../features/orders/api/orders';
import { OrderDetailsPage } from '../../features/orders/components/order-details-page';
import { apiFromRequest } from '../../lib/api-context';
import { idParam } from '../../lib/page-loading';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/order-details';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  // 0: no such order (the page says "Order not found").
  const orderId = idParam(params.id, 9, true) ?? 0;
  const api = apiFromRequest(request, context);
  const dehydratedState =
    orderId > 0
      ? await prefetchQueries((client) => client.prefetchQuery(orderDetailsQueryOptions(api, orderId)))
      : undefined;
  return { orderId, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Order Details'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OrderDetailsRoute({ loaderData }: Route.ComponentProps) {
  return <OrderDetailsPage orderId={loaderData.orderId} />;
}
