import { useSearchParams } from 'react-router';
import { metaTranslator } from '../../features/catalog/meta-text';
import { returnsQueryOptions } from '../../features/returns/api/returns';
import { ReturnList } from '../../features/returns/components/return-list';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/returned-order-history';

const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  const page = pageOf(new URL(request.url).searchParams.get('page'));
  return {
    dehydratedState: await prefetchQueries((client) => client.prefetchQuery(returnsQueryOptions(api, page))),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Return Orders'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ReturnedOrderHistory() {
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search.get('page'));
  return (
    <ReturnList
      page={page}
      onPage={(next) => setSearch(next === 1 ? {} : { page: String(next) }, { preventScrollReset: false })}
    />
  );
}
