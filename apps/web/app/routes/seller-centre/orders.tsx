import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerOrdersQueryOptions } from '../../features/seller-centre/api/seller-orders';
import { orderStatusOf, SellerOrdersPage } from '../../features/seller-centre/components/seller-orders-page';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/orders';

const pageOf = (value: string | null) => Math.max(1, Math.min(1_000_000, Number.parseInt(value ?? '', 10) || 1));

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = orderStatusOf(params.get('status'));
  const page = pageOf(params.get('page'));
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
