import { hasSessionCookie } from '../../features/auth/api/auth-api';
import { useSessionProps } from '../../features/auth/stores/auth-store';
import { metaTranslator } from '../../features/catalog/meta-text';
import { paymentQueryOptions } from '../../features/checkout/api/checkout';
import { PaymentPage } from '../../features/checkout/components/payment-page';
import { apiFromRequest } from '../../lib/api-context';
import { privatePageHeaders } from '../../lib/page-loading';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/payment';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  if (!hasSessionCookie(request.headers.get('cookie'))) return { dehydratedState: undefined };
  const api = apiFromRequest(request, context);
  return {
    dehydratedState: await prefetchQueries((client) => client.prefetchQuery(paymentQueryOptions(api, params.uuid))),
  };
}

/** One shopper's payment: never stored by a shared cache. */
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Payment'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function PaymentRoute({ params }: Route.ComponentProps) {
  const { signedIn, onLogin, onUnauthorized } = useSessionProps();
  return (
    <PaymentPage
      key={params.uuid}
      id={params.uuid}
      signedIn={signedIn}
      onLogin={onLogin}
      onUnauthorized={onUnauthorized}
    />
  );
}
