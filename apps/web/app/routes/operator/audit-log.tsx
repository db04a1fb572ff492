import { AuditLogPage } from '../../features/audit-log/components/audit-log-page';
import { metaTranslator } from '../../features/catalog/meta-text';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/audit-log';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Audit log'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function AuditLog() {
  return <AuditLogPage />;
}
