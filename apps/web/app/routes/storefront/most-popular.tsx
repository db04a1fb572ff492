import { Breadcrumbs } from '../../features/catalog/components/breadcrumbs';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { loadFixedList } from '../../features/catalog/fixed-list-loader';
import { metaTranslator } from '../../features/catalog/meta-text';
import { useT } from '../../lib/i18n';
import { pagedPath } from '../../lib/page-loading';
import { paths } from '../../lib/paths';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/most-popular';

/** Reference section 1: /most-popular lists products by sort_type=popular_product. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadFixedList(request, context, 'popular_product');
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  return seoMeta({
    title: t('Most Popular'),
    description: t('The most popular products on {{app}}, best rated first.', { app: appName }),
    path: pagedPath(paths.mostPopular, loaderData?.page ?? 1),
    appName,
    publicUrl,
  });
}

export default function MostPopular() {
  const t = useT();
  return (
    <ProductListing
      title={t('Most Popular')}
      above={
        <Breadcrumbs
          crumbs={[
            { name: t('Home'), to: '/' },
            { name: t('Most Popular'), to: paths.mostPopular },
          ]}
        />
      }
      scope={{ sort: 'popular_product' }}
      showFilters={false}
      showSort={false}
    />
  );
}
