import { PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from '@shop/contracts/constants';
import type { QueryClient } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import { addressesQueryOptions } from '../../entities/address/api/addresses';
import { cartQueryOptions, checkoutQueryOptions } from '../../entities/cart/api/cart';
import { readCartSelectionCookie } from '../../entities/cart/stores/cart-selection';
import { AddressForm } from '../../features/addresses/components/address-form';
import { AddressSummary } from '../../features/addresses/components/address-summary';
import { hasSessionCookie } from '../../features/auth/api/auth-api';
import { useAccountVerification } from '../../features/auth/components/use-account-verification';
import { useSessionProps } from '../../features/auth/stores/auth-store';
import { metaTranslator } from '../../features/catalog/meta-text';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { useMaster } from '../../lib/api/master';
import { apiFromRequest } from '../../lib/api-context';
import { privatePageHeaders } from '../../lib/page-loading';
import { paths } from '../../lib/paths';
import { prefetchQueries } from '../../lib/query-client';
import { seoContext } from '../../lib/seo';
import { buildTitle } from '../../lib/title';
import type { Route } from './+types/checkout';

/** /checkout and /buynow share this module; the route id tells them apart (routes.ts). */
const BUY_NOW_ROUTE_ID = 'buynow';

/**
 * The page comes rendered with the addresses, and with the lines and figures of the shops the
 * cart-selection cookie names (or of the buy-now line), so the shopper sees the checkout before
 * the scripts run. Without that cookie the browser's own selection decides, after hydration.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cookie = request.headers.get('cookie');
  if (!hasSessionCookie(cookie)) return { dehydratedState: undefined };
  const api = apiFromRequest(request, context);
  const isBuyNow = new URL(request.url).pathname.replace(/\/+$/, '') === paths.buyNow;
  const selection = readCartSelectionCookie(cookie);
  const preview = async (client: QueryClient) => {
    if (!selection) return;
    let shopIds = selection.selectedShopIds;
    if (isBuyNow) {
      const line = await client.fetchQuery(cartQueryOptions(api, true)).catch(() => undefined);
      shopIds = line?.cart_items.map((group) => group.shop_id) ?? [];
    }
    if (shopIds.length === 0) return;
    await client.prefetchQuery(checkoutQueryOptions(api, { shopIds, couponCode: selection.couponCode, isBuyNow }));
  };
  return {
    dehydratedState: await prefetchQueries((client) =>
      Promise.all([client.prefetchQuery(addressesQueryOptions(api)), preview(client)]),
    ),
  };
}

/** One shopper's checkout: never stored by a shared cache. */
export const headers = privatePageHeaders;

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const buyNow = matches.some((m) => m?.id === BUY_NOW_ROUTE_ID);
  return [
    { title: buildTitle(buyNow ? t('Buy Now') : t('Checkout'), seoContext(matches).appName) },
    { name: 'robots', content: 'noindex' },
  ];
}

export default function Checkout() {
  const { master } = useMaster();
  const isBuyNow = useMatches().some((m) => m.id === BUY_NOW_ROUTE_ID);
  const { signedIn, onLogin, onUnauthorized } = useSessionProps();
  const onVerifyAccount = useAccountVerification(master);
  return (
    <CheckoutPage
      // A new page for each flow: the buy-now line and the cart's shops are separate orders.
      key={isBuyNow ? 'buynow' : 'checkout'}
      isBuyNow={isBuyNow}
      master={master}
      signedIn={signedIn}
      onLogin={onLogin}
      onUnauthorized={onUnauthorized}
      onVerifyAccount={onVerifyAccount}
      renderAddress={(address) => <AddressSummary address={address} />}
      renderAddressForm={({ onSaved, onCancel }) => (
        <AddressForm
          phoneMinLength={master?.phone_min_length ?? PHONE_MIN_LENGTH}
          phoneMaxLength={master?.phone_max_length ?? PHONE_MAX_LENGTH}
          onSaved={onSaved}
          onCancel={onCancel}
        />
      )}
    />
  );
}
