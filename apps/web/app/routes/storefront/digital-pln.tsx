import { useSearchParams } from 'react-router';
import { onlinePaymentOptions } from '../../entities/order/payment-options';
import { useSessionProps } from '../../features/auth/stores/auth-store';
import { metaTranslator } from '../../features/catalog/meta-text';
import { digitalProductsQueryOptions } from '../../features/digital/api/digital';
import { PlnPage } from '../../features/digital/components/pln-page';
import { useMaster } from '../../lib/api/master';
import { apiFromRequest } from '../../lib/api-context';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/digital-pln';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  // A failed prefetch is not fatal: the grid shows its error state with "Try again".
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(digitalProductsQueryOptions(api, 'pln')),
  );
  return { dehydratedState };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const { appName, publicUrl } = seoContext(matches);
  return seoMeta({
    title: t('PLN electricity token'),
    description: t('Buy a PLN prepaid electricity token and get it on screen in seconds.'),
    path: paths.plnToken,
    appName,
    publicUrl,
  });
}

export default function DigitalPlnRoute() {
  const [search] = useSearchParams();
  const { master } = useMaster();
  const { signedIn, onLogin, onUnauthorized } = useSessionProps();
  const number = search.get('number') ?? '';
  return (
    <PlnPage
      key={number}
      initialNumber={number.slice(0, 24)}
      paymentOptions={onlinePaymentOptions(master)}
      signedIn={signedIn}
      onLogin={onLogin}
      onUnauthorized={onUnauthorized}
    />
  );
}
