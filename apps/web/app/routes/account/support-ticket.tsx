import { metaTranslator } from '../../features/catalog/meta-text';
import { supportTicketQueryOptions } from '../../features/support/api/support';
import { TicketThread } from '../../features/support/components/ticket-thread';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/support-ticket';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  return {
    dehydratedState: await prefetchQueries((client) =>
      client.prefetchQuery(supportTicketQueryOptions(api, params.ticketNumber)),
    ),
  };
}

export function meta({ matches, params }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(`${t('Ticket')} #${params.ticketNumber}`, seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function SupportTicket({ params }: Route.ComponentProps) {
  return <TicketThread ticketNumber={params.ticketNumber} />;
}
