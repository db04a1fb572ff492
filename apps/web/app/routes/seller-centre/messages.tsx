import { metaTranslator } from '../../features/catalog/meta-text';
import { SellerInboxPage } from '../../features/seller-centre/components/seller-inbox-page';
import { ShopWaiting } from '../../features/seller-centre/components/shop-waiting';
import { useSellerShop } from '../../layouts/seller-centre-layout';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/messages';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Inbox'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

/** /shop/messages: the Seller Centre's live inbox (a shop waiting for approval has none yet). */
export default function ShopMessages() {
  const shop = useSellerShop();
  if (shop.status !== 'approved' || !shop.is_active) return <ShopWaiting shop={shop} />;
  return <SellerInboxPage />;
}
