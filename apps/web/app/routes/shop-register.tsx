import { metaTranslator } from '../features/catalog/meta-text';
import { ShopRegisterPage } from '../features/seller-centre/components/shop-register-page';
import { seoContext } from '../lib/seo';
import { buildTitle } from '../lib/title';
import type { Route } from './+types/shop-register';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Become a Seller'), seoContext(matches).appName) }];
}

export default function ShopRegister() {
  return <ShopRegisterPage />;
}
