import { metaTranslator } from '../../features/catalog/meta-text';
import { shopProfileQueryOptions } from '../../features/seller-centre/api/seller-profile';
import { ApprovedShop } from '../../features/seller-centre/components/approved-shop';
import { SellerProfilePage } from '../../features/seller-centre/components/seller-profile-page';
import { useSellerShop } from '../../layouts/seller-centre-layout';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/profile';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) => client.prefetchQuery(shopProfileQueryOptions(api)));
  return { dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Shop profile'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShopProfilePage() {
  return (
    <ApprovedShop shop={useSellerShop()}>
      <SellerProfilePage />
    </ApprovedShop>
  );
}
