import { metaTranslator } from '../../features/catalog/meta-text';
import { DeliveryTaxPage } from '../../features/operator/components/delivery-tax-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/delivery-tax';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Delivery and tax'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OperatorDeliveryTaxRoute() {
  return <DeliveryTaxPage />;
}
