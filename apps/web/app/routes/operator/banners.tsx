import { metaTranslator } from '../../features/catalog/meta-text';
import { BannersPage } from '../../features/operator/components/banners-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/banners';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Banners and ads'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OperatorBannersRoute() {
  return <BannersPage />;
}
