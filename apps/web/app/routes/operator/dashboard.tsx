import { metaTranslator } from '../../features/catalog/meta-text';
import { OperatorPage } from '../../features/operator/components/operator-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/dashboard';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Operator'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function Operator() {
  return <OperatorPage />;
}
