import { metaTranslator } from '../../features/catalog/meta-text';
import { SellerLoginPage } from '../../features/seller-centre/components/seller-login-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/login';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Seller Center'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ShopLogin() {
  return <SellerLoginPage />;
}
