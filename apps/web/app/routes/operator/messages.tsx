import { metaTranslator } from '../../features/catalog/meta-text';
import { MessagesPage } from '../../features/operator/components/messages-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/messages';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Contact messages'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function OperatorMessagesRoute() {
  return <MessagesPage />;
}
