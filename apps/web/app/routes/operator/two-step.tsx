import { metaTranslator } from '../../features/catalog/meta-text';
import { OperatorTwoStepPage } from '../../features/operator/components/operator-two-step-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/two-step';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Set up two-step sign-in'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OperatorTwoStep() {
  return <OperatorTwoStepPage />;
}
