import { productsQueryOptions } from '../../entities/product/api/products';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { productsQueryFor, readListing } from '../../features/catalog/listing-params';
import { metaTranslator } from '../../features/catalog/meta-text';
import { apiFromRequest } from '../../lib/api-context';
import { useT } from '../../lib/i18n';
import { pagedPath } from '../../lib/page-loading';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/products';

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const filters = readListing(url.searchParams);
  const api = apiFromRequest(request, context);
  // A failed prefetch is not fatal: the list shows its error state with "Try again".
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(productsQueryOptions(api, productsQueryFor(filters))),
  );
  return { dehydratedState, page: filters.page, search: filters.search ?? null };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  const search = loaderData?.search;
  return [
    ...seoMeta({
      title: search ? t('Results for “{{search}}”', { search }) : t('All Products'),
      description: t('Browse products on {{app}}: filter by category, brand, color, size, rating and price.', {
        app: appName,
      }),
      path: pagedPath(paths.products, loaderData?.page ?? 1),
      appName,
      publicUrl,
    }),
    // Search results are thin pages: followed, not indexed.
    ...(search ? [{ name: 'robots', content: 'noindex, follow' }] : []),
  ];
}

export default function Products({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const search = loaderData.search;
  return (
    <ProductListing
      title={search ? t('Results for “{{search}}”', { search }) : t('All Products')}
      emptyTitle={search ? t('No products found') : undefined}
      emptyHint={search ? t('Try a different keyword.') : undefined}
    />
  );
}
