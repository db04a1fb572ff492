import { metaTranslator } from '../../features/catalog/meta-text';
import { SettingsPage } from '../../features/operator/components/settings-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/settings';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Settings'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorSettingsRoute() {
  return <SettingsPage />;
}
