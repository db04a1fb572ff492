import { metaTranslator } from '../../features/catalog/meta-text';
import { ContentPagesPage } from '../../features/operator/components/content-pages-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/pages';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Pages'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorContentsRoute() {
  return <ContentPagesPage />;
}
