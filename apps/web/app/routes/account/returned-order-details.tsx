import { metaTranslator } from '../../features/catalog/meta-text';
import { returnDetailsQueryOptions } from '../../features/returns/api/returns';
import { ReturnDetailsView } from '../../features/returns/components/return-details';
import { apiFromRequest } from '../../lib/api-context';
import { idParam } from '../../lib/page-loading';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/returned-order-details';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const id = idParam(params.id, 10);
  if (id === null) throw new Response('Not Found', { status: 404 });
  return {
    dehydratedState: await prefetchQueries((client) => client.prefetchQuery(returnDetailsQueryOptions(api, id))),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Return details'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ReturnedOrderDetails({ params }: Route.ComponentProps) {
  return <ReturnDetailsView id={Number(params.id)} />;
}
