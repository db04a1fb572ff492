import { categoriesQueryOptions } from '../../entities/category/api/categories';
import { CategoryGrid } from '../../features/catalog/components/category-grid';
import { metaTranslator } from '../../features/catalog/meta-text';
import { apiFromRequest } from '../../lib/api-context';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/categories';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  // The same query as the mega-menu's (which loads in the browser on other pages).
  return { dehydratedState: await prefetchQueries((client) => client.prefetchQuery(categoriesQueryOptions(api))) };
}

export function meta({ matches }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  return seoMeta({
    title: t('All Categories'),
    description: t('Every product category of {{app}}.', { app: appName }),
    path: paths.categories,
    appName,
    publicUrl,
  });
}

export default function Categories() {
  return <CategoryGrid />;
}
