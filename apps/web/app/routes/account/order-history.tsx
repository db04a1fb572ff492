import { PAGE_PLACEHOLDER } from '../../components/ui/pagination';
import { metaTranslator } from '../../features/catalog/meta-text';
import { digitalOrdersQueryOptions } from '../../features/digital/api/digital';
import { DigitalOrdersList } from '../../features/digital/components/digital-orders-list';
import { ordersQueryOptions } from '../../features/orders/api/orders';
import { OrderHistoryPage } from '../../features/orders/components/order-history-page';
import { orderHistoryHref, pageOf, tabOf } from '../../features/orders/order-tabs';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/order-history';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const tab = tabOf(params.get('status'));
  const page = pageOf(params.get('page'));
  const api = apiFromRequest(request, context);
  // A failed prefetch is not fatal: the page shows its error state with "Try again".
  const dehydratedState = await prefetchQueries((client) =>
    tab.key === 'digital'
      ? client.prefetchQuery(digitalOrdersQueryOptions(api, page))
      : client.prefetchQuery(ordersQueryOptions(api, tab, page)),
  );
  return { tabKey: tab.key, page, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Order History'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OrderHistory({ loaderData }: Route.ComponentProps) {
  const tab = tabOf(loaderData.tabKey);
  return (
    <OrderHistoryPage
      tab={tab}
      page={loaderData.page}
      digital={
        tab.key === 'digital' ? (
          <DigitalOrdersList page={loaderData.page} urlTemplate={orderHistoryHref('digital', PAGE_PLACEHOLDER)} />
        ) : undefined
      }
    />
  );
}
