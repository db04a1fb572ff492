import { metaTranslator } from '../../features/catalog/meta-text';
import { ShopsPage } from '../../features/operator/components/shops-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/shops';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Shops'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorShopsRoute() {
  return <ShopsPage />;
}
