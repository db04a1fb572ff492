import { metaTranslator } from '../../features/catalog/meta-text';
import {
  sellerLedgerQueryOptions,
  sellerWithdrawalsQueryOptions,
} from '../../features/seller-centre/api/seller-earnings';
import { ApprovedShop } from '../../features/seller-centre/components/approved-shop';
import { SellerEarningsPage } from '../../features/seller-centre/components/seller-earnings-page';
import { useSellerShop } from '../../layouts/seller-centre-layout';
import { apiFromRequest } from '../../lib/api-context';
import { readPageParam } from '../../lib/page-loading';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/earnings';

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const ledgerPage = readPageParam(params);
  const withdrawalsPage = readPageParam(params, 'withdrawals');
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    Promise.all([
      client.prefetchQuery(sellerLedgerQueryOptions(api, ledgerPage)),
      client.prefetchQuery(sellerWithdrawalsQueryOptions(api, withdrawalsPage)),
    ]),
  );
  return { ledgerPage, withdrawalsPage, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Earnings'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function ShopEarnings({ loaderData }: Route.ComponentProps) {
  return (
    <ApprovedShop shop={useSellerShop()}>
      <SellerEarningsPage ledgerPage={loaderData.ledgerPage} withdrawalsPage={loaderData.withdrawalsPage} />
    </ApprovedShop>
  );
}
