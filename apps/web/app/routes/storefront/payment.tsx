import { useCallback } from 'react';
import { hasSessionCookie } from '../../features/auth/api/auth-api';
import { useAuthStore, useAuthStoreApi } from '../../features/auth/stores/auth-store';
import { metaTranslator } from '../../features/catalog/meta-text';
import { paymentQueryOptions } from '../../features/checkout/api/checkout';
import { PaymentPage } from '../../features/checkout/components/payment-page';
import { apiFromRequest } from '../../lib/api-context';
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
export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [{ title: buildTitle(t('Payment'), seoContext(matches).appName) }, { name: 'robots', content: 'noindex' }];
}

export default function PaymentRoute({ params }: Route.ComponentProps) {
  const signedIn = useAuthStore((s) => s.user !== null);
  const store = useAuthStoreApi();
  const onLogin = useCallback(() => store.getState().openDialog('login'), [store]);
  const onUnauthorized = useCallback(() => {
    store.getState().clearSession();
    store.getState().openDialog('login');
  }, [store]);
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
