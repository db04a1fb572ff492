import { metaTranslator } from '../../features/catalog/meta-text';
import { BalancesPage } from '../../features/operator/components/balances-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/balances';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Balances'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorBalancesRoute() {
  return <BalancesPage />;
}
