import { metaTranslator } from '../features/catalog/meta-text';
import { SellerDashboardPage } from '../features/seller-centre/components/seller-dashboard-page';
import { useSellerShop } from '../layouts/seller-layout';
import { seoContext } from '../lib/seo';
import { buildTitle } from '../lib/title';
import type { Route } from './+types/shop-dashboard';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Seller Center'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShopDashboard() {
  return <SellerDashboardPage shop={useSellerShop()} />;
}
