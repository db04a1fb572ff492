import { dehydrate } from '@tanstack/react-query';
import { useCallback } from 'react';
import { data } from 'react-router';
import { hasSessionCookie } from '../../features/auth/api/auth-api';
import { useAuthStore, useAuthStoreApi } from '../../features/auth/stores/auth-store';
import { metaTranslator } from '../../features/catalog/meta-text';
import { digitalOrderQueryOptions } from '../../features/digital/api/digital';
import { DigitalPaymentPage } from '../../features/digital/components/digital-payment-page';
import { ApiError } from '../../lib/api-client';
import { apiFromRequest } from '../../lib/api-context';
import { makeServerQueryClient } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/digital-payment';

/** The order id of the path, or 0 (no such order). */
function orderIdOf(value: string | undefined): number {
  const n = value && /^\d{1,9}$/.test(value) ? Number(value) : 0;
  return n >= 1 ? n : 0;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const orderId = orderIdOf(params.orderId);
  if (orderId === 0) throw data(null, { status: 404 });
  // A visitor is asked to log in (the page); the order is the owner's alone.
  if (!hasSessionCookie(request.headers.get('cookie'))) return { orderId, dehydratedState: undefined };
  const api = apiFromRequest(request, context);
  const client = makeServerQueryClient();
  try {
    await client.fetchQuery(digitalOrderQueryOptions(api, orderId));
  } catch (error) {
    // Another shopper's order answers 404 like a missing one: the 404 page, never its data.
    if (error instanceof ApiError && (error.status === 404 || error.status === 422)) throw data(null, { status: 404 });
  }
  return { orderId, dehydratedState: dehydrate(client) };
}

/** One shopper's order and token: never stored by a shared cache. */
export function headers({ parentHeaders }: Route.HeadersArgs) {
  const headers = new Headers(parentHeaders);
  headers.set('Cache-Control', 'private, no-store');
  return headers;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Top-up payment'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function DigitalPaymentRoute({ loaderData }: Route.ComponentProps) {
  const signedIn = useAuthStore((s) => s.user !== null);
  const store = useAuthStoreApi();
  const onLogin = useCallback(() => store.getState().openDialog('login'), [store]);
  const onUnauthorized = useCallback(() => {
    store.getState().clearSession();
    store.getState().openDialog('login');
  }, [store]);
  return (
    <DigitalPaymentPage
      key={loaderData.orderId}
      orderId={loaderData.orderId}
      signedIn={signedIn}
      onLogin={onLogin}
      onUnauthorized={onUnauthorized}
    />
  );
}
