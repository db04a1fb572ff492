import { metaTranslator } from '../../features/catalog/meta-text';
import { sellerVoucherQueryOptions } from '../../features/seller-centre/api/seller-vouchers';
import { ApprovedShop } from '../../features/seller-centre/components/approved-shop';
import { VoucherEditorPage } from '../../features/seller-centre/components/voucher-editor-page';
import { useSellerShop } from '../../layouts/seller-centre-layout';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/voucher-editor';

/** The voucher of the address (/shop/vouchers/{id}), or null for a new one (/shop/vouchers/new). */
function voucherIdOf(param: string | undefined): number | null {
  if (param === undefined) return null;
  return /^\d{1,9}$/.test(param) && Number(param) > 0 ? Number(param) : 0;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const voucherId = voucherIdOf(params.id);
  const api = apiFromRequest(request, context);
  const dehydratedState = await prefetchQueries(async (client) => {
    if (voucherId) await client.prefetchQuery(sellerVoucherQueryOptions(api, voucherId));
  });
  return { voucherId, dehydratedState };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = loaderData?.voucherId === null ? t('New voucher') : t('Vouchers');
  return [{ title: buildTitle(title, seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function ShopVoucherEditor({ loaderData }: Route.ComponentProps) {
  return (
    <ApprovedShop shop={useSellerShop()}>
      <VoucherEditorPage voucherId={loaderData.voucherId} />
    </ApprovedShop>
  );
}
