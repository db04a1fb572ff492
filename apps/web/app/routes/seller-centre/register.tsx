import { metaTranslator } from '../../features/catalog/meta-text';
import { SellerRegisterPage } from '../../features/seller-centre/components/seller-register-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/register';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Become a Seller'), seoContext(matches).appName) }];
}

export default function ShopRegister() {
  return <SellerRegisterPage />;
}
