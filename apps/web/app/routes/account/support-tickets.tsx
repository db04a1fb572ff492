import type { TicketTab } from '@shop/contracts/support';
import { useSearchParams } from 'react-router';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { metaTranslator } from '../../features/catalog/meta-text';
import { supportTicketsQueryOptions } from '../../features/support/api/support';
import { SupportTicketsPage } from '../../features/support/components/support-tickets-page';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/support-tickets';

const TABS: readonly TicketTab[] = ['running', 'completed', 'cancel'];

/** The tab and page the address names (unknown values fall back to the first tab and page). */
function readListParams(search: URLSearchParams): { tab: TicketTab; page: number } {
  const status = search.get('status');
  const tab = TABS.find((t) => t === status) ?? 'running';
  const page = Number(search.get('page'));
  return { tab, page: Number.isInteger(page) && page > 0 && page < 1_000_000 ? page : 1 };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const { tab, page } = readListParams(new URL(request.url).searchParams);
  return {
    dehydratedState: await prefetchQueries((client) =>
      client.prefetchQuery(supportTicketsQueryOptions(api, tab, page)),
    ),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Support Ticket'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function SupportTickets() {
  const [search, setSearch] = useSearchParams();
  const { tab, page } = readListParams(search);
  const user = useAuthStore((s) => s.user);
  return (
    <SupportTicketsPage
      tab={tab}
      page={page}
      email={user?.email}
      phone={user?.phone}
      onChange={(nextTab, nextPage) => {
        const next = new URLSearchParams();
        if (nextTab !== 'running') next.set('status', nextTab);
        if (nextPage > 1) next.set('page', String(nextPage));
        setSearch(next, { preventScrollReset: true });
      }}
    />
  );
}
