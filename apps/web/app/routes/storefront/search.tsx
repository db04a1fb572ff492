import { productsQueryOptions } from '../../entities/product/api/products';
import { shopsQueryOptions } from '../../entities/shop/api/shops';
import { SearchPage } from '../../features/catalog/components/search-page';
import { productsQueryFor, readListing } from '../../features/catalog/listing-params';
import { metaTranslator } from '../../features/catalog/meta-text';
import { readSearch, SHOP_RESULTS_PER_PAGE } from '../../features/catalog/search-params';
import { apiFromRequest } from '../../lib/api-context';
import { pagedPath } from '../../lib/page-loading';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/search';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const { q, tab } = readSearch(params);
  const filters = readListing(params);
  const api = apiFromRequest(request, context);
  // A failed prefetch is not fatal: the results show their error state with "Try again".
  const dehydratedState = q
    ? await prefetchQueries((client) =>
        tab === 'shops'
          ? client.prefetchQuery(
              shopsQueryOptions(api, { search: q, page: filters.page, per_page: SHOP_RESULTS_PER_PAGE }),
            )
          : client.prefetchQuery(productsQueryOptions(api, productsQueryFor(filters, { search: q }))),
      )
    : undefined;
  return { dehydratedState, q, tab, page: filters.page };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  const q = loaderData?.q ?? '';
  const keep = { q: q || undefined, tab: loaderData?.tab === 'shops' ? 'shops' : undefined };
  return [
    ...seoMeta({
      title: q ? t('Results for “{{search}}”', { search: q }) : t('Search'),
      description: t('Search products and shops on {{app}}.', { app: appName }),
      path: pagedPath(paths.search, loaderData?.page ?? 1, keep),
      appName,
      publicUrl,
    }),
    // Result pages are followed but kept out of the index (endless, thin duplicates).
    { name: 'robots', content: 'noindex, follow' },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  return <SearchPage q={loaderData.q} tab={loaderData.tab} />;
}
