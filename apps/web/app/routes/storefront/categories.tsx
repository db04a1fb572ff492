import { CategoryGrid } from '../../features/catalog/components/category-grid';
import { metaTranslator } from '../../features/catalog/meta-text';
import { paths } from '../../lib/paths';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/categories';

// The categories come with every page (the root loader prefetches them for the mega-menu).

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
