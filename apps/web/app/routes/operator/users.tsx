import { metaTranslator } from '../../features/catalog/meta-text';
import { UsersPage } from '../../features/operator/components/users-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/users';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Users'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorUsersRoute() {
  return <UsersPage />;
}
