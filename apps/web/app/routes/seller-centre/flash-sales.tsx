import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerFlashSalesQueryOptions } from '../../features/seller-centre/api/seller-flash-sales';
import { ApprovedShop } from '../../features/seller-centre/components/approved-shop';
import { SellerFlashSalesPage } from '../../features/seller-centre/components/seller-flash-sales-page';
import { useSellerShop } from '../../layouts/seller-centre-layout';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/flash-sales';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) => client.prefetchQuery(sellerFlashSalesQueryOptions(api)));
  return { dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Flash sales'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function ShopFlashSales() {
  const shop = useSellerShop();
  return (
    <ApprovedShop shop={shop}>
      <SellerFlashSalesPage shopId={shop.id} />
    </ApprovedShop>
  );
}
