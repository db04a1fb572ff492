import { metaTranslator } from '../../features/catalog/meta-text';
import { FlashSalesPage } from '../../features/operator/components/flash-sales-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/flash-sales';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Flash sales'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorFlashSalesRoute() {
  return <FlashSalesPage />;
}
