import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerProductsQueryOptions } from '../../features/seller-products/api/seller-products';
import { STOCK_GRID_PAGE_SIZE, StockGridPage } from '../../features/seller-products/components/stock-grid-page';
import { listQuery, readListParams } from '../../features/seller-products/list-params';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/products-stock';

export async function loader({ request, context }: Route.LoaderArgs) {
  const place = readListParams(new URL(request.url).searchParams);
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(sellerProductsQueryOptions(api, listQuery(place, STOCK_GRID_PAGE_SIZE))),
  );
  return { place, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Stock & prices'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShopProductsStock({ loaderData }: Route.ComponentProps) {
  return <StockGridPage place={loaderData.place} />;
}
