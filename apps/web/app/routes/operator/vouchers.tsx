import { metaTranslator } from '../../features/catalog/meta-text';
import { VouchersPage } from '../../features/operator/components/vouchers-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/vouchers';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Platform vouchers'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OperatorVouchersRoute() {
  return <VouchersPage />;
}
