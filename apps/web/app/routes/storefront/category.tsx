import { useRevalidator } from 'react-router';
import { ErrorState } from '../../components/ui/states';
import { loadCategoryPage } from '../../features/catalog/category-page-loader';
import { CategoryProducts } from '../../features/catalog/components/category-products';
import { metaTranslator } from '../../features/catalog/meta-text';
import { useT } from '../../lib/i18n';
import { pagedPath } from '../../lib/page-loading';
import { paths } from '../../lib/paths';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/category';

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadCategoryPage(request, context, params.slug);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  const category = loaderData?.category;
  if (!category) return seoMeta({ title: t('Categories'), path: paths.categories, appName, publicUrl });
  return seoMeta({
    title: category.name,
    description: t('Shop {{category}} products on {{app}}.', { category: category.name, app: appName }),
    path: pagedPath(paths.category(category.slug), loaderData.page),
    appName,
    publicUrl,
    image: category.thumbnail,
  });
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const revalidator = useRevalidator();
  if (!loaderData.category) {
    return (
      <div className="mx-auto max-w-7xl px-3 py-6 lg:px-6">
        <ErrorState title={t('We could not load this category')} onRetry={() => void revalidator.revalidate()} />
      </div>
    );
  }
  return <CategoryProducts category={loaderData.category} subCategory={null} />;
}
