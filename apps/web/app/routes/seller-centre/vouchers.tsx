import { VOUCHER_STATES } from '@shop/contracts/seller-vouchers';
import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerVouchersQueryOptions } from '../../features/seller-centre/api/seller-vouchers';
import { ApprovedShop } from '../../features/seller-centre/components/approved-shop';
import { SellerVouchersPage } from '../../features/seller-centre/components/seller-vouchers-page';
import { listPlace } from '../../features/seller-centre/components/status-tab-list';
import { useSellerShop } from '../../layouts/seller-centre-layout';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/vouchers';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { status, page } = listPlace(request.url, VOUCHER_STATES);
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(sellerVouchersQueryOptions(api, status, page)),
  );
  return { state: status, page, dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Vouchers'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function ShopVouchers({ loaderData }: Route.ComponentProps) {
  return (
    <ApprovedShop shop={useSellerShop()}>
      <SellerVouchersPage state={loaderData.state} page={loaderData.page} />
    </ApprovedShop>
  );
}
