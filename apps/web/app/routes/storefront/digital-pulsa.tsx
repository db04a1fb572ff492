import type { PulsaOperator } from '@shop/contracts/digital-numbers';
import { OPERATOR_NAMES } from '@shop/contracts/digital-operators';
import { data, useSearchParams } from 'react-router';
import { onlinePaymentOptions } from '../../entities/order/payment-options';
import { useSessionProps } from '../../features/auth/stores/auth-store';
import { metaTranslator } from '../../features/catalog/meta-text';
import { digitalProductsQueryOptions } from '../../features/digital/api/digital';
import { PulsaPage } from '../../features/digital/components/pulsa-page';
import { useMaster } from '../../lib/api/master';
import { apiFromRequest } from '../../lib/api-context';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext, seoMeta } from '../../lib/seo';
import type { Route } from './+types/digital-pulsa';

/** The operators with a pulsa page (the contract's PULSA_OPERATORS, as plain data). */
const OPERATORS: readonly PulsaOperator[] = ['telkomsel', 'xl'];

function operatorOf(value: string | undefined): PulsaOperator | null {
  return OPERATORS.find((operator) => operator === value) ?? null;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const operator = operatorOf(params.operator);
  if (!operator) throw data(null, { status: 404 });
  const api = apiFromRequest(request, context);
  // A failed prefetch is not fatal: the grid shows its error state with "Try again".
  const dehydratedState = await prefetchQueries((client) =>
    client.prefetchQuery(digitalProductsQueryOptions(api, operator)),
  );
  return { operator, dehydratedState };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const { appName, publicUrl } = seoContext(matches);
  const operator = loaderData?.operator ?? 'telkomsel';
  const name = OPERATOR_NAMES[operator];
  return seoMeta({
    title: t('{{operator}} credit', { operator: name }),
    description: t('Top up {{operator}} mobile credit in seconds.', { operator: name }),
    path: paths.pulsa(operator),
    appName,
    publicUrl,
  });
}

export default function DigitalPulsaRoute({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { master } = useMaster();
  const { signedIn, onLogin, onUnauthorized } = useSessionProps();
  const number = search.get('number') ?? '';
  return (
    <PulsaPage
      // Another operator's page (its link from this one) starts afresh with the number it brought.
      key={`${loaderData.operator}:${number}`}
      operator={loaderData.operator}
      initialNumber={number.slice(0, 24)}
      paymentOptions={onlinePaymentOptions(master)}
      signedIn={signedIn}
      onLogin={onLogin}
      onUnauthorized={onUnauthorized}
    />
  );
}
