import { addressesQueryOptions } from '../../entities/address/api/addresses';
import { AddressList } from '../../features/addresses/components/address-list';
import { useAuthStore } from '../../features/auth/stores/auth-store';
import { metaTranslator } from '../../features/catalog/meta-text';
import { apiFromRequest } from '../../lib/api-context';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/manage-address';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  return { dehydratedState: await prefetchQueries((client) => client.prefetchQuery(addressesQueryOptions(api))) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Manage Address'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function ManageAddress() {
  // The session's addresses (the cart's default address) follow every change made here.
  const setAddresses = useAuthStore((s) => s.setAddresses);
  return <AddressList onAddressesChange={setAddresses} />;
}
