import { metaTranslator } from '../../features/catalog/meta-text';
import { WithdrawalsPage } from '../../features/operator/components/withdrawals-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/withdrawals';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Withdrawals'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorWithdrawalsRoute() {
  return <WithdrawalsPage />;
}
