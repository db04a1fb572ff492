import { dehydrate } from '@tanstack/react-query';
import { data } from 'react-router';
import { hasSessionCookie } from '../../features/auth/api/auth-api';
import { useSessionProps } from '../../features/auth/stores/auth-store';
import { metaTranslator } from '../../features/catalog/meta-text';
import { digitalOrderQueryOptions } from '../../features/digital/api/digital';
import { DigitalPaymentPage } from '../../features/digital/components/digital-payment-page';
import { ApiError } from '../../lib/api-client';
import { apiFromRequest } from '../../lib/api-context';
import { idParam, privatePageHeaders } from '../../lib/page-loading';
import { makeServerQueryClient } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/digital-payment';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const orderId = idParam(params.orderId, 9, true) ?? 0;
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
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return [
    { title: buildTitle(t('Top-up payment'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function DigitalPaymentRoute({ loaderData }: Route.ComponentProps) {
  const { signedIn, onLogin, onUnauthorized } = useSessionProps();
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
