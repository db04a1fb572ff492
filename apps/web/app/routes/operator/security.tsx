import { sessionsQueryOptions, twoStepStatusQueryOptions } from '../../entities/security/api/security';
import { metaTranslator } from '../../features/catalog/meta-text';
import { OperatorSecurityPage } from '../../features/operator/components/operator-security-page';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/security';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    Promise.all([
      client.prefetchQuery(twoStepStatusQueryOptions(api)),
      client.prefetchQuery(sessionsQueryOptions(api)),
    ]),
  );
  return { dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Security'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function OperatorSecurity() {
  return <OperatorSecurityPage />;
}
