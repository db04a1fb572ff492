import { metaTranslator } from '../../features/catalog/meta-text';
import {
  sellerProductOptionsQueryOptions,
  sellerProductsQueryOptions,
} from '../../features/seller-products/api/seller-products';
import { SellerProductsPage } from '../../features/seller-products/components/seller-products-page';
import { listQuery, readListParams } from '../../features/seller-products/list-params';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/products';

export async function loader({ request, context }: Route.LoaderArgs) {
  const place = readListParams(new URL(request.url).searchParams);
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    Promise.all([
      client.prefetchQuery(sellerProductsQueryOptions(api, listQuery(place))),
      client.prefetchQuery(sellerProductOptionsQueryOptions(api)),
    ]),
  );
  return { place, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Products'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function ShopProducts({ loaderData }: Route.ComponentProps) {
  return <SellerProductsPage place={loaderData.place} />;
}
