import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerReturnQueryOptions } from '../../features/seller-centre/api/seller-returns';
import { SellerReturnDetailsPage } from '../../features/seller-centre/components/seller-return-details-page';
import { apiFromRequest } from '../../lib/api-context';
import { idParam } from '../../lib/page-loading';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/return-details';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idParam(params.id, 9) ?? 0;
  const api = apiFromRequest(request, context);
  const dehydratedState =
    id > 0 ? await prefetchQueries((client) => client.prefetchQuery(sellerReturnQueryOptions(api, id))) : undefined;
  return { id, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Return details'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShopReturnDetails({ loaderData }: Route.ComponentProps) {
  return <SellerReturnDetailsPage id={loaderData.id} />;
}
