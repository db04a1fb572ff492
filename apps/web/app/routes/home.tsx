import { useTranslation } from 'react-i18next';
import { homeQueryOptions } from '../features/home/api/home-query-options';
import { HomePage } from '../features/home/components/home-page';
import { useMaster } from '../features/settings/api/master';
import { apiFromRequest } from '../lib/api-context';
import { prefetchQueries } from '../lib/query-client';
import { appNameFromMatches, pageMeta } from '../lib/title';
import type { Route } from './+types/home';

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFromRequest(request, context);
  // A failed prefetch is not fatal: the page renders its error state with "Try again".
  const dehydratedState = await prefetchQueries((client) => client.prefetchQuery(homeQueryOptions(api, 1)));
  // The flash-sale countdowns render from this clock on the server and on hydration alike.
  return { dehydratedState, now: Date.now() };
}

export function meta({ matches }: Route.MetaArgs) {
  const appName = appNameFromMatches(matches);
  const description = appName
    ? `Shop flash sales, popular products and top rated shops on ${appName}.`
    : 'Shop flash sales, popular products and top rated shops.';
  // The home page's title is the app name alone (spec section 2).
  return pageMeta(matches, null, description);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { master } = useMaster();
  return (
    <HomePage
      heading={master?.app_name || t('Home')}
      now={loaderData.now}
      multiVendor={master?.multi_vendor ?? false}
    />
  );
}
