import { metaTranslator } from '../../features/catalog/meta-text';
import { OrdersPage } from '../../features/operator/components/orders-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/orders';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Orders'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorOrdersRoute() {
  return <OrdersPage />;
}
