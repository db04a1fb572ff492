import { Breadcrumbs } from '../../features/catalog/components/breadcrumbs';
import { ProductListing } from '../../features/catalog/components/product-listing';
import { loadFixedList } from '../../features/catalog/fixed-list-loader';
import { metaTranslator } from '../../features/catalog/meta-text';
import { useT } from '../../lib/i18n';
import { pagedPath } from '../../lib/page-loading';
import { paths } from '../../lib/paths';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/best-deal';

/** Reference section 1: /best-deal lists products by sort_type=top_selling. */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadFixedList(request, context, 'top_selling');
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const { appName, publicUrl } = seoContext(matches);
  const t = metaTranslator(matches);
  return seoMeta({
    title: t('Best Deal'),
    description: t('The best selling products on {{app}}.', { app: appName }),
    path: pagedPath(paths.bestDeal, loaderData?.page ?? 1),
    appName,
    publicUrl,
  });
}

export default function BestDeal() {
  const t = useT();
  return (
    <ProductListing
      title={t('Best Deal')}
      above={
        <Breadcrumbs
          crumbs={[
            { name: t('Home'), to: '/' },
            { name: t('Best Deal'), to: paths.bestDeal },
          ]}
        />
      }
      scope={{ sort: 'top_selling' }}
      showFilters={false}
      showSort={false}
    />
  );
}
