import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerReturnsQueryOptions } from '../../features/seller-centre/api/seller-returns';
import { returnStatusOf, SellerReturnsPage } from '../../features/seller-centre/components/seller-returns-page';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/returns';

const pageOf = (value: string | null) => Math.max(1, Math.min(1_000_000, Number.parseInt(value ?? '', 10) || 1));

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = returnStatusOf(params.get('status'));
  const page = pageOf(params.get('page'));
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
