import { metaTranslator } from '../../features/catalog/meta-text';
import { MessagesPage } from '../../features/chat/components/messages-page';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/massages';

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Messages'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

/** /massages (the spec's spelling): the shopper's conversations with shops. */
export default function Massages() {
  return <MessagesPage />;
}
