import { metaTranslator } from '../../features/catalog/meta-text';
import { ProductApprovalsPage } from '../../features/operator/components/product-approvals-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/products';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Product approvals'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OperatorProductApprovalsRoute() {
  return <ProductApprovalsPage />;
}
