import { metaTranslator } from '../../features/catalog/meta-text';
import { CataloguePage } from '../../features/operator/components/catalogue-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/catalogue';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Catalogue'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorCatalogueRoute() {
  return <CataloguePage />;
}
