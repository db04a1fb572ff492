import { RETURN_STATUSES } from '@shop/contracts/returns';
import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerReturnsQueryOptions } from '../../features/seller-centre/api/seller-returns';
import { SellerReturnsPage } from '../../features/seller-centre/components/seller-returns-page';
import { listPlace } from '../../features/seller-centre/components/status-tab-list';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/returns';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { status, page } = listPlace(request.url, RETURN_STATUSES);
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(sellerReturnsQueryOptions(api, status, page)),
  );
  return { status, page, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Returns'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function ShopReturns({ loaderData }: Route.ComponentProps) {
  return <SellerReturnsPage status={loaderData.status} page={loaderData.page} />;
}
