import { metaTranslator } from '../../features/catalog/meta-text';
import { ReturnsPage } from '../../features/operator/components/returns-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/returns';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Returns'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorReturnsRoute() {
  return <ReturnsPage />;
}
