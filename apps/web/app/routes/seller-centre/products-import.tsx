import { metaTranslator } from '../../features/catalog/meta-text';
import { importJobQueryOptions, importJobsQueryOptions } from '../../features/seller-products/api/seller-imports';
import { sellerProductOptionsQueryOptions } from '../../features/seller-products/api/seller-products';
import { ImportPage } from '../../features/seller-products/components/import-page';
import { apiFromRequest } from '../../lib/api-context';
import { idParam } from '../../lib/page-loading';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/products-import';

export async function loader({ request, context }: Route.LoaderArgs) {
  // ?job= names the import the page follows (a reload keeps following it).
  const jobId = idParam(new URL(request.url).searchParams.get('job') ?? undefined, 9);
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    Promise.all([
      jobId ? client.prefetchQuery(importJobQueryOptions(api, jobId)) : undefined,
      client.prefetchQuery(importJobsQueryOptions(api)),
      client.prefetchQuery(sellerProductOptionsQueryOptions(api)),
    ]),
  );
  return { jobId, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Import products'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShopProductsImport({ loaderData }: Route.ComponentProps) {
  return <ImportPage jobId={loaderData.jobId} />;
}
