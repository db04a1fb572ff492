import { metaTranslator } from '../../features/catalog/meta-text';
import { orderDetailsQueryOptions } from '../../features/orders/api/orders';
import { OrderDetailsPage } from '../../features/orders/components/order-details-page';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/order-details';

/** The order id of the path, or 0 (no such order: the page says "Order not found"). */
function orderIdOf(value: string | undefined): number {
  const n = value && /^\d{1,9}$/.test(value) ? Number(value) : 0;
  return n >= 1 ? n : 0;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const orderId = orderIdOf(params.id);
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
