import { metaTranslator } from '../../features/catalog/meta-text';
import { BlogsAdminPage } from '../../features/operator/components/blogs-admin-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/blogs';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Blog posts'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorBlogsAdminRoute() {
  return <BlogsAdminPage />;
}
